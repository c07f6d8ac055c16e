// Concurrent writes never lose an update (docs/sandbox.md, "Limits and hostile input"): ≥100 concurrent outcome PATCHes on one session, over real HTTP.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { onBoard, sandboxUnderTest } from './harness.js';

const REPORTS = 120;
const SAME_REPORT_WRITES = 60;
// Every report of the session in one list row, so the check below sees them all.
const {
  call,
  loginAs,
  fetch: sandboxFetch,
  sandbox,
} = sandboxUnderTest({
  limits: { caseReportsPerSessionRow: REPORTS, caseReportBytesPerAnswer: 1024 * 1024 },
});
let server: SandboxServer;
let auth: string;
let scenarioId: number;

beforeAll(async () => {
  server = await startSandboxServer({ fetch: sandboxFetch });
  auth = await loginAs(DEMO.accounts.member.username, DEMO.accounts.member.password);
  const scenario = await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, {
    auth,
    body: { title: 'Load', parent_id: null },
  });
  scenarioId = scenario.json.data.scenario.id;
  for (let i = 0; i < REPORTS; i++) {
    await call('POST', `/features/qa/cases/list/?${onBoard()}`, {
      auth,
      body: { scenario: scenarioId, title: `case ${i}`, description: '', steps_to_reproduce: '', expected_result: '' },
    });
  }
});

/** A new session on the scenario: each test writes on reports of its own, whatever order the tests run in. */
async function startSession(): Promise<number[]> {
  const session = await call('POST', `/features/qa/sessions/start/?${onBoard()}`, {
    auth,
    body: { scenario_id: scenarioId },
  });
  const reportIds: number[] = session.json.data.session.case_reports.map((r: { id: number }) => r.id);
  expect(reportIds).toHaveLength(REPORTS);
  return reportIds;
}
afterAll(async () => {
  await server.close();
});

const patchOutcome = (reportId: number, body: unknown) =>
  fetch(`${server.baseUrl}/features/qa/sessions/cases/?${onBoard({ case_report_id: reportId })}`, {
    method: 'PATCH',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const bug = (actual: string) => ({ status: 'bug', actual_result: actual, severity: 'major', priority: 'high' });

test(`${REPORTS} concurrent bug outcomes on one session: every report is a bug with its own task`, async () => {
  const reportIds = await startSession();
  const tasksBefore = sandbox.store.tasks.size;
  const replies = await Promise.all(reportIds.map((id) => patchOutcome(id, bug(`defect ${id}`))));
  expect(replies.map((r) => r.status)).toEqual(reportIds.map(() => 200));
  const bodies = await Promise.all(replies.map((r) => r.json()));
  const taskIds = bodies.map((b) => b.data.case_report.task_id);
  expect(new Set(taskIds).size).toBe(REPORTS);
  expect(sandbox.store.tasks.size - tasksBefore).toBe(REPORTS);

  const sessions = await call('GET', `/features/qa/sessions/?${onBoard({ is_active: 'true', limit: 100 })}`, { auth });
  const reports = sessions.json.data.sessions.flatMap((s: { case_reports: unknown[] }) => s.case_reports);
  for (const id of reportIds) {
    const report = reports.find((r: { id: number }) => r.id === id);
    expect(report).toMatchObject({ status: 'bug', actual_result: `defect ${id}` });
  }
});

test(`${SAME_REPORT_WRITES} concurrent bugs on the same report create one task, which holds the last write`, async () => {
  const target = (await startSession())[0] as number;
  const tasksBefore = sandbox.store.tasks.size;
  const replies = await Promise.all(
    Array.from({ length: SAME_REPORT_WRITES }, (_, i) => patchOutcome(target, bug(`attempt ${i}`))),
  );
  expect(replies.every((r) => r.status === 200)).toBe(true);
  const bodies = await Promise.all(replies.map((r) => r.json()));
  expect(new Set(bodies.map((b) => b.data.case_report.task_id)).size).toBe(1);
  expect(sandbox.store.tasks.size).toBe(tasksBefore + 1);
  const report = sandbox.store.caseReports.get(target);
  const task = sandbox.store.tasks.get(report?.task_id ?? 0);
  // Whichever write landed last, the report and its task agree on it.
  expect(task?.description).toBe(report?.actual_result);
  expect(bodies.map((b) => b.data.case_report.actual_result)).toContain(report?.actual_result);
});

test('concurrent mixed outcomes and a finish: each write is either applied or refused, never half-done', async () => {
  const [a, b] = (await startSession()) as [number, number];
  const writes = Array.from({ length: 100 }, (_, i) =>
    patchOutcome(i % 2 === 0 ? a : b, i % 3 === 0 ? { status: 'done' } : bug(`mixed ${i}`)),
  );
  const sessionId = sandbox.store.caseReports.get(a)?.sessionId;
  const finish = fetch(`${server.baseUrl}/features/qa/sessions/finish/?${onBoard()}`, {
    method: 'PATCH',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify({ sessions_id: sessionId }),
  });
  const replies = await Promise.all([...writes, finish]);
  for (const r of replies) expect([200, 409]).toContain(r.status);
  expect(replies.at(-1)?.status).toBe(200);
  for (const id of [a, b]) {
    const report = sandbox.store.caseReports.get(id);
    expect(report?.task_id).not.toBeNull();
    if (report?.status === 'done') expect(report.actual_result).toBeNull();
    else expect(sandbox.store.tasks.get(report?.task_id ?? 0)?.description).toBe(report?.actual_result);
  }
});
