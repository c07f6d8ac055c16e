// Who may touch which company and board (source §5 rule 7, §7): where 403 ends and 404 begins.
//
// The line: a company or board that exists but the account may not use → 403 (it "lacks workspace/board access");
// an id that names nothing, or a board outside the company named → 404. An object (scenario, case, case report,
// session, token) outside the board or account in scope → 404, exactly as if it did not exist, so that ids of other
// boards and other accounts' tokens are never confirmed. A viewer writing QA data → 403 (it "lacks the role").
import { forbidden, notFound } from './errors.js';
import type { Account, ApiTokenRecord, Board, Case, CaseReport, Company, Role, Scenario, Session } from './records.js';
import type { Store } from './store.js';

export type Need = 'read' | 'write';

const WRITERS: ReadonlySet<Role> = new Set(['owner', 'qa']);

export interface BoardScope {
  company: Company;
  board: Board;
  role: Role;
}

/** Resolves `company_id` + `board_id` for `account`, or throws the 403/404 the line above prescribes. */
export function boardScope(store: Store, account: Account, companyId: number, boardId: number, need: Need): BoardScope {
  const company = store.companies.get(companyId);
  if (!company) throw notFound('company_id', 'names no company');
  const role = company.members.get(account.id);
  if (!role) throw forbidden('You do not have access to this company.');
  const board = store.boards.get(boardId);
  if (!board || board.companyId !== company.id) throw notFound('board_id', 'names no board of this company');
  if (need === 'write' && !WRITERS.has(role))
    throw forbidden(`Your role (${role}) may read this board but not change it.`);
  return { company, board, role };
}

/** The companies an account belongs to, in id order. */
export function companiesOf(store: Store, account: Account): Company[] {
  return [...store.companies.values()].filter((c) => c.members.has(account.id));
}

// Objects out of scope answer exactly like missing ones (the 404 side of the line).

export function scenarioIn(store: Store, board: Board, id: number, field: string): Scenario {
  const scenario = store.scenarios.get(id);
  if (!scenario || scenario.boardId !== board.id) throw notFound(field, 'names no scenario on this board');
  return scenario;
}

export function caseIn(store: Store, board: Board, id: number, field: string): Case {
  const testCase = store.cases.get(id);
  if (!testCase || testCase.boardId !== board.id) throw notFound(field, 'names no test case on this board');
  return testCase;
}

export function sessionIn(store: Store, board: Board, id: number, field: string): Session {
  const session = store.sessions.get(id);
  if (!session || session.boardId !== board.id) throw notFound(field, 'names no session on this board');
  return session;
}

export function caseReportIn(store: Store, board: Board, id: number, field: string): CaseReport {
  const report = store.caseReports.get(id);
  const session = report && store.sessions.get(report.sessionId);
  if (!report || !session || session.boardId !== board.id) throw notFound(field, 'names no case report on this board');
  return report;
}

/** A named API token of this account; other accounts' keys answer 404. */
export function ownToken(store: Store, account: Account, key: string): ApiTokenRecord {
  const token = store.tokens.get(key);
  if (!token || token.accountId !== account.id) throw notFound('key', 'names no API token of this account');
  return token;
}
