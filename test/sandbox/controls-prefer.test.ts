// Simulated states for frontends: Prefer code/example/delay, expiring an access token, the large world, controls off.
import { afterEach, expect, test, vi } from 'vitest';
import { createApiClient, paginate, unwrap } from '../../client/index.js';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { LARGE } from '../../mocks/sandbox/worlds/presets.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { sandboxUnderTest } from './harness.js';

const BASE = 'http://sandbox.test/api';
const { sandbox, fetch: checked } = sandboxUnderTest();

afterEach(() => {
  vi.useRealTimers();
});

const call = (target: Sandbox['fetch'], path: string, headers: Record<string, string> = {}, method = 'GET') =>
  target(new Request(`${BASE}${path}`, { method, headers }));

const clientOf = (target: Sandbox['fetch'], credential?: Parameters<typeof createApiClient>[0]['credential']) =>
  createApiClient({
    baseUrl: BASE,
    credential,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => target(new Request(input, init))) as typeof fetch,
  });

async function logIn(target: Sandbox['fetch']) {
  const { member } = DEMO.accounts;
  const pair = await unwrap(
    clientOf(target).POST('/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    }),
  );
  return clientOf(target, { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token });
}

test('Prefer: code=404 answers the contract example of that status, without credentials or state change', async () => {
  const res = await call(checked, '/member/me/', { prefer: 'code=404' });
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ status: 'error', message: 'Not found.' });
});

test('Prefer: code=429 answers with the declared Retry-After, readable from another origin like a real 429', async () => {
  const res = await call(checked, '/member/login/', { prefer: 'code=429', origin: 'http://localhost:5173' }, 'POST');
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
  const quota = await call(checked, '/member/bearer-tokens/', { prefer: 'code=429' }, 'POST');
  expect(quota.status).toBe(429);
  expect(quota.headers.get('retry-after')).toMatch(/^\d+$/);
});

test('Prefer: example=<name> picks a named example; an unknown one is a 400 naming Prefer', async () => {
  const res = await call(checked, '/member/me/', { prefer: 'example=member' });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data: { member: { username: string } } }).data.member.username).toBe('demo');
  const unknown = await call(checked, '/member/me/', { prefer: 'example=nobody' });
  expect(unknown.status).toBe(400);
  const payload = (await unknown.json()) as { errors: Array<{ field: string; message: string }> };
  expect(payload.errors[0]).toMatchObject({ field: 'Prefer' });
  expect(payload.errors[0]?.message).toContain('member');
});

test('Prefer: a status the operation does not declare, or a bad delay, is a 400 naming Prefer', async () => {
  for (const prefer of ['code=418', 'code=abc', 'delay=10001', 'delay=-1']) {
    const res = await call(checked, '/member/me/', { prefer });
    expect(res.status, prefer).toBe(400);
    expect(JSON.stringify(await res.json()), prefer).toContain('"field":"Prefer"');
  }
});

test('Prefer: delay=<ms> holds the answer back until that time has passed', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  let settled = false;
  const pending = call(checked, '/member/me/', { prefer: 'delay=5000' }).then((res) => {
    settled = true;
    return res;
  });
  await vi.advanceTimersByTimeAsync(4_900);
  expect(settled).toBe(false);
  await vi.advanceTimersByTimeAsync(200);
  expect(settled).toBe(true);
  expect((await pending).status).toBe(401);
});

test('POST /_sandbox/expire-token/: the old access token is refused as expired and the client rotates', async () => {
  const api = await logIn(sandbox.fetch);
  const before = api.credential as { accessToken: string; refreshToken: string };
  const withoutToken = await sandbox.fetch(new Request('http://127.0.0.1/_sandbox/expire-token/', { method: 'POST' }));
  expect(withoutToken.status).toBe(400);
  expect(JSON.stringify(await withoutToken.json())).toContain('"field":"Authorization"');
  const done = await sandbox.fetch(
    new Request('http://127.0.0.1/_sandbox/expire-token/', {
      method: 'POST',
      headers: { authorization: `JWT ${before.accessToken}` },
    }),
  );
  expect(done.status).toBe(200);
  const refused = await call(sandbox.fetch, '/member/me/', { authorization: `JWT ${before.accessToken}` });
  expect(refused.status).toBe(401);
  expect(JSON.stringify(await refused.json())).toContain('expired');
  // The typed client sees the 401, refreshes once, and retries with the new pair.
  const me = await unwrap(api.GET('/member/me/'));
  expect(me.member.id).toBe(DEMO.accounts.member.id);
  const after = api.credential as { accessToken: string; refreshToken: string };
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.refreshToken).not.toBe(before.refreshToken);
});

test('Prefer: expire-token expires the token of that very request, and the client rotates', async () => {
  const api = await logIn(sandbox.fetch);
  const before = (api.credential as { accessToken: string }).accessToken;
  const res = await call(sandbox.fetch, '/member/me/', { authorization: `JWT ${before}`, prefer: 'expire-token' });
  expect(res.status).toBe(401);
  expect((await unwrap(api.GET('/member/me/'))).member.id).toBe(DEMO.accounts.member.id);
  expect((api.credential as { accessToken: string }).accessToken).not.toBe(before);
});

/** A sandbox behind a fetch that counts the refreshes the client sends. */
function countingRefreshes(target: Sandbox['fetch']) {
  const refreshes: string[] = [];
  const fetch: Sandbox['fetch'] = (request) => {
    if (new URL(request.url).pathname.endsWith('/member/refresh-token/')) refreshes.push(request.method);
    return target(request);
  };
  return { fetch, refreshes };
}

test('Prefer: expire-token through the typed client: each request is answered after exactly one silent refresh', async () => {
  const own = createSandbox();
  const { fetch, refreshes } = countingRefreshes(own.fetch);
  const api = await logIn(fetch);
  const expire = { headers: { Prefer: 'expire-token' } };
  const spent: string[] = [];
  for (const round of [1, 2, 3]) {
    const used = (api.credential as { accessToken: string }).accessToken;
    const me = await unwrap(api.GET('/member/me/', expire));
    expect(me.member.id, `round ${round}`).toBe(DEMO.accounts.member.id);
    expect(refreshes, `round ${round}`).toHaveLength(round);
    spent.push(used);
  }
  // A write too: refused before it ran, then done once by the resend.
  const tokens = () => [...own.store.tokens.values()].filter((t) => t.title === 'resent once').length;
  const made = await unwrap(
    api.POST('/member/bearer-tokens/', { body: { title: 'resent once', is_active: true }, ...expire }),
  );
  expect(made.token.title).toBe('resent once');
  expect(tokens()).toBe(1);
  expect(refreshes).toHaveLength(4);
  // Every token the preference met stays expired; the client's current one works without a refresh.
  for (const token of spent) {
    expect((await call(own.fetch, '/member/me/', { authorization: `JWT ${token}` })).status).toBe(401);
  }
  expect((await unwrap(api.GET('/member/me/'))).member.id).toBe(DEMO.accounts.member.id);
  expect(refreshes).toHaveLength(4);
});

test('Prefer: expire-token on concurrent requests: one shared refresh answers them all', async () => {
  const own = createSandbox();
  const { fetch, refreshes } = countingRefreshes(own.fetch);
  const api = await logIn(fetch);
  const expire = { headers: { Prefer: 'expire-token' } };
  const query = { params: { query: { company_id: DEMO.companyId, board_id: DEMO.boardId } }, ...expire };
  const answers = await Promise.all([
    api.GET('/member/me/', expire),
    api.GET('/member/me/', expire),
    api.GET('/features/qa/scenarios/list/', query),
  ]);
  expect(answers.map((a) => a.response.status)).toEqual([200, 200, 200]);
  expect(refreshes).toHaveLength(1);
});

test("Prefer: expire-token on a sandbox with a clock of its own (a test's fake clock): the resend is still answered", async () => {
  const own = createSandbox({ now: () => Date.parse('2020-01-01T00:00:00Z') });
  const { fetch, refreshes } = countingRefreshes(own.fetch);
  const api = await logIn(fetch);
  const me = await unwrap(api.GET('/member/me/', { headers: { Prefer: 'expire-token' } }));
  expect(me.member.id).toBe(DEMO.accounts.member.id);
  expect(refreshes).toHaveLength(1);
});

test('Prefer: expire-token: the token it met stays expired; the same request with a new token is its resend, another is not', async () => {
  const own = createSandbox();
  const tokenOf = async () => ((await logIn(own.fetch)).credential as { accessToken: string }).accessToken;
  const expire = (path: string, token: string) =>
    call(own.fetch, path, { authorization: `JWT ${token}`, prefer: 'expire-token' });
  const first = await tokenOf();
  expect((await expire('/member/me/', first)).status).toBe(401);
  // The same token again is no resend: it stays expired.
  expect((await expire('/member/me/', first)).status).toBe(401);
  // Another request of the account, with a token the preference never met: a request of its own, refused.
  expect((await expire('/company/list/', await tokenOf())).status).toBe(401);
  // The refused request, sent again as it was with a new token of the account: the resend, answered (once per refusal).
  const fresh = await tokenOf();
  expect((await expire('/member/me/', fresh)).status).toBe(200);
  expect((await expire('/member/me/', fresh)).status).toBe(200);
  expect((await expire('/member/me/', fresh)).status).toBe(401);
});

test('Prefer: example= names only an own example: example=constructor or __proto__ is a 400 naming Prefer', async () => {
  for (const name of ['constructor', '__proto__', 'toString']) {
    const res = await call(checked, '/member/me/', { prefer: `example=${name}` });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('"field":"Prefer"');
  }
});

test('junk tokens sent with Prefer: expire-token are refused, recorded nowhere, and never revive an expired token', async () => {
  const own = createSandbox();
  const api = await logIn(own.fetch);
  const victim = (api.credential as { accessToken: string }).accessToken;
  expect(
    (await call(own.fetch, '/member/me/', { authorization: `JWT ${victim}`, prefer: 'expire-token' })).status,
  ).toBe(401);
  // More junk than the bound on kept tokens: with the old first-in-first-out bound, the victim's token came back.
  for (let i = 0; i < 10_001; i++) {
    const junk = await call(own.fetch, '/member/me/', { authorization: `JWT junk.${i}.x`, prefer: 'expire-token' });
    expect(junk.status).toBe(401);
  }
  const again = await call(own.fetch, '/member/me/', { authorization: `JWT ${victim}` });
  expect(again.status).toBe(401);
  expect(JSON.stringify(await again.json())).toContain('expired');
});

// The empty world has no board at all; the large one holds 3,005 scenarios on the demo board (the cap was 1,000).
test.each(['demo', 'large'] as const)('the %s world accepts a new scenario on its board', async (world) => {
  const own = createSandbox({ world });
  const api = await logIn(own.fetch);
  const made = await api.POST('/features/qa/scenarios/list/', {
    params: { query: { company_id: DEMO.companyId, board_id: DEMO.boardId } },
    body: { title: `new in ${world}`, parent_id: null },
  });
  expect(made.response.status, JSON.stringify(made.error)).toBe(201);
});

test('the large world: thousands of scenarios and tasks, the same every time, paged by the client', async () => {
  const large = createSandbox({ world: 'large' });
  const again = createSandbox({ world: 'large' });
  const scenarios = LARGE.rootScenarios * (1 + LARGE.childrenPerRoot);
  expect(large.store.scenarios.size).toBe(createSandbox().store.scenarios.size + scenarios);
  expect([...large.store.tasks.values()].map((t) => t.title)).toEqual(
    [...again.store.tasks.values()].map((t) => t.title),
  );
  const api = await logIn(large.fetch);
  const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };
  let count = 0;
  for await (const _ of paginate(
    (page, limit) => api.GET('/task/list/', { params: { query: { ...board, page, limit } } }),
    'tasks',
    { limit: 100 },
  )) {
    count += 1;
  }
  const demoTasksOnBoard = [...createSandbox().store.tasks.values()].filter((t) => t.boardId === DEMO.boardId).length;
  expect(count).toBe(LARGE.tasks + demoTasksOnBoard);
  // The demo's own ids and accounts are unchanged underneath.
  expect(large.store.scenarios.get(DEMO.scenarios.checkout)?.title).toBe('Checkout');
});

test('controls: false (a conformance target): Prefer is ignored and /_sandbox/ is not there', async () => {
  const plain = createSandbox({ controls: false });
  expect((await call(plain.fetch, '/member/me/', { prefer: 'code=404' })).status).toBe(401);
  const reset = await plain.fetch(new Request('http://127.0.0.1/_sandbox/reset/', { method: 'POST' }));
  expect(reset.status).toBe(404);
  const expire = await plain.fetch(new Request('http://127.0.0.1/_sandbox/expire-token/', { method: 'POST' }));
  expect(expire.status).toBe(404);
});
