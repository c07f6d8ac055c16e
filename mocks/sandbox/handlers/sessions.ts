// Handlers of the QA sessions tag: list, start, record an outcome, finish (source §2 session, §3, §4).
import { boardScope, caseReportIn, scenarioIn, sessionIn } from '../access.js';
import { matchesQ, paginate } from '../lists.js';
import { finishSession, recordOutcome, startSession, todoColumnId } from '../qa.js';
import { caseReportView, sessionView } from '../views.js';
import type { HandlerTable } from './types.js';

export const sessionHandlers = {
  listSessions: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    const sessions = [...store.sessions.values()].filter(
      (s) => s.boardId === board.id && s.is_active === query.is_active && matchesQ(s.title, query.q),
    );
    const { rows, pagination } = paginate(sessions, query);
    const views = rows.map((s) => sessionView(store, s));
    return { status: 200, body: { status: 'success', data: { sessions: views, pagination } } };
  },

  startSession: ({ store, principal, query, body, nowIso }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    // The todo-column rule is about the board alone, so it is checked before the scenario is even looked up.
    todoColumnId(board);
    const scenario = scenarioIn(store, board, body.scenario_id, 'scenario_id');
    const session = startSession(store, board, scenario, nowIso());
    return { status: 201, body: { status: 'success', data: { session: sessionView(store, session) } } };
  },

  recordCaseOutcome: ({ store, principal, query, body }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const report = recordOutcome(
      store,
      board,
      caseReportIn(store, board, query.case_report_id, 'case_report_id'),
      body,
    );
    return { status: 200, body: { status: 'success', data: { case_report: caseReportView(report) } } };
  },

  finishSession: ({ store, principal, query, body, nowIso }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const session = finishSession(sessionIn(store, board, body.sessions_id, 'sessions_id'), nowIso());
    return { status: 200, body: { status: 'success', data: { session: sessionView(store, session) } } };
  },
} satisfies Pick<HandlerTable, 'listSessions' | 'startSession' | 'recordCaseOutcome' | 'finishSession'>;
