// Credential kinds and Authorization rules of source §5 (rules 2–4) as the client applies them.
import { describe, expect, test } from 'vitest';
import { type ApiClient, type Credential, UNAUTHENTICATED_OPERATIONS } from '../../client/index.js';
import { loadContract } from '../../contract/openapi.js';
import { clientFor, failure, fakeServer, success } from './fake-server.js';

const API_TOKEN: Credential = { kind: 'apiToken', token: 'tmk_live_secret_api_token' };
const SESSION: Credential = { kind: 'session', accessToken: 'eyJ.access.A1', refreshToken: 'eyJ.refresh.R1' };

test('the unauthenticated operations are exactly those with `security: []` in openapi.yaml', () => {
  const fromContract = loadContract()
    .operations.filter((op) => !op.authenticated)
    .map((op) => `${op.method.toUpperCase()} ${op.path}`)
    .sort();
  expect(fromContract.length).toBeGreaterThan(0);
  expect([...UNAUTHENTICATED_OPERATIONS].sort()).toEqual(fromContract);
});

describe('Authorization header per credential kind', () => {
  test.each([
    { kind: 'named API token', credential: API_TOKEN, header: 'Bearer tmk_live_secret_api_token' },
    { kind: 'web session', credential: SESSION, header: 'JWT eyJ.access.A1' },
    { kind: 'no credential', credential: undefined, header: null },
  ])('$kind → $header', async ({ credential, header }) => {
    const server = fakeServer(() => success({ member: { id: 1, username: 'demo' } }));
    const client = clientFor(server, credential ? { credential } : {});
    await client.GET('/member/me/');
    expect(server.received.map((r) => r.authorization)).toEqual([header]);
  });

  test('a session never sends its access token as Bearer, nor its refresh token in any header', async () => {
    const server = fakeServer(() => success({ companies: [] }));
    const client = clientFor(server, { credential: SESSION });
    await client.GET('/company/list/');
    await client.POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } });
    for (const { authorization } of server.received) {
      expect(authorization).toBe('JWT eyJ.access.A1');
      expect(authorization).not.toContain('eyJ.refresh.R1');
    }
  });
});

const publicCalls = {
  'POST /member/login/': (c: ApiClient, headers: Record<string, string>) =>
    c.POST('/member/login/', { body: { username: 'demo', password: 'pw', captcha_token: 'cap' }, headers }),
  'POST /member/register/': (c: ApiClient, headers: Record<string, string>) =>
    c.POST('/member/register/', {
      body: { first_name: 'Ada', username: 'ada', email: 'ada@example.com', password: 'pw', captcha_token: 'cap' },
      headers,
    }),
  'POST /member/refresh-token/': (c: ApiClient, headers: Record<string, string>) =>
    c.POST('/member/refresh-token/', { body: { refresh_token: 'eyJ.refresh.R1' }, headers }),
} satisfies Record<(typeof UNAUTHENTICATED_OPERATIONS)[number], unknown>;

describe('no Authorization on login, register and refresh', () => {
  test('the table below covers every unauthenticated operation', () => {
    expect(Object.keys(publicCalls).sort()).toEqual([...UNAUTHENTICATED_OPERATIONS].sort());
  });

  const variants: { credential: Credential | undefined; headers: Record<string, string> }[] = [
    { credential: API_TOKEN, headers: {} },
    { credential: SESSION, headers: {} },
    { credential: SESSION, headers: { Authorization: 'JWT eyJ.access.A1' } },
    { credential: undefined, headers: { authorization: 'Bearer explicit' } },
  ];
  const cases = Object.entries(publicCalls).flatMap(([operation, call]) =>
    variants.map((c) => ({
      operation,
      call,
      ...c,
      label: `${c.credential?.kind ?? 'none'} + ${JSON.stringify(c.headers)}`,
    })),
  );
  test.each(cases)('$operation with $label', async ({ operation, call, credential, headers }) => {
    const server = fakeServer(() => success({ access_token: 'eyJ.access.A2', refresh_token: 'eyJ.refresh.R2' }));
    const client = clientFor(server, credential ? { credential } : {});
    await call(client, headers);
    expect(server.received).toHaveLength(1);
    expect(`${server.received[0]?.method} ${server.received[0]?.path}`).toBe(operation);
    expect(server.received[0]?.authorization).toBeNull();
  });

  test('the refresh token travels in the body of the refresh call', async () => {
    const server = fakeServer(() => success({ access_token: 'a', refresh_token: 'r' }));
    await publicCalls['POST /member/refresh-token/'](clientFor(server, { credential: SESSION }), {});
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ refresh_token: 'eyJ.refresh.R1' });
  });
});

describe('explicit Authorization on an authenticated operation', () => {
  test.each([
    { label: 'a refresh token under JWT', header: 'JWT eyJ.refresh.R1' },
    { label: 'a JWT under Bearer', header: 'Bearer eyJ.access.A1' },
    { label: 'an unknown scheme', header: 'Token abc' },
  ])('is sent as given ($label), and its 401 starts no refresh', async ({ header }) => {
    const server = fakeServer(() => failure(401));
    const client = clientFor(server, { credential: SESSION });
    const { response } = await client.GET('/member/me/', { headers: { Authorization: header } });
    expect(response.status).toBe(401);
    expect(server.received.map((r) => `${r.path} ${r.authorization}`)).toEqual([`/member/me/ ${header}`]);
  });
});

describe('client.credential', () => {
  test('can be set after login and cleared on logout', async () => {
    const server = fakeServer(() => success({ companies: [] }));
    const client = clientFor(server);
    expect(client.credential).toBeUndefined();
    client.credential = SESSION;
    await client.GET('/company/list/');
    client.credential = undefined;
    await client.GET('/company/list/');
    expect(server.received.map((r) => r.authorization)).toEqual(['JWT eyJ.access.A1', null]);
  });

  test.each([
    { label: 'an empty API token', credential: { kind: 'apiToken', token: '' }, field: 'credential.token' },
    {
      label: 'a token with a line break',
      credential: { kind: 'apiToken', token: 'tmk_secret\r\nX-Evil: 1' },
      field: 'credential.token',
    },
    {
      label: 'a session whose access token holds a space',
      credential: { kind: 'session', accessToken: 'eyJ tmk_secret', refreshToken: 'eyJ.refresh' },
      field: 'credential.accessToken',
    },
    {
      label: 'a session without a refresh token',
      credential: { kind: 'session', accessToken: 'eyJ.access', refreshToken: undefined },
      field: 'credential.refreshToken',
    },
    { label: 'an unknown kind', credential: { kind: 'password', token: 'tmk_secret' }, field: 'credential.kind' },
  ])('rejects $label, naming the field and not the value', ({ credential, field }) => {
    const server = fakeServer(() => success());
    const bad = credential as unknown as Credential;
    expect(() => clientFor(server, { credential: bad })).toThrow(field);
    const client = clientFor(server);
    let thrown: unknown;
    try {
      client.credential = bad;
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect(String(thrown)).not.toContain('tmk_secret');
    expect(client.credential).toBeUndefined();
  });
});
