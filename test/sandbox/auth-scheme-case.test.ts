// Authorization schemes are case-insensitive (RFC 9110 §11.1; docs/sandbox.md "Credentials" and "Simulated states"):
// every path that reads a credential (the operations' auth, `Prefer: expire-token`, the expire-token control, and the
// typed client's rotation over them) reads JWT, jwt and Jwt alike, so a token expired on purpose under one spelling
// is expired under every other.
import { expect, test } from 'vitest';
import { createApiClient, unwrap } from '../../client/index.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { requestTo, sandboxUnderTest } from './harness.js';

const { member } = DEMO.accounts;
const { fetch, call } = sandboxUnderTest();
const SPELLINGS = ['JWT', 'jwt', 'Jwt'];

type Call = ReturnType<typeof sandboxUnderTest>['call'];

async function pair(on: Call = call): Promise<{ access_token: string; refresh_token: string }> {
  const body = { username: member.username, password: member.password, captcha_token: DEMO.captchaToken };
  return (await on('POST', '/member/login/', { body })).json.data;
}

const meUnder = async (scheme: string, token: string, on: Call = call) =>
  (await on('GET', '/member/me/', { auth: `${scheme} ${token}` })).status;

// A sandbox per spelling for Prefer: a refused request's resend (the same request of the same account, with a new
// token) is not expired again, so each case starts with none refused.
const own = new Map(SPELLINGS.map((scheme) => [scheme, sandboxUnderTest().call]));

test('a JWT and a named token authenticate under every spelling of their scheme', async () => {
  const { access_token } = await pair();
  const created = await call('POST', '/member/bearer-tokens/', {
    auth: `JWT ${access_token}`,
    body: { title: 'scheme case', is_active: true },
  });
  const secret = created.json.data.token.token;
  for (const scheme of SPELLINGS) expect(await meUnder(scheme, access_token), scheme).toBe(200);
  for (const scheme of ['Bearer', 'bearer', 'BEARER']) expect(await meUnder(scheme, secret), scheme).toBe(200);
});

test.each(SPELLINGS)('a token the control expired under "%s" is refused under every spelling', async (expiredAs) => {
  const { access_token } = await pair();
  // Verified (and cached) under each spelling before it is expired.
  for (const scheme of SPELLINGS) expect(await meUnder(scheme, access_token)).toBe(200);
  const headers = { authorization: `${expiredAs} ${access_token}` };
  expect((await fetch(requestTo('POST', '/_sandbox/expire-token/', headers))).status).toBe(200);
  for (const scheme of SPELLINGS) expect(await meUnder(scheme, access_token), scheme).toBe(401);
});

test.each(SPELLINGS)(
  'a token expired by Prefer: expire-token under "%s" is refused under every spelling',
  async (as) => {
    const on = own.get(as) as Call;
    const { access_token } = await pair(on);
    for (const scheme of SPELLINGS) expect(await meUnder(scheme, access_token, on)).toBe(200);
    const expiring = { auth: `${as} ${access_token}`, headers: { prefer: 'expire-token' } };
    expect((await on('GET', '/member/me/', expiring)).status).toBe(401);
    for (const scheme of SPELLINGS) expect(await meUnder(scheme, access_token, on), scheme).toBe(401);
  },
);

test('the typed client, whose token the control expired under "jwt", refreshes once and goes on', async () => {
  const { access_token, refresh_token } = await pair();
  const api = createApiClient({
    baseUrl: 'http://sandbox.test/api',
    credential: { kind: 'session', accessToken: access_token, refreshToken: refresh_token },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
      fetch(new Request(input, init))) as typeof globalThis.fetch,
  });
  expect((await unwrap(api.GET('/member/me/'))).member.id).toBe(member.id);
  const headers = { authorization: `jwt ${access_token}` };
  expect((await fetch(requestTo('POST', '/_sandbox/expire-token/', headers))).status).toBe(200);
  expect((await unwrap(api.GET('/member/me/'))).member.id).toBe(member.id);
  expect((api.credential as { accessToken: string }).accessToken).not.toBe(access_token);
});
