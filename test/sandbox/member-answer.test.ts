// GET /member/me/ (source §4): the answer kept for an account and serialised once shows the account as it is on
// every request, whatever changed it and however many times it was asked for before.
import { describe, expect, test } from 'vitest';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { sandboxUnderTest } from './harness.js';

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
});
