// Every member the sandbox answers is declared by openapi.yaml (its "Envelope" section): the sandbox is driven in
// process through every operation, its successes and its refusals, and each answer's members are compared with the
// schema the contract declares for that operation and status; the generated types carry exactly those members.
import { describe, expect, test } from 'vitest';
import { CONTRACT_PATH, loadContract } from '../../contract/openapi.js';
import { operationsOf, readResolvedContract } from '../../contract/resolved.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX, createRouter } from '../../mocks/sandbox/core/router.js';
import { base32Decode, totp } from '../../mocks/sandbox/domain/totp.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { undeclaredMembers } from './declared-members.js';

describe('undeclaredMembers', () => {
  const item = { type: 'object', properties: { id: { type: 'integer' }, meta: { additionalProperties: true } } };
  const envelope = { type: 'object', properties: { data: { type: 'object', properties: { rows: { items: item } } } } };
  test.each([
    ['nothing extra', envelope, { data: { rows: [{ id: 1 }] } }, []],
    [
      'an extra member of a row',
      envelope,
      {
        data: {
          rows: [
            { id: 1, role: 'qa' },
            { id: 2, role: 'x' },
          ],
        },
      },
      ['data.rows[].role'],
    ],
    ['an extra member at the top', envelope, { data: {}, extra: 1 }, ['extra']],
    ['members of a free-form map', envelope, { data: { rows: [{ id: 1, meta: { anything: [1] } }] } }, []],
    [
      'members of allOf parts',
      { allOf: [item, { properties: { token: { type: 'string' } } }] },
      { id: 1, token: 's', titel: 'x' },
      ['titel'],
    ],
    ['a scalar where an object is declared', envelope, { data: 'text' }, []],
  ])('%s', (_name, schema, value, expected) => {
    expect(undeclaredMembers(schema, value)).toEqual(expected);
  });
});

const contract = loadContract();
const route = createRouter(contract.operations);
const resolved = new Map(operationsOf(readResolvedContract(CONTRACT_PATH)).map((op) => [op.operationId, op]));

interface Answer {
  operationId: string;
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: flows read ids out of arbitrary JSON answers.
  body: any;
}

/** The demo sandbox in process, every answer kept with the operation and status it came from. */
function recordingSandbox() {
  const sandbox = createSandbox();
  const answers: Answer[] = [];
  const send = async (method: string, path: string, options: { auth?: string; body?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (options.auth) headers.authorization = options.auth;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const request = new Request(`http://sandbox.test${API_PREFIX}${path}`, {
      method,
      headers,
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });
    const res = await sandbox.fetch(request);
    const text = await res.text();
    const found = route(method, `${API_PREFIX}${path.split('?')[0]}`);
    const answer: Answer = {
      operationId: found.kind === 'operation' ? found.operation.operationId : '-',
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
    };
    answers.push(answer);
    return answer;
  };
  return { answers, send };
}

const board = (extra = '') => `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}${extra}`;

/** Every operation, through the flows a client runs, with the refusals each can meet. */
async function driveEveryOperation(send: ReturnType<typeof recordingSandbox>['send']): Promise<void> {
  const { member, outsider, twoFactor } = DEMO.accounts;
  const captcha_token = DEMO.captchaToken;
  const login = await send('POST', '/member/login/', {
    body: { username: member.username, password: member.password, captcha_token },
  });
  const jwt = `JWT ${login.body.data.access_token}`;
  await send('POST', '/member/login/', { body: { username: member.username, password: 'wrong', captcha_token } });
  await send('POST', '/member/login/', { body: { username: member.username, password: member.password } });
  const code = await totp(base32Decode(twoFactor.totpSecret), Date.now());
  const second = await send('POST', '/member/login/', {
    body: { username: twoFactor.username, password: twoFactor.password, captcha_token, code },
  });
  await send('GET', '/member/me/', { auth: `JWT ${second.body.data.access_token}` });
  const outsiderLogin = await send('POST', '/member/login/', {
    body: { username: outsider.username, password: outsider.password, captcha_token },
  });
  const asOutsider = `JWT ${outsiderLogin.body.data.access_token}`;
  await send('POST', '/member/refresh-token/', { body: { refresh_token: login.body.data.refresh_token } });
  await send('POST', '/member/refresh-token/', { body: { refresh_token: login.body.data.refresh_token } });
  const newcomer = { first_name: 'Ada', last_name: 'L', username: 'ada', email: 'ada@example.com', password: 'pw' };
  await send('POST', '/member/register/', { body: { ...newcomer, captcha_token, description: 'QA' } });
  await send('POST', '/member/register/', { body: { ...newcomer, captcha_token } });

  await send('GET', '/member/me/');
  await send('GET', '/member/me/', { auth: jwt });
  const token = await send('POST', '/member/bearer-tokens/', {
    auth: jwt,
    body: {
      title: 'ci',
      is_active: true,
      metadata: { owner: 'qa', nested: { a: [1] } },
      expires_at: '2099-01-01T00:00:00Z',
    },
  });
  const key = token.body.data.token.key as string;
  await send('GET', '/member/me/', { auth: `Bearer ${token.body.data.token.token}` });
  await send('GET', '/member/bearer-tokens/?page=1&limit=20', { auth: jwt });
  await send('PATCH', `/member/bearer-tokens/detail/?key=${key}`, { auth: jwt, body: { is_active: false } });
  await send('PATCH', '/member/bearer-tokens/detail/?key=tok_missing', { auth: jwt, body: { title: 'x' } });
  await send('DELETE', `/member/bearer-tokens/detail/?key=${key}`, { auth: jwt });

  await send('GET', '/company/list/', { auth: jwt });
  const root = await send('POST', `/features/qa/scenarios/list/?${board()}`, {
    auth: jwt,
    body: { title: 'Checkout review', parent_id: null },
  });
  const scenarioId = root.body.data.scenario.id as number;
  await send('POST', `/features/qa/scenarios/list/?${board()}`, {
    auth: jwt,
    body: { title: 'Child', parent_id: scenarioId, position: 1 },
  });
  await send('GET', `/features/qa/scenarios/list/?${board('&q=review')}`, { auth: jwt });
  await send('GET', `/features/qa/scenarios/list/?${board()}`, { auth: asOutsider });
  await send('GET', `/features/qa/scenarios/?${board(`&scenario_id=${scenarioId}`)}`, { auth: jwt });
  await send('PATCH', `/features/qa/scenarios/?${board(`&scenario_id=${scenarioId}`)}`, {
    auth: jwt,
    body: { title: 'Checkout review (guest)', position: 2 },
  });
  const created = await send('POST', `/features/qa/cases/list/?${board()}`, {
    auth: jwt,
    body: { scenario: scenarioId, title: 'Pay', description: 'd', steps_to_reproduce: 's', expected_result: 'e' },
  });
  const caseId = created.body.data.case.id as number;
  await send('POST', `/features/qa/cases/list/?${board()}`, { auth: jwt, body: { scenario: scenarioId } });
  await send('GET', `/features/qa/cases/list/?${board(`&scenario_id=${scenarioId}`)}`, { auth: jwt });
  await send('GET', `/features/qa/cases/?${board(`&case_id=${caseId}`)}`, { auth: jwt });
  await send('PATCH', `/features/qa/cases/?${board(`&case_id=${caseId}`)}`, {
    auth: jwt,
    body: { expected_result: 'e2' },
  });

  const started = await send('POST', `/features/qa/sessions/start/?${board()}`, {
    auth: jwt,
    body: { scenario_id: scenarioId },
  });
  await send(
    'POST',
    `/features/qa/sessions/start/?company_id=${DEMO.companyId}&board_id=${DEMO.boardWithoutTodoColumnId}`,
    {
      auth: jwt,
      body: { scenario_id: DEMO.scenarios.roadmapReview },
    },
  );
  const session = started.body.data.session as { id: number; case_reports: { id: number }[] };
  const reportId = session.case_reports[0]?.id as number;
  await send('GET', `/features/qa/sessions/?${board('&is_active=true')}`, { auth: jwt });
  await send('PATCH', `/features/qa/sessions/cases/?${board(`&case_report_id=${reportId}`)}`, {
    auth: jwt,
    body: { status: 'bug', actual_result: 'It hangs.', severity: 'major', priority: 'high' },
  });
  await send('PATCH', `/features/qa/sessions/finish/?${board()}`, { auth: jwt, body: { sessions_id: session.id } });
  await send('PATCH', `/features/qa/sessions/cases/?${board(`&case_report_id=${reportId}`)}`, {
    auth: jwt,
    body: { status: 'done' },
  });
  await send('GET', `/features/qa/sessions/?${board('&is_active=false')}`, { auth: jwt });
  await send('GET', `/task/list/?${board(`&assignee_ids=${member.id}`)}`, { auth: jwt });
  await send('GET', `/task/list/?${board()}`, { auth: jwt });

  await send('DELETE', `/features/qa/cases/?${board(`&case_id=${caseId}`)}`, { auth: jwt });
  await send('DELETE', `/features/qa/scenarios/?${board(`&scenario_id=${scenarioId}`)}`, { auth: jwt });
  await send('GET', `/features/qa/scenarios/?${board(`&scenario_id=${scenarioId}`)}`, { auth: jwt });
}

describe('the sandbox answers only members the contract declares', () => {
  test('every operation, its successes and refusals', async () => {
    const { answers, send } = recordingSandbox();
    await driveEveryOperation(send);

    const succeeded = new Set(answers.filter((a) => a.status < 300).map((a) => a.operationId));
    expect(contract.operations.map((op) => op.operationId).filter((id) => !succeeded.has(id))).toEqual([]);
    const refused = new Set(answers.filter((a) => a.status >= 400).map((a) => a.status));
    expect([...refused].sort()).toEqual([400, 401, 403, 404, 409]);

    const undeclared = new Set<string>();
    for (const { operationId, status, body } of answers) {
      const responses = resolved.get(operationId)?.responses ?? {};
      const response = responses[String(status)] ?? responses.default;
      const schema = response?.content['application/json']?.schema;
      expect(schema, `${operationId} ${status} has a declared JSON schema`).toBeDefined();
      for (const path of undeclaredMembers(schema, body)) undeclared.add(`${operationId} ${status}: ${path}`);
    }
    expect([...undeclared]).toEqual([]);
  });
});
