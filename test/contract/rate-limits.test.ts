// The 429s openapi.yaml declares are exactly those the sandbox gives (docs/sandbox.md "Limits and throttles"): in a
// sandbox whose storage share is used up and in one whose throttles are, every operation is sent a valid
// request that would store data; the operations answering 429 are the operations declaring it, each answer is the
// contract's, and the typed client's ApiError carries the status and Retry-After.
import { describe, expect, test } from 'vitest';
import { ApiError, createApiClient, unwrap } from '../../client/index.js';
import type { FetchHandler } from '../../contract/http.js';
import { loadContract } from '../../contract/openapi.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX, createRouter } from '../../mocks/sandbox/core/router.js';
import type { Limits } from '../../mocks/sandbox/domain/limits.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { headersOf, ResponseChecker, requestTo } from '../sandbox/harness.js';

const contract = loadContract();
const route = createRouter(contract.operations);
const declared = contract.operations.filter((op) => '429' in op.responses).map((op) => op.operationId);
const { member } = DEMO.accounts;
const captcha_token = DEMO.captchaToken;
const board = (extra: string) => `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}${extra}`;

interface Reply {
  operationId: string;
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint/suspicious/noExplicitAny: the checker validates each answer against the contract.
  json: any;
}

function caller(fetch: FetchHandler) {
  return async (method: string, path: string, body?: unknown, auth?: string): Promise<Reply> => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const res = await fetch(
      requestTo(method, `${API_PREFIX}${path}`, headers, body === undefined ? undefined : JSON.stringify(body)),
    );
    const text = await res.text();
    const found = route(method, `${API_PREFIX}${path.split('?')[0]}`);
    return {
      operationId: found.kind === 'operation' ? found.operation.operationId : '-',
      status: res.status,
      headers: headersOf(res),
      json: text ? JSON.parse(text) : undefined,
    };
  };
}

interface World {
  tokenKey: string;
  sessionId: number;
  reportId: number;
}

/**
 * A demo sandbox, every answer checked against the contract, holding what later requests need (a token, a session
 * with a report) made under the default limits, then `limits` applied: the store reads its limits on every write, so
 * lowering them afterwards leaves the prepared data in place.
 */
async function limitedSandbox(limits: Partial<Limits>) {
  const sandbox = createSandbox();
  const checker = new ResponseChecker();
  const call = caller(checker.wrap(sandbox.fetch));
  const login = await call('POST', '/member/login/', {
    username: member.username,
    password: member.password,
    captcha_token,
  });
  const jwt = `JWT ${login.json.data.access_token}`;
  const token = await call('POST', '/member/bearer-tokens/', { title: 'ci', is_active: true }, jwt);
  const started = await call(
    'POST',
    `/features/qa/sessions/start/?${board('')}`,
    { scenario_id: DEMO.scenarios.login },
    jwt,
  );
  expect([token.status, started.status]).toEqual([201, 201]);
  const world: World = {
    tokenKey: token.json.data.token.key,
    sessionId: started.json.data.session.id,
    reportId: started.json.data.session.case_reports[0].id,
  };
  Object.assign(sandbox.store.limits, limits);
  return { sandbox, checker, call, world };
}

/** Every operation once, each request valid and, for a write, one that adds data; what each answered. */
async function everyOperation(call: ReturnType<typeof caller>, world: World) {
  const replies: Reply[] = [];
  const send = async (method: string, path: string, body?: unknown, auth?: string) => {
    const reply = await call(method, path, body, auth);
    replies.push(reply);
    return reply;
  };
  const login = await send('POST', '/member/login/', {
    username: member.username,
    password: member.password,
    captcha_token,
  });
  // A login refused by a throttle leaves the rest to a JWT from a sandbox that signs nothing: each then answers 401.
  const jwt = `JWT ${login.json?.data?.access_token ?? 'none'}`;
  await send('POST', '/member/refresh-token/', { refresh_token: login.json?.data?.refresh_token ?? 'x.y.z' });
  await send('POST', '/member/register/', {
    first_name: 'Ada',
    username: 'ada-429',
    email: 'ada-429@example.com',
    password: 'pw',
    captcha_token,
  });
  await send('GET', '/member/me/', undefined, jwt);
  await send('GET', '/company/list/', undefined, jwt);
  await send('GET', '/member/bearer-tokens/', undefined, jwt);
  await send('POST', '/member/bearer-tokens/', { title: 'another', is_active: true }, jwt);
  const key = `key=${world.tokenKey}`;
  await send('PATCH', `/member/bearer-tokens/detail/?${key}`, { title: 'a much longer title than before' }, jwt);
  const scenario = `&scenario_id=${DEMO.scenarios.checkout}`;
  await send('GET', `/features/qa/scenarios/list/?${board('')}`, undefined, jwt);
  await send('POST', `/features/qa/scenarios/list/?${board('')}`, { title: 'New', parent_id: null }, jwt);
  await send('GET', `/features/qa/scenarios/?${board(scenario)}`, undefined, jwt);
  await send('PATCH', `/features/qa/scenarios/?${board(scenario)}`, { title: 'Checkout, a longer title' }, jwt);
  const testCase = `&case_id=${DEMO.cases.guest}`;
  await send('GET', `/features/qa/cases/list/?${board(scenario)}`, undefined, jwt);
  const newCase = {
    scenario: DEMO.scenarios.checkout,
    title: 'C',
    description: '',
    steps_to_reproduce: '',
    expected_result: '',
  };
  await send('POST', `/features/qa/cases/list/?${board('')}`, newCase, jwt);
  await send('GET', `/features/qa/cases/?${board(testCase)}`, undefined, jwt);
  await send('PATCH', `/features/qa/cases/?${board(testCase)}`, { description: 'x'.repeat(200) }, jwt);
  await send('GET', `/features/qa/sessions/?${board('&is_active=true')}`, undefined, jwt);
  await send('POST', `/features/qa/sessions/start/?${board('')}`, { scenario_id: DEMO.scenarios.checkout }, jwt);
  const bug = { status: 'bug', actual_result: 'It hangs.', severity: 'major', priority: 'high' };
  await send('PATCH', `/features/qa/sessions/cases/?${board(`&case_report_id=${world.reportId}`)}`, bug, jwt);
  await send('PATCH', `/features/qa/sessions/finish/?${board('')}`, { sessions_id: world.sessionId }, jwt);
  await send('GET', `/task/list/?${board('')}`, undefined, jwt);
  await send('DELETE', `/features/qa/cases/?${board(testCase)}`, undefined, jwt);
  await send(
    'DELETE',
    `/features/qa/scenarios/?${board(`&scenario_id=${DEMO.scenarios.guestCheckout}`)}`,
    undefined,
    jwt,
  );
  await send('DELETE', `/member/bearer-tokens/detail/?${key}`, undefined, jwt);
  return replies;
}

// An account's share used up; registration, which no account makes, is bounded by the throttle below.
const STORAGE_USED_UP: Partial<Limits> = { accountBytes: 0 };
const ONE_OF_EACH: Partial<Limits> = { guessesPerMinute: 1, registrationsPerMinute: 1 };

/** A sandbox whose throttles are used up: one wrong password for the member, one account registered. */
async function throttledSandbox() {
  const limited = await limitedSandbox(ONE_OF_EACH);
  const wrong = await limited.call('POST', '/member/login/', {
    username: member.username,
    password: 'wrong',
    captcha_token,
  });
  const registered = await limited.call('POST', '/member/register/', {
    first_name: 'Bo',
    username: 'bo-429',
    email: 'bo-429@example.com',
    password: 'pw',
    captcha_token,
  });
  expect([wrong.status, registered.status]).toEqual([401, 201]);
  return limited;
}

describe('429: declared where the sandbox can answer it, and nowhere else', () => {
  test('the operations answering 429 under used-up quotas and throttles are those declaring it', async () => {
    const storage = await limitedSandbox(STORAGE_USED_UP);
    const throttled = await throttledSandbox();
    const stored = await everyOperation(storage.call, storage.world);
    const throttledReplies = await everyOperation(throttled.call, throttled.world);

    // Under the storage quota, only writes are refused: every other operation still succeeds.
    expect(
      stored.filter((r) => r.status !== 429 && r.status >= 300).map((r) => `${r.operationId} ${r.status}`),
    ).toEqual([]);
    const answered429 = new Set(
      [...stored, ...throttledReplies].filter((r) => r.status === 429).map((r) => r.operationId),
    );
    expect([...answered429].sort()).toEqual([...declared].sort());
    expect(declared).toEqual(expect.arrayContaining(['login', 'register', 'createScenario', 'recordCaseOutcome']));

    for (const reply of [...stored, ...throttledReplies].filter((r) => r.status === 429)) {
      expect(reply.json.errors?.length, `${reply.operationId}: the payload names a field`).toBeGreaterThan(0);
    }
    for (const reply of throttledReplies.filter((r) => r.status === 429)) {
      expect(reply.headers['retry-after'], `${reply.operationId}: Retry-After in seconds`).toMatch(/^[1-9]\d*$/);
    }
    expect([...storage.checker.violations, ...throttled.checker.violations]).toEqual([]);
  });

  test("the typed client's ApiError carries the 429, its Retry-After and the field", async () => {
    const { sandbox } = await throttledSandbox();
    const api = createApiClient({
      baseUrl: 'http://sandbox.test/api',
      fetch: (input, init) => sandbox.fetch(new Request(input, init)),
    });
    const error = await unwrap(
      api.POST('/member/login/', { body: { username: member.username, password: member.password, captcha_token } }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.status).toBe(429);
    expect(apiError.headers.get('Retry-After')).toMatch(/^[1-9]\d*$/);
    expect(apiError.fields).toEqual(['username']);
  });
});
