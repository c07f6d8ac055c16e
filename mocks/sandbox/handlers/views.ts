// Store records → the contract's response shapes (components/schemas in openapi.yaml, typed from generated/).
import type { components } from '../../../generated/schema.js';
import { jsonBytes } from '../domain/limits.js';
import type {
  Account,
  ApiTokenRecord,
  Case,
  CaseReport,
  Company,
  Role,
  Scenario,
  Session,
  Task,
} from '../domain/records.js';
import type { Store } from '../domain/store.js';

type Schemas = components['schemas'];

export function memberView(account: Account): Schemas['Member'] {
  return {
    id: account.id,
    username: account.username,
    email: account.email,
    first_name: account.first_name,
    last_name: account.last_name,
    description: account.description,
    two_factor_enabled: account.totpSecret !== undefined,
  };
}

/**
 * Whether `view` (a memberView made earlier) still shows `account` as it is: each field memberView reads, compared in
 * place, without making a new view. Kept beside memberView: a field added there is added here.
 */
export function memberViewShows(view: Schemas['Member'], account: Account): boolean {
  return (
    view.id === account.id &&
    view.username === account.username &&
    view.email === account.email &&
    view.first_name === account.first_name &&
    view.last_name === account.last_name &&
    view.description === account.description &&
    view.two_factor_enabled === (account.totpSecret !== undefined)
  );
}

/** A token without its secret: the secret appears once, in the creation response. */
export function tokenView(token: ApiTokenRecord): Schemas['ApiToken'] {
  return {
    key: token.key,
    title: token.title,
    is_active: token.is_active,
    metadata: token.metadata,
    expires_at: token.expires_at,
    created_at: token.created_at,
  };
}

export function companyView(store: Store, company: Company, role: Role): Schemas['Company'] {
  // The source has no board list endpoint, so each company carries its boards and columns: that is where a client
  // finds the board_id every QA endpoint needs.
  const boards = [...store.boards.values()]
    .filter((b) => b.companyId === company.id)
    .map((b) => ({ id: b.id, name: b.name, columns: b.columns.map((c) => ({ ...c })) }));
  return { id: company.id, name: company.name, role, boards };
}

export function scenarioView(scenario: Scenario): Schemas['Scenario'] {
  return {
    id: scenario.id,
    title: scenario.title,
    parent_id: scenario.parent_id,
    position: scenario.position,
    board_id: scenario.boardId,
  };
}

export function caseView(testCase: Case): Schemas['Case'] {
  return {
    id: testCase.id,
    scenario_id: testCase.scenarioId,
    title: testCase.title,
    description: testCase.description,
    steps_to_reproduce: testCase.steps_to_reproduce,
    expected_result: testCase.expected_result,
  };
}

export function caseReportView(report: CaseReport): Schemas['CaseReport'] {
  return {
    id: report.id,
    session_id: report.sessionId,
    case_id: report.caseId,
    status: report.status,
    actual_result: report.actual_result,
    severity: report.severity,
    priority: report.priority,
    task_id: report.task_id,
  };
}

/** How many case reports a session row may carry, and the JSON bytes left for them in the whole answer. */
export interface AnswerBudget {
  perRow: number;
  bytesLeft: number;
}

/**
 * A session with its case reports in case order. Given a budget (list and finish answers), it carries only the first
 * reports that fit and adds `case_reports_total`, so a page of big sessions stays small; the contract's Session
 * allows the extra member. A start answer carries them all (casesPerSession bounds it).
 */
export function sessionView(
  store: Store,
  session: Session,
  budget?: AnswerBudget,
): Schemas['Session'] & { case_reports_total?: number } {
  const reports: Schemas['CaseReport'][] = [];
  for (const id of session.reportIds) {
    const report = store.caseReports.get(id);
    if (!report) continue;
    const view = caseReportView(report);
    if (budget) {
      if (reports.length >= budget.perRow) break;
      const bytes = jsonBytes(view) + 1;
      if (bytes > budget.bytesLeft) break;
      budget.bytesLeft -= bytes;
    }
    reports.push(view);
  }
  const base = {
    id: session.id,
    scenario_id: session.scenarioId,
    board_id: session.boardId,
    title: session.title,
    is_active: session.is_active,
    started_at: session.started_at,
    finished_at: session.finished_at,
    case_reports: reports,
  };
  return budget ? { ...base, case_reports_total: session.reportIds.length } : base;
}

export function taskView(task: Task): Schemas['Task'] {
  return {
    id: task.id,
    title: task.title,
    description: task.description,
    board_id: task.boardId,
    column_id: task.columnId,
    assignee_ids: [...task.assignee_ids],
    case_report_id: task.case_report_id,
    severity: task.severity,
    priority: task.priority,
  };
}
