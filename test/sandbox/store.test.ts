// The Store's limits at their edges (docs/sandbox.md "Limits and throttles"): an account's share and the world's
// budget hold to the byte, a refused write leaves no trace, and unused refresh tokens are counted per account.
import { describe, expect, test } from 'vitest';
import { SandboxError } from '../../mocks/sandbox/domain/errors.js';
import { limitsWith } from '../../mocks/sandbox/domain/limits.js';
import { recordBytes, Store } from '../../mocks/sandbox/domain/store.js';

const WRITER = 7;
const scenario = (title: string) => ({ boardId: 1, title, parent_id: null, position: null });
/** What one scenario of a one-letter title takes (its id's value does not change its size). */
const ONE = recordBytes({ id: 0, ...scenario('a') });

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
    for (const title of ['a', 'b'])
      expect(outcome(() => exact.writeAs(WRITER, () => exact.addScenario(scenario(title))))).toBe('kept');
    expect(exact.bytesOf(WRITER)).toBe(2 * ONE);

    const short = new Store(limitsWith({ accountBytes: 2 * ONE - 1 }));
    expect(outcome(() => short.writeAs(WRITER, () => short.addScenario(scenario('a'))))).toBe('kept');
    expect(outcome(() => short.writeAs(WRITER, () => short.addScenario(scenario('b'))))).toBe(
      `429 does not fit: one account stores at most ${2 * ONE - 1} bytes of data`,
    );
    expect([short.scenarios.size, short.lastId('scenario'), short.bytesOf(WRITER)]).toEqual([1, 1, ONE]);
    expect(short.usage()).toEqual(short.measure());
  });

  test("the world's own accounts may fill the world's budget exactly; one byte less and the last write is a 429", () => {
    const exact = new Store(limitsWith({ worldBytes: 2 * ONE }));
    expect(outcome(() => exact.writeAs(1, () => exact.addScenario(scenario('a'))))).toBe('kept');
    expect(outcome(() => exact.writeAs(2, () => exact.addScenario(scenario('b'))))).toBe('kept');
    expect(exact.usage().world).toBe(2 * ONE);

    const short = new Store(limitsWith({ worldBytes: 2 * ONE - 1 }));
    expect(outcome(() => short.writeAs(1, () => short.addScenario(scenario('a'))))).toBe('kept');
    expect(outcome(() => short.writeAs(2, () => short.addScenario(scenario('b'))))).toBe(
      `429 does not fit: the world's own accounts store at most ${2 * ONE - 1} bytes of data`,
    );
    expect([short.scenarios.size, short.usage().world, short.bytesOf(2)]).toEqual([1, ONE, 0]);
  });
  test('an account past its share (limits lowered since it wrote) may still rewrite a record at its size or smaller, not larger', () => {
    const store = new Store(limitsWith({ accountBytes: 3 * ONE }));
    const [a, b] = ['a', 'b'].map((title) => store.writeAs(WRITER, () => store.addScenario(scenario(title))));
    store.limits.accountBytes = ONE;
    expect(outcome(() => store.writeAs(WRITER, () => store.update(a as object, { title: 'c' })))).toBe('kept');
    expect(outcome(() => store.writeAs(WRITER, () => store.update(b as object, { title: '' })))).toBe('kept');
    expect(outcome(() => store.writeAs(WRITER, () => store.update(a as object, { title: 'cc' })))).toBe(
      `429 does not fit: one account stores at most ${ONE} bytes of data`,
    );
    expect(store.bytesOf(WRITER)).toBe(2 * ONE - 2);
  });

  test("the world's own accounts past the world's budget (lowered since) may still rewrite at the same size or smaller", () => {
    const store = new Store(limitsWith({ worldBytes: 3 * ONE }));
    const [a, b] = [1, 2].map((writer) => store.writeAs(writer, () => store.addScenario(scenario('a'))));
    store.limits.worldBytes = ONE;
    expect(outcome(() => store.writeAs(2, () => store.update(a as object, { title: 'c' })))).toBe('kept');
    expect(outcome(() => store.writeAs(1, () => store.update(b as object, { title: '' })))).toBe('kept');
    expect(outcome(() => store.writeAs(1, () => store.update(b as object, { title: 'cc' })))).toBe(
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
});

describe('unused refresh tokens per account', () => {
  const grant = (jti: string) => ({ jti, accountId: WRITER, expiresAtMs: 0 });

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
  const fields = (username: string) => ({
    username,
    email: `${username}@example.test`,
    first_name: 'R',
    last_name: '',
    description: '',
    passwordHash: Promise.resolve('unused'),
  });
  const MINUTE = 60_000;

  /** The Retry-After (seconds) of the 429 `check` throws. */
  function retryAfter(check: () => void): string | undefined {
    try {
      check();
    } catch (error) {
      if (error instanceof SandboxError && error.status === 429) return error.headers['retry-after'];
      throw error;
    }
    return 'no refusal';
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
    expect(retryAfter(() => store.checkRegistrationRoom('b'))).toBe('3600');
    now += 5 * MINUTE;
    register('third', 'c');
    // All three places taken: the soonest to leave is a's, registered 15 minutes ago.
    expect(retryAfter(() => store.checkRegistrationRoom('d'))).toBe(String(45 * 60));
    // One logged in to is kept for good: the soonest is now b's.
    store.markUsed(early.id);
    expect(retryAfter(() => store.checkRegistrationRoom('d'))).toBe(String(55 * 60));
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
      limitsWith({ registeredAccounts: 2, registeredAccountsPerClient: 1, unusedRegistrationMs: 60 * MINUTE }),
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
    expect(retryAfter(() => store.checkRegistrationRoom('b'))).toBe('3600');
    now += 60 * MINUTE;
    // The used one stays; the idle one's time is up: client b registers again, under the same name.
    expect(retryAfter(() => store.checkRegistrationRoom('b'))).toBe('no refusal');
    expect(store.findAccountByUsername('idle')).toBeUndefined();
    expect(store.findAccountByEmail('idle@example.test')).toBeUndefined();
    const again = register('idle', 'b');
    expect([...store.registered().keys()]).toEqual([kept.id, again.id]);
    expect(store.usage()).toEqual(store.measure());
    expect(retryAfter(() => store.checkRegistrationRoom('c'))).toBe('3600');
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
    const token = (key: string, accountId: number) => ({
      key,
      accountId,
      title: key,
      is_active: true,
      metadata: {},
      expires_at: null,
      created_at: '2026-11-26T00:00:00Z',
      secretHash: `hash-${key}`,
    });
    store.addToken(token('idle-token', idle.id));
    store.addToken(token('other-token', other.id));
    store.addRefreshGrant({ jti: 'idle-refresh', accountId: idle.id, expiresAtMs: 0 });
    store.addRefreshGrant({ jti: 'other-refresh', accountId: other.id, expiresAtMs: 0 });
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
