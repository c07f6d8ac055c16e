// Deleting a scenario at any depth (source §4: "delete the scenario and dependent QA data"; openapi.yaml's reading:
// the descendant scenarios, the cases of the whole subtree, the sessions started for any of them, every case report of
// those cases): a scenario below the top takes its subtree's cases out of its ancestors' sessions, running or
// finished, and out of the saved world, and leaves its ancestors and their own cases as they were.
import { beforeAll, describe, expect, test } from 'vitest';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf, storeFromText } from '../../mocks/sandbox/worlds/snapshot.js';
import { onBoard, sandboxUnderTest } from './harness.js';

const { member } = DEMO.accounts;
const { call, loginAs, sandbox } = sandboxUnderTest();
let auth: string;
beforeAll(async () => {
  auth = await loginAs(member.username, member.password);
});

const send = async (method: string, path: string, query: Record<string, string | number> = {}, body?: unknown) => {
  const res = await call(method, `${path}?${onBoard(query)}`, { auth, body });
  expect(res.status, JSON.stringify(res.json)).toBeLessThan(300);
  return res.json.data;
};
const scenario = async (title: string, parent_id: number | null): Promise<number> =>
  (await send('POST', '/features/qa/scenarios/list/', {}, { title, parent_id })).scenario.id;
const testCase = async (scenarioId: number, title: string): Promise<number> =>
  (
    await send(
      'POST',
      '/features/qa/cases/list/',
      {},
      { scenario: scenarioId, title, description: title, steps_to_reproduce: '1. do it', expected_result: 'it works' },
    )
  ).case.id;
const start = async (scenarioId: number): Promise<number> =>
  (await send('POST', '/features/qa/sessions/start/', {}, { scenario_id: scenarioId })).session.id;

/** The case ids each session of the board reports on, running and finished. */
async function reportedCases(): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  for (const is_active of ['true', 'false']) {
    const { sessions } = await send('GET', '/features/qa/sessions/', { is_active, limit: 100 });
    for (const s of sessions) out.set(s.id, s.case_reports.map((r: { case_id: number }) => r.case_id).sort());
  }
  return out;
}

describe('deleting a scenario below the top of its tree', () => {
  test('removes its subtree and their cases from every session of its ancestors and from the saved world', async () => {
    const root = await scenario('Cascade root', null);
    const middle = await scenario('Cascade middle', root);
    const leaf = await scenario('Cascade leaf', middle);
    const rootCase = await testCase(root, 'root case');
    const middleCase = await testCase(middle, 'middle case');
    const leafCase = await testCase(leaf, 'leaf case');
    const running = await start(root);
    const finished = await start(root);
    await send('PATCH', '/features/qa/sessions/finish/', {}, { sessions_id: finished });
    const middleSession = await start(middle);
    const leafSession = await start(leaf);
    const all = [rootCase, middleCase, leafCase].sort();
    expect((await reportedCases()).get(running)).toEqual(all);

    await send('DELETE', '/features/qa/scenarios/', { scenario_id: middle });

    for (const id of [middle, leaf]) {
      expect((await call('GET', `/features/qa/scenarios/?${onBoard({ scenario_id: id })}`, { auth })).status).toBe(404);
    }
    for (const id of [middleCase, leafCase]) {
      expect((await call('GET', `/features/qa/cases/?${onBoard({ case_id: id })}`, { auth })).status).toBe(404);
    }
    expect((await send('GET', '/features/qa/scenarios/', { scenario_id: root })).scenario.id).toBe(root);
    const after = await reportedCases();
    // The ancestor's sessions, running and finished, keep only the root's own case; the subtree's sessions are gone.
    expect(after.get(running)).toEqual([rootCase]);
    expect(after.get(finished)).toEqual([rootCase]);
    expect(after.has(middleSession) || after.has(leafSession)).toBe(false);
    // The saved world holds no report of a deleted case, no session names a report that is gone, and it loads.
    const saved = await snapshotOf(sandbox.store);
    const reloaded = storeFromText(JSON.stringify(saved));
    const reportsOf = (caseId: number) => [...reloaded.caseReports.values()].filter((r) => r.caseId === caseId);
    expect([...reportsOf(middleCase), ...reportsOf(leafCase)]).toEqual([]);
    expect(reportsOf(rootCase)).toHaveLength(2);
    const named = [...reloaded.sessions.values()].flatMap((x) => x.reportIds);
    expect(named.filter((id) => !reloaded.caseReports.has(id))).toEqual([]);
  });
});

describe('a saved world with QA data a delete should have taken', () => {
  test('is refused, naming the place: a session naming a report that is gone, a report of a case that is gone', async () => {
    const root = await scenario('Saved root', null);
    await testCase(root, 'saved case');
    await start(root);
    type Rows = Array<Record<string, unknown>>;
    const saved = (await snapshotOf(sandbox.store)) as unknown as Record<string, Rows> & {
      owners: Record<string, Rows>;
    };
    expect(() => storeFromText(JSON.stringify(saved))).not.toThrow();
    /** The saved world less the last row of `table` (and who wrote it), as a delete that forgot a side leaves it. */
    const withoutLast = (table: string) =>
      JSON.stringify({
        ...saved,
        [table]: saved[table]?.slice(0, -1),
        owners: { ...saved.owners, [table]: saved.owners[table]?.slice(0, -1) },
      });
    const lastReport = (saved.caseReports ?? []).length - 1;
    expect(() => storeFromText(withoutLast('caseReports'))).toThrow(
      /^snapshot: \/sessions\/\d+\/reportIds\/\d+: names no case report of the world/,
    );
    expect(() => storeFromText(withoutLast('cases'))).toThrow(
      new RegExp(`^snapshot: /caseReports/${lastReport}/caseId: names no case of the world`),
    );
  });

  test('is refused, naming the place: a report its session does not hold, or held by another session', async () => {
    const root = await scenario('Held root', null);
    await testCase(root, 'held case');
    const first = await start(root);
    const second = await start(root);
    type Row = Record<string, unknown> & { id: number };
    const saved = (await snapshotOf(sandbox.store)) as unknown as Record<string, Row[]>;
    const sessions = saved.sessions ?? [];
    const reports = saved.caseReports ?? [];
    const at = reports.findIndex((r) => r.sessionId === first);
    const report = reports[at] as Row;
    expect(storeFromText(JSON.stringify(saved)).caseReports.get(report.id)?.sessionId).toBe(first);
    const refusal = new RegExp(`^snapshot: /caseReports/${at}/sessionId: names no session that holds this report`);
    // Its session forgot it: the report is held by nobody.
    const forgotten = sessions.map((s) =>
      s.id === first ? { ...s, reportIds: (s.reportIds as number[]).filter((id) => id !== report.id) } : s,
    );
    expect(() => storeFromText(JSON.stringify({ ...saved, sessions: forgotten }))).toThrow(refusal);
    // It names another session of the world, which does not hold it.
    const moved = reports.map((r) => (r.id === report.id ? { ...r, sessionId: second } : r));
    expect(() => storeFromText(JSON.stringify({ ...saved, caseReports: moved }))).toThrow(refusal);
  });
});
