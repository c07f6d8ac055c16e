// Resource limits (mocks/sandbox/domain/limits.ts, docs/sandbox.md "Limits"): each is reached and answered with a 4xx naming it.
import { describe, expect, test } from 'vitest';
import { SandboxError } from '../../mocks/sandbox/domain/errors.js';
import {
  accountFull,
  approxBytes,
  checkMetadata,
  DEFAULT_LIMITS,
  depthOf,
  jsonShapeExceeds,
  limitReached,
  limitsWith,
  MAX_JSON_CONTAINERS,
  MAX_SESSION_LIST_BYTES,
  registrationsFull,
  worldFull,
} from '../../mocks/sandbox/domain/limits.js';
import { Store } from '../../mocks/sandbox/domain/store.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, sandboxUnderTest } from './harness.js';

const { member, outsider } = DEMO.accounts;
// biome-ignore lint/suspicious/noExplicitAny: error payloads are checked against the contract by the harness.
const fieldsOf = (json: any): string[] => (json.errors ?? []).map((e: { field: string }) => e.field);

describe('token metadata', () => {
  const { call, loginAs } = sandboxUnderTest();

  test('over the byte limit or too deep → 400 naming metadata, on create and on update; at the limits it is kept', async () => {
    const auth = await loginAs(member.username, member.password);
    // {"a":[{},{},…]}: the shape that kept ~22.8 MB per 1 MiB request before metadata had a limit (6 KB here).
    const wide = { a: Array.from({ length: 2000 }, () => ({})) };
    const big = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'wide', is_active: true, metadata: wide },
    });
    expect([big.status, fieldsOf(big.json)]).toEqual([400, ['metadata']]);
    expect(big.json.message).toContain(String(DEFAULT_LIMITS.metadataBytes));

    const deep = { a: { b: { c: { d: { e: { f: 1 } } } } } };
    const tooDeep = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'deep', is_active: true, metadata: deep },
    });
    expect([tooDeep.status, fieldsOf(tooDeep.json)]).toEqual([400, ['metadata']]);

    const atLimit = { note: 'x'.repeat(DEFAULT_LIMITS.metadataBytes - '{"note":""}'.length) };
    const fits = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'fits', is_active: true, metadata: atLimit },
    });
    expect(fits.status).toBe(201);
    expect(fits.json.data.token.metadata).toEqual(atLimit);
    const edgeDeep = { a: { b: { c: { d: 1 } } } };
    const key = fits.json.data.token.key;
    const deepOk = await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, {
      auth,
      body: { metadata: edgeDeep },
    });
    expect(deepOk.status).toBe(200);
    const update = await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, { auth, body: { metadata: wide } });
    expect([update.status, fieldsOf(update.json)]).toEqual([400, ['metadata']]);
    const list = await call('GET', '/member/bearer-tokens/', { auth });
    expect(list.json.data.tokens.find((t: { key: string }) => t.key === key).metadata).toEqual(edgeDeep);
  });
});

describe('JSON bodies', () => {
  const { call, loginAs } = sandboxUnderTest();

  test(`a body opening more than ${MAX_JSON_CONTAINERS} objects and arrays → 400 naming body, before parsing`, async () => {
    const auth = await loginAs(member.username, member.password);
    const body = (count: number) => `{"title":"t","is_active":true,"metadata":{"a":[${'{},'.repeat(count - 4)}{}]}}`;
    const over = await call('POST', '/member/bearer-tokens/', {
      auth,
      raw: body(MAX_JSON_CONTAINERS + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect([over.status, fieldsOf(over.json)]).toEqual([400, ['body']]);
    expect(over.json.message).toContain(String(MAX_JSON_CONTAINERS));
    // At the limit the body is parsed: these objects are refused by metadata's own size limit instead.
    const at = await call('POST', '/member/bearer-tokens/', {
      auth,
      raw: body(MAX_JSON_CONTAINERS),
      headers: { 'content-type': 'application/json' },
    });
    expect([at.status, fieldsOf(at.json)]).toEqual([400, ['metadata']]);
  });
});

describe('counts per account and per board', () => {
  const { call, loginAs } = sandboxUnderTest({
    limits: { tokensPerAccount: 3, scenariosPerBoard: 12, casesPerBoard: 15, sessionsPerBoard: 4, casesPerSession: 3 },
  });

  test('API tokens per account → 409 naming the limit and what to do; deleting one makes room; other accounts are not affected', async () => {
    const auth = await loginAs(member.username, member.password);
    const have = (await call('GET', '/member/bearer-tokens/', { auth })).json.data.tokens.length;
    for (let i = have; i < 3; i++) {
      expect(
        (await call('POST', '/member/bearer-tokens/', { auth, body: { title: `t${i}`, is_active: true } })).status,
      ).toBe(201);
    }
    const over = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'one too many', is_active: true },
    });
    expect([over.status, fieldsOf(over.json)]).toEqual([409, ['title']]);
    expect(over.json.message).toContain('API tokens per account');
    expect(over.json.message).toContain('delete a token first');
    const other = await loginAs(outsider.username, outsider.password);
    expect(
      (await call('POST', '/member/bearer-tokens/', { auth: other, body: { title: 'x', is_active: true } })).status,
    ).toBe(201);
    const key = (await call('GET', '/member/bearer-tokens/', { auth })).json.data.tokens[0].key;
    expect((await call('DELETE', `/member/bearer-tokens/detail/?key=${key}`, { auth })).status).toBe(200);
    expect(
      (await call('POST', '/member/bearer-tokens/', { auth, body: { title: 'again', is_active: true } })).status,
    ).toBe(201);
  });

  test('scenarios, cases and sessions per board, and cases per session → 409 naming the field', async () => {
    const auth = await loginAs(member.username, member.password);
    const scenarios = async (body: unknown) =>
      call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { auth, body });
    const cases = async (scenario: number, title: string) =>
      call('POST', `/features/qa/cases/list/?${onBoard()}`, {
        auth,
        body: { scenario, title, description: '', steps_to_reproduce: '', expected_result: '' },
      });
    let last: Awaited<ReturnType<typeof scenarios>> | undefined;
    const made: number[] = [];
    for (let i = 0; i < 13; i++) {
      last = await scenarios({ title: `s${i}`, parent_id: null });
      if (last.status === 201) made.push(last.json.data.scenario.id);
      else break;
    }
    expect([last?.status, fieldsOf(last?.json)]).toEqual([409, ['board_id']]);
    expect(last?.json.message).toContain('scenarios per board');

    const wide = made[0] as number;
    let caseReply: Awaited<ReturnType<typeof cases>> | undefined;
    for (let i = 0; i < 16; i++) {
      caseReply = await cases(wide, `c${i}`);
      if (caseReply.status !== 201) break;
    }
    expect([caseReply?.status, fieldsOf(caseReply?.json)]).toEqual([409, ['scenario']]);

    const start = (scenario_id: number) =>
      call('POST', `/features/qa/sessions/start/?${onBoard()}`, { auth, body: { scenario_id } });
    const tooMany = await start(wide);
    expect([tooMany.status, fieldsOf(tooMany.json)]).toEqual([409, ['scenario_id']]);
    expect(tooMany.json.message).toContain('this one has');

    const small = made[1] as number;
    let sessionReply: Awaited<ReturnType<typeof start>> | undefined;
    for (let i = 0; i < 5; i++) {
      sessionReply = await start(small);
      if (sessionReply.status !== 201) break;
    }
    expect([sessionReply?.status, fieldsOf(sessionReply?.json)]).toEqual([409, ['board_id']]);
    expect(sessionReply?.json.message).toContain('sessions per board');
  });
});

describe("the world's budget", () => {
  // A clock that never moves: what deleting frees is credited at once, not at a later measure.
  const { call, loginAs, sandbox } = sandboxUnderTest({ now: () => Date.parse('2026-11-22T12:00:00Z') });

  test('past the budget writes answer 429 naming the limit, reads keep working, and deleting makes room at once', async () => {
    // The demo world fits; the next ~64 KiB of writes fit, then the budget is spent. (limits is this sandbox's own.)
    sandbox.store.limits.worldBytes = sandbox.store.usage().world + 64 * 1024;
    const auth = await loginAs(member.username, member.password);
    const note = 'n'.repeat(9000);
    const made: number[] = [];
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (let i = 0; i < 20; i++) {
      last = await call('POST', `/features/qa/cases/list/?${onBoard()}`, {
        auth,
        body: {
          scenario: DEMO.scenarios.login,
          title: `big ${i}`,
          description: note,
          steps_to_reproduce: '',
          expected_result: '',
        },
      });
      if (last.status !== 201) break;
      made.push(last.json.data.case.id);
    }
    expect(made.length).toBeGreaterThan(0);
    expect(last?.status).toBe(429);
    expect(last?.headers['retry-after']).toBeDefined();
    expect(last?.json.message).toContain(`budget for its own accounts (${sandbox.store.limits.worldBytes} bytes`);
    expect(fieldsOf(last?.json)).toEqual(['body']);
    expect(sandbox.store.measure().world).toBeLessThanOrEqual(sandbox.store.limits.worldBytes);

    expect((await call('GET', '/member/me/', { auth })).status).toBe(200);
    expect(
      (await call('GET', `/features/qa/cases/list/?${onBoard({ scenario_id: DEMO.scenarios.login })}`, { auth }))
        .status,
    ).toBe(200);

    for (const id of made) {
      expect((await call('DELETE', `/features/qa/cases/?${onBoard({ case_id: id })}`, { auth })).status).toBe(200);
    }
    const after = await call('POST', `/features/qa/cases/list/?${onBoard()}`, {
      auth,
      body: {
        scenario: DEMO.scenarios.login,
        title: 'room again',
        description: note,
        steps_to_reproduce: '',
        expected_result: '',
      },
    });
    expect(after.status).toBe(201);
  });
});

describe('big sessions in answers', () => {
  const { call, loginAs } = sandboxUnderTest();
  const CASES = 40;
  const SESSIONS = 8;

  test(`a session list of ${SESSIONS} sessions × ${CASES} bug reports stays under ${MAX_SESSION_LIST_BYTES} bytes and counts every report`, async () => {
    const auth = await loginAs(member.username, member.password);
    const root = await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, {
      auth,
      body: { title: 'Big', parent_id: null },
    });
    const scenario = root.json.data.scenario.id;
    for (let i = 0; i < CASES; i++) {
      await call('POST', `/features/qa/cases/list/?${onBoard()}`, {
        auth,
        body: { scenario, title: `c${i}`, description: '', steps_to_reproduce: '', expected_result: '' },
      });
    }
    // Quotes double when JSON-escaped: each report's actual_result takes ~20 KB in an answer.
    const actual = '"'.repeat(10_000);
    let unbounded = 0;
    for (let s = 0; s < SESSIONS; s++) {
      const started = await call('POST', `/features/qa/sessions/start/?${onBoard()}`, {
        auth,
        body: { scenario_id: scenario },
      });
      expect(started.json.data.session.case_reports).toHaveLength(CASES);
      for (const report of started.json.data.session.case_reports) {
        const res = await call('PATCH', `/features/qa/sessions/cases/?${onBoard({ case_report_id: report.id })}`, {
          auth,
          body: { status: 'bug', actual_result: actual, severity: 'major', priority: 'high' },
        });
        expect(res.status).toBe(200);
        unbounded += JSON.stringify(res.json.data.case_report).length;
      }
    }
    expect(unbounded).toBeGreaterThan(3 * MAX_SESSION_LIST_BYTES);

    const res = await call('GET', `/features/qa/sessions/?${onBoard({ is_active: 'true', limit: 100 })}`, { auth });
    expect(res.status).toBe(200);
    const bytes = JSON.stringify(res.json).length;
    expect(bytes).toBeLessThanOrEqual(MAX_SESSION_LIST_BYTES);
    const rows = res.json.data.sessions.filter((s: { scenario_id: number }) => s.scenario_id === scenario);
    expect(rows).toHaveLength(SESSIONS);
    for (const row of rows) {
      expect(row.case_reports_total).toBe(CASES);
      expect(row.case_reports.length).toBeLessThanOrEqual(DEFAULT_LIMITS.caseReportsPerSessionRow);
    }
    expect(rows[0].case_reports.length).toBeGreaterThan(0);
  });
});

describe('refresh tokens are remembered per account and client', () => {
  const { call } = sandboxUnderTest({ limits: { refreshTokensPerClient: 3 } });
  const login = async (username: string, password: string): Promise<string> => {
    const res = await call('POST', '/member/login/', {
      body: { username, password, captcha_token: DEMO.captchaToken },
    });
    expect(res.status).toBe(200);
    return res.json.data.refresh_token;
  };
  const refresh = (refresh_token: string) => call('POST', '/member/refresh-token/', { body: { refresh_token } });

  test("many logins of one account never forget another account's refresh token; its own oldest goes first", async () => {
    const members = await login(member.username, member.password);
    for (let i = 0; i < 20; i++) await login(outsider.username, outsider.password);
    expect((await refresh(members)).status).toBe(200);

    const first = await login(outsider.username, outsider.password);
    const rest = [];
    for (let i = 0; i < 3; i++) rest.push(await login(outsider.username, outsider.password));
    const forgotten = await refresh(first);
    expect([forgotten.status, fieldsOf(forgotten.json)]).toEqual([401, ['refresh_token']]);
    for (const token of rest) expect((await refresh(token)).status).toBe(200);
  });
});

describe('account indexes', () => {
  const { call } = sandboxUnderTest({ world: 'empty' });

  test('usernames and emails are unique case-insensitively and found after many adds, also after a reset', () => {
    const store = new Store();
    const hash = Promise.resolve('unused');
    const fields = (i: number) => ({
      username: `User${i}`,
      email: `User${i}@Example.com`,
      first_name: 'U',
      last_name: '',
      description: '',
      passwordHash: hash,
    });
    for (let i = 0; i < 5000; i++) store.addAccount(fields(i));
    for (const i of [0, 1, 2500, 4999]) {
      expect(store.findAccountByUsername(`user${i}`)?.id).toBe(i + 1);
      expect(store.findAccountByUsername(`USER${i}`)?.id).toBe(i + 1);
      expect(store.findAccountByEmail(`user${i}@example.COM`)?.id).toBe(i + 1);
    }
    expect(store.findAccountByUsername('user5000')).toBeUndefined();
    expect(() => store.addAccount({ ...fields(7), email: 'other@example.com' })).toThrow();
    expect(() => store.addAccount({ ...fields(9000), email: 'USER3@example.com' })).toThrow();
    expect(store.accounts.size).toBe(5000);
    expect(new Store().findAccountByUsername('user1')).toBeUndefined();
  });

  test('a registered account logs in with its name in any letter case', async () => {
    const body = {
      first_name: 'A',
      username: 'First',
      email: 'first@example.com',
      password: 'pw-123456',
      captcha_token: DEMO.captchaToken,
    };
    expect((await call('POST', '/member/register/', { body })).status).toBe(201);
    for (const username of ['first', 'FIRST', 'First']) {
      const res = await call('POST', '/member/login/', {
        body: { username, password: 'pw-123456', captcha_token: DEMO.captchaToken },
      });
      expect(res.status, username).toBe(200);
    }
  });
});

describe('what the limits measure', () => {
  test.each([
    // [text, maxDepth, maxContainers, verdict]
    ['{}', 1, 1, undefined],
    ['{"a":{}}', 1, 10, 'depth'],
    ['{"a":{}}', 2, 10, undefined],
    // Closed containers no longer count towards the depth: siblings stay at their own level.
    ['[[],[],[],{}]', 2, 10, undefined],
    ['[{},[]]', 2, 2, 'containers'],
    ['[{},[]]', 2, 3, undefined],
    // Brackets inside strings open nothing, also after an escaped quote.
    ['["{{[[", "]]}}"]', 1, 1, undefined],
    ['["\\"{[{["]', 1, 1, undefined],
    // An escaped backslash ends before the quote: the string closes there and what follows counts.
    ['["\\\\",[[]]]', 2, 10, 'depth'],
    ['["\\\\",[[]]]', 3, 10, undefined],
    ['{"a":"\\u0022"}', 1, 1, undefined],
  ] as const)('jsonShapeExceeds(%s, depth %d, containers %d) → %s', (text, maxDepth, maxContainers, verdict) => {
    expect(jsonShapeExceeds(text, maxDepth, maxContainers)).toBe(verdict);
  });

  test.each([
    [1, 0],
    ['text', 0],
    [null, 0],
    [{}, 1],
    [[], 1],
    [{ a: 1 }, 1],
    [[[]], 2],
    // The deepest branch counts, wherever it is.
    [{ a: [[[]]], b: {} }, 4],
    [[{}, [[{ x: 1 }]], 2], 4],
  ])('depthOf(%j) = %d', (value, depth) => {
    expect(depthOf(value)).toBe(depth);
  });

  test('the bytes a stored value counts for in the budgets: 2 a character, fixed costs for scalars, containers and a pending hash', () => {
    expect(approxBytes('')).toBe(16);
    expect(approxBytes('abc')).toBe(16 + 6);
    for (const scalar of [0, 42, true, null, undefined]) expect(approxBytes(scalar), String(scalar)).toBe(8);
    expect(approxBytes(Promise.resolve('a hash'))).toBe(128);
    expect(approxBytes([])).toBe(32);
    expect(approxBytes(['ab', 1])).toBe(32 + (8 + 20) + (8 + 8));
    expect(approxBytes({})).toBe(32);
    expect(approxBytes({ a: 'bc', d: null })).toBe(32 + (8 + 18 + 20) + (8 + 18 + 8));
    expect(approxBytes(new Map())).toBe(64);
    expect(
      approxBytes(
        new Map<unknown, unknown>([
          ['k', [1]],
          [2, 'xy'],
        ]),
      ),
    ).toBe(64 + (18 + 32 + 8 + 8) + (8 + 20));
  });

  test('metadata at the byte and depth limits is kept; one byte or one level more is a 400 naming metadata and the limit', () => {
    const limits = limitsWith({ metadataBytes: 20, metadataDepth: 3 });
    const ofBytes = (n: number) => ({ n: 'x'.repeat(n - '{"n":""}'.length) });
    expect(() => checkMetadata(undefined, limits)).not.toThrow();
    expect(() => checkMetadata(ofBytes(20), limits)).not.toThrow();
    expect(() => checkMetadata({ a: { b: { c: 1 } } }, limits)).not.toThrow();
    const tooBig = catchError(() => checkMetadata(ofBytes(21), limits));
    expect([tooBig.status, tooBig.message, tooBig.errors]).toEqual([
      400,
      'Validation failed: metadata is 21 bytes as JSON; the sandbox keeps at most 20.',
      [{ field: 'metadata', message: 'must be at most 20 bytes as JSON' }],
    ]);
    const tooDeep = catchError(() => checkMetadata({ a: { b: { c: {} } } }, limits));
    expect([tooDeep.status, tooDeep.message, tooDeep.errors]).toEqual([
      400,
      'Validation failed: metadata nests deeper than 3 levels.',
      [{ field: 'metadata', message: 'must nest at most 3 levels' }],
    ]);
    // Bytes are UTF-8 bytes, not characters: 15 characters here, 22 bytes.
    expect(() => checkMetadata({ n: 'é'.repeat(7) }, limits)).toThrow('metadata is 22 bytes as JSON');
  });

  test('limit answers name the field, the limit and what to do; storage 429s say when to look again', () => {
    const reached = limitReached('title', 'API tokens per account', 3, 'delete a token first');
    expect([reached.status, reached.message, reached.errors]).toEqual([
      409,
      'Limit reached: API tokens per account (at most 3 in this sandbox); delete a token first.',
      [{ field: 'title', message: 'API tokens per account: at most 3' }],
    ]);
    const world = worldFull(1000);
    expect([world.status, world.headers, world.errors]).toEqual([
      429,
      { 'retry-after': '60' },
      [{ field: 'body', message: "does not fit: the world's own accounts store at most 1000 bytes of data" }],
    ]);
    expect(world.message).toMatch(
      /^The sandbox's budget for its own accounts \(1000 bytes of stored data\) is used up/,
    );
    const account = accountFull(500);
    expect([account.status, account.headers, account.errors]).toEqual([
      429,
      { 'retry-after': '60' },
      [{ field: 'body', message: 'does not fit: one account stores at most 500 bytes of data' }],
    ]);
    expect(account.message).toMatch(/^This account's share of the sandbox \(500 bytes of stored data\) is used up/);
  });

  test.each([
    // [ms until an unused account leaves, Retry-After]
    [0, '1'],
    [1, '1'],
    [1000, '1'],
    [1001, '2'],
    [59_500, '60'],
  ])('registration full, the soonest room in %d ms → Retry-After %s, in the header and the message', (ms, seconds) => {
    const full = registrationsFull('from one client', 100, ms, 90 * 60_000 + 1);
    expect([full.status, full.headers, full.errors]).toEqual([
      429,
      { 'retry-after': seconds },
      [{ field: 'username', message: 'at most 100 registered accounts from one client' }],
    ]);
    expect(full.message).toBe(
      `Registration is full: at most 100 registered accounts from one client. Registered accounts are never removed to make room; one nobody has logged in to is removed 91 min after its registration. Try again in ${seconds} s.`,
    );
  });

  test('limitsWith lowers only the limits it names', () => {
    expect(limitsWith()).toEqual(DEFAULT_LIMITS);
    expect(limitsWith({ tokensPerAccount: 2 })).toEqual({ ...DEFAULT_LIMITS, tokensPerAccount: 2 });
  });
});

function catchError(run: () => void): SandboxError {
  try {
    run();
  } catch (error) {
    if (error instanceof SandboxError) return error;
    throw error;
  }
  throw new Error('expected a SandboxError');
}
