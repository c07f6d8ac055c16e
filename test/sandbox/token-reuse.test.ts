// One access token sent on request after request, as every client sends it (docs/sandbox.md "Credentials": verified
// JWTs are cached until their own exp, the cache is cleared on reset; "Simulating states": an expired token is refused
// on every later request). However the sandbox spares itself work on a token it has just seen, the token stops at its
// exp, after a reset and after expire-token, on the very next request.
import { describe, expect, test } from 'vitest';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { sandboxUnderTest } from './harness.js';

const { member, viewer } = DEMO.accounts;
const start = Date.parse('2026-11-22T10:00:00.000Z');
const EXPIRED = 'The access token has expired: get a new pair from POST /member/refresh-token/.';
const NO_CREDENTIALS =
  'Authentication credentials were not provided: send Authorization: Bearer <API token> or Authorization: JWT <access token>.';

describe('an access token sent again and again', () => {
  let now = start;
  const { call, loginAs, sandbox } = sandboxUnderTest({ now: () => now, accessTokenTtlSeconds: 60 });
  const me = async (auth: string | undefined) => {
    const res = await call('GET', '/member/me/', { auth });
    return res.status === 200 ? res.json.data.member.username : `${res.status} ${res.json.message}`;
  };

  test('is answered until the millisecond before its exp, and refused from exp on, every time', async () => {
    now = start;
    const jwt = await loginAs(member.username, member.password);
    for (let i = 0; i < 5; i++) expect(await me(jwt)).toBe(member.username);
    now = start + 60_000 - 1;
    expect(await me(jwt)).toBe(member.username);
    now = start + 60_000;
    expect(await me(jwt)).toBe(`401 ${EXPIRED}`);
    expect(await me(jwt)).toBe(`401 ${EXPIRED}`);
  });

  test('two tokens taking turns: each is its own account, and each stops at its own exp', async () => {
    now = start;
    const first = await loginAs(member.username, member.password);
    now = start + 30_000;
    const second = await loginAs(viewer.username, viewer.password);
    for (let i = 0; i < 3; i++) {
      expect(await me(first)).toBe(member.username);
      expect(await me(second)).toBe(viewer.username);
    }
    now = start + 60_000;
    expect(await me(second)).toBe(viewer.username);
    expect(await me(first)).toBe(`401 ${EXPIRED}`);
    expect(await me(second)).toBe(viewer.username);
  });

  test('is refused on the next request after a reset, and after expire-token', async () => {
    now = start;
    const jwt = await loginAs(member.username, member.password);
    for (let i = 0; i < 3; i++) expect(await me(jwt)).toBe(member.username);
    sandbox.reset();
    expect(await me(jwt)).toMatch(/^401 /);

    const again = await loginAs(member.username, member.password);
    for (let i = 0; i < 3; i++) expect(await me(again)).toBe(member.username);
    // `Prefer: expire-token`: this answer and every later one for the token are the 401.
    const expiring = await call('GET', '/member/me/', { auth: again, headers: { prefer: 'expire-token' } });
    expect([expiring.status, expiring.json.message]).toEqual([401, EXPIRED]);
    expect(await me(again)).toBe(`401 ${EXPIRED}`);
  });

  test('a request with no Authorization is refused for want of one, after a token sent again and after a reset', async () => {
    now = start;
    const jwt = await loginAs(member.username, member.password);
    for (let i = 0; i < 3; i++) expect(await me(jwt)).toBe(member.username);
    expect(await me(undefined)).toBe(`401 ${NO_CREDENTIALS}`);
    expect(await me(jwt)).toBe(member.username);
    sandbox.reset();
    expect(await me(undefined)).toBe(`401 ${NO_CREDENTIALS}`);
  });
});
