// Writes (source §1): a redirected or unreadable answer to a POST, PATCH or DELETE never reads as a success.
import { describe, expect, test } from 'vitest';
import { type ApiClient, OutcomeUnknownError, unwrap } from '../../client/index.js';
import { BASE_URL, clientFor, failure, fakeServer, type Handler, success } from './fake-server.js';

const board = { company_id: 1, board_id: 1 };

const writes = {
  POST: (c: ApiClient) => c.POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } }),
  PATCH: (c: ApiClient) =>
    c.PATCH('/features/qa/scenarios/', { params: { query: { ...board, scenario_id: 7 } }, body: { title: 'x' } }),
  DELETE: (c: ApiClient) => c.DELETE('/features/qa/scenarios/', { params: { query: { ...board, scenario_id: 7 } } }),
};
const pathOf = { POST: '/member/bearer-tokens/', PATCH: '/features/qa/scenarios/', DELETE: '/features/qa/scenarios/' };

/** Redirects every write to a page whose GET answers a success envelope: what a followed redirect would read. */
const redirecting =
  (status: number): Handler =>
  (r) =>
    r.method === 'GET'
      ? success({ token: { key: 'k', title: 'replayed as a GET' } })
      : new Response(null, { status, headers: { Location: '/api/member/landing/?session=tmk_secret#top' } });

async function outcome(call: Promise<unknown>): Promise<unknown> {
  return call.then(
    async (result) => ({ resolved: await unwrap(result as Parameters<typeof unwrap>[0]) }),
    (e: unknown) => e,
  );
}

describe('a redirected write is not followed and not confirmed', () => {
  test.each([
    { method: 'POST', status: 301 },
    { method: 'POST', status: 302 },
    { method: 'POST', status: 303 },
    { method: 'POST', status: 307 },
    { method: 'PATCH', status: 303 },
    { method: 'PATCH', status: 308 },
    { method: 'DELETE', status: 303 },
  ] as const)(
    '$method answered $status → OutcomeUnknownError, sent once, never as a GET',
    async ({ method, status }) => {
      const server = fakeServer(redirecting(status));
      const error = await outcome(writes[method](clientFor(server)));
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ operation: `${method} ${pathOf[method]}`, status });
      const { message } = error as Error;
      expect(message).toContain(
        `HTTP ${status}, redirected to http://127.0.0.1:4010/api/member/landing/ (not followed): the write was not confirmed`,
      );
      expect(message).not.toContain('tmk_secret');
      expect(server.received.map((r) => `${r.method} ${r.path} ${r.redirect}`)).toEqual([
        `${method} ${pathOf[method]} manual`,
      ]);
    },
  );

  test('in a browser (an opaque redirect, status 0) → OutcomeUnknownError, sent once', async () => {
    const server = fakeServer(redirecting(303), { browser: true });
    const error = await outcome(writes.POST(clientFor(server)));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation: 'POST /member/bearer-tokens/', status: 0 });
    expect((error as Error).message).toContain(
      'redirected to an address the browser does not reveal (not followed): the write was not confirmed',
    );
    expect(server.received).toHaveLength(1);
  });

  test('a redirect without a Location is not confirmed either', async () => {
    const server = fakeServer(() => new Response(null, { status: 300 }));
    const error = await outcome(writes.DELETE(clientFor(server)));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).toContain('HTTP 300, a redirect without a Location (not followed)');
  });

  test('a redirect to an address that is not a URL is not confirmed, and the address is not quoted', async () => {
    const server = fakeServer(() => new Response(null, { status: 302, headers: { Location: 'http://[tmk_secret' } }));
    const error = await outcome(writes.POST(clientFor(server)));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as Error).message).toContain('HTTP 302, redirected to an address that is not a URL (not followed)');
    expect((error as Error).message).not.toContain('tmk_secret');
    expect(server.received).toHaveLength(1);
  });

  test('a GET still follows a redirect (downloads redirect to storage)', async () => {
    const server = fakeServer((r) =>
      r.path === '/company/list/'
        ? new Response(null, { status: 302, headers: { Location: `${BASE_URL}/storage/companies/` } })
        : success({ companies: [{ id: 1 }] }),
    );
    await expect(unwrap(clientFor(server).GET('/company/list/'))).resolves.toEqual({ companies: [{ id: 1 }] });
    expect(server.received.map((r) => `${r.method} ${r.path} ${r.redirect}`)).toEqual([
      'GET /company/list/ follow',
      'GET /storage/companies/ follow',
    ]);
  });
});

describe('a write answered 2xx that is not a readable envelope → OutcomeUnknownError', () => {
  test.each([
    { method: 'POST', answer: () => new Response(null, { status: 201 }), what: 'HTTP 201, an empty body' },
    { method: 'POST', answer: () => new Response('', { status: 200 }), what: 'HTTP 200, an empty body' },
    { method: 'POST', answer: () => Response.json({ id: 1 }, { status: 201 }), what: 'HTTP 201, no success envelope' },
    { method: 'POST', answer: () => Response.json(null), what: 'HTTP 200, no success envelope' },
    { method: 'POST', answer: () => new Response('created', { status: 201 }), what: 'a body that is not JSON' },
    { method: 'PATCH', answer: () => new Response(null, { status: 204 }), what: 'HTTP 204, an empty body' },
    { method: 'PATCH', answer: () => Response.json({ status: 'error' }), what: 'HTTP 200, no success envelope' },
    { method: 'PATCH', answer: () => new Response('<html>ok</html>'), what: 'a body that is not JSON' },
    { method: 'DELETE', answer: () => Response.json({}), what: 'HTTP 200, no success envelope' },
    { method: 'DELETE', answer: () => new Response('deleted'), what: 'a body that is not JSON' },
  ] as const)('$method: $what', async ({ method, answer, what }) => {
    const server = fakeServer(answer);
    const error = await outcome(writes[method](clientFor(server)));
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect(error).toMatchObject({ operation: `${method} ${pathOf[method]}` });
    expect((error as Error).message).toContain(what);
    expect((error as Error).message).toContain('check whether it took effect');
    expect(server.received).toHaveLength(1);
  });
});

describe('a write without data is a success where the source allows it ("such as deletion, may return no data")', () => {
  test.each([
    { label: 'DELETE 204 without a body', method: 'DELETE', answer: () => new Response(null, { status: 204 }) },
    { label: 'DELETE 200 with an empty body', method: 'DELETE', answer: () => new Response('') },
    { label: 'DELETE 200 {status: "success"}', method: 'DELETE', answer: () => success() },
    { label: 'PATCH 200 {status: "success"}', method: 'PATCH', answer: () => success() },
    { label: 'POST 201 {status: "success"}', method: 'POST', answer: () => success(undefined, 201) },
  ] as const)('$label → undefined', async ({ method, answer }) => {
    const server = fakeServer(answer);
    await expect(outcome(writes[method](clientFor(server)))).resolves.toEqual({ resolved: undefined });
  });

  test('a DELETE with an empty body is still checked for its status first', async () => {
    const server = fakeServer(() => new Response(null, { status: 404 }));
    await expect(unwrap(writes.DELETE(clientFor(server)))).rejects.toMatchObject({ name: 'ApiError', status: 404 });
  });

  test('a write answered 2xx with the envelope and data returns data', async () => {
    const server = fakeServer(() => success({ token: { key: 'k' } }, 201));
    await expect(unwrap(writes.POST(clientFor(server)))).resolves.toEqual({ token: { key: 'k' } });
  });

  test('a write rejected with 4xx stays a definite rejection (ApiError)', async () => {
    const server = fakeServer(() => failure(400, { status: 'error', errors: [{ field: 'title' }] }));
    await expect(unwrap(writes.PATCH(clientFor(server)))).rejects.toMatchObject({
      name: 'ApiError',
      fields: ['title'],
    });
  });
});
