// Sessions of a shared account (docs/sandbox.md "Limits and throttles"): a login never ends another client's session;
// an account full of sessions refuses the newcomer with 429 and Retry-After. Attack scripts in process.
import { describe, expect, test } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox, requestClients, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { REFRESH_TOKEN_TTL_SECONDS } from '../../mocks/sandbox/domain/auth.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { DEMO_PROFILE } from '../conformance/fixtures/profile.js';

const { member, outsider } = DEMO.accounts;

/** A request from `client` (what the node host names by address), or from the in-process client when absent. */
function post(sandbox: Sandbox, path: string, body: unknown, client?: string): Promise<Response> {
  const request = new Request(`http://127.0.0.1/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (client !== undefined) requestClients.set(request, client);
  return sandbox.fetch(request);
}

const login = (sandbox: Sandbox, client: string, account: { username: string; password: string } = member) =>
  post(
    sandbox,
    '/member/login/',
    { username: account.username, password: account.password, captcha_token: DEMO.captchaToken },
    client,
  );

async function refreshTokenOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await res.json()).data.refresh_token;
}

const refresh = (sandbox: Sandbox, refresh_token: string) => post(sandbox, '/member/refresh-token/', { refresh_token });

describe("another client's logins", () => {
  test("70 logins to demo from one client leave a teammate's session working", async () => {
    const sandbox = createSandbox();
    const teammate = await refreshTokenOf(await login(sandbox, 'teammate'));
    for (let i = 0; i < 70; i++) expect((await login(sandbox, 'other')).status).toBe(200);
    expect((await refresh(sandbox, teammate)).status).toBe(200);
  });

  test("a client past its own bound ends only its own oldest session; a refresh keeps the login's client", async () => {
    const sandbox = createSandbox({ limits: { refreshTokensPerClient: 2 } });
    const teammate = await refreshTokenOf(await login(sandbox, 'teammate'));
    const first = await refreshTokenOf(await login(sandbox, 'other'));
    await login(sandbox, 'other');
    // The teammate's refresh, sent from anywhere, stays the teammate's session: it takes none of the other's room.
    const rotated = await refreshTokenOf(await refresh(sandbox, teammate));
    await login(sandbox, 'other');
    expect((await refresh(sandbox, first)).status).toBe(401);
    expect((await refresh(sandbox, rotated)).status).toBe(200);
  });
});

describe('an account full of sessions', () => {
  test('refuses the newcomer with 429 and Retry-After until the soonest runs out, and ends no session', async () => {
    let nowMs = Date.parse('2026-01-01T00:00:00Z');
    const sandbox = createSandbox({
      now: () => nowMs,
      limits: { refreshTokensPerAccount: 4, refreshTokensPerClient: 2 },
    });
    const held = [];
    for (const client of ['a', 'a', 'b', 'b']) held.push(await refreshTokenOf(await login(sandbox, client)));

    const refused = await login(sandbox, 'squatter');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(REFRESH_TOKEN_TTL_SECONDS));
    const payload = await refused.json();
    expect(payload.errors).toEqual([{ field: 'username', message: 'unused refresh tokens per account: at most 4' }]);
    // The refused user is told the limit, that no session was ended for them, and what to do: the same wait as the header.
    expect(payload.message).toBe(
      'Limit reached: unused refresh tokens per account (at most 4 in this sandbox, from all its clients); no session ' +
        `is ended to make room. Use a refresh token you hold, or try again in ${REFRESH_TOKEN_TTL_SECONDS} s.`,
    );
    // Another account is not affected, and a client at its own bound goes on (its own oldest ends).
    expect((await login(sandbox, 'squatter', outsider)).status).toBe(200);
    expect((await login(sandbox, 'b')).status).toBe(200);
    expect((await refresh(sandbox, held[2] as string)).status).toBe(401);
    for (const token of [held[0], held[1], held[3]]) expect((await refresh(sandbox, token as string)).status).toBe(200);

    // Once every session has run out, the newcomer is let in.
    nowMs += (REFRESH_TOKEN_TTL_SECONDS + 1) * 1000;
    expect((await login(sandbox, 'squatter')).status).toBe(200);
  });

  test('an account whose share is full still logs in from every client (its owner must be able to delete what fills it)', async () => {
    const sandbox = createSandbox();
    Object.assign(sandbox.store.limits, { accountBytes: 0 });
    const statuses = [];
    for (let i = 0; i < 20; i++) statuses.push((await login(sandbox, `client-${i}`, member)).status);
    expect(statuses).toEqual(Array(20).fill(200));
  });
});

describe('the conformance suite against a shared sandbox', () => {
  test("a whole run with the kit's sandbox profile passes and ends no teammate's session", async () => {
    const sandbox = createSandbox();
    const teammates = await Promise.all([
      login(sandbox, 'teammate').then(refreshTokenOf),
      login(sandbox, 'teammate', outsider).then(refreshTokenOf),
    ]);
    const result = await runConformance({ target: sandbox.fetch, profile: DEMO_PROFILE, timeoutMs: 60_000 });
    expect(result).toMatchObject({ failed: 0, unverified: 0, mustFailed: false });
    expect(result.passed).toBeGreaterThan(0);
    for (const token of teammates) expect((await refresh(sandbox, token)).status).toBe(200);
  }, 300_000);
});
