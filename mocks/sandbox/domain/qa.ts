// QA rules (source §2–§3): scenario trees, sessions with case reports, outcomes, bug → linked task, cascading deletes.

import type { Payer } from './accounting.js';
import { conflict } from './errors.js';
import type { Board, Case, CaseReport, Scenario, Session, Task } from './records.js';
import type { Store } from './store.js';

/** The scenario and all its descendants, in id order. */
export function scenarioTree(store: Store, rootId: number): Set<number> {
  const ids = new Set([rootId]);
  // A parent exists before its children and parent_id never changes, so a child's id is always larger than its
  // parent's: one pass in id order collects the whole tree.
  for (const scenario of store.scenarios.values()) {
    if (scenario.parent_id !== null && ids.has(scenario.parent_id)) ids.add(scenario.id);
  }
  return ids;
}

/** The board's todo-kind column, which a QA session and its bug tasks need (source §3, §8). */
export function todoColumnId(board: Board): number {
  const column = board.columns.find((c) => c.kind === 'todo');
  if (!column) {
    throw conflict('board_id', 'has no column of the todo workflow kind, which a QA session needs');
  }
  return column.id;
}

/**
 * Starts a session: one pending report per case of the scenario and of its descendants. The session and its reports
 * are checked against the payer's share together, before any id is taken: a refused start leaves no trace.
 */
export function startSession(store: Store, board: Board, scenario: Scenario, now: string, payer: Payer): Session {
  todoColumnId(board);
  const tree = scenarioTree(store, scenario.id);
  const reports: CaseReport[] = [];
  for (const testCase of store.cases.values()) {
    if (!tree.has(testCase.scenarioId)) continue;
    reports.push({
      id: 0,
      sessionId: 0,
      caseId: testCase.id,
      status: 'pending',
      actual_result: null,
      severity: null,
      priority: null,
      task_id: null,
    });
  }
  const session: Session = {
    id: 0,
    boardId: board.id,
    scenarioId: scenario.id,
    title: scenario.title,
    is_active: true,
    reportIds: reports.map(() => 0),
    started_at: now,
    finished_at: null,
  };
  // A record's size does not depend on the values of its ids, so the placeholders weigh what the real ids will.
  store.room([...reports.map((next) => ({ next })), { next: session }], payer);
  session.id = store.nextId('session');
  for (const [i, report] of reports.entries()) {
    report.id = store.nextId('caseReport');
    report.sessionId = session.id;
    session.reportIds[i] = report.id;
    store.caseReports.setBy(report.id, report, payer);
  }
  store.sessions.setBy(session.id, session, payer);
  return session;
}

export type Outcome =
  | { status: 'pending' }
  | { status: 'done' }
  | { status: 'bug'; actual_result: string; severity: string; priority: string };

/**
 * Records an outcome. Synchronous from read to write, so concurrent requests cannot interleave inside it.
 * A bug creates the linked task in the board's todo column, or updates the task the report already links to; the
 * report and the task are checked against the payer's share together, so a refusal changes neither.
 */
export function recordOutcome(
  store: Store,
  board: Board,
  report: CaseReport,
  outcome: Outcome,
  payer: Payer,
): CaseReport {
  const session = store.sessions.get(report.sessionId);
  if (!session?.is_active) {
    throw conflict('case_report_id', 'belongs to a finished session; this sandbox keeps finished sessions read-only');
  }
  if (outcome.status !== 'bug') {
    const cleared = { status: outcome.status, actual_result: null, severity: null, priority: null };
    return store.update(report, cleared, payer);
  }
  const changes: Partial<CaseReport> = {
    status: 'bug',
    actual_result: outcome.actual_result,
    severity: outcome.severity,
    priority: outcome.priority,
  };
  const linked = report.task_id === null ? undefined : store.tasks.get(report.task_id);
  if (linked) {
    const task = { description: outcome.actual_result, severity: outcome.severity, priority: outcome.priority };
    // Checked together, then the task and the report in that order, each against the payer's share.
    store.updateAll(
      [
        { record: linked, changes: task },
        { record: report, changes },
      ],
      payer,
    );
    return report;
  }
  const testCase = store.cases.get(report.caseId) as Case;
  const fields: Omit<Task, 'id'> = {
    boardId: board.id,
    columnId: todoColumnId(board),
    title: `Bug: ${testCase.title}`,
    description: outcome.actual_result,
    assignee_ids: [],
    case_report_id: report.id,
    severity: outcome.severity,
    priority: outcome.priority,
  };
  const planned = [{ record: report, next: { ...report, ...changes, task_id: 0 } }, { next: { id: 0, ...fields } }];
  store.room(planned, payer);
  changes.task_id = store.addTask(fields, payer).id;
  return store.update(report, changes, payer);
}

/** Finishing is idempotent and resolves nothing: linked tasks stay where they are (source §3 rule 2). */
export function finishSession(store: Store, session: Session, now: string, payer: Payer): Session {
  if (session.is_active) store.update(session, { is_active: false, finished_at: now }, payer);
  return session;
}

function deleteReports(store: Store, reportIds: Set<number>): void {
  if (reportIds.size === 0) return;
  for (const session of store.sessions.values()) {
    const kept = session.reportIds.filter((id) => !reportIds.has(id));
    if (kept.length !== session.reportIds.length) store.settle(session, { reportIds: kept });
  }
  for (const id of reportIds) store.caseReports.delete(id);
  // Tasks are board data, not QA data: they stay, but no longer point at a report that is gone.
  for (const task of store.tasks.values()) {
    if (task.case_report_id !== null && reportIds.has(task.case_report_id))
      store.settle(task, { case_report_id: null });
  }
}

/** Deletes cases and their reports in every session. */
export function deleteCases(store: Store, caseIds: Set<number>): void {
  const reports = new Set<number>();
  for (const report of store.caseReports.values()) if (caseIds.has(report.caseId)) reports.add(report.id);
  deleteReports(store, reports);
  for (const id of caseIds) store.cases.delete(id);
}

/** Deletes a scenario, its descendants, their cases and sessions, and every report of those cases. */
export function deleteScenario(store: Store, scenarioId: number): void {
  const tree = scenarioTree(store, scenarioId);
  const cases = new Set<number>();
  for (const testCase of store.cases.values()) if (tree.has(testCase.scenarioId)) cases.add(testCase.id);
  const reports = new Set<number>();
  for (const session of store.sessions.values()) {
    if (!tree.has(session.scenarioId)) continue;
    for (const id of session.reportIds) reports.add(id);
    store.sessions.delete(session.id);
  }
  deleteReports(store, reports);
  deleteCases(store, cases);
  for (const id of tree) store.scenarios.delete(id);
}
