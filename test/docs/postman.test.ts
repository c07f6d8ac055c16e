// The docs' Postman collection (scripts/postman.ts) runs: newman sends every request of the file `npm run docs` writes
// to the sandbox, in order, and every test of the collection passes; the same tests fail when the answers break the
// contract, and a run order that misses an operation does not build.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { operationsOf, readResolvedContract } from '../../contract/resolved.js';
import { buildPostmanCollection, POSTMAN_FILE, writePostmanCollection } from '../../docs-build/postman/collection.js';
import type { PostmanCollection, PostmanItem } from '../../docs-build/postman/format.js';
import { type Phase, RUN_ORDER } from '../../docs-build/postman/run-order.js';
import { createSandbox, type FetchHandler } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { HANG_MS } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const CONTRACT = join(root, 'openapi.yaml');
const operations = operationsOf(readResolvedContract(CONTRACT));
const dir = mkdtempSync(join(tmpdir(), 'postman-'));
const file = join(dir, POSTMAN_FILE);
let collection: PostmanCollection;

beforeAll(() => {
  writePostmanCollection(dir, CONTRACT);
  collection = JSON.parse(readFileSync(file, 'utf8')) as PostmanCollection;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const items = (): PostmanItem[] => collection.item.flatMap((folder) => folder.item);
const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
const itemKey = (item: PostmanItem) => keyOf(item.request.method, `/${item.request.url.path.join('/')}`);
const operationOf = (item: PostmanItem) => operations.find((op) => keyOf(op.method, op.path) === itemKey(item));
const itemOf = (operationId: string) =>
  items().find((item) => item.request.description.includes(`Operation \`${operationId}\``)) as PostmanItem;

/** The Authorization header an item sends: its scheme word (`JWT`, `Bearer`), or `none`. */
function credentialOf(item: PostmanItem): string {
  const { auth } = item.request;
  if (auth.type === 'noauth') return 'none';
  if (auth.type === 'bearer') return 'Bearer';
  const value = auth.apikey.find((entry) => entry.key === 'value')?.value ?? '';
  return value.split(' ')[0] ?? '';
}

/** Runs the collection file with newman against `baseUrl`, as `newman run FILE --env-var base_url=…` does. */
function runCollection(baseUrl: string): Promise<NewmanRunSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      { collection: file, envVar: [{ key: 'base_url', value: baseUrl }], reporters: [], timeoutRequest: HANG_MS },
      (error, summary) => (error ? reject(error) : resolve(summary)),
    );
  });
}

test('every operation of openapi.yaml is one request, with the credential kind its security names', () => {
  expect(items().map(itemKey).sort()).toEqual(operations.map((op) => keyOf(op.method, op.path)).sort());
  for (const item of items()) {
    const op = operationOf(item);
    const schemes = op?.security.flatMap((requirement) => Object.keys(requirement)) ?? [];
    const kind = credentialOf(item);
    if (schemes.length === 0) expect(kind, itemKey(item)).toBe('none');
    else
      expect([schemes.includes('JwtAccessToken') && 'JWT', schemes.includes('ApiToken') && 'Bearer']).toContain(kind);
  }
  for (const id of ['login', 'register', 'refreshToken']) expect(credentialOf(itemOf(id)), id).toBe('none');
  expect(credentialOf(itemOf('getMe'))).toBe('JWT');
  expect(credentialOf(itemOf('listApiTokens'))).toBe('Bearer');
  expect(itemOf('getMe').request.auth).toEqual({
    type: 'apikey',
    apikey: [
      { key: 'key', value: 'Authorization', type: 'string' },
      { key: 'value', value: 'JWT {{access_token}}', type: 'string' },
      { key: 'in', value: 'header', type: 'string' },
    ],
  });
});

test('every request tests its documented success status and the envelope', () => {
  for (const item of items()) {
    const op = operationOf(item);
    const status = Object.keys(op?.responses ?? {}).find((code) => /^2\d\d$/.test(code));
    const tests = item.event.find((event) => event.listen === 'test')?.script.exec.join('\n') ?? '';
    expect(tests, itemKey(item)).toContain(`pm.response.to.have.status(${status})`);
    expect(tests, itemKey(item)).toContain("pm.expect(body && body.status).to.eql('success')");
  }
  expect(itemOf('listCompanies').event[0]?.script.exec.join('\n')).toContain("pm.test('data holds companies'");
});

test('the file holds no secret: only the base URL and the public demo values have a value', () => {
  const values = Object.fromEntries(collection.variable.filter((v) => v.value !== '').map((v) => [v.key, v.value]));
  expect(values).toEqual({
    base_url: 'http://127.0.0.1:4010/api',
    username: DEMO.accounts.member.username,
    password: DEMO.accounts.member.password,
    captcha_token: DEMO.captchaToken,
  });
  for (const name of ['access_token', 'refresh_token', 'api_token']) {
    expect(collection.variable.find((v) => v.key === name)?.value, name).toBe('');
  }
});

describe('a run order the contract does not allow is a build error naming what to fix', () => {
  const without = (operationId: string): Phase[] =>
    RUN_ORDER.map((phase) => ({ ...phase, steps: phase.steps.filter((step) => step.operationId !== operationId) }));

  test('an operation left out of the run', () => {
    expect(() => buildPostmanCollection(CONTRACT, without('deleteApiToken'))).toThrow(
      /misses deleteApiToken \(DELETE \/member\/bearer-tokens\/detail\/\)/,
    );
  });

  test('an operation the contract gains and the run does not list', () => {
    const document = readResolvedContract(CONTRACT);
    const me = (document.paths as Record<string, Record<string, unknown>>)['/member/me/'] as Record<string, unknown>;
    const extended = join(dir, 'extended.yaml');
    writeFileSync(
      extended,
      stringify(
        {
          ...document,
          paths: {
            ...(document.paths as object),
            '/member/me/extra/': { get: { ...(me.get as object), operationId: 'getMeExtra' } },
          },
          // The resolved contract shares what one $ref names: written out as copies, not as YAML aliases.
        },
        { aliasDuplicateObjects: false },
      ),
    );
    expect(() => buildPostmanCollection(extended)).toThrow(/misses getMeExtra \(GET \/member\/me\/extra\/\)/);
  });

  test('a request that needs an id before the request that hands it on', () => {
    // The session start moved to just after the company list: it has a board, but no scenario yet.
    const early = without('startSession').map((phase) => ({
      ...phase,
      steps: phase.steps.flatMap((step) =>
        step.operationId === 'listCompanies' ? [step, { operationId: 'startSession' }] : [step],
      ),
    }));
    expect(() => buildPostmanCollection(CONTRACT, early)).toThrow(
      /startSession uses \{\{scenario_id\}\} before any request sets it/,
    );
  });

  test('a credential the operation does not take', () => {
    const order = RUN_ORDER.map((phase) => ({
      ...phase,
      steps: phase.steps.map((step) => (step.operationId === 'login' ? { ...step, credential: 'ApiToken' } : step)),
    }));
    expect(() => buildPostmanCollection(CONTRACT, order)).toThrow(/login takes no credential/);
  });
});

describe('newman runs the collection against the sandbox', () => {
  const sandbox = createSandbox();
  /** What the server saw of each request: method, path and the Authorization scheme word. */
  const seen: string[] = [];
  const recording: FetchHandler = (request) => {
    const authorization = request.headers.get('authorization');
    seen.push(
      `${keyOf(request.method, new URL(request.url).pathname.replace(/^\/api/, ''))} ${authorization?.split(' ')[0] ?? 'none'}`,
    );
    return sandbox.fetch(request);
  };
  let server: Awaited<ReturnType<typeof startSandboxServer>>;
  let summary: NewmanRunSummary;
  let before: unknown;
  /** What the server saw of the collection's run alone (the checks below send requests of their own). */
  let byRun: string[];

  /** The demo member's tokens, scenarios and sessions on the demo board, as the API lists them. */
  async function worldOfDemo(baseUrl: string): Promise<unknown> {
    const login = await fetch(`${baseUrl}/member/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: DEMO.accounts.member.username,
        password: DEMO.accounts.member.password,
        captcha_token: DEMO.captchaToken,
      }),
    });
    const jwt = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const get = async (path: string) =>
      (
        (await (await fetch(`${baseUrl}${path}`, { headers: { authorization: `JWT ${jwt}` } })).json()) as {
          data: unknown;
        }
      ).data;
    const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    return {
      tokens: await get('/member/bearer-tokens/?limit=100'),
      scenarios: await get(`/features/qa/scenarios/list/?${board}&limit=100`),
      active: await get(`/features/qa/sessions/?${board}&is_active=true&limit=100`),
      finished: await get(`/features/qa/sessions/?${board}&is_active=false&limit=100`),
    };
  }

  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, fetch: recording });
    before = await worldOfDemo(server.baseUrl);
    seen.length = 0;
    summary = await runCollection(server.baseUrl);
    byRun = seen.splice(0);
  });

  afterAll(() => server?.close());

  test("newman's summary: every request sent, every test passed", () => {
    const { stats, failures } = summary.run;
    expect(failures.map((f) => `${f.source?.name}: ${f.error.test ?? ''} ${f.error.message}`)).toEqual([]);
    expect(stats.requests).toMatchObject({ total: operations.length, failed: 0 });
    expect(stats.testScripts).toMatchObject({ total: operations.length, failed: 0 });
    expect(stats.assertions.failed).toBe(0);
    // Status and envelope on every request, at least.
    expect(stats.assertions.total).toBeGreaterThanOrEqual(2 * operations.length);
  });

  test('the requests ran in the collection order, each answered with its documented success status', () => {
    const prefix = new URL(server.baseUrl).pathname;
    const sent = summary.run.executions.map((e) => [
      keyOf(e.request.method, e.request.url.getPath().slice(prefix.length)),
      e.response.code,
    ]);
    expect(sent).toEqual(
      items().map((item) => {
        const op = operationOf(item);
        return [itemKey(item), Number(Object.keys(op?.responses ?? {}).find((code) => /^2\d\d$/.test(code)))];
      }),
    );
  });

  test('the server got each credential kind the collection names: none on login, registration and refresh', () => {
    expect(byRun).toEqual(items().map((item) => `${itemKey(item)} ${credentialOf(item)}`));
    expect(byRun).toContain('POST /member/login/ none');
    expect(byRun).toContain('GET /member/bearer-tokens/ Bearer');
    expect(byRun).toContain('GET /member/me/ JWT');
  });

  test('the run cleans up: the demo tokens, scenarios and sessions are as they were', async () => {
    expect(await worldOfDemo(server.baseUrl)).toEqual(before);
  });
});

test('the collection tests fail when the answers break the contract', async () => {
  const sandbox = createSandbox();
  // A 200 where the contract documents 201, and an envelope whose status is not `success`.
  const broken: FetchHandler = async (request) => {
    const response = await sandbox.fetch(request);
    const path = new URL(request.url).pathname;
    if (request.method === 'POST' && path === '/api/features/qa/scenarios/list/') {
      return new Response(await response.text(), { status: 200, headers: response.headers });
    }
    if (path === '/api/member/me/') {
      const body = (await response.json()) as Record<string, unknown>;
      return Response.json({ ...body, status: 'ok' }, { status: response.status });
    }
    return response;
  };
  const server = await startSandboxServer({ port: 0, fetch: broken });
  try {
    const { run } = await runCollection(server.baseUrl);
    expect(run.failures.map((f) => [f.source?.name, f.error.test])).toEqual([
      [itemOf('getMe').name, 'the envelope says status: success'],
      [itemOf('createScenario').name, 'answers 201, the documented success status'],
    ]);
    expect(run.stats.assertions.failed).toBe(2);
    expect(run.stats.requests).toMatchObject({ total: operations.length, failed: 0 });
  } finally {
    await server.close();
  }
});

test('the node host serves the collection beside the docs', async () => {
  const server = await startSandboxServer({ port: 0, docsDir: dir });
  try {
    const response = await fetch(`${server.origin}/docs/${POSTMAN_FILE}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual(collection);
  } finally {
    await server.close();
  }
});
