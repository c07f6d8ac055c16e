// The Store's bounds by count and its bookkeeping at their edges (docs/sandbox.md "Limits and throttles"): sessions per
// account and per client (a client at its own bound ends its own oldest, another client of a full account is refused
// until the oldest runs out), named tokens per account, accounts found by name and email in any case, bytes held outside
// records, writes through a record map by a payer or a loader, and the owner-change count a saved world relies on.
import { describe, expect, test } from 'vitest';
import { SandboxError } from '../../mocks/sandbox/domain/errors.js';
import { limitsWith } from '../../mocks/sandbox/domain/limits.js';
import { Store } from '../../mocks/sandbox/domain/store.js';
import { accountFields, ONE_SCENARIO, scenarioFields, tokenRecord } from './store-records.js';

const ACCOUNT = 7;
const NOW = 1_000_000;
const scenario = scenarioFields;
const ONE = ONE_SCENARIO;
const fields = accountFields;
const token = (key: string, accountId = ACCOUNT) => tokenRecord(key, accountId);

/** What `act` throws: status, Retry-After and first field message; 'ok' when it does not throw. */
function outcome(act: () => unknown): string {
  try {
    act();
    return 'ok';
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    const retry = error.headers?.['retry-after'];
    return `${error.status}${retry === undefined ? '' : ` retry ${retry}`} ${error.errors?.[0]?.field}: ${error.errors?.[0]?.message}`;
  }
}

describe('sessions per account and per client', () => {
  const store = () => new Store(limitsWith({ refreshTokensPerAccount: 3, refreshTokensPerClient: 2 }), () => NOW);
  const grant = (jti: string, client: string, lifeMs = 60_000) => ({
    jti,
    accountId: ACCOUNT,
    client,
    expiresAtMs: NOW + lifeMs,
  });
  const FULL = '429 retry 5 username: unused refresh tokens per account: at most 3';

  test("a full account refuses another client's login until its oldest session runs out; a client at its own bound is never refused", () => {
    const s = store();
    s.addRefreshGrant(grant('a1', 'A', 5_000));
    s.addRefreshGrant(grant('a2', 'A'));
    expect(outcome(() => s.checkSessionRoom(ACCOUNT, 'C'))).toBe('ok');
    s.addRefreshGrant(grant('b1', 'B'));
    expect(outcome(() => s.checkSessionRoom(ACCOUNT, 'C'))).toBe(FULL);
    expect(outcome(() => s.checkSessionRoom(ACCOUNT, 'B'))).toBe(FULL);
    expect(outcome(() => s.checkSessionRoom(ACCOUNT, 'A'))).toBe('ok');
    // The check itself forgets no session that is still good.
    for (const jti of ['a1', 'a2', 'b1']) expect(s.takeRefreshGrant(jti)?.jti, jti).toBe(jti);
  });

  test('sessions that have run out (at this very instant too) are forgotten before the account is counted', () => {
    const s = store();
    s.addRefreshGrant(grant('a1', 'A', 0));
    s.addRefreshGrant(grant('a2', 'A', 1));
    s.addRefreshGrant(grant('b1', 'B', 1));
    expect(outcome(() => s.checkSessionRoom(ACCOUNT, 'C'))).toBe('ok');
    expect(s.takeRefreshGrant('a1')).toBeUndefined();
    expect(s.takeRefreshGrant('a2')?.jti).toBe('a2');
    expect(outcome(() => s.checkSessionRoom(ACCOUNT + 1, 'C'))).toBe('ok');
  });

  test("a client past its own bound ends its own oldest session, never another client's", () => {
    const s = store();
    s.addRefreshGrant(grant('b1', 'B'));
    s.addRefreshGrant(grant('a1', 'A'));
    s.addRefreshGrant(grant('a2', 'A'));
    s.addRefreshGrant(grant('a3', 'A'));
    expect(s.takeRefreshGrant('a1')).toBeUndefined();
    for (const jti of ['b1', 'a2', 'a3']) expect(s.takeRefreshGrant(jti)?.jti, jti).toBe(jti);
  });

  test("a used session leaves its client's count, and the client's later sessions are still bounded", () => {
    const s = store();
    s.addRefreshGrant(grant('a1', 'A'));
    s.addRefreshGrant(grant('a2', 'A'));
    expect(s.takeRefreshGrant('a1')?.jti).toBe('a1');
    s.addRefreshGrant(grant('a3', 'A'));
    s.addRefreshGrant(grant('a4', 'A'));
    // Two at most for A: a2, the oldest left, was ended by a4.
    expect(s.takeRefreshGrant('a2')).toBeUndefined();
    for (const jti of ['a3', 'a4']) expect(s.takeRefreshGrant(jti)?.jti, jti).toBe(jti);
  });
});

describe('named tokens per account', () => {
  test('an account holds at most its limit of tokens; removing one makes room, removing a missing key changes nothing', () => {
    const s = new Store(limitsWith({ tokensPerAccount: 2 }));
    s.addToken(token('k1'), ACCOUNT);
    s.addToken(token('k2'), ACCOUNT);
    s.addToken(token('other', ACCOUNT + 1), ACCOUNT + 1);
    const full = '409 title: API tokens per account: at most 2';
    expect(outcome(() => s.checkTokenRoom(ACCOUNT))).toBe(full);
    expect(outcome(() => s.addToken(token('k3'), ACCOUNT))).toBe(full);
    expect(outcome(() => s.checkTokenRoom(ACCOUNT + 1))).toBe('ok');
    expect(() => s.checkTokenRoom(ACCOUNT)).toThrow(
      'Limit reached: API tokens per account (at most 2 in this sandbox); delete a token first.',
    );
    s.removeToken('missing');
    s.removeToken('k1');
    expect([s.tokenCountOf(ACCOUNT), s.tokens.has('k1'), s.tokenKeysByHash.has('hash-k1')]).toEqual([1, false, false]);
    expect(outcome(() => s.checkTokenRoom(ACCOUNT))).toBe('ok');
  });
});

describe('accounts', () => {
  test('found by username and by email in any case; a name or an address taken in another case is refused', () => {
    const s = new Store();
    const ada = s.addAccount(fields('Ada', 'Ada@Example.Test'));
    expect(s.findAccountByEmail('ADA@EXAMPLE.TEST')).toBe(ada);
    expect(s.findAccountByEmail('ada@example.test')).toBe(ada);
    expect(s.findAccountByUsername('ADA')).toBe(ada);
    expect(() => s.addAccount(fields('bob', 'ADA@example.test'))).toThrow('already taken');
    expect(() => s.addAccount(fields('aDa', 'other@example.test'))).toThrow('already taken');
    expect(s.accounts.size).toBe(1);
  });

  test("a registration is what was given with its account's id; a world account has none and is not held to a registered share", () => {
    const s = new Store(limitsWith({ registeredAccountBytes: 10 }));
    const world = s.addAccount(fields('world'));
    expect(s.registrationOf(world.id)).toBeUndefined();
    expect(() => s.addAccount(fields('reg'), { atMs: 5, client: 'c', used: false })).toThrow(SandboxError);
    s.limits.registeredAccountBytes = 64 * 1024;
    const reg = s.addAccount(fields('reg'), { atMs: 5, client: 'c', used: false });
    expect(s.registrationOf(reg.id)).toEqual({ atMs: 5, client: 'c', used: false, accountId: reg.id });
  });
});

describe('bytes held outside records, and writes through a map', () => {
  const HELD = 100;

  test("what an account holds in the sandbox's other tables counts in its share, to the byte", () => {
    const fits = new Store(limitsWith({ accountBytes: ONE + HELD }));
    fits.heldElsewhere = () => HELD;
    expect(outcome(() => fits.addScenario(scenario('a'), ACCOUNT))).toBe('ok');
    const short = new Store(limitsWith({ accountBytes: ONE + HELD - 1 }));
    short.heldElsewhere = () => HELD;
    expect(outcome(() => short.addScenario(scenario('a'), ACCOUNT))).toMatch(/^429 retry \d+ body: does not fit/);
  });

  test('more held outside records fits the share exactly, one byte more is refused', () => {
    const s = new Store(limitsWith({ accountBytes: ONE + HELD }));
    s.addScenario(scenario('a'), ACCOUNT);
    s.heldElsewhere = () => 10;
    expect(outcome(() => s.checkHeldRoom(ACCOUNT, HELD - 10))).toBe('ok');
    expect(outcome(() => s.checkHeldRoom(ACCOUNT, HELD - 9))).toMatch(/^429 retry \d+ body: does not fit/);
  });

  test("a payer's write straight through a record map is checked against its share; a loader's never is", () => {
    const s = new Store(limitsWith({ accountBytes: ONE, worldBytes: ONE }));
    s.addScenario(scenario('a'), ACCOUNT);
    const record = { id: 99, ...scenario('b') };
    expect(outcome(() => s.scenarios.setBy(99, record, ACCOUNT))).toMatch(/^429 retry \d+ body: does not fit/);
    expect(s.scenarios.has(99)).toBe(false);
    expect(outcome(() => s.scenarios.set(99, record))).toBe('ok');
    expect(outcome(() => s.scenarios.setAs(100, { ...record, id: 100 }, ACCOUNT))).toBe('ok');
    expect(s.bytesOf(ACCOUNT)).toBe(2 * ONE);
    // A loader's plan is never refused either, past the world's budget as here.
    expect(outcome(() => s.room([{ next: record }], undefined))).toBe('ok');
    expect(s.measureBytes()).toBe(s.measure().total);
    expect(s.measureBytes()).toBe(3 * ONE);
  });
});

describe('the owner-change count a saved world compares', () => {
  test('it grows by one for each record that changes writer, by any path, and never for a rewrite by the same one', () => {
    const s = new Store();
    const a = s.addScenario(scenario('a'), ACCOUNT);
    const start = s.ownerChanges();
    s.update(a, { title: 'b' }, ACCOUNT);
    s.scenarios.setAs(a.id, a, ACCOUNT);
    s.restoreOwner(a, ACCOUNT);
    expect(s.ownerChanges()).toBe(start);
    s.update(a, { title: 'c' }, ACCOUNT + 1);
    expect(s.ownerChanges()).toBe(start + 1);
    s.scenarios.setAs(a.id, { ...a }, ACCOUNT);
    expect(s.ownerChanges()).toBe(start + 2);
    s.restoreOwner(s.scenarios.get(a.id) as object, undefined);
    expect(s.ownerChanges()).toBe(start + 3);
    expect(s.ownerOf(s.scenarios.get(a.id) as object)).toBeUndefined();
  });
});
