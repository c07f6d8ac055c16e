// QA behaviour (source §2–§3): trees, cases, sessions, outcomes, linked tasks, deletes, lists.
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, sandboxUnderTest } from './harness.js';

const { member } = DEMO.accounts;
const { call, loginAs, sandbox } = sandboxUnderTest();
let auth: string;

beforeAll(async () => {
  auth = await loginAs(member.username, member.password);
});

const post = (path: string, body: unknown, extra = {}) => call('POST', `${path}?${onBoard(extra)}`, { auth, body });
const get = (path: string, extra = {}) => call('GET', `${path}?${onBoard(extra)}`, { auth });
const patch = (path: string, extra: Record<string, string | number>, body: unknown) =>
  call('PATCH', `${path}?${onBoard(extra)}`, { auth, body });
const del = (path: string, extra: Record<string, string | number>) =>
  call('DELETE', `${path}?${onBoard(extra)}`, { auth });

async function scenario(title: string, parent_id: number | null): Promise<number> {
  const res = await post('/features/qa/scenarios/list/', { title, parent_id });
  expect(res.status).toBe(201);
  return res.json.data.scenario.id;
}

async function testCase(scenarioId: number, title: string): Promise<number> {
  const res = await post('/features/qa/cases/list/', {
    scenario: scenarioId,
    title,
    description: `${title} description`,
    steps_to_reproduce: '1. do it',
    expected_result: 'it works',
  });
  expect(res.status).toBe(201);
  return res.json.data.case.id;
}

async function start(scenarioId: number) {
  const res = await post('/features/qa/sessions/start/', { scenario_id: scenarioId });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.data.session;
}

const bug = (actual = 'It broke.') => ({ status: 'bug', actual_result: actual, severity: 'major', priority: 'high' });

describe('scenarios and cases', () => {
  test('scenarios form a tree through parent_id; parent_id filters direct children', async () => {
    const root = await scenario('Search', null);
    const child = await scenario('Filters', root);
    const grandchild = await scenario('Price filter', child);
    const children = await get('/features/qa/scenarios/list/', { parent_id: root });
    expect(children.json.data.scenarios.map((s: { id: number }) => s.id)).toEqual([child]);
    const read = await get('/features/qa/scenarios/', { scenario_id: grandchild });
    expect(read.json.data.scenario).toMatchObject({
      id: grandchild,
      parent_id: child,
      title: 'Price filter',
      position: 0,
    });
    const missingParent = await post('/features/qa/scenarios/list/', { title: 'x', parent_id: 999 });
    expect([missingParent.status, missingParent.json.errors[0].field]).toEqual([404, 'parent_id']);
  });

  test('rename and reposition a scenario', async () => {
    const id = await scenario('Old', null);
    const res = await patch('/features/qa/scenarios/', { scenario_id: id }, { title: 'New', position: 7 });
    expect(res.json.data.scenario).toMatchObject({ id, title: 'New', position: 7 });
    const noTitle = await patch('/features/qa/scenarios/', { scenario_id: id }, { position: 1 });
    expect([noTitle.status, noTitle.json.errors[0].field]).toEqual([400, 'title']);
  });

  test('cases belong to a scenario: create, list, read, update, delete', async () => {
    const s = await scenario('Cart', null);
    const c = await testCase(s, 'Add to cart');
    const list = await get('/features/qa/cases/list/', { scenario_id: s });
    expect(list.json.data.cases).toEqual([
      {
        id: c,
        scenario_id: s,
        title: 'Add to cart',
        description: 'Add to cart description',
        steps_to_reproduce: '1. do it',
        expected_result: 'it works',
      },
    ]);
    const updated = await patch('/features/qa/cases/', { case_id: c }, { expected_result: 'the cart shows 1 item' });
    expect(updated.json.data.case).toMatchObject({ title: 'Add to cart', expected_result: 'the cart shows 1 item' });
    expect((await get('/features/qa/cases/', { case_id: c })).json.data.case.expected_result).toBe(
      'the cart shows 1 item',
    );
    expect((await del('/features/qa/cases/', { case_id: c })).json).toEqual({ status: 'success' });
    expect((await get('/features/qa/cases/', { case_id: c })).status).toBe(404);
    const wrongScenario = await post('/features/qa/cases/list/', {
      scenario: 999,
      title: 't',
      description: '',
      steps_to_reproduce: '',
      expected_result: '',
    });
    expect([wrongScenario.status, wrongScenario.json.errors[0].field]).toEqual([404, 'scenario']);
  });
});

describe('sessions', () => {
  test('a session holds a pending report for every case of the scenario and its descendants', async () => {
    const session = await start(DEMO.scenarios.checkout);
    const { savedCard, newCard, guest, orderSummary, passwordLogin } = DEMO.cases;
    const caseIds = session.case_reports.map((r: { case_id: number }) => r.case_id).sort();
    expect(caseIds).toEqual([savedCard, newCard, guest, orderSummary].sort());
    expect(caseIds).not.toContain(passwordLogin);
    expect(session).toMatchObject({ scenario_id: DEMO.scenarios.checkout, is_active: true });
    for (const r of session.case_reports) expect(r).toMatchObject({ status: 'pending', task_id: null });
    const active = await get('/features/qa/sessions/', { is_active: 'true' });
    expect(active.json.data.sessions.map((s: { id: number }) => s.id)).toContain(session.id);
  });

  test('outcomes: done records a pass, pending is valid, bug needs its three fields', async () => {
    const session = await start(DEMO.scenarios.cardPayment);
    const [first] = session.case_reports;
    const at = { case_report_id: first.id };
    expect((await patch('/features/qa/sessions/cases/', at, { status: 'done' })).json.data.case_report.status).toBe(
      'done',
    );
    expect((await patch('/features/qa/sessions/cases/', at, { status: 'pending' })).json.data.case_report.status).toBe(
      'pending',
    );
    const incomplete = await patch('/features/qa/sessions/cases/', at, { status: 'bug', actual_result: 'x' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['priority', 'severity']);
    const unknown = await patch('/features/qa/sessions/cases/', at, { status: 'skipped' });
    expect([unknown.status, unknown.json.errors[0].field]).toEqual([400, 'status']);
    const extra = await patch('/features/qa/sessions/cases/', at, { status: 'done', severity: 'major' });
    expect([extra.status, extra.json.errors[0].field]).toEqual([400, 'severity']);
  });

  test('a bug creates a linked task in the todo column; a second bug updates that same task', async () => {
    const session = await start(DEMO.scenarios.savedCards);
    const report = session.case_reports[0];
    const first = await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, bug('Hangs on submit.'));
    const taskId = first.json.data.case_report.task_id;
    expect(first.json.data.case_report).toMatchObject({
      status: 'bug',
      actual_result: 'Hangs on submit.',
      severity: 'major',
    });
    expect(taskId).toEqual(expect.any(Number));
    const tasks = async () =>
      (await get('/task/list/', { limit: 100 })).json.data.tasks as Array<Record<string, unknown>>;
    const linked = (await tasks()).filter((t) => t.case_report_id === report.id);
    expect(linked).toEqual([
      expect.objectContaining({
        id: taskId,
        column_id: DEMO.todoColumnId,
        board_id: DEMO.boardId,
        description: 'Hangs on submit.',
        title: 'Bug: Pay with a saved card',
      }),
    ]);
    const countBefore = (await tasks()).length;
    const second = await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, bug('Now it crashes.'));
    expect(second.json.data.case_report.task_id).toBe(taskId);
    const after = await tasks();
    expect(after.length).toBe(countBefore);
    expect(after.find((t) => t.id === taskId)).toMatchObject({ description: 'Now it crashes.' });
    // Back to done and then bug again: still the same task.
    await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, { status: 'done' });
    const third = await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, bug('Third time.'));
    expect(third.json.data.case_report.task_id).toBe(taskId);
  });

  test('finish: is_active=false, the task stays unresolved, later outcome writes are refused, finishing again is harmless', async () => {
    const session = await start(DEMO.scenarios.guestCheckout);
    const report = session.case_reports[0];
    const { task_id } = (await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, bug())).json.data
      .case_report;
    const finished = await patch('/features/qa/sessions/finish/', {}, { sessions_id: session.id });
    expect(finished.json.data.session).toMatchObject({ id: session.id, is_active: false });
    expect(finished.json.data.session.case_reports[0]).toMatchObject({ status: 'bug', task_id });
    const inactive = await get('/features/qa/sessions/', { is_active: 'false' });
    expect(inactive.json.data.sessions.map((s: { id: number }) => s.id)).toContain(session.id);
    const active = await get('/features/qa/sessions/', { is_active: 'true' });
    expect(active.json.data.sessions.map((s: { id: number }) => s.id)).not.toContain(session.id);
    const task = (await get('/task/list/', { limit: 100 })).json.data.tasks.find(
      (t: { id: number }) => t.id === task_id,
    );
    expect(task.column_id).toBe(DEMO.todoColumnId);
    const late = await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, { status: 'done' });
    expect([late.status, late.json.errors]).toEqual([
      409,
      [
        {
          field: 'case_report_id',
          message: 'belongs to a finished session; this sandbox keeps finished sessions read-only',
        },
      ],
    ]);
    const again = await patch('/features/qa/sessions/finish/', {}, { sessions_id: session.id });
    expect(again.status).toBe(200);
    const wrong = await patch('/features/qa/sessions/finish/', {}, { sessions_id: 999 });
    expect([wrong.status, wrong.json.errors[0].field]).toEqual([404, 'sessions_id']);
  });

  test('no todo-kind column: the start is a conflict (409 naming board_id) and no session is created', async () => {
    const board = DEMO.boardWithoutTodoColumnId;
    const before = sandbox.store.sessions.size;
    for (const scenario_id of [DEMO.scenarios.roadmapReview, DEMO.scenarios.checkout, 999]) {
      const res = await call('POST', `/features/qa/sessions/start/?${onBoard({}, board)}`, {
        auth,
        body: { scenario_id },
      });
      expect([res.status, res.json.errors]).toEqual([
        409,
        [{ field: 'board_id', message: 'has no column of the todo workflow kind, which a QA session needs' }],
      ]);
    }
    expect(sandbox.store.sessions.size).toBe(before);
    const listed = await call('GET', `/features/qa/sessions/?${onBoard({ is_active: 'true' }, board)}`, { auth });
    expect(listed.json.data.sessions).toEqual([]);
  });

  test('new cases do not join a running session', async () => {
    const s = await scenario('Late', null);
    await testCase(s, 'first');
    const session = await start(s);
    await testCase(s, 'second');
    const listed = (await get('/features/qa/sessions/', { is_active: 'true' })).json.data.sessions.find(
      (x: { id: number }) => x.id === session.id,
    );
    expect(listed.case_reports).toHaveLength(1);
  });
});

describe('deleting a scenario', () => {
  test('deletes its cases, its descendants and their QA data; linked tasks stay but unlink', async () => {
    const root = await scenario('Doomed', null);
    const child = await scenario('Doomed child', root);
    const keep = await scenario('Survivor', null);
    const c1 = await testCase(root, 'root case');
    const c2 = await testCase(child, 'child case');
    const c3 = await testCase(keep, 'kept case');
    const doomedSession = await start(child);
    const report = doomedSession.case_reports[0];
    const { task_id } = (await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, bug())).json.data
      .case_report;
    const keptSession = await start(keep);

    expect((await del('/features/qa/scenarios/', { scenario_id: root })).json).toEqual({ status: 'success' });
    for (const id of [root, child])
      expect((await get('/features/qa/scenarios/', { scenario_id: id })).status).toBe(404);
    for (const id of [c1, c2]) expect((await get('/features/qa/cases/', { case_id: id })).status).toBe(404);
    expect((await get('/features/qa/cases/', { case_id: c3 })).status).toBe(200);
    const sessions = (await get('/features/qa/sessions/', { is_active: 'true', limit: 100 })).json.data.sessions;
    expect(sessions.map((s: { id: number }) => s.id)).not.toContain(doomedSession.id);
    expect(sessions.map((s: { id: number }) => s.id)).toContain(keptSession.id);
    const outcome = await patch('/features/qa/sessions/cases/', { case_report_id: report.id }, { status: 'done' });
    expect(outcome.status).toBe(404);
    const task = (await get('/task/list/', { limit: 100 })).json.data.tasks.find(
      (t: { id: number }) => t.id === task_id,
    );
    expect(task).toMatchObject({ id: task_id, case_report_id: null });
  });

  test("deleting a descendant's case removes its report from the ancestor's session", async () => {
    const root = await scenario('Parent', null);
    const child = await scenario('Child', root);
    await testCase(root, 'a');
    const childCase = await testCase(child, 'b');
    const session = await start(root);
    expect(session.case_reports).toHaveLength(2);
    await del('/features/qa/cases/', { case_id: childCase });
    const listed = (await get('/features/qa/sessions/', { is_active: 'true', limit: 100 })).json.data.sessions.find(
      (s: { id: number }) => s.id === session.id,
    );
    expect(listed.case_reports.map((r: { case_id: number }) => r.case_id)).not.toContain(childCase);
  });
});

describe('deleting a case', () => {
  test('removes only its own reports: every other report stays in every session, totals drop by one, and only its tasks unlink', async () => {
    const s = await scenario('Shared', null);
    const gone = await testCase(s, 'gone');
    const kept = await testCase(s, 'kept');
    const other = await scenario('Elsewhere', null);
    await testCase(other, 'elsewhere');
    const first = await start(s);
    const second = await start(s);
    const elsewhere = await start(other);
    const reportOf = (session: { case_reports: Array<{ id: number; case_id: number }> }, caseId: number) =>
      session.case_reports.find((r) => r.case_id === caseId)?.id as number;
    const taskOf = async (reportId: number) =>
      (await patch('/features/qa/sessions/cases/', { case_report_id: reportId }, bug())).json.data.case_report
        .task_id as number;
    const goneTask = await taskOf(reportOf(first, gone));
    const keptTask = await taskOf(reportOf(first, kept));
    const keptReport = reportOf(first, kept);

    expect((await del('/features/qa/cases/', { case_id: gone })).status).toBe(200);
    const sessions = (await get('/features/qa/sessions/', { is_active: 'true', limit: 100 })).json.data.sessions;
    const row = (id: number) => sessions.find((x: { id: number }) => x.id === id);
    for (const session of [first, second]) {
      expect(row(session.id).case_reports_total).toBe(1);
      expect(row(session.id).case_reports.map((r: { case_id: number }) => r.case_id)).toEqual([kept]);
    }
    expect(row(elsewhere.id).case_reports_total).toBe(1);
    const tasks = (await get('/task/list/', { limit: 100 })).json.data.tasks;
    const task = (id: number) => tasks.find((t: { id: number }) => t.id === id);
    expect(task(goneTask)).toMatchObject({ case_report_id: null });
    expect(task(keptTask)).toMatchObject({ case_report_id: keptReport });
  });
});

describe('a refused write leaves no trace', () => {
  // Its own sandbox: the member's share is lowered here step by step.
  const own = sandboxUnderTest();
  const store = own.sandbox.store;

  /**
   * Tries `write` with a share of what the member holds plus 0, 16, 32, … bytes: each refusal must change nothing.
   * Answers the status once it fits, after at least one refusal.
   */
  async function untilItFits(write: () => Promise<{ status: number }>, trace: () => unknown): Promise<number> {
    const share = store.limits.accountBytes;
    try {
      for (let room = 0; room < 20_000; room += 16) {
        store.limits.accountBytes = store.bytesOf(member.id) + room;
        const before = trace();
        const res = await write();
        if (res.status !== 429) {
          expect(room, 'the first try, without room, is refused').toBeGreaterThan(0);
          return res.status;
        }
        expect(trace(), `refused with ${room} bytes of room`).toEqual(before);
      }
      throw new Error('the write never fitted');
    } finally {
      store.limits.accountBytes = share;
    }
  }

  test('a session start, and a bug with its new task, either happen whole or change nothing, however little room is left', async () => {
    const jwt = await own.loginAs(member.username, member.password);
    const on = (path: string, extra = {}) => `${path}?${onBoard(extra)}`;
    const root = (
      await own.call('POST', on('/features/qa/scenarios/list/'), {
        auth: jwt,
        body: { title: 'Tight', parent_id: null },
      })
    ).json.data.scenario.id;
    for (const title of ['one', 'two', 'three']) {
      await own.call('POST', on('/features/qa/cases/list/'), {
        auth: jwt,
        body: { scenario: root, title, description: '', steps_to_reproduce: '', expected_result: '' },
      });
    }
    const started = async () =>
      own.call('POST', on('/features/qa/sessions/start/'), { auth: jwt, body: { scenario_id: root } });
    let session: { case_reports: Array<{ id: number }> } | undefined;
    const sessionTrace = () => [
      store.sessions.size,
      store.caseReports.size,
      store.lastId('session'),
      store.lastId('caseReport'),
      store.bytesOf(member.id),
    ];
    expect(
      await untilItFits(async () => {
        const res = await started();
        if (res.status === 201) session = res.json.data.session;
        return res;
      }, sessionTrace),
    ).toBe(201);
    const report = session?.case_reports[0]?.id as number;
    const reportTrace = () => [
      JSON.stringify(store.caseReports.get(report)),
      store.tasks.size,
      store.lastId('task'),
      store.bytesOf(member.id),
    ];
    const outcome = bug('x'.repeat(400));
    expect(
      await untilItFits(
        () =>
          own.call('PATCH', on('/features/qa/sessions/cases/', { case_report_id: report }), {
            auth: jwt,
            body: outcome,
          }),
        reportTrace,
      ),
    ).toBe(200);
    expect(store.caseReports.get(report)).toMatchObject({ status: 'bug', task_id: store.lastId('task') });
  });
});

describe('finishing', () => {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const own = sandboxUnderTest({ now: () => now });

  test('finishing again keeps the time it was first finished', async () => {
    const jwt = await own.loginAs(member.username, member.password);
    const started = await own.call('POST', `/features/qa/sessions/start/?${onBoard()}`, {
      auth: jwt,
      body: { scenario_id: DEMO.scenarios.checkout },
    });
    const finish = () =>
      own.call('PATCH', `/features/qa/sessions/finish/?${onBoard()}`, {
        auth: jwt,
        body: { sessions_id: started.json.data.session.id },
      });
    now += 60_000;
    const first = (await finish()).json.data.session.finished_at;
    expect(first).toBe('2026-11-22T10:01:00.000Z');
    now += 60_000;
    expect((await finish()).json.data.session.finished_at).toBe(first);
  });
});

describe('lists', () => {
  test('page and limit walk a stable order without gaps or repeats; pagination says where', async () => {
    for (let i = 0; i < 7; i++) await scenario(`Paging ${i}`, null);
    const all = (await get('/features/qa/scenarios/list/', { limit: 100 })).json.data.scenarios.map(
      (s: { id: number }) => s.id,
    );
    const walked: number[] = [];
    for (let page = 1; ; page++) {
      const res = await get('/features/qa/scenarios/list/', { page, limit: 3 });
      expect(res.json.data.pagination).toEqual({ page, limit: 3, total: all.length });
      walked.push(...res.json.data.scenarios.map((s: { id: number }) => s.id));
      if (res.json.data.scenarios.length < 3) break;
    }
    expect(walked).toEqual(all);
    expect([...all].sort((a, b) => a - b)).toEqual(all);
    const beyond = await get('/features/qa/scenarios/list/', { page: 1000, limit: 100 });
    expect(beyond.json.data.scenarios).toEqual([]);
  });

  test('limit defaults to 20 and may not exceed 100; page defaults to 1', async () => {
    const res = await get('/task/list/');
    expect(res.json.data.pagination).toMatchObject({ page: 1, limit: 20 });
    const tooMany = await get('/task/list/', { limit: 101 });
    expect([tooMany.status, tooMany.json.errors[0].field]).toEqual([400, 'limit']);
  });

  test('q is a case-insensitive substring of the title', async () => {
    const res = await get('/features/qa/scenarios/list/', { q: 'CHECKOUT' });
    expect(res.json.data.scenarios.map((s: { title: string }) => s.title)).toEqual(['Checkout', 'Guest checkout']);
    await start(DEMO.scenarios.login);
    const sessions = await get('/features/qa/sessions/', { is_active: 'true', q: 'log' });
    expect(sessions.json.data.sessions.every((s: { title: string }) => /log/i.test(s.title))).toBe(true);
    expect(sessions.json.data.sessions.length).toBeGreaterThan(0);
  });

  test('repeated assignee_ids keep tasks assigned to any of them', async () => {
    const { member: m, twoFactor: lead } = DEMO.accounts;
    const ids = async (query: string) =>
      (await call('GET', `/task/list/?${onBoard()}&${query}`, { auth })).json.data.tasks.map(
        (t: { id: number }) => t.id,
      );
    const one = await ids(`assignee_ids=${m.id}`);
    const both = await ids(`assignee_ids=${m.id}&assignee_ids=${lead.id}`);
    expect(one).toEqual([1, 2]);
    expect(both).toEqual([1, 2, 3]);
    const bad = await call('GET', `/task/list/?${onBoard()}&assignee_ids=x`, { auth });
    expect([bad.status, bad.json.errors[0].field]).toEqual([400, 'assignee_ids']);
  });
});
