// Every response conforms to openapi.yaml (docs/sandbox.md): drives each operation through each status the sandbox can give,
// checks each reply with createValidators().response, and reports the operation × status pairs exercised.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import type { OperationId } from '../../contract/operations.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, ResponseChecker, requestTo, sandboxUnderTest } from './harness.js';

const { member, outsider } = DEMO.accounts;
const { call, loginAs, checker, fetch: sandboxFetch } = sandboxUnderTest();
let asMember: string;
let asOutsider: string;

beforeAll(async () => {
  asMember = await loginAs(member.username, member.password);
  asOutsider = await loginAs(outsider.username, outsider.password);
});

interface Req {
  method: string;
  path: string;
  query: Record<string, string | number>;
  body?: unknown;
  /** A body (or query) that breaks the contract, for the 400. */
  invalid?: { query?: Record<string, string | number>; body?: unknown };
  /** A well-formed request the current state forbids, for the 409. */
  conflict?: { query?: Record<string, string | number>; body?: unknown };
}

const scoped = (extra: Record<string, string | number> = {}) => ({
  company_id: DEMO.companyId,
  board_id: DEMO.boardId,
  ...extra,
});
const json = (r: { json: { data: Record<string, { id: number }> } }, key: string) => r.json.data[key]?.id as number;
const newScenario = async () =>
  json(
    await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, {
      auth: asMember,
      body: { title: 'm', parent_id: null },
    }),
    'scenario',
  );
const newCase = async (scenario: number) =>
  json(
    await call('POST', `/features/qa/cases/list/?${onBoard()}`, {
      auth: asMember,
      body: { scenario, title: 'c', description: '', steps_to_reproduce: '', expected_result: '' },
    }),
    'case',
  );
const newSession = async () => {
  const scenario = await newScenario();
  await newCase(scenario);
  const res = await call('POST', `/features/qa/sessions/start/?${onBoard()}`, {
    auth: asMember,
    body: { scenario_id: scenario },
  });
  return res.json.data.session as { id: number; case_reports: Array<{ id: number }> };
};
/** A case report of a session that is already finished: recording on it is a state conflict. */
const finishedReport = async () => {
  const session = await newSession();
  await call('PATCH', `/features/qa/sessions/finish/?${onBoard()}`, {
    auth: asMember,
    body: { sessions_id: session.id },
  });
  return session.case_reports[0]?.id ?? 0;
};
const newTokenKey = async () =>
  (await call('POST', '/member/bearer-tokens/', { auth: asMember, body: { title: 't', is_active: true } })).json.data
    .token.key as string;
const freshRefresh = async () =>
  (
    await call('POST', '/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    })
  ).json.data.refresh_token as string;

/** A valid request per operation (prepared fresh, since some of them delete what they name). */
const VALID: Record<OperationId, () => Promise<Req>> = {
  getMe: async () => ({ method: 'GET', path: '/member/me/', query: {} }),
  listApiTokens: async () => ({
    method: 'GET',
    path: '/member/bearer-tokens/',
    query: { page: 1 },
    invalid: { query: { page: 0 } },
  }),
  createApiToken: async () => ({
    method: 'POST',
    path: '/member/bearer-tokens/',
    query: {},
    body: { title: 'x', is_active: true },
    invalid: { body: { title: 'x' } },
  }),
  updateApiToken: async () => ({
    method: 'PATCH',
    path: '/member/bearer-tokens/detail/',
    query: { key: await newTokenKey() },
    body: { is_active: false },
    invalid: { body: { is_active: 'no' } },
  }),
  deleteApiToken: async () => ({
    method: 'DELETE',
    path: '/member/bearer-tokens/detail/',
    query: { key: await newTokenKey() },
    invalid: { query: { key: '' } },
  }),
  login: async () => ({
    method: 'POST',
    path: '/member/login/',
    query: {},
    body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    invalid: { body: { username: member.username } },
  }),
  register: async () => {
    const name = `user${Math.random().toString(36).slice(2, 10)}`;
    return {
      method: 'POST',
      path: '/member/register/',
      query: {},
      body: {
        first_name: 'N',
        username: name,
        email: `${name}@example.com`,
        password: 'pw',
        captcha_token: DEMO.captchaToken,
      },
      invalid: { body: { first_name: 'N', username: 'n', email: 'not-an-email', password: 'pw', captcha_token: 'x' } },
      conflict: {
        body: {
          first_name: 'N',
          username: member.username,
          email: `${name}@example.com`,
          password: 'pw',
          captcha_token: DEMO.captchaToken,
        },
      },
    };
  },
  refreshToken: async () => ({
    method: 'POST',
    path: '/member/refresh-token/',
    query: {},
    body: { refresh_token: await freshRefresh() },
    invalid: { body: {} },
  }),
  listScenarios: async () => ({
    method: 'GET',
    path: '/features/qa/scenarios/list/',
    query: scoped({ q: 'c' }),
    invalid: { query: scoped({ limit: 0 }) },
  }),
  createScenario: async () => ({
    method: 'POST',
    path: '/features/qa/scenarios/list/',
    query: scoped(),
    body: { title: 'n', parent_id: DEMO.scenarios.checkout },
    invalid: { body: { title: 'n' } },
  }),
  getScenario: async () => ({
    method: 'GET',
    path: '/features/qa/scenarios/',
    query: scoped({ scenario_id: DEMO.scenarios.checkout }),
    invalid: { query: scoped({ scenario_id: 'x' }) },
  }),
  updateScenario: async () => ({
    method: 'PATCH',
    path: '/features/qa/scenarios/',
    query: scoped({ scenario_id: await newScenario() }),
    body: { title: 'r', position: 3 },
    invalid: { body: { title: 'r', parent_id: 1 } },
  }),
  deleteScenario: async () => ({
    method: 'DELETE',
    path: '/features/qa/scenarios/',
    query: scoped({ scenario_id: await newScenario() }),
    invalid: { query: scoped() },
  }),
  listCases: async () => ({
    method: 'GET',
    path: '/features/qa/cases/list/',
    query: scoped({ scenario_id: DEMO.scenarios.checkout }),
    invalid: { query: scoped() },
  }),
  createCase: async () => ({
    method: 'POST',
    path: '/features/qa/cases/list/',
    query: scoped(),
    body: {
      scenario: DEMO.scenarios.login,
      title: 't',
      description: 'd',
      steps_to_reproduce: 's',
      expected_result: 'e',
    },
    invalid: { body: { scenario: 'one', title: 't' } },
  }),
  getCase: async () => ({
    method: 'GET',
    path: '/features/qa/cases/',
    query: scoped({ case_id: DEMO.cases.savedCard }),
    invalid: { query: scoped({ case_id: -1 }) },
  }),
  updateCase: async () => ({
    method: 'PATCH',
    path: '/features/qa/cases/',
    query: scoped({ case_id: DEMO.cases.guest }),
    body: { description: 'updated' },
    invalid: { body: {} },
  }),
  deleteCase: async () => ({
    method: 'DELETE',
    path: '/features/qa/cases/',
    query: scoped({ case_id: await newCase(DEMO.scenarios.login) }),
    invalid: { query: scoped({ case_id: 0 }) },
  }),
  listSessions: async () => ({
    method: 'GET',
    path: '/features/qa/sessions/',
    query: scoped({ is_active: 'true' }),
    invalid: { query: scoped({ is_active: 'yes' }) },
  }),
  startSession: async () => ({
    method: 'POST',
    path: '/features/qa/sessions/start/',
    query: scoped(),
    body: { scenario_id: DEMO.scenarios.checkout },
    invalid: { body: { scenario: 1 } },
    conflict: {
      query: scoped({ board_id: DEMO.boardWithoutTodoColumnId }),
      body: { scenario_id: DEMO.scenarios.roadmapReview },
    },
  }),
  recordCaseOutcome: async () => ({
    method: 'PATCH',
    path: '/features/qa/sessions/cases/',
    query: scoped({ case_report_id: (await newSession()).case_reports[0]?.id ?? 0 }),
    body: { status: 'bug', actual_result: 'a', severity: 's', priority: 'p' },
    invalid: { body: { status: 'bug' } },
    conflict: { query: scoped({ case_report_id: await finishedReport() }) },
  }),
  finishSession: async () => ({
    method: 'PATCH',
    path: '/features/qa/sessions/finish/',
    query: scoped(),
    body: { sessions_id: (await newSession()).id },
    invalid: { body: { session_id: 1 } },
  }),
  listCompanies: async () => ({ method: 'GET', path: '/company/list/', query: {} }),
  listTasks: async () => ({
    method: 'GET',
    path: '/task/list/',
    query: scoped({ assignee_ids: 1 }),
    invalid: { query: scoped({ assignee_ids: 'me' }) },
  }),
};

/** Declared statuses the sandbox never gives, and why. */
const NOT_PRODUCED: Record<string, string> = {
  'getMe 403': 'any valid credential may read its own account',
  'getMe 404': 'the account of a valid credential always exists',
  'listApiTokens 403': 'every account may list its own tokens',
  'listApiTokens 404': 'the list has no identifier to be wrong',
  'createApiToken 403': 'every account may create tokens',
  'createApiToken 404': 'creation names no existing object',
  'updateApiToken 403': "another account's token answers 404 (the 403/404 line)",
  'deleteApiToken 403': "another account's token answers 404 (the 403/404 line)",
  'listCompanies 403': 'every account may list its own companies',
  'listCompanies 404': 'the list has no identifier to be wrong',
};

const send = (req: Req, auth: string | undefined, query = req.query, body = req.body) =>
  call(req.method, `${req.path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    ...(auth === undefined ? {} : { auth }),
    ...(body === undefined ? {} : { body }),
  });

const operations = loadContract().operations;

/** One thing an exercise asked of the sandbox: what, the status expected, and what came (with the body, to read). */
interface Asked {
  what: string;
  expected: number;
  status: number;
  body: string;
  /** For a 400: how many fields the error payload names. */
  fields?: number;
}

/** Drives one operation through each status the sandbox can give it, recording every answer. */
async function exercise(op: (typeof operations)[number]): Promise<Asked[]> {
  const id = op.operationId as OperationId;
  const isScoped = op.parameters.some((p) => p.name === 'company_id');
  const asked: Asked[] = [];
  const ask = async (what: string, expected: number, sent: ReturnType<typeof send>) => {
    const res = await sent;
    const fields = Array.isArray(res.json?.errors) ? res.json.errors.length : undefined;
    asked.push({
      what,
      expected,
      status: res.status,
      body: JSON.stringify(res.json),
      ...(fields === undefined ? {} : { fields }),
    });
  };
  const req = await VALID[id]();
  if (op.authenticated) await ask('no credential', 401, send(req, undefined));
  if (id === 'login')
    await ask('a wrong password', 401, send(req, undefined, req.query, { ...(req.body as object), password: 'wrong' }));
  if (id === 'refreshToken')
    await ask('a junk refresh token', 401, send(req, undefined, req.query, { refresh_token: 'x.y.z' }));
  if (isScoped) {
    await ask("another company's outsider", 403, send(req, asOutsider));
    await ask('a company that does not exist', 404, send(req, asMember, { ...req.query, company_id: 999 }));
  }
  if (id === 'updateApiToken' || id === 'deleteApiToken') {
    await ask('a key that names no token', 404, send(req, asMember, { key: 'tok_missing' }));
  }
  if (req.invalid) {
    await ask(
      'a request that breaks the contract',
      400,
      send(req, asMember, req.invalid.query ?? req.query, req.invalid.body ?? req.body),
    );
  }
  if (req.conflict) {
    await ask(
      'a request the state forbids',
      409,
      send(req, op.authenticated ? asMember : undefined, req.conflict.query, req.conflict.body),
    );
  }
  const created = op.method === 'post' && id !== 'login' && id !== 'refreshToken';
  await ask('a valid request', created ? 201 : 200, send(req, op.authenticated ? asMember : undefined));
  return asked;
}

/** Transport-level answers: 404 unknown path, 405 wrong method, 415 wrong media type, 204 preflight. */
async function exerciseTransport(): Promise<Asked[]> {
  const asked: Asked[] = [];
  const ask = async (what: string, expected: number, res: { status: number }) => {
    asked.push({ what, expected, status: res.status, body: '' });
  };
  await ask('an unknown path', 404, await call('GET', '/unknown/'));
  await ask('a wrong method', 405, await call('PUT', '/member/me/'));
  const wrongType = await call('POST', '/member/bearer-tokens/', {
    auth: asMember,
    raw: '{}',
    headers: { 'content-type': 'text/plain' },
  });
  await ask('a body that is not JSON by its media type', 415, wrongType);
  await ask('a preflight', 204, await sandboxFetch(requestTo('OPTIONS', '/api/member/me/')));
  return asked;
}

describe('every operation, every status the sandbox gives', () => {
  // Every exercise runs here, before any test of this block, so the tests (and the summary of every pair) hold in
  // any order Vitest runs them.
  const asked = new Map<string, Asked[]>();
  beforeAll(async () => {
    for (const op of operations) asked.set(op.operationId, await exercise(op));
    asked.set('transport', await exerciseTransport());
  });

  const expectAnswered = (key: string) => {
    const list = asked.get(key) ?? [];
    expect(list.length).toBeGreaterThan(0);
    for (const a of list) {
      expect(a.status, `${key}: ${a.what}: ${a.body}`).toBe(a.expected);
      if (a.expected === 400) expect(a.fields, `${key}: ${a.what} names the fields to correct`).toBeGreaterThan(0);
    }
  };

  for (const op of operations) test(op.operationId, () => expectAnswered(op.operationId));

  test('transport-level answers: 404 unknown path, 405 wrong method, 415 wrong media type, 204 preflight', () =>
    expectAnswered('transport'));

  test('every declared status is exercised, except those documented as never produced; the pairs are reported', () => {
    const rows: string[] = [];
    const missing: string[] = [];
    for (const op of operations) {
      // 429 needs the sandbox's limits used up: test/contract/rate-limits.test.ts drives every declared one.
      const declared = Object.keys(op.responses).filter((s) => s !== 'default' && s !== '429');
      const seen = [...checker.exercised.keys()]
        .filter((k) => k.startsWith(`${op.operationId} `))
        .map((k) => k.split(' ')[1] as string)
        .sort();
      for (const status of declared) {
        const key = `${op.operationId} ${status}`;
        if (!seen.includes(status) && !(key in NOT_PRODUCED)) missing.push(key);
        if (seen.includes(status) && key in NOT_PRODUCED)
          missing.push(`${key} is produced after all: drop it from NOT_PRODUCED`);
      }
      const viaDefault = seen.filter((s) => !declared.includes(s));
      rows.push(
        `${op.operationId.padEnd(18)} ${seen.join(' ')}${viaDefault.length ? `  (via default: ${viaDefault.join(' ')})` : ''}`,
      );
    }
    const outside = [...checker.exercised.keys()].filter((k) => k.startsWith('- ')).map((k) => k.slice(2));
    rows.push(`${'(no operation)'.padEnd(18)} ${outside.sort().join(' ')}`);
    console.log(`operation × status exercised:\n${rows.join('\n')}`);
    expect(missing).toEqual([]);
    expect(checker.violations).toEqual([]);
  });
});

describe('the checker itself can fail', () => {
  const textReply = (status: number, text: string) => () =>
    new Response(text, { status, headers: { 'content-type': 'application/json' } });
  const jsonReply = (status: number, body: unknown) => textReply(status, JSON.stringify(body));

  test.each([
    ['a success without data.member', jsonReply(200, { status: 'success', data: {} })],
    [
      'a success under a status only `default` covers',
      jsonReply(201, { status: 'success', data: { member: { id: 1, username: 'demo' } } }),
    ],
    ['an error payload that says success', jsonReply(401, { status: 'success', message: 'x' })],
    ['a 5xx', jsonReply(500, { status: 'error', message: 'boom' })],
    ['a body that is not JSON', textReply(200, '{')],
  ])('flags %s', async (_name, response) => {
    const checking = new ResponseChecker();
    await checking.wrap(async () => response())(requestTo('GET', '/api/member/me/'));
    expect(checking.violations).toHaveLength(1);
  });
});
