// GET /member/me/ (source §4): the answer kept for an account and serialised once shows the account as it is on
// every request, whatever changed it and however many times it was asked for before.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { API_PREFIX } from '../../mocks/sandbox/core/router.js';
import type { Account } from '../../mocks/sandbox/domain/records.js';
import { memberView } from '../../mocks/sandbox/handlers/views.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { requestTo, sandboxUnderTest } from './harness.js';

// Any UTF-16 text: quotes, backslashes, control characters, astral characters and lone surrogates among the rest.
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('"', '\\', '\n', '\u0000', '\u2028', '\uD83D', 'a', 'b') }),
);

const { sandbox, call, loginAs } = sandboxUnderTest();
const { member } = DEMO.accounts;

describe('GET /member/me/', () => {
  test('shows each change of the account on the next request, and the same answer while nothing changed', async () => {
    const auth = await loginAs(member.username, member.password);
    const first = await call('GET', '/member/me/', { auth });
    expect(first.json.data.member).toMatchObject({ username: member.username, first_name: expect.any(String) });
    expect((await call('GET', '/member/me/', { auth })).json).toEqual(first.json);
    const account = sandbox.store.accounts.get(member.id);
    if (!account) throw new Error('the demo member is missing');
    for (const [field, value] of [
      ['first_name', 'Renamed'],
      ['last_name', 'Changed'],
      ['description', 'A new line about me.'],
      ['email', 'renamed@example.com'],
    ] as const) {
      sandbox.store.update(account, { [field]: value }, undefined);
      expect((await call('GET', '/member/me/', { auth })).json.data.member[field]).toBe(value);
    }
    sandbox.store.update(account, { totpSecret: 'JBSWY3DPEHPK3PXP' }, undefined);
    expect((await call('GET', '/member/me/', { auth })).json.data.member.two_factor_enabled).toBe(true);
  });

  test('another account gets its own answer, not one kept for the first', async () => {
    const viewer = DEMO.accounts.viewer;
    const auth = await loginAs(viewer.username, viewer.password);
    expect((await call('GET', '/member/me/', { auth })).json.data.member.username).toBe(viewer.username);
  });

  test('answers, on the request right after each change, the bytes of the account as it is now, serialised', async () => {
    const account = sandbox.store.accounts.get(member.id);
    if (!account) throw new Error('the demo member is missing');
    // The test before turned two-factor authentication on.
    delete account.totpSecret;
    const auth = await loginAs(member.username, member.password);
    const { username, email, first_name, last_name, description } = account;
    const start = { username, email, first_name, last_name, description };
    // Unchecked against the contract: drawn text breaks its formats (an email), not what the answer must hold.
    const me = () => sandbox.fetch(requestTo('GET', `${API_PREFIX}/member/me/`, { authorization: auth }));
    // One field at a time, so that a field the kept answer forgot to compare is the only change at least once.
    const change: fc.Arbitrary<{ fields: Partial<Account>; twoFactor?: boolean }> = fc.oneof(
      ...(['username', 'email', 'first_name', 'last_name', 'description'] as const).map((field) =>
        anyText.map((value) => ({ fields: { [field]: value } })),
      ),
      fc.boolean().map((twoFactor) => ({ fields: {}, twoFactor })),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 8 }), async (changes) => {
        // Each run starts from the account as it was, answered once: a counterexample then needs no run before it.
        Object.assign(account, start);
        delete account.totpSecret;
        await me();
        for (const { fields, twoFactor } of changes) {
          Object.assign(account, fields);
          if (twoFactor === true) account.totpSecret = 'JBSWY3DPEHPK3PXP';
          if (twoFactor === false) delete account.totpSecret;
          for (let asked = 0; asked < 2; asked++) {
            const text = await (await me()).text();
            expect(text).toBe(JSON.stringify({ status: 'success', data: { member: memberView(account) } }));
            expect(JSON.parse(text).data.member).toMatchObject({
              id: member.id,
              ...fields,
              two_factor_enabled: account.totpSecret !== undefined,
            });
          }
        }
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
