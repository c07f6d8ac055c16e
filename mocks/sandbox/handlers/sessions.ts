// Handlers of the QA sessions tag: list, start, record an outcome, finish (source §2 session, §3, §4).
import { caseReportIn, scenarioIn, sessionIn } from '../access.js';
import { matchesQ, paginate } from '../lists.js';
import { finishSession, recordOutcome, startSession, todoColumnId } from '../qa.js';
import { caseReportView, sessionView } from '../views.js';
import { created, type HandlerTable, ok } from './types.js';

export const sessionHandlers = {
  listSessions: ({ store, scope, query }) => {
    const { board } = scope('read');
    const sessions = [...store.sessions.values()].filter(
      (s) => s.boardId === board.id && s.is_active === query.is_active && matchesQ(s.title, query.q),
    );
    const { rows, pagination } = paginate(sessions, query);
    return ok({ sessions: rows.map((s) => sessionView(store, s)), pagination });
  },

  startSession: ({ store, scope, body, nowIso }) => {
    const { board } = scope('write');
    // The todo-column rule is about the board alone, so it is checked before the scenario is even looked up.
    todoColumnId(board);
    const scenario = scenarioIn(store, board, body.scenario_id, 'scenario_id');
    return created({ session: sessionView(store, startSession(store, board, scenario, nowIso())) });
  },

  recordCaseOutcome: ({ store, scope, query, body }) => {
    const { board } = scope('write');
    const report = caseReportIn(store, board, query.case_report_id, 'case_report_id');
    return ok({ case_report: caseReportView(recordOutcome(store, board, report, body)) });
  },

  finishSession: ({ store, scope, body, nowIso }) => {
    const { board } = scope('write');
    const session = finishSession(sessionIn(store, board, body.sessions_id, 'sessions_id'), nowIso());
    return ok({ session: sessionView(store, session) });
  },
} satisfies Pick<HandlerTable, 'listSessions' | 'startSession' | 'recordCaseOutcome' | 'finishSession'>;
