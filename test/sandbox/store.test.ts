// The Store's limits and accounting at their edges (docs/sandbox.md "Limits and throttles", "Persistence"): an
// account's share and the world's budget hold to the byte, a refused write leaves no trace, a write through a record
// map is accounted like the Store's own, the registration budget frees what leaves, and a loaded world is checked.
import { describe, expect, test } from 'vitest';
import { recordBytes } from '../../mocks/sandbox/domain/accounting.js';
import { SandboxError } from '../../mocks/sandbox/domain/errors.js';
import { limitsWith } from '../../mocks/sandbox/domain/limits.js';
import { Store } from '../../mocks/sandbox/domain/store.js';
import { accountFields, ONE_SCENARIO, scenarioFields, tokenRecord } from './store-records.js';

const WRITER = 7;
const MINUTE = 60_000;
const fields = accountFields;
const token = tokenRecord;
const scenario = scenarioFields;
const ONE = ONE_SCENARIO;

/** The status and first field of what `write` throws, or 'kept' when it does not throw. */
function outcome(write: () => unknown): string {
  try {
    write();
    return 'kept';
  } catch (error) {
    if (!(error instanceof SandboxError)) throw error;
    return `${error.status} ${error.errors?.[0]?.message}`;
  }
}

describe('shares and budgets to the byte', () => {
  test('an account may fill its share exactly; one byte less and the last write is a 429 that leaves no trace', () => {
    const exact = new Store(limitsWith({ accountBytes: 2 * ONE }));
    for (const title of ['a', 'b']) expect(outcome(() => exact.addScenario(scenario(title), WRITER))).toBe('kept');
    expect(exact.bytesOf(WRITER)).toBe(2 * ONE);

    const short = new Store(limitsWith({ accountBytes: 2 * ONE - 1 }));
    expect(outcome(() => short.addScenario(scenario('a'), WRITER))).toBe('kept');
    expect(outcome(() => short.addScenario(scenario('b'), WRITER))).toBe(
      `429 does not fit: one account stores at most ${2 * ONE - 1} bytes of data`,
    );
    expect([short.scenarios.size, short.lastId('scenario'), short.bytesOf(WRITER)]).toEqual([1, 1, ONE]);
    expect(short.usage()).toEqual(short.measure());
  });

  test("the world's own accounts may fill the world's budget exactly; one byte less and the last write is a 429", () => {
    const exact = new Store(limitsWith({ worldBytes: 2 * ONE }));
    expect(outcome(() => exact.addScenario(scenario('a'), 1))).toBe('kept');
    expect(outcome(() => exact.addScenario(scenario('b'), 2))).toBe('kept');
    expect(exact.usage().world).toBe(2 * ONE);

    const short = new Store(limitsWith({ worldBytes: 2 * ONE - 1 }));
    expect(outcome(() => short.addScenario(scenario('a'), 1))).toBe('kept');
    expect(outcome(() => short.addScenario(scenario('b'), 2))).toBe(
      `429 does not fit: the world's own accounts store at most ${2 * ONE - 1} bytes of data`,
    );
    expect([short.scenarios.size, short.usage().world, short.bytesOf(2)]).toEqual([1, ONE, 0]);
  });
  test('an account past its share (limits lowered since it wrote) may still rewrite a record at its size or smaller, not larger', () => {
    const store = new Store(limitsWith({ accountBytes: 3 * ONE }));
    const [a, b] = ['a', 'b'].map((title) => store.addScenario(scenario(title), WRITER));
    store.limits.accountBytes = ONE;
    expect(outcome(() => store.update(a as object, { title: 'c' }, WRITER))).toBe('kept');
    expect(outcome(() => store.update(b as object, { title: '' }, WRITER))).toBe('kept');
    expect(outcome(() => store.update(a as object, { title: 'cc' }, WRITER))).toBe(
      `429 does not fit: one account stores at most ${ONE} bytes of data`,
    );
    expect(store.bytesOf(WRITER)).toBe(2 * ONE - 2);
  });

  test("the world's own accounts past the world's budget (lowered since) may still rewrite at the same size or smaller", () => {
    const store = new Store(limitsWith({ worldBytes: 3 * ONE }));
    const [a, b] = [1, 2].map((writer) => store.addScenario(scenario('a'), writer));
    store.limits.worldBytes = ONE;
    expect(outcome(() => store.update(a as object, { title: 'c' }, 2))).toBe('kept');
    expect(outcome(() => store.update(b as object, { title: '' }, 1))).toBe('kept');
    expect(outcome(() => store.update(b as object, { title: 'cc' }, 1))).toBe(
      `429 does not fit: the world's own accounts store at most ${ONE} bytes of data`,
    );
    expect(store.usage()).toEqual({
      total: 2 * ONE - 2,
      world: 2 * ONE - 2,
      byAccount: new Map([
        [2, ONE],
        [1, ONE - 2],
      ]),
    });
  });

  test("rewriting another account's record counts it whole against the writer, and credits the other at once", () => {
    const store = new Store(limitsWith({ accountBytes: 2 * ONE }));
    const theirs = store.addScenario(scenario('a'), 1);
    for (const title of ['b', 'c']) store.addScenario(scenario(title), WRITER);
    expect(outcome(() => store.update(theirs, { title: 'd' }, WRITER))).toBe(
      `429 does not fit: one account stores at most ${2 * ONE} bytes of data`,
    );
    expect(store.ownerOf(theirs)).toBe(1);
    store.limits.accountBytes = 3 * ONE;
    expect(outcome(() => store.update(theirs, { title: 'd' }, WRITER))).toBe('kept');
    expect([store.bytesOf(1), store.bytesOf(WRITER), store.ownerOf(theirs)]).toEqual([0, 3 * ONE, WRITER]);
  });

  test("a registered account writes while the world's budget is used up; a world account taking over its record needs room in it", () => {
    const store = new Store(limitsWith({ worldBytes: ONE }));
    const registered = store.addAccount(fields('reg'), { atMs: 0, client: 'a', used: true });
    const theirs = store.addScenario(scenario('a'), registered.id);
    store.addScenario(scenario('b'), WRITER);
    expect(store.usage().world).toBe(ONE);
    expect(outcome(() => store.addScenario(scenario('c'), registered.id))).toBe('kept');
    expect(outcome(() => store.update(theirs, { title: 'd' }, WRITER))).toBe(
      `429 does not fit: the world's own accounts store at most ${ONE} bytes of data`,
    );
    expect(store.ownerOf(theirs)).toBe(registered.id);
  });

  test("a request's planned rewrite of records its writer holds counts only what they grow", () => {
    const store = new Store(limitsWith({ accountBytes: 2 * ONE }));
    const [a] = ['a', 'b'].map((title) => store.addScenario(scenario(title), WRITER));
    const plan = (title: string) => () => store.room([{ record: a, next: { ...a, title } }], WRITER);
    expect(outcome(plan('c'))).toBe('kept');
    expect(outcome(plan('cc'))).toBe(`429 does not fit: one account stores at most ${2 * ONE} bytes of data`);
  });

  test('updates made as one (a bug linked to its task) that together do not fit are a 429 before any is made', () => {
    // Each update grows its record by one character (`grow` bytes): each alone fits the room left, the two do not.
    const grow = recordBytes({ ...scenario('aa'), id: 0 }) - ONE;
    const store = new Store(limitsWith({ accountBytes: 2 * ONE + grow }));
    const [a, b] = ['a', 'b'].map((title) => store.addScenario(scenario(title), WRITER)) as [object, object];
    const both = () =>
      store.updateAll(
        [
          { record: a, changes: { title: 'aa' } },
          { record: b, changes: { title: 'bb' } },
        ],
        WRITER,
      );
    expect(outcome(both)).toBe(`429 does not fit: one account stores at most ${2 * ONE + grow} bytes of data`);
    expect([(a as { title: string }).title, (b as { title: string }).title, store.bytesOf(WRITER)]).toEqual([
      'a',
      'b',
      2 * ONE,
    ]);
    store.limits.accountBytes = 2 * ONE + 2 * grow;
    expect(outcome(both)).toBe('kept');
    expect([(a as { title: string }).title, (b as { title: string }).title, store.bytesOf(WRITER)]).toEqual([
      'aa',
      'bb',
      2 * ONE + 2 * grow,
    ]);
  });

  test("an update nobody pays for (a loader's) keeps the record's owner and is never refused", () => {
    const store = new Store(limitsWith({ accountBytes: ONE }));
    const a = store.addScenario(scenario('a'), WRITER);
    expect(outcome(() => store.update(a, { title: 'longer' }, undefined))).toBe('kept');
    expect([store.ownerOf(a), store.bytesOf(WRITER)]).toEqual([WRITER, recordBytes(a)]);
  });

  test('a change given as undefined leaves its field alone, also when every change is', () => {
    const store = new Store(limitsWith({ accountBytes: 2 * ONE }));
    const a = store.addScenario(scenario('a'), WRITER);
    store.update(a, { title: undefined }, WRITER);
    store.update(a, { title: undefined, position: 3 }, WRITER);
    expect([a.title, a.position, store.bytesOf(WRITER)]).toEqual(['a', 3, recordBytes(a)]);
    expect(Object.hasOwn(a, 'title')).toBe(true);
  });

  test("a write counts against its own payer, also after another payer's write was refused", () => {
    const store = new Store(limitsWith({ accountBytes: ONE }));
    store.addScenario(scenario('a'), WRITER);
    expect(outcome(() => store.addScenario(scenario('b'), WRITER))).not.toBe('kept');
    store.addScenario(scenario('c'), 1);
    expect([store.bytesOf(WRITER), store.bytesOf(1)]).toEqual([ONE, ONE]);
  });
});

describe('records written through their maps', () => {
  test("a record replaced through its map is accounted like an update: the old one is credited, the new one is its writer's", () => {
    const store = new Store();
    const old = store.addScenario(scenario('a'), 1);
    const changes = store.ownerChanges();
    const replacement = { ...old, title: 'bb' };
    store.scenarios.setBy(old.id, replacement, WRITER);
    expect([store.bytesOf(1), store.bytesOf(WRITER), store.ownerOf(replacement)]).toEqual([0, ONE + 2, WRITER]);
    // A save compares owners again only when this count moved (worlds/snapshot.ts).
    expect(store.ownerChanges()).toBe(changes + 1);
    expect(store.usage()).toEqual(store.measure());
  });

  test("deleting or clearing through a map credits each record's owner; deleting a missing key changes nothing", () => {
    const store = new Store();
    for (const writer of [1, WRITER]) store.addScenario(scenario('a'), writer);
    expect(store.scenarios.delete(99)).toBe(false);
    expect(store.scenarios.delete(1)).toBe(true);
    expect([store.bytesOf(1), store.bytesOf(WRITER)]).toEqual([0, ONE]);
    store.scenarios.clear();
    expect([store.scenarios.size, store.usage()]).toEqual([0, { total: 0, world: 0, byAccount: new Map() }]);
  });
});

describe('named API tokens', () => {
  test("a request's token is counted again when it is added (after its secret is hashed); a loaded world's never is", () => {
    const store = new Store(limitsWith({ tokensPerAccount: 1 }));
    store.addToken(token('first', WRITER), WRITER);
    expect(outcome(() => store.addToken(token('second', WRITER), WRITER))).toBe(
      '409 API tokens per account: at most 1',
    );
    store.addToken(token('loaded', WRITER));
    expect([...store.tokens.keys()]).toEqual(['first', 'loaded']);
  });
});

describe('loading a saved world', () => {
  test('a counter is restored as saved, never below an id handed out, and only as a safe integer', () => {
    const store = new Store();
    for (const title of ['a', 'b']) store.addScenario(scenario(title));
    for (const last of [1, 2.5, 2 ** 53, Number.NaN]) {
      expect(() => store.restoreCounter('scenario', last), String(last)).toThrow(
        new RangeError('Store.restoreCounter: scenario counter must be a safe integer ≥ 2'),
      );
    }
    store.restoreCounter('scenario', 2);
    store.restoreCounter('case', Number.MAX_SAFE_INTEGER);
    expect([store.lastId('scenario'), store.lastId('case')]).toEqual([2, Number.MAX_SAFE_INTEGER]);
    expect(store.addScenario(scenario('c')).id).toBe(3);
  });

  test('a registration is restored only for an account the world holds, and only once', () => {
    const store = new Store();
    const account = store.addAccount(fields('saved'));
    const registration = { atMs: 0, client: 'a', used: true };
    expect(() => store.restoreRegistration(99, registration)).toThrow(/account 99 does not exist/);
    store.restoreRegistration(account.id, registration);
    expect(() => store.restoreRegistration(account.id, registration)).toThrow(/registered already/);
    expect([...store.registered().values()]).toEqual([{ ...registration, accountId: account.id }]);
  });
});

describe('unused refresh tokens per account', () => {
  const grant = (jti: string) => ({ jti, accountId: WRITER, client: 'local', expiresAtMs: Number.MAX_SAFE_INTEGER });

  test('a used refresh token frees its place: the limit counts only the tokens the account can still use', () => {
    const store = new Store(limitsWith({ refreshTokensPerAccount: 3 }));
    store.addRefreshGrant(grant('first'));
    store.addRefreshGrant(grant('second'));
    expect(store.takeRefreshGrant('second')?.jti).toBe('second');
    expect(store.takeRefreshGrant('second')).toBeUndefined();
    store.addRefreshGrant(grant('third'));
    store.addRefreshGrant(grant('fourth'));
    // Three unused (first, third, fourth): none forgotten.
    for (const jti of ['first', 'third', 'fourth']) expect(store.takeRefreshGrant(jti)?.jti, jti).toBe(jti);
  });
});

describe('the registration budget', () => {
  /** The Retry-After (seconds) and the field's message of the 429 `check` throws; 'none' when it does not throw. */
  function refusal(check: () => void): string {
    try {
      check();
    } catch (error) {
      if (error instanceof SandboxError && error.status === 429) {
        return `${error.headers['retry-after']} ${error.errors[0]?.message}`;
      }
      throw error;
    }
    return 'none';
  }

  test("a refusal's Retry-After is when the soonest unused registration leaves: in all, or of that client", () => {
    let now = 0;
    const store = new Store(
      limitsWith({ registeredAccounts: 3, registeredAccountsPerClient: 1, unusedRegistrationMs: 60 * MINUTE }),
      () => now,
    );
    const register = (username: string, client: string) => {
      store.checkRegistrationRoom(client);
      return store.addAccount(fields(username), { atMs: now, client, used: false });
    };
    const early = register('early', 'a');
    now += 10 * MINUTE;
    register('late', 'b');
    // Client b's own registration leaves in an hour, though client a's leaves sooner.
    expect(refusal(() => store.checkRegistrationRoom('b'))).toBe('3600 at most 1 registered accounts from one client');
    now += 5 * MINUTE;
    register('third', 'c');
    // All three places taken: the soonest to leave is a's, registered 15 minutes ago.
    expect(refusal(() => store.checkRegistrationRoom('d'))).toBe(
      `${45 * 60} at most 3 registered accounts in this sandbox`,
    );
    // One logged in to is kept for good: the soonest is now b's.
    store.markUsed(early.id);
    expect(refusal(() => store.checkRegistrationRoom('d'))).toBe(
      `${55 * 60} at most 3 registered accounts in this sandbox`,
    );
  });

  test("a registered account's own record may fill its reserved share exactly; past it the registration is refused whole", () => {
    const size = recordBytes({ id: 0, ...fields('fits') });
    const registration = { atMs: 0, client: 'a', used: false };
    const exact = new Store(limitsWith({ registeredAccountBytes: size }));
    expect(outcome(() => exact.addAccount(fields('fits'), registration))).toBe('kept');
    expect(exact.bytesOf(1)).toBe(size);

    const short = new Store(limitsWith({ registeredAccountBytes: size - 1 }));
    expect(outcome(() => short.addAccount(fields('fits'), registration))).toBe(
      `429 does not fit: one account stores at most ${size - 1} bytes of data`,
    );
    // No trace: no id taken, the name is free, no place in the budget used.
    expect([short.lastId('account'), short.findAccountByUsername('fits'), short.registered().size]).toEqual([
      0,
      undefined,
      0,
    ]);
  });

  test('when an unused registration leaves, its name and its place in the budget, in all and of its client, are free', () => {
    let now = 0;
    const store = new Store(
      limitsWith({ registeredAccounts: 4, registeredAccountsPerClient: 2, unusedRegistrationMs: 60 * MINUTE }),
      () => now,
    );
    const register = (username: string, client: string) => {
      store.checkRegistrationRoom(client);
      return store.addAccount(fields(username), { atMs: now, client, used: false });
    };
    const kept = register('kept', 'a');
    store.markUsed(kept.id);
    now += MINUTE;
    register('idle', 'b');
    now += 30 * MINUTE;
    const stays = register('stays', 'b');
    expect(refusal(() => store.checkRegistrationRoom('b'))).toBe('1800 at most 2 registered accounts from one client');
    now += 30 * MINUTE;
    // The used one stays; the idle one's time is up: client b registers again, under the same name.
    expect(refusal(() => store.checkRegistrationRoom('b'))).toBe('none');
    expect(store.findAccountByUsername('idle')).toBeUndefined();
    expect(store.findAccountByEmail('idle@example.test')).toBeUndefined();
    const again = register('idle', 'b');
    expect([...store.registered().keys()]).toEqual([kept.id, stays.id, again.id]);
    // Client b has two again: the next is refused until the older of them leaves.
    expect(refusal(() => store.checkRegistrationRoom('b'))).toBe('1800 at most 2 registered accounts from one client');
    expect(store.usage()).toEqual(store.measure());
  });

  test('an unused registration that a loaded world gave a token, a refresh token and a membership takes them all when it leaves', () => {
    let now = 0;
    const store = new Store(limitsWith({ unusedRegistrationMs: 60 * MINUTE }), () => now);
    const other = store.addAccount(fields('other'));
    const idle = store.addAccount(fields('idle'));
    const company = store.addCompany('Shared', [
      [other.id, 'owner'],
      [idle.id, 'qa'],
    ]);
    store.addToken(token('idle-token', idle.id));
    store.addToken(token('other-token', other.id));
    store.addRefreshGrant({
      jti: 'idle-refresh',
      accountId: idle.id,
      client: 'a',
      expiresAtMs: Number.MAX_SAFE_INTEGER,
    });
    store.addRefreshGrant({
      jti: 'other-refresh',
      accountId: other.id,
      client: 'a',
      expiresAtMs: Number.MAX_SAFE_INTEGER,
    });
    store.restoreRegistration(idle.id, { atMs: now, client: 'a', used: false });
    now += 60 * MINUTE;
    store.pruneUnused();
    expect(store.accounts.has(idle.id)).toBe(false);
    expect([...store.tokens.keys()]).toEqual(['other-token']);
    expect([...store.tokenKeysByHash.keys()]).toEqual(['hash-other-token']);
    expect(store.tokenCountOf(idle.id)).toBe(0);
    expect(store.takeRefreshGrant('idle-refresh')).toBeUndefined();
    expect(store.takeRefreshGrant('other-refresh')?.accountId).toBe(other.id);
    expect([...company.members]).toEqual([[other.id, 'owner']]);
    expect(store.usage()).toEqual(store.measure());
  });
});
