// The docs console's parts without a browser: the one credential (wrong kinds refused), the base-URL check (down,
// HTML, not JSON, CORS), the QA walkthrough against the sandbox in process, and the Redoc page's links to the console.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkBaseUrl, parseBaseUrl } from '../../console/base-url.js';
import { ConsoleStore } from '../../console/console-state.js';
import {
  adoptedFrom,
  authorizationForUrl,
  describeCredential,
  looksLikeJwt,
  pastedCredential,
} from '../../console/credentials.js';
import { toRequest } from '../../console/send.js';
import { consoleAnchor } from '../../console/swagger.js';
import { newWalkState, runStep, type WalkState, type WalkStep, walkthroughOf } from '../../console/walkthrough.js';
import { contractOf } from '../../contract/document.js';
import { operationsOf } from '../../contract/resolved.js';
import { docsDocument } from '../../docs-build/build-docs.js';
import { readWorkflows } from '../../docs-build/workflows.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const jwt = await new SignJWT({ sub: '1' })
  .setProtectedHeader({ alg: 'HS256' })
  .sign(new TextEncoder().encode('a key of thirty-two bytes or more!!'));
const login: WalkState['login'] = {
  username: DEMO.accounts.member.username,
  password: DEMO.accounts.member.password,
  captcha_token: DEMO.captchaToken,
};

describe('one credential, of the right kind', () => {
  test('a JWT is recognised by its shape, a named token is not a JWT', () => {
    expect(looksLikeJwt(jwt)).toBe(true);
    expect(looksLikeJwt('tm_abcdef0123456789')).toBe(false);
    expect(looksLikeJwt('a.b.c')).toBe(false);
  });

  test.each([
    ['apiToken', jwt, /is a JWT .* never sent as Bearer/],
    ['apiToken', `JWT ${jwt}`, /starts with "JWT"/],
    ['session', 'tm_abcdef0123456789', /not a JWT/],
    ['session', 'Bearer tm_abc', /starts with "Bearer"/],
    ['apiToken', '   ', /empty/],
    ['apiToken', 'two words', /one word/],
  ] as const)('%s refuses %j, saying what to do', (kind, text, message) => {
    const pasted = pastedCredential(kind, text);
    expect(pasted).toEqual({ error: expect.stringMatching(message) });
    // The message never quotes the token.
    const token = text.trim().split(' ').pop() ?? '';
    if (token.length > 5) expect('error' in pasted && pasted.error.includes(token)).toBe(false);
  });

  test('a scheme word that matches the kind is dropped', () => {
    expect(pastedCredential('apiToken', 'Bearer tm_abc')).toEqual({
      credential: { kind: 'apiToken', token: 'tm_abc' },
    });
    expect(pastedCredential('session', ` JWT ${jwt} `)).toEqual({
      credential: { kind: 'session', accessToken: jwt, refreshToken: '' },
    });
  });

  test('the header follows the kind, and login, register and refresh carry none', () => {
    const token = { kind: 'apiToken', token: 'tm_abc' } as const;
    const session = { kind: 'session', accessToken: jwt, refreshToken: '' } as const;
    expect(authorizationForUrl('http://h/api/member/me/', token)).toBe('Bearer tm_abc');
    expect(authorizationForUrl('http://h/api/member/me/', session)).toBe(`JWT ${jwt}`);
    for (const path of ['/member/login/', '/member/register/', '/member/refresh-token/']) {
      expect(authorizationForUrl(`http://h/api${path}`, session)).toBeUndefined();
      expect(toRequest('http://h/api', session, { method: 'POST', path, body: {} }).headers.has('authorization')).toBe(
        false,
      );
    }
    expect(describeCredential(session, 'demo')).toMatch(/^JWT access token of demo .*JWT …$/);
    expect(describeCredential(token)).toMatch(/^Named API token, sent as Authorization: Bearer …$/);
    expect(describeCredential(undefined)).toMatch(/^No credential/);
    expect(describeCredential(session)).not.toContain(jwt);
  });

  test('a login answer gives a session, a token creation a named token, anything else nothing', () => {
    const pair = { status: 'success', data: { access_token: jwt, refresh_token: 'r' } };
    expect(adoptedFrom('POST', 'http://h/api/member/login/', 200, pair, 'demo')).toEqual({
      kind: 'session',
      credential: { kind: 'session', accessToken: jwt, refreshToken: 'r' },
      account: 'demo',
    });
    expect(adoptedFrom('POST', 'http://h/api/member/login/', 401, pair)).toBeUndefined();
    expect(adoptedFrom('GET', 'http://h/api/member/login/', 200, pair)).toBeUndefined();
    const created = { status: 'success', data: { token: { title: 'ci', token: 'tm_new' } } };
    expect(adoptedFrom('POST', 'http://h/api/member/bearer-tokens/', 201, created)).toEqual({
      kind: 'newToken',
      token: 'tm_new',
      title: 'ci',
    });
  });

  test('switching the target forgets the credential; a new credential replaces the old one', () => {
    const saved = new Map<string, string>();
    const storage = {
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => saved.set(k, v),
    };
    const store = new ConsoleStore(storage);
    store.setTarget({ kind: 'in-page', baseUrl: 'http://h/docs/sandbox/api' });
    store.setCredential({ kind: 'session', accessToken: jwt, refreshToken: '' }, 'demo');
    store.setCredential({ kind: 'apiToken', token: 'tm_abc' });
    expect(store.state.credential).toEqual({ kind: 'apiToken', token: 'tm_abc' });
    expect(store.state.account).toBeUndefined();
    // Storage keeps the target alone: the credential lives in this page's memory (docs/sandbox.md "The console on a
    // shared origin").
    expect(new ConsoleStore(storage).state).toEqual({
      target: { kind: 'in-page', baseUrl: 'http://h/docs/sandbox/api' },
      credential: undefined,
      account: undefined,
    });
    expect([...saved.values()].join()).not.toMatch(/tm_abc|eyJ|demo/);
    expect(store.setTarget({ kind: 'server', baseUrl: 'http://h/api' })).toBe(true);
    expect(store.state.credential).toBeUndefined();
    expect(new ConsoleStore({ getItem: () => '{not json', setItem: () => undefined }).state.target).toBeUndefined();
  });

  test('a login an older console stored is wiped when the page loads, the target kept', () => {
    const target = { kind: 'server', baseUrl: 'http://h/api' };
    const credential = { kind: 'session', accessToken: jwt, refreshToken: 'refresh-secret' };
    const saved = new Map([['task-console', JSON.stringify({ target, credential, account: 'demo' })]]);
    const store = new ConsoleStore({
      getItem: (k: string) => saved.get(k) ?? null,
      setItem: (k: string, v: string) => saved.set(k, v),
    });
    expect(store.state).toEqual({ target, credential: undefined, account: undefined });
    expect(saved.get('task-console')).toBe(JSON.stringify({ target }));
  });
});

describe('the base URL of a server', () => {
  let sandbox: SandboxServer;
  let other: Server;
  let otherUrl: string;
  const bodies: Record<string, [string, string]> = {
    '/html/member/me/': ['text/html', '<!doctype html><title>Not the API</title>'],
    '/text/member/me/': ['text/plain', 'ok'],
  };
  const statuses: Record<string, number> = { '/gone/member/me/': 404, '/failing/member/me/': 502 };

  beforeAll(async () => {
    sandbox = await startSandboxServer({ port: 0 });
    other = createServer((req, res) => {
      const status = statuses[req.url ?? ''];
      if (status) return void res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      const [type, body] = bodies[req.url ?? ''] ?? ['text/plain', 'not found'];
      res.writeHead(200, { 'content-type': type }).end(body);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await sandbox?.close();
    await new Promise((resolve) => other?.close(resolve));
  });

  test.each([
    ['', /Type the base URL/],
    ['127.0.0.1:4010/api', /not an absolute URL/],
    ['ftp://h/api', /http or https, not ftp/],
    ['http://user:secret@h/api', /Leave credentials out/],
    ['http://h/api?x=1', /no query/],
  ])('%j is refused before any request', (text, message) => {
    expect(parseBaseUrl(text)).toEqual({ ok: false, error: expect.stringMatching(message) });
  });

  test('a server of the API is accepted, with its trailing slash dropped', async () => {
    expect(await checkBaseUrl(`${sandbox.baseUrl}/`, 'http://docs.test')).toEqual({
      ok: true,
      baseUrl: sandbox.baseUrl,
    });
  });

  test('HTML, a body that is not JSON, a missing path, a failing server and no answer are each named', async () => {
    expect(await checkBaseUrl(`${otherUrl}/html`, 'http://docs.test')).toEqual({
      ok: false,
      error: expect.stringMatching(/answered HTML \(status 200\), not the API's JSON/),
    });
    expect(await checkBaseUrl(`${otherUrl}/text`, 'http://docs.test')).toEqual({
      ok: false,
      error: expect.stringMatching(/not JSON \(text\/plain\)/),
    });
    expect(await checkBaseUrl(`${otherUrl}/gone`, 'http://docs.test')).toEqual({
      ok: false,
      error: expect.stringMatching(/has no \/member\/me\/ \(it answered 404\)/),
    });
    expect(await checkBaseUrl(`${otherUrl}/failing`, 'http://docs.test')).toEqual({
      ok: false,
      error: expect.stringMatching(/answered 502: the server is failing/),
    });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await checkBaseUrl(`http://127.0.0.1:${port}/api`, 'http://docs.test')).toEqual({
      ok: false,
      error: expect.stringMatching(/does not answer/),
    });
  });

  test('a server that answers only opaque (no-cors) requests is said to refuse the origin', async () => {
    const corsRefusing = (async (_url: string, init?: RequestInit) => {
      if (init?.mode === 'no-cors') return new Response(null, { status: 200 });
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await checkBaseUrl('http://staging.test/api', 'http://docs.test', corsRefusing)).toEqual({
      ok: false,
      error: expect.stringMatching(/refused this page's origin \(http:\/\/docs\.test\).*CORS/),
    });
  });
});

const operations = contractOf(openapiDocument).operations;
const WALKTHROUGH = walkthroughOf(readWorkflows(), operations);

describe('the QA walkthrough', () => {
  async function walk(fetch: (request: Request) => Promise<Response>, steps: WalkStep[] = WALKTHROUGH) {
    const state = newWalkState(login);
    let credential: Parameters<typeof runStep>[2]['credential'];
    const messages: string[] = [];
    const sent: string[] = [];
    for (const step of steps) {
      const result = await runStep(step, state, { fetch, baseUrl: 'http://sandbox.test/api', credential });
      messages.push(`${result.ok ? 'ok' : 'failed'}: ${result.message}`);
      sent.push(result.sent ?? '');
      if (result.session) credential = result.session;
      if (!result.ok) break;
    }
    return { state, messages, sent };
  }

  test('runs the QA workflow of workflows.arazzo.yaml from login to the finished session, each step on the last one’s ids', async () => {
    const { state, messages, sent } = await walk(createSandbox().fetch);
    const out = state.steps;
    expect(WALKTHROUGH.map((s) => s.title)).toEqual([
      'Log in',
      'Find a board',
      'Create a scenario',
      'Add a test case',
      'Start a session',
      'Record a bug',
      "See the bug's task",
      'Finish the session',
    ]);
    expect(messages).toEqual([
      'ok: Got accessToken, refreshToken. The console now sends the JWT access token.',
      `ok: Using company_id ${DEMO.companyId} and board_id ${DEMO.boardId}.`,
      `ok: Got scenarioId ${out.createScenario?.scenarioId}.`,
      `ok: Got caseId ${out.addCase?.caseId}.`,
      `ok: Got sessionId ${out.startSession?.sessionId}, caseReportId ${out.startSession?.caseReportId}.`,
      `ok: Got taskId ${out.recordBug?.taskId}.`,
      `ok: Task ${out.recordBug?.taskId} is the bug's task: "Bug: Pay with a saved card", linked to case report ${out.startSession?.caseReportId} (severity major, priority high).`,
      'ok: Done.',
    ]);
    expect(typeof out.recordBug?.taskId).toBe('number');
    expect(sent[5]).toMatch(
      new RegExp(
        `^PATCH http://sandbox.test/api/features/qa/sessions/cases/\\?company_id=1&board_id=1&case_report_id=${out.startSession?.caseReportId}\n`,
      ),
    );
    expect(JSON.parse(sent[5]?.split('\n\n')[1] ?? '')).toEqual({
      status: 'bug',
      actual_result: 'The page hangs on submit.',
      severity: 'major',
      priority: 'high',
    });
  });

  test('the login step sends the authenticator code the reader typed in the login form, and none when it is empty', async () => {
    const bodies: unknown[] = [];
    const capture = async (request: Request) => {
      bodies.push(await request.clone().json());
      return createSandbox().fetch(request);
    };
    const first = WALKTHROUGH[0] as WalkStep;
    const baseUrl = 'http://sandbox.test/api';
    await runStep(first, newWalkState({ ...login, code: '123456' }), {
      fetch: capture,
      baseUrl,
      credential: undefined,
    });
    await runStep(first, newWalkState(login), { fetch: capture, baseUrl, credential: undefined });
    expect(bodies).toEqual([{ ...login, code: '123456' }, login]);
  });

  test('follows the file: a step changed in workflows.arazzo.yaml is the step the walkthrough sends', async () => {
    const changed = readWorkflows() as { workflows: { workflowId: string; steps: Record<string, unknown>[] }[] };
    const qa = changed.workflows.find((w) => w.workflowId === 'qaReview');
    const create = qa?.steps.find((s) => s.stepId === 'createScenario') as { requestBody: { payload: unknown } };
    create.requestBody.payload = { title: 'Changed in the file', parent_id: 1 };
    const record = qa?.steps.find((s) => s.stepId === 'recordBug') as { requestBody: { payload: unknown } };
    record.requestBody.payload = { status: 'done' };
    delete (record as { outputs?: unknown }).outputs;
    qa?.steps.splice(6, 1);
    const steps = walkthroughOf(changed, operations);
    expect(steps.map((s) => s.stepId)).not.toContain('seeBugTask');
    const sandbox = createSandbox();
    const { messages, sent, state } = await walk(sandbox.fetch, steps);
    expect(
      messages.every((m) => m.startsWith('ok: ')),
      messages.join('\n'),
    ).toBe(true);
    expect(JSON.parse(sent[2]?.split('\n\n')[1] ?? '')).toEqual({ title: 'Changed in the file', parent_id: 1 });
    expect(JSON.parse(sent[5]?.split('\n\n')[1] ?? '')).toEqual({ status: 'done' });
    expect(sent[6]).toMatch(/^PATCH .*\/features\/qa\/sessions\/finish\//);
    const scenario = await sandbox.fetch(
      new Request(
        `http://sandbox.test/api/features/qa/scenarios/?company_id=1&board_id=1&scenario_id=${state.steps.createScenario?.scenarioId}`,
        { headers: { authorization: `JWT ${state.steps.logIn?.accessToken}` } },
      ),
    );
    expect(((await scenario.json()) as { data: { scenario: unknown } }).data.scenario).toMatchObject({
      title: 'Changed in the file',
      parent_id: 1,
    });
  });

  test('a refused step says its status and the fields to correct, and the walk stops there', async () => {
    const sandbox = createSandbox();
    const wrongPassword = (request: Request) =>
      request.url.endsWith('/member/login/')
        ? sandbox.fetch(
            new Request(request.url, {
              method: 'POST',
              headers: request.headers,
              body: JSON.stringify({ ...login, captcha_token: undefined }),
            }),
          )
        : sandbox.fetch(request);
    const { messages } = await walk(wrongPassword);
    expect(messages).toEqual([
      'failed: The step was refused (status 400): Validation failed: captcha_token is required.',
    ]);
  });

  test('an answer without the id the next step needs stops the walk, naming it', async () => {
    const sandbox = createSandbox();
    const noScenarioId = async (request: Request) => {
      const response = await sandbox.fetch(request);
      if (request.method !== 'POST' || !request.url.includes('/scenarios/list/')) return response;
      return Response.json({ status: 'success', data: {} }, { status: 201 });
    };
    const { messages } = await walk(noScenarioId);
    expect(messages.at(-1)).toBe('failed: The answer has no data.scenario.id, so the next steps cannot go on.');
  });

  test('a step run before the one it depends on says which to run first', async () => {
    const result = await runStep(WALKTHROUGH[3] as WalkStep, newWalkState(login), {
      fetch: createSandbox().fetch,
      baseUrl: 'http://sandbox.test/api',
      credential: undefined,
    });
    expect(result).toEqual({ ok: false, message: 'Run "Create a scenario" first: this step needs its scenarioId.' });
  });
});

test('every operation of the reference links to itself in the console', () => {
  const document = docsDocument();
  const operations = operationsOf(document);
  expect(operations.length).toBeGreaterThan(20);
  for (const op of operations) {
    const description = String(op.node.description ?? '');
    expect(description).toContain(`(console.html${consoleAnchor(op.tags[0] ?? 'default', op.operationId)})`);
  }
  expect(consoleAnchor('QA scenarios', 'createScenario')).toBe('#/QA_scenarios/createScenario');
});
