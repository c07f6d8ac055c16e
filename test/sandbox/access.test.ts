// Where 403 ends and 404 begins (source §7; docs/sandbox.md "The 403/404 line"), for every scoped operation.
import { beforeAll, describe, expect, test } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf, storeFromSnapshot } from '../../mocks/sandbox/worlds/snapshot.js';
import { onBoard, type Reply, sandboxUnderTest } from './harness.js';

const { member, outsider, viewer } = DEMO.accounts;
const { call, loginAs } = sandboxUnderTest();
let asMember: string;
let asOutsider: string;
let asViewer: string;

beforeAll(async () => {
  asMember = await loginAs(member.username, member.password);
  asOutsider = await loginAs(outsider.username, outsider.password);
  asViewer = await loginAs(viewer.username, viewer.password);
});

type Send = (id: number | string) => Promise<Reply>;

const q = (companyId: number, boardId: number, extra = '') => `company_id=${companyId}&board_id=${boardId}${extra}`;

/** One representative request per scoped operation, on company/board ids given by the caller. */
const requests = (companyId: number, boardId: number) =>
  [
    ['GET', `/features/qa/scenarios/list/?${q(companyId, boardId)}`],
    ['POST', `/features/qa/scenarios/list/?${q(companyId, boardId)}`, { title: 'x', parent_id: null }],
    ['GET', `/features/qa/scenarios/?${q(companyId, boardId, '&scenario_id=1')}`],
    ['PATCH', `/features/qa/scenarios/?${q(companyId, boardId, '&scenario_id=1')}`, { title: 'x' }],
    ['DELETE', `/features/qa/scenarios/?${q(companyId, boardId, '&scenario_id=1')}`],
    ['GET', `/features/qa/cases/list/?${q(companyId, boardId, '&scenario_id=1')}`],
    [
      'POST',
      `/features/qa/cases/list/?${q(companyId, boardId)}`,
      { scenario: 1, title: 't', description: '', steps_to_reproduce: '', expected_result: '' },
    ],
    ['GET', `/features/qa/cases/?${q(companyId, boardId, '&case_id=1')}`],
    ['PATCH', `/features/qa/cases/?${q(companyId, boardId, '&case_id=1')}`, { title: 'x' }],
    ['DELETE', `/features/qa/cases/?${q(companyId, boardId, '&case_id=1')}`],
    ['GET', `/features/qa/sessions/?${q(companyId, boardId, '&is_active=true')}`],
    ['POST', `/features/qa/sessions/start/?${q(companyId, boardId)}`, { scenario_id: 1 }],
    ['PATCH', `/features/qa/sessions/cases/?${q(companyId, boardId, '&case_report_id=1')}`, { status: 'done' }],
    ['PATCH', `/features/qa/sessions/finish/?${q(companyId, boardId)}`, { sessions_id: 1 }],
    ['GET', `/task/list/?${q(companyId, boardId)}`],
  ] as const;

const send = (auth: string, [method, path, body]: readonly [string, string, unknown?]) =>
  call(method, path, body === undefined ? { auth } : { auth, body });

describe('the 403/404 line', () => {
  test('a company the account does not belong to → 403 on every scoped operation', async () => {
    for (const request of requests(DEMO.companyId, DEMO.boardId)) {
      const res = await send(asOutsider, request);
      expect(res.status, `${request[0]} ${request[1]}`).toBe(403);
      expect(res.json.status).toBe('error');
    }
  });

  test('a company id that names nothing → 404 naming company_id', async () => {
    for (const request of requests(999, DEMO.boardId)) {
      const res = await send(asMember, request);
      expect([res.status, res.json.errors?.[0]?.field], `${request[0]} ${request[1]}`).toEqual([404, 'company_id']);
    }
  });

  test("a board of another company, or no board at all → 404 naming board_id (even the outsider's own board)", async () => {
    for (const boardId of [DEMO.outsiderBoardId, 999]) {
      for (const request of requests(DEMO.companyId, boardId)) {
        const res = await send(asMember, request);
        expect([res.status, res.json.errors?.[0]?.field], `${request[0]} ${request[1]}`).toEqual([404, 'board_id']);
      }
    }
    // The outsider naming its own company with the demo board: the pair is wrong, so 404, not 403.
    const res = await call('GET', `/task/list/?${q(DEMO.outsiderCompanyId, DEMO.boardId)}`, { auth: asOutsider });
    expect(res.status).toBe(404);
  });

  test('a viewer may read but every write → 403', async () => {
    for (const request of requests(DEMO.companyId, DEMO.boardId)) {
      const res = await send(asViewer, request);
      const write = request[0] !== 'GET';
      expect(res.status, `${request[0]} ${request[1]}`).toBe(write ? 403 : 200);
    }
  });

  test("objects of another board → 404, as if missing: the outsider's scenario seen from the demo board", async () => {
    const foreign = DEMO.scenarios.outsider;
    const res = await call('GET', `/features/qa/scenarios/?${onBoard({ scenario_id: foreign })}`, { auth: asMember });
    expect([res.status, res.json.errors[0].field]).toEqual([404, 'scenario_id']);
    const missing = await call('GET', `/features/qa/scenarios/?${onBoard({ scenario_id: 999 })}`, { auth: asMember });
    expect(missing.json.message).toBe(res.json.message);
    // Its owner reaches it on its own board.
    const own = await call(
      'GET',
      `/features/qa/scenarios/?${onBoard({ scenario_id: foreign }, DEMO.outsiderBoardId)}`,
      {
        auth: asOutsider,
      },
    );
    expect(own.status).toBe(200);
  });

  test('a board-2 scenario named on board 1 is a 404 (objects belong to one board)', async () => {
    const res = await call(
      'GET',
      `/features/qa/cases/list/?${onBoard({ scenario_id: DEMO.scenarios.roadmapReview })}`,
      {
        auth: asMember,
      },
    );
    expect(res.status).toBe(404);
  });

  test('company list: each account sees only its own companies, with their boards', async () => {
    const mine = await call('GET', '/company/list/', { auth: asMember });
    expect(mine.json.data.companies.map((c: { id: number }) => c.id)).toEqual([DEMO.companyId]);
    expect(mine.json.data.companies[0].boards.map((b: { id: number }) => b.id)).toEqual([
      DEMO.boardId,
      DEMO.boardWithoutTodoColumnId,
    ]);
    // Boards and columns carry `name` (the contract's x-assumption on the company list), and each column its kind.
    const board = mine.json.data.companies[0].boards[0];
    expect(board).toEqual({ id: DEMO.boardId, name: 'Web shop', columns: expect.any(Array) });
    expect(board.columns[0]).toEqual({ id: DEMO.todoColumnId, name: 'To do', kind: 'todo' });
    const theirs = await call('GET', '/company/list/', { auth: asOutsider });
    expect(theirs.json.data.companies.map((c: { id: number }) => c.id)).toEqual([DEMO.outsiderCompanyId]);
  });

  test('no credential → 401 before anything else, on every scoped operation', async () => {
    for (const [method, path, body] of requests(999, 999)) {
      const res = await call(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  test('each side of the line says why: the 404 names the id and what it names nothing of, the 403 what is missing', async () => {
    const cases: Array<[string, string, string, RegExp]> = [
      [asMember, `/task/list/?${q(999, DEMO.boardId)}`, 'company_id', /names no company/],
      [asMember, `/task/list/?${q(DEMO.companyId, 999)}`, 'board_id', /names no board of this company/],
    ];
    for (const [auth, path, field, says] of cases) {
      const res = await call('GET', path, { auth });
      expect([res.status, res.json.errors?.[0]?.field], path).toEqual([404, field]);
      expect(res.json.errors[0].message, path).toMatch(says);
      expect(res.json.message, path).toMatch(says);
    }
    const outside = await call('GET', `/task/list/?${q(DEMO.companyId, DEMO.boardId)}`, { auth: asOutsider });
    expect([outside.status, outside.json.message]).toEqual([
      403,
      expect.stringMatching(/do not have access to this company/),
    ]);
    // A viewer is told its role is why, so it knows whom to ask.
    const viewerWrite = await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, {
      auth: asViewer,
      body: { title: 'x', parent_id: null },
    });
    expect([viewerWrite.status, viewerWrite.json.message]).toEqual([403, expect.stringMatching(/role \(viewer\)/)]);
  });

  test('every object of another board or account answers exactly like a missing one: a 404 naming its id, never its data', async () => {
    // The outsider's own session and case report on its board: ids the member must not be able to confirm.
    const board = onBoard({}, DEMO.outsiderBoardId);
    const started = await call('POST', `/features/qa/sessions/start/?${board}`, {
      auth: asOutsider,
      body: { scenario_id: DEMO.scenarios.outsider },
    });
    expect(started.status).toBe(201);
    const session = started.json.data.session;
    const report = session.case_reports[0].id;
    const token = await call('POST', '/member/bearer-tokens/', {
      auth: asOutsider,
      body: { title: 'theirs', is_active: true },
    });
    const key = token.json.data.token.key;
    const probes: Array<{ of: string; theirs: number | string; missing: number | string; says: RegExp; send: Send }> = [
      {
        of: 'scenario_id',
        theirs: DEMO.scenarios.outsider,
        missing: 999,
        says: /names no scenario on this board/,
        send: (id) => call('GET', `/features/qa/scenarios/?${onBoard({ scenario_id: id })}`, { auth: asMember }),
      },
      {
        of: 'case_id',
        theirs: DEMO.cases.outsider,
        missing: 999,
        says: /names no test case on this board/,
        send: (id) => call('GET', `/features/qa/cases/?${onBoard({ case_id: id })}`, { auth: asMember }),
      },
      {
        of: 'sessions_id',
        theirs: session.id,
        missing: 999,
        says: /names no session on this board/,
        send: (id) =>
          call('PATCH', `/features/qa/sessions/finish/?${onBoard()}`, { auth: asMember, body: { sessions_id: id } }),
      },
      {
        of: 'case_report_id',
        theirs: report,
        missing: 999,
        says: /names no case report on this board/,
        send: (id) =>
          call('PATCH', `/features/qa/sessions/cases/?${onBoard({ case_report_id: id })}`, {
            auth: asMember,
            body: { status: 'done' },
          }),
      },
      {
        of: 'key',
        theirs: key,
        missing: 'tok_000000000000',
        says: /names no API token of this account/,
        send: (id) => call('DELETE', `/member/bearer-tokens/detail/?key=${id}`, { auth: asMember }),
      },
    ];
    for (const { of, theirs, missing, says, send } of probes) {
      const foreign = await send(theirs);
      expect([foreign.status, foreign.json.errors?.[0]?.field], of).toEqual([404, of]);
      expect(foreign.json.errors[0].message, of).toMatch(says);
      expect(foreign.json, of).toEqual((await send(missing)).json);
    }
    // Nothing was changed through them: the outsider's session is still active, its report still pending.
    const after = await call('GET', `/features/qa/sessions/?${onBoard({ is_active: 'true' }, DEMO.outsiderBoardId)}`, {
      auth: asOutsider,
    });
    const theirSession = after.json.data.sessions.find((s: { id: number }) => s.id === session.id);
    expect(theirSession.case_reports[0]).toMatchObject({ id: report, status: 'pending' });
    const tokens = await call('GET', '/member/bearer-tokens/', { auth: asOutsider });
    expect(tokens.json.data.tokens.map((t: { key: string }) => t.key)).toContain(key);
  });

  test('a case report whose session is not in a loaded world (a hand-edited state file) is refused at load, naming where, never a 5xx later', async () => {
    const saved = await snapshotOf(createSandbox().store);
    const orphan = {
      id: 1,
      sessionId: 42,
      caseId: DEMO.cases.guest,
      status: 'pending',
      actual_result: null,
      severity: null,
      priority: null,
      task_id: null,
    };
    const world = { ...saved, caseReports: [orphan], counters: { ...saved.counters, caseReport: 1 } };
    expect(() => storeFromSnapshot(world)).toThrow(
      /caseReports\/0\/sessionId: names no session that holds this report/,
    );
  });
});
