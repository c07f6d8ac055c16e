// The Prism mock and proxy really run: the typed client gets the contract's examples and errors under /api (docs/mock.md).
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApiClient, unwrap } from '../../client/index.js';
import { loadContract } from '../../contract/openapi.js';
import { startMock } from '../../mocks/prism/mock.js';
import { parseUpstream, startProxy } from '../../mocks/prism/proxy.js';
import { rejection } from '../support/rejection.js';

type Running = Awaited<ReturnType<typeof startMock>>;

const { document } = loadContract();
const components = document.components as {
  examples: Record<string, { value: unknown }>;
  responses: Record<string, { content: Record<string, { example?: unknown }> }>;
  schemas: Record<string, { properties?: Record<string, unknown> }>;
};
const example = (name: string): unknown => components.examples[name]?.value;
/** The one example of a shared error response (`Unauthorized`, `NotFound`, …). */
const responseExample = (name: string): unknown => components.responses[name]?.content['application/json']?.example;
const schemaProperties = (name: string): Record<string, unknown> => components.schemas[name]?.properties ?? {};

/** The example (or the first named one) of an operation's 400: what Prism answers to any request that breaks the contract. */
function firstExampleOf400(operationId: string): unknown {
  for (const item of Object.values(document.paths as Record<string, Record<string, Record<string, unknown>>>)) {
    for (const op of Object.values(item)) {
      if (op.operationId !== operationId) continue;
      type Media = { example?: unknown; examples?: Record<string, { value: unknown }> };
      const media = (op.responses as Record<string, { content: Record<string, Media> }>)['400']?.content[
        'application/json'
      ];
      return media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
    }
  }
  throw new Error(`no operation ${operationId}`);
}

/** Prism's `sl-violations` header: what was really wrong with the request. */
function violations(response: Response): { location: string[]; message: string }[] {
  return JSON.parse(response.headers.get('sl-violations') ?? '[]') as { location: string[]; message: string }[];
}

function acceptsConnections(origin: string): Promise<boolean> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('Prism mock', () => {
  let mock: Running;
  beforeAll(async () => {
    mock = await startMock({ port: 0 });
  });
  afterAll(() => mock?.close());

  test('serves the contract under /api on 127.0.0.1', () => {
    expect(mock.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(mock.baseUrl).toBe(`${mock.origin}/api`);
  });

  test('success example: GET /member/me/ with a named API token gives data.member', async () => {
    const client = createApiClient({ baseUrl: mock.baseUrl, credential: { kind: 'apiToken', token: 'tmk_test' } });
    const data = await unwrap(client.GET('/member/me/'));
    expect(data.member).toEqual((example('MemberEnvelope') as { data: { member: unknown } }).data.member);
  });

  test('a JWT session credential is accepted too (Prism checks only that a credential is present)', async () => {
    const client = createApiClient({
      baseUrl: mock.baseUrl,
      credential: { kind: 'session', accessToken: 'eyJ.access', refreshToken: 'eyJ.refresh' },
    });
    const data = await unwrap(client.GET('/company/list/'));
    expect(data.companies.length).toBeGreaterThan(0);
  });

  test('401 without Authorization, with the Unauthorized example as payload', async () => {
    const client = createApiClient({ baseUrl: mock.baseUrl });
    const error = await rejection(unwrap(client.GET('/member/me/')));
    expect(error.status).toBe(401);
    expect(error.operation).toBe('GET /member/me/');
    expect(error.payload).toEqual(responseExample('Unauthorized'));
  });

  test.each(['captcha_token', 'username', 'password'])(
    'validation failure: login without %s is a 400 whose sl-violations header names the field',
    async (field) => {
      const client = createApiClient({ baseUrl: mock.baseUrl });
      const body: Record<string, string> = {
        username: 'demo',
        password: 'demo-password',
        captcha_token: 'test-captcha',
      };
      delete body[field];
      // The generated types already reject a login body without a required field; the cast sends it anyway.
      const result = await client.POST('/member/login/', { body: body as never });
      expect(result.response.status).toBe(400);
      const named = violations(result.response).filter((v) => v.location.join('.') === 'request.body');
      expect(named.map((v) => v.message).join('\n')).toContain(`'${field}'`);
      // Prism's body is the first example of the operation's 400, whatever was wrong: trust sl-violations for the cause.
      const error = await rejection(unwrap(result));
      expect(error.status).toBe(400);
      expect(error.payload).toEqual(firstExampleOf400('login'));
      expect(error.fields).toEqual(['captcha_token']);
    },
  );

  test("a bad scenario gets a 400 whose payload names a scenario field, not another operation's", async () => {
    const client = createApiClient({ baseUrl: mock.baseUrl, credential: { kind: 'apiToken', token: 'tmk_test' } });
    const result = await client.POST('/features/qa/scenarios/list/', {
      params: { query: { company_id: 1, board_id: 1 } },
      // No title: the generated types refuse it, the cast sends it anyway.
      body: { parent_id: null } as never,
    });
    expect(result.response.status).toBe(400);
    expect(
      violations(result.response)
        .map((v) => v.message)
        .join('\n'),
    ).toContain("'title'");
    const error = await rejection(unwrap(result));
    const scenarioFields = Object.keys(schemaProperties('ScenarioCreate'));
    expect(error.fields.length).toBeGreaterThan(0);
    for (const field of error.fields) expect(scenarioFields).toContain(field);
  });

  test('the generated types reject a login body without captcha_token at compile time', () => {
    const client = createApiClient({ baseUrl: mock.baseUrl });
    // @ts-expect-error captcha_token is required by LoginRequest
    const send = () => client.POST('/member/login/', { body: { username: 'demo', password: 'demo-password' } });
    expect(typeof send).toBe('function');
  });

  test('Prefer: code=404 picks the NotFound response', async () => {
    const client = createApiClient({ baseUrl: mock.baseUrl, credential: { kind: 'apiToken', token: 'tmk_test' } });
    const error = await rejection(unwrap(client.GET('/member/me/', { headers: { Prefer: 'code=404' } })));
    expect(error.status).toBe(404);
    expect(error.payload).toEqual(responseExample('NotFound'));
  });

  test("a state conflict (409) comes only on request, with the operation's own example", async () => {
    const response = await fetch(`${mock.baseUrl}/features/qa/sessions/start/?company_id=1&board_id=2`, {
      method: 'POST',
      headers: {
        Authorization: 'Bearer tmk_test',
        'Content-Type': 'application/json',
        Prefer: 'code=409',
      },
      body: JSON.stringify({ scenario_id: 1 }),
    });
    expect(response.status).toBe(409);
    const startSession = (document.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)[
      '/features/qa/sessions/start/'
    ]?.post?.responses['409'] as { content: Record<string, { example: unknown }> };
    expect(await response.json()).toEqual(startSession.content['application/json']?.example);
  });

  test('paths outside /api, or without their trailing slash, are not served', async () => {
    const headers = { Authorization: 'Bearer tmk_test' };
    expect((await fetch(`${mock.origin}/member/me/`, { headers })).status).toBe(404);
    expect((await fetch(`${mock.baseUrl}/member/me`, { headers })).status).toBe(404);
  });
});

test('close() stops Prism: the port refuses connections afterwards', async () => {
  const mock = await startMock();
  expect(await acceptsConnections(mock.origin)).toBe(true);
  await mock.close();
  expect(await acceptsConnections(mock.origin)).toBe(false);
});

describe('Prism validation proxy', () => {
  const seen: { url?: string; headers: IncomingHttpHeaders }[] = [];
  let upstream: Server;
  let proxy: Running;

  beforeAll(async () => {
    // A tiny backend: a valid company list, and an account that breaks the contract (id not an integer, no username).
    upstream = createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      const body =
        req.url === '/api/company/list/'
          ? { status: 'success', data: { companies: [{ id: 1, name: 'Acme' }] } }
          : { status: 'success', data: { member: { id: 'one' } } };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await startProxy({ upstream: `http://127.0.0.1:${port}/api` });
  });
  afterAll(async () => {
    await proxy?.close();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  test('a valid response passes through unchanged, on the upstream path /api/...', async () => {
    const client = createApiClient({ baseUrl: proxy.baseUrl, credential: { kind: 'apiToken', token: 'tmk_test' } });
    const data = await unwrap(client.GET('/company/list/'));
    expect(data.companies).toEqual([{ id: 1, name: 'Acme' }]);
    expect(seen.at(-1)?.url).toBe('/api/company/list/');
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer tmk_test');
  });

  test('a response that breaks the contract becomes a 500 problem+json listing the violations', async () => {
    const response = await fetch(`${proxy.baseUrl}/member/me/`, { headers: { Authorization: 'Bearer tmk_test' } });
    expect(response.status).toBe(500);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { validation: { location: string[]; message: string }[] };
    const listed = problem.validation.map((v) => `${v.location.join('.')}: ${v.message}`).join('\n');
    expect(listed).toContain(
      "response.body.data.member: Response body property data.member must have required property 'username'",
    );
    expect(listed).toContain('response.body.data.member.id');
  });

  test('the typed client reports that 500 as an ApiError, never as data', async () => {
    const client = createApiClient({ baseUrl: proxy.baseUrl, credential: { kind: 'apiToken', token: 'tmk_test' } });
    const error = await rejection(unwrap(client.GET('/member/me/')));
    expect(error.status).toBe(500);
  });
});

describe('proxy command line', () => {
  test.each([
    ['http://127.0.0.1:8000/api', { origin: 'http://127.0.0.1:8000', basePath: '/api' }],
    ['https://tasks.example.com/api/', { origin: 'https://tasks.example.com', basePath: '/api' }],
    ['http://localhost:8000', { origin: 'http://localhost:8000', basePath: '' }],
  ])('parseUpstream(%s)', (value, expected) => {
    expect(parseUpstream(value)).toEqual(expected);
  });

  test.each(['not a url', 'ftp://example.com/api', 'http://example.com/api?x=1', 'http://u:p@example.com/api'])(
    'parseUpstream rejects %s',
    (value) => {
      expect(() => parseUpstream(value)).toThrow(TypeError);
    },
  );

  test('a missing upstream URL prints the usage and exits with 2', async () => {
    const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
    const bin = fileURLToPath(new URL('../../mocks/prism/bin.ts', import.meta.url));
    const run = promisify(execFile)(tsx, [bin, 'proxy']);
    const failure = (await run.then(
      () => undefined,
      (e: unknown) => e,
    )) as { code?: number; stderr?: string } | undefined;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('task-mock proxy takes exactly one upstream base URL');
    expect(failure?.stderr).toContain('Usage: task-mock [mock] [options]');
  });
});
