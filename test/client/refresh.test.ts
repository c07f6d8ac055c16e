// Refresh rotation (source §2, §5 rule 2): refresh once on a 401, save first, resend once, one refresh for many 401s.
import { describe, expect, test, vi } from 'vitest';
import {
  ApiError,
  type Credential,
  createApiClient,
  DEFAULT_SESSION_STORE_TIMEOUT_MS,
  OutcomeUnknownError,
  SessionStoreError,
  unwrap,
} from '../../client/index.js';
import {
  clientFor,
  deferred,
  failure,
  fakeServer,
  type Handler,
  type Received,
  success,
  until,
} from './fake-server.js';

const SESSION: Credential = { kind: 'session', accessToken: 'A1', refreshToken: 'R1' };
const ROTATED = { accessToken: 'A2', refreshToken: 'R2' };

/** A service where A1 has expired, R1 rotates to (A2, R2) once, and A2 works. */
function rotatingHandler(onRefresh?: () => Promise<void>): Handler {
  let r1Used = false;
  return async (r: Received) => {
    if (r.path === '/member/refresh-token/') {
      await onRefresh?.();
      const { refresh_token } = JSON.parse(r.body) as { refresh_token: string };
      if (refresh_token !== 'R1' || r1Used) return failure(401);
      r1Used = true;
      return success({ access_token: 'A2', refresh_token: 'R2' });
    }
    if (r.authorization !== 'JWT A2') return failure(401);
    return r.method === 'POST' ? success({ echo: JSON.parse(r.body) }, 201) : success({ member: { id: 1 } });
  };
}

const rotatingService = (onRefresh?: () => Promise<void>) => fakeServer(rotatingHandler(onRefresh));

function recordingStore(events: string[], pause?: Promise<void>) {
  const saved: unknown[] = [];
  return {
    saved,
    store: {
      async save(pair: { accessToken: string; refreshToken: string }) {
        events.push(`save ${pair.accessToken} ${pair.refreshToken} begins`);
        await (pause ?? new Promise((r) => setTimeout(r, 0)));
        saved.push(pair);
        events.push('save ends');
      },
    },
  };
}

describe('rotation on a 401 with a session', () => {
  test('refresh (no Authorization), then save awaited, then the rejected request resent with the new token', async () => {
    const server = rotatingService();
    const { store, saved } = recordingStore(server.events);
    const client = clientFor(server, { credential: SESSION, sessionStore: store });
    const data = await unwrap(client.GET('/member/me/'));
    expect(data).toEqual({ member: { id: 1 } });
    expect(server.events).toEqual([
      'GET /member/me/ JWT A1',
      'POST /member/refresh-token/ -',
      'save A2 R2 begins',
      'save ends',
      'GET /member/me/ JWT A2',
    ]);
    expect(JSON.parse(server.received[1]?.body ?? '')).toEqual({ refresh_token: 'R1' });
    expect(saved).toEqual([ROTATED]);
    expect(client.credential).toEqual({ kind: 'session', ...ROTATED });
  });

  test('a POST body is replayed unchanged after the refresh', async () => {
    const server = rotatingService();
    const client = clientFor(server, { credential: SESSION });
    const body = { title: 'ci-bot', is_active: true, metadata: { owner: 'qa' } };
    const { response } = await client.POST('/member/bearer-tokens/', { body });
    expect(response.status).toBe(201);
    const posts = server.received.filter((r) => r.path === '/member/bearer-tokens/');
    expect(posts.map((r) => [r.authorization, JSON.parse(r.body)])).toEqual([
      ['JWT A1', body],
      ['JWT A2', body],
    ]);
  });

  test('a request started during the refresh waits until the new pair is saved, then uses it', async () => {
    const release = deferred<void>();
    const server = rotatingService(() => release.promise);
    const { store } = recordingStore(server.events);
    const client = clientFor(server, { credential: SESSION, sessionStore: store });
    const first = client.GET('/member/me/');
    await until(() => server.events.includes('POST /member/refresh-token/ -'), 'the refresh is sent');
    const later = client.GET('/company/list/');
    release.resolve();
    await Promise.all([first, later]);
    expect(server.events).toEqual([
      'GET /member/me/ JWT A1',
      'POST /member/refresh-token/ -',
      'save A2 R2 begins',
      'save ends',
      'GET /member/me/ JWT A2',
      'GET /company/list/ JWT A2',
    ]);
  });

  test('concurrent 401s share one refresh', async () => {
    const server = rotatingService();
    const client = clientFor(server, { credential: SESSION });
    const results = await Promise.all([
      client.GET('/member/me/'),
      client.GET('/company/list/'),
      client.POST('/member/bearer-tokens/', { body: { title: 't', is_active: true } }),
    ]);
    expect(results.map((r) => r.response.status)).toEqual([200, 200, 201]);
    expect(server.received.filter((r) => r.path === '/member/refresh-token/')).toHaveLength(1);
    expect(server.received.filter((r) => r.authorization === 'JWT A2')).toHaveLength(3);
  });

  test('a 401 that arrives after the rotation finished is resent with the new token, without a second refresh', async () => {
    const slow = deferred<void>();
    const rotating = rotatingHandler();
    const server = fakeServer(async (r, request) => {
      if (r.path === '/company/list/' && r.authorization === 'JWT A1') await slow.promise;
      return rotating(r, request);
    });
    const client = clientFor(server, { credential: SESSION });
    const late = client.GET('/company/list/');
    await unwrap(client.GET('/member/me/'));
    slow.resolve();
    expect((await late).response.status).toBe(200);
    expect(server.events.filter((e) => e.startsWith('POST /member/refresh-token/'))).toHaveLength(1);
    expect(server.events.at(-1)).toBe('GET /company/list/ JWT A2');
  });

  test('a second 401 is returned as is: one refresh, one resend', async () => {
    const server = fakeServer((r) =>
      r.path === '/member/refresh-token/' ? success({ access_token: 'A2', refresh_token: 'R2' }) : failure(401),
    );
    const client = clientFor(server, { credential: SESSION });
    const result = client.GET('/member/me/');
    await expect(unwrap(result)).rejects.toMatchObject({ name: 'ApiError', status: 401, operation: 'GET /member/me/' });
    expect(server.events).toEqual([
      'GET /member/me/ JWT A1',
      'POST /member/refresh-token/ -',
      'GET /member/me/ JWT A2',
    ]);
  });
});

describe('when the session cannot be renewed', () => {
  test.each([
    { label: 'the refresh is rejected (401)', answer: () => failure(401) },
    { label: 'the refresh is a validation failure (400)', answer: () => failure(400) },
    { label: 'the refresh lacks the refresh token', answer: () => success({ access_token: 'A2' }) },
    { label: 'the refresh lacks the access token', answer: () => success({ refresh_token: 'R2' }) },
  ])('$label → the original 401, nothing saved, credential kept', async ({ answer }) => {
    const server = fakeServer((r) => (r.path === '/member/refresh-token/' ? answer() : failure(401)));
    const { store, saved } = recordingStore(server.events);
    const client = clientFor(server, { credential: SESSION, sessionStore: store });
    const { response } = await client.GET('/member/me/');
    expect(response.status).toBe(401);
    expect(server.received.map((r) => r.path)).toEqual(['/member/me/', '/member/refresh-token/']);
    expect(saved).toEqual([]);
    expect(client.credential).toEqual(SESSION);
  });

  // A 2xx the client cannot read may still have rotated the pair and spent R1: as unknown as a lost answer.
  test.each([
    {
      label: 'a network error',
      answer: () => {
        throw new TypeError('fetch failed');
      },
    },
    { label: 'a 200 without the envelope', answer: () => Response.json({ access_token: 'A2', refresh_token: 'R2' }) },
    { label: 'a redirect', answer: () => new Response(null, { status: 302, headers: { Location: '/login/' } }) },
  ])(
    'a refresh answered with $label surfaces as OutcomeUnknownError of the refresh, not repeated',
    async ({ answer }) => {
      const server = fakeServer((r) => (r.path === '/member/refresh-token/' ? answer() : failure(401)));
      const { store, saved } = recordingStore(server.events);
      const client = clientFor(server, { credential: SESSION, sessionStore: store });
      const error = await client.GET('/member/me/').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ operation: 'POST /member/refresh-token/' });
      expect(server.received.map((r) => r.path)).toEqual(['/member/me/', '/member/refresh-token/']);
      expect(saved).toEqual([]);
    },
  );

  test.each([
    [
      'throws',
      () => {
        throw new Error('disk full A2');
      },
    ],
    ['rejects', () => Promise.reject(new DOMException('quota A2', 'QuotaExceededError'))],
  ])(
    'a store that %s: a SessionStoreError carrying its error, not resent, the new pair stays in use',
    async (_, save) => {
      const server = rotatingService();
      const client = clientFor(server, { credential: SESSION, sessionStore: { save } });
      const error = await client.GET('/member/me/').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SessionStoreError);
      expect(error).toMatchObject({ timedOut: false, cause: expect.objectContaining({ message: expect.any(String) }) });
      // The store's message may quote the pair: only its name is in the client's message.
      expect(String((error as Error).message)).not.toMatch(/A2|R2/);
      expect(client.credential).toEqual({ kind: 'session', ...ROTATED });
      expect(server.received.map((r) => r.path)).toEqual(['/member/me/', '/member/refresh-token/']);
    },
  );

  test('a store that never settles: the request fails with SessionStoreError (timedOut) instead of hanging', async () => {
    const server = rotatingService();
    const client = clientFor(server, {
      credential: SESSION,
      sessionStore: { save: () => new Promise<void>(() => {}) },
      sessionStoreTimeoutMs: 20,
    });
    const error = await client.GET('/member/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionStoreError);
    expect(error).toMatchObject({ timedOut: true, cause: undefined });
    expect(String((error as Error).message)).toContain('did not settle within 20 ms');
    expect(client.credential).toEqual({ kind: 'session', ...ROTATED });
    // Later requests are not held by the stuck store: they go out with the rotated pair.
    expect((await unwrap(client.GET('/member/me/'))).member).toEqual({ id: 1 });
  });

  test('a store that saved leaves no timer behind: a script that refreshed can exit at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const saved: unknown[] = [];
      const client = clientFor(rotatingService(), {
        credential: SESSION,
        sessionStore: { save: (pair) => void saved.push(pair) },
      });
      expect((await unwrap(client.GET('/member/me/'))).member).toEqual({ id: 1 });
      expect(saved).toEqual([ROTATED]);
      // A timer still pending would keep Node running for the store's bound (5 s by default) after the work is done.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  test('the store bound defaults to 5 s and must be a positive timer-sized number', () => {
    expect(DEFAULT_SESSION_STORE_TIMEOUT_MS).toBe(5000);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 31]) {
      expect(() => createApiClient({ baseUrl: 'http://x.test/api', sessionStoreTimeoutMs: bad })).toThrow(
        /sessionStoreTimeoutMs/,
      );
    }
  });

  test('a named API token gets no refresh on 401', async () => {
    const server = fakeServer(() => failure(401));
    const client = clientFor(server, { credential: { kind: 'apiToken', token: 'tmk_1' } });
    await expect(unwrap(client.GET('/member/me/'))).rejects.toBeInstanceOf(ApiError);
    expect(server.received.map((r) => r.path)).toEqual(['/member/me/']);
  });
});

// The caller's word wins over a refresh still in flight: a log-out or a new login during it is never undone.
describe('a credential the caller replaces while a refresh runs', () => {
  const OTHER: Credential = { kind: 'session', accessToken: 'B1', refreshToken: 'S1' };

  /** A1 has expired and R1 rotates to (A2, R2) once the test releases the refresh; A2, B1 and tmk_new work. */
  function heldRefresh() {
    const release = deferred<void>();
    const rotating = rotatingHandler(() => release.promise);
    const server = fakeServer((r, request) =>
      r.authorization === 'JWT B1' || r.authorization === 'Bearer tmk_new'
        ? success({ member: { id: 2 } })
        : rotating(r, request),
    );
    const refreshSent = () => until(() => server.events.includes('POST /member/refresh-token/ -'), 'the refresh');
    return { server, release, refreshSent };
  }

  test.each([
    { label: 'another session (a new login)', replaced: OTHER, resent: 'GET /member/me/ JWT B1', status: 200 },
    {
      label: 'a named API token',
      replaced: { kind: 'apiToken', token: 'tmk_new' } as Credential,
      resent: 'GET /member/me/ Bearer tmk_new',
      status: 200,
    },
    // Logged out: the request that met the 401 is not resent, and its caller gets that 401.
    { label: 'nothing (a log-out)', replaced: undefined, resent: 'POST /member/refresh-token/ -', status: 401 },
  ])('replaced by $label: kept, the rotated pair neither stored nor used', async ({ replaced, resent, status }) => {
    const { server, release, refreshSent } = heldRefresh();
    const { store, saved } = recordingStore(server.events);
    const client = clientFor(server, { credential: SESSION, sessionStore: store });
    const pending = client.GET('/member/me/');
    await refreshSent();
    client.credential = replaced;
    release.resolve();
    const { response } = await pending;
    expect(client.credential).toEqual(replaced);
    // Stored, the old session's pair would come back at the next page load, after the user logged out.
    expect(saved).toEqual([]);
    expect(server.events.filter((e) => e.includes('A2'))).toEqual([]);
    expect(server.events.at(-1)).toBe(resent);
    expect(response.status).toBe(status);
  });

  test('replaced while the rotated pair is being stored: the replacement stays in use', async () => {
    const saving = deferred<void>();
    const server = rotatingService();
    const { store } = recordingStore(server.events, saving.promise);
    const client = clientFor(server, { credential: SESSION, sessionStore: store });
    const pending = client.GET('/member/me/');
    await until(() => server.events.includes('save A2 R2 begins'), 'the save');
    client.credential = OTHER;
    saving.resolve();
    await pending;
    expect(client.credential).toEqual(OTHER);
  });

  test('a later request goes out with the replacement, not with the rotated pair', async () => {
    const { server, release, refreshSent } = heldRefresh();
    const client = clientFor(server, { credential: SESSION });
    const pending = client.GET('/member/me/');
    await refreshSent();
    client.credential = OTHER;
    release.resolve();
    await pending;
    expect((await unwrap(client.GET('/member/me/'))).member).toEqual({ id: 2 });
    expect(server.events.at(-1)).toBe('GET /member/me/ JWT B1');
    expect(client.credential).toEqual(OTHER);
  });
});
