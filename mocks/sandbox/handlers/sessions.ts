// Handlers of the QA sessions tag: list, start, record an outcome, finish (source §2 session, §3, §4).
import { caseReportIn, scenarioIn, sessionIn } from '../domain/access.js';
import { limitReached } from '../domain/limits.js';
import { finishSession, recordOutcome, scenarioTree, startSession, todoColumnId } from '../domain/qa.js';
import type { Store } from '../domain/store.js';
import { matchesQ, paginate } from './lists.js';
import { created, type HandlerTable, ok, okWithJson } from './types.js';
import { caseReportJson } from './view-json.js';
import { type AnswerBudget, caseReportView, sessionView } from './views.js';

const answerBudget = (store: Store): AnswerBudget => ({
  perRow: store.limits.caseReportsPerSessionRow,
  bytesLeft: store.limits.caseReportBytesPerAnswer,
});

export const sessionHandlers = {
  listSessions: ({ store, scope, query }) => {
    const { board } = scope('read');
    const sessions = [...store.sessions.values()].filter(
      (s) => s.boardId === board.id && s.is_active === query.is_active && matchesQ(s.title, query.q),
    );
    const { rows, pagination } = paginate(sessions, query);
    const budget = answerBudget(store);
    return ok({ sessions: rows.map((s) => sessionView(store, s, budget)), pagination });
  },

  startSession: ({ store, scope, body, nowIso, payer }) => {
    const { board } = scope('write');
    // The todo-column rule is about the board alone, so it is checked before the scenario is even looked up.
    todoColumnId(board);
    const scenario = scenarioIn(store, board, body.scenario_id, 'scenario_id');
    const { limits } = store;
    let onBoard = 0;
    for (const s of store.sessions.values()) if (s.boardId === board.id) onBoard += 1;
    if (onBoard >= limits.sessionsPerBoard) {
      throw limitReached(
        'board_id',
        'sessions per board',
        limits.sessionsPerBoard,
        'delete the scenario of old sessions first',
      );
    }
    const tree = scenarioTree(store, scenario.id);
    let cases = 0;
    for (const c of store.cases.values()) if (tree.has(c.scenarioId)) cases += 1;
    if (cases > limits.casesPerSession) {
      throw limitReached(
        'scenario_id',
        `cases under one scenario for a session (this one has ${cases})`,
        limits.casesPerSession,
        'start the session on a sub-scenario',
      );
    }
    return created({ session: sessionView(store, startSession(store, board, scenario, nowIso(), payer)) });
  },

  recordCaseOutcome: ({ store, scope, query, body, payer }) => {
    const { board } = scope('write');
    const report = recordOutcome(
      store,
      board,
      caseReportIn(store, board, query.case_report_id, 'case_report_id'),
      body,
      payer,
    );
    // The hot write's answer (docs/benchmarks.md): its text written directly, the same bytes as its view serialised.
    return okWithJson({ case_report: caseReportView(report) }, `{"case_report":${caseReportJson(report)}}`);
  },

  finishSession: ({ store, scope, body, nowIso, payer }) => {
    const { board } = scope('write');
    const session = finishSession(store, sessionIn(store, board, body.sessions_id, 'sessions_id'), nowIso(), payer);
    return ok({ session: sessionView(store, session, answerBudget(store)) });
  },
} satisfies Pick<HandlerTable, 'listSessions' | 'startSession' | 'recordCaseOutcome' | 'finishSession'>;
