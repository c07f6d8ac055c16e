// Ambiguous failures (source §1): a POST that may have taken effect is sent once and reported as OutcomeUnknownError.
import { describe, expect, test } from 'vitest';
import { ApiError, type Credential, OutcomeUnknownError, unwrap } from '../../client/index.js';
import { clientFor, failure, fakeServer, type Handler, success } from './fake-server.js';

const SESSION: Credential = { kind: 'session', accessToken: 'A1', refreshToken: 'R1' };

/** Never answers; rejects when the request is aborted, as a real fetch does. */
const hang: Handler = ({ signal }) =>
  new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(signal.reason));
  });

const ambiguousAnswers: { label: string; answer: Handler; what: string; status: number | undefined }[] = [
  {
    label: 'network error',
    answer: () => {
      throw new TypeError('fetch failed');
    },
    what: 'network error',
    status: undefined,
  },
  { label: 'timeout', answer: hang, what: 'timed out after 20 ms', status: undefined },
  { label: '500', answer: () => failure(500), what: 'HTTP 500', status: 500 },
  { label: '503 without a body', answer: () => new Response(null, { status: 503 }), what: 'HTTP 503', status: 503 },
  {
    label: '201 whose body is not JSON',
    answer: () => new Response('<html>created</html>', { status: 201 }),
    what: 'HTTP 201, a body that is not JSON',
    status: 201,
  },
];

describe('a POST that fails ambiguously is never repeated', () => {
  test.each(ambiguousAnswers)('$label → OutcomeUnknownError, sent once', async ({ answer, what, status }) => {
    const server = fakeServer(answer);
    const client = clientFor(server, { credential: SESSION, timeoutMs: 20 });
    const error = await client
      .POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation: 'POST /member/bearer-tokens/', status });
    expect((error as Error).message).toContain(what);
    expect((error as Error).message).toContain('check whether it took effect');
    expect(server.received.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /member/bearer-tokens/']);
  });

  test('also after a refresh: the resent POST that fails ambiguously is not sent a third time', async () => {
    const server = fakeServer((r) => {
      if (r.path === '/member/refresh-token/') return success({ access_token: 'A2', refresh_token: 'R2' });
      return r.authorization === 'JWT A1' ? failure(401) : failure(502);
    });
    const client = clientFor(server, { credential: SESSION });
    const error = await client
      .POST('/features/qa/sessions/start/', {
        params: { query: { company_id: 1, board_id: 1 } },
        body: { scenario_id: 1 },
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'OutcomeUnknownError',
      operation: 'POST /features/qa/sessions/start/',
      status: 502,
    });
    expect(server.received.map((r) => `${r.path} ${r.authorization}`)).toEqual([
      '/features/qa/sessions/start/ JWT A1',
      '/member/refresh-token/ null',
      '/features/qa/sessions/start/ JWT A2',
    ]);
  });
});

describe('other methods', () => {
  test.each([
    { method: 'GET', status: 503 },
    { method: 'GET', status: 500 },
    { method: 'PATCH', status: 500 },
    { method: 'DELETE', status: 502 },
  ])('$method $status → ApiError from unwrap, sent once', async ({ method, status }) => {
    const server = fakeServer(() => failure(status, { status: 'error', message: 'down' }));
    const client = clientFor(server, { credential: SESSION });
    const query = { company_id: 1, board_id: 1, case_id: 7 };
    const result =
      method === 'GET'
        ? client.GET('/features/qa/cases/', { params: { query } })
        : method === 'PATCH'
          ? client.PATCH('/features/qa/cases/', { params: { query }, body: { title: 'x' } })
          : client.DELETE('/features/qa/cases/', { params: { query } });
    const error = await unwrap(result).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, operation: `${method} /features/qa/cases/`, payload: { message: 'down' } });
    expect(server.received).toHaveLength(1);
  });

  test('a GET network error rejects with the network error, sent once', async () => {
    const server = fakeServer(() => {
      throw new TypeError('fetch failed');
    });
    await expect(clientFor(server).GET('/company/list/')).rejects.toThrow('fetch failed');
    expect(server.received).toHaveLength(1);
  });

  test('a GET timeout rejects with a TimeoutError', async () => {
    const server = fakeServer(hang);
    await expect(clientFor(server, { timeoutMs: 20 }).GET('/company/list/')).rejects.toMatchObject({
      name: 'TimeoutError',
    });
  });

  test('a GET 200 whose body is not JSON → ApiError', async () => {
    const server = fakeServer(() => new Response('<html>login page</html>', { status: 200 }));
    const error = await clientFor(server)
      .GET('/company/list/')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 200, operation: 'GET /company/list/', payload: undefined });
    expect((error as Error).message).toBe('GET /company/list/: HTTP 200, a body that is not JSON');
  });

  test("a GET refused with a body that is not JSON (a proxy's 502 page) comes back like any refusal", async () => {
    const server = fakeServer(() => new Response('<h1>Bad gateway</h1>', { status: 502 }));
    const { response, error } = await clientFor(server).GET('/company/list/');
    expect(response.status).toBe(502);
    expect(error).toBeDefined();
    expect(server.received).toHaveLength(1);
  });
});

test.each([
  { label: 'no base URL', options: { baseUrl: '' }, message: 'baseUrl' },
  { label: 'a zero timeout', options: { timeoutMs: 0 }, message: 'timeoutMs' },
  { label: 'a NaN timeout', options: { timeoutMs: Number.NaN }, message: 'timeoutMs' },
])('createApiClient rejects $label', ({ options, message }) => {
  expect(() =>
    clientFor(
      fakeServer(() => success()),
      options,
    ),
  ).toThrow(message);
});
