// What a reset and a replaced world forget and keep (docs/sandbox.md, "Credentials", "Reset, an empty world, and other
// hosts", "Durability"): every credential of the old world stops at a reset, even one verified and cached just before;
// a tab that loads another tab's world keeps its users logged in (their access and refresh tokens still work) and
// forgets what the other tab removed.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { sandboxHandlers, type WorldStorage } from '../../mocks/sandbox/hosts/msw.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, requestTo, sandboxUnderTest } from './harness.js';

const { member } = DEMO.accounts;
const login = { username: member.username, password: member.password, captcha_token: DEMO.captchaToken };

describe('a reset', () => {
  const { fetch, call, sandbox } = sandboxUnderTest();

  /** A session and a named API token of the demo member, each used once (so the JWT is verified and cached). */
  async function credentials() {
    const pair = (await call('POST', '/member/login/', { body: login })).json.data;
    const jwt = `JWT ${pair.access_token}`;
    expect((await call('GET', '/member/me/', { auth: jwt })).status).toBe(200);
    const created = await call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'before the reset', is_active: true },
    });
    const bearer = `Bearer ${created.json.data.token.token}`;
    expect((await call('GET', '/member/me/', { auth: bearer })).status).toBe(200);
    return { jwt, bearer, refresh: pair.refresh_token as string };
  }

  async function expectForgotten({ jwt, bearer, refresh }: Awaited<ReturnType<typeof credentials>>) {
    expect((await call('GET', '/member/me/', { auth: jwt })).status).toBe(401);
    expect((await call('GET', '/member/me/', { auth: jwt.replace('JWT', 'jwt') })).status).toBe(401);
    expect((await call('GET', '/member/me/', { auth: bearer })).status).toBe(401);
    expect((await call('POST', '/member/refresh-token/', { body: { refresh_token: refresh } })).status).toBe(401);
    // What it keeps: the seeded world, whose accounts log in again.
    expect((await call('POST', '/member/login/', { body: login })).status).toBe(200);
  }

  test('through POST /_sandbox/reset/: a JWT verified just before, a named token and a refresh token all stop', async () => {
    const before = await credentials();
    expect((await fetch(requestTo('POST', '/_sandbox/reset/'))).status).toBe(200);
    await expectForgotten(before);
  });

  test('through sandbox.reset(): the same', async () => {
    const before = await credentials();
    sandbox.reset();
    await expectForgotten(before);
  });
});

describe("a tab that loads another tab's world (MSW, one localStorage)", () => {
  const server = setupServer();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  const items = new Map<string, string>();
  const storage: WorldStorage = { getItem: (k) => items.get(k) ?? null, setItem: (k, v) => void items.set(k, v) };
  let tabs = 0;
  /** A tab: its own sandbox over the shared storage, at its own base URL. */
  function openTab() {
    tabs += 1;
    const baseUrl = `http://forget-${tabs}.test/api`;
    server.use(...sandboxHandlers({ baseUrl, storage }));
    return async (method: string, path: string, auth?: string, body?: unknown) => {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      if (auth) headers.authorization = auth;
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? null : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    };
  }

  test('keeps its users logged in (access and refresh tokens work) and forgets what the other tab removed', async () => {
    const [a, b] = [openTab(), openTab()];
    // B's member logs in and makes a named token, which B stores; A's member logs in after, from the stored world.
    const pairB = (await b('POST', '/member/login/', undefined, login)).json.data;
    const jwtB = `JWT ${pairB.access_token}`;
    const made = await b('POST', '/member/bearer-tokens/', jwtB, { title: 'made in tab B', is_active: true });
    const bearer = `Bearer ${made.json.data.token.token}`;
    const jwtA = `JWT ${(await a('POST', '/member/login/', undefined, login)).json.data.access_token}`;
    // A deletes B's token and writes a scenario: both are stored.
    const key = made.json.data.token.key;
    expect((await a('DELETE', `/member/bearer-tokens/detail/?key=${key}`, jwtA)).status).toBe(200);
    const scenario = { title: 'from tab A', parent_id: null };
    expect((await a('POST', `/features/qa/scenarios/list/?${onBoard()}`, jwtA, scenario)).status).toBe(201);
    // B's next write (a refresh) loads A's world first: B's refresh token still works, the new pair reads A's world.
    const refreshed = await b('POST', '/member/refresh-token/', undefined, { refresh_token: pairB.refresh_token });
    expect(refreshed.status, JSON.stringify(refreshed.json)).toBe(200);
    const list = await b('GET', `/features/qa/scenarios/list/?${onBoard()}`, `JWT ${refreshed.json.data.access_token}`);
    expect(list.json.data.scenarios.map((s: { title: string }) => s.title)).toContain('from tab A');
    // B's access token from before still works; the token A deleted no longer does.
    expect((await b('GET', '/member/me/', jwtB)).status).toBe(200);
    expect((await b('GET', '/member/me/', bearer)).status).toBe(401);
  });
});
