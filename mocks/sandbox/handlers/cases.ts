// Handlers of the QA cases tag: list a scenario's cases, create, read, update instructions, delete (source §2, §4).

import { caseIn, scenarioIn } from '../domain/access.js';
import { limitReached } from '../domain/limits.js';
import { deleteCases } from '../domain/qa.js';
import { paginate } from './lists.js';
import { created, type HandlerTable, ok } from './types.js';
import { caseView } from './views.js';

export const caseHandlers = {
  listCases: ({ store, scope, query }) => {
    const { board } = scope('read');
    const scenario = scenarioIn(store, board, query.scenario_id, 'scenario_id');
    const cases = [...store.cases.values()].filter((c) => c.scenarioId === scenario.id);
    const { rows, pagination } = paginate(cases, query);
    return ok({ cases: rows.map(caseView), pagination });
  },

  createCase: ({ store, scope, body, payer }) => {
    const { board } = scope('write');
    const scenario = scenarioIn(store, board, body.scenario, 'scenario');
    let onBoard = 0;
    for (const c of store.cases.values()) if (c.boardId === board.id) onBoard += 1;
    const max = store.limits.casesPerBoard;
    if (onBoard >= max) throw limitReached('scenario', 'cases per board', max, 'delete a case first');
    const testCase = store.addCase(
      {
        boardId: board.id,
        scenarioId: scenario.id,
        title: body.title,
        description: body.description,
        steps_to_reproduce: body.steps_to_reproduce,
        expected_result: body.expected_result,
      },
      payer,
    );
    return created({ case: caseView(testCase) });
  },

  getCase: ({ store, scope, query }) => {
    const { board } = scope('read');
    return ok({ case: caseView(caseIn(store, board, query.case_id, 'case_id')) });
  },

  updateCase: ({ store, scope, query, body, payer }) => {
    const { board } = scope('write');
    const testCase = caseIn(store, board, query.case_id, 'case_id');
    store.update(
      testCase,
      {
        title: body.title,
        description: body.description,
        steps_to_reproduce: body.steps_to_reproduce,
        expected_result: body.expected_result,
      },
      payer,
    );
    return ok({ case: caseView(testCase) });
  },

  deleteCase: ({ store, scope, query }) => {
    const { board } = scope('write');
    deleteCases(store, new Set([caseIn(store, board, query.case_id, 'case_id').id]));
    return ok();
  },
} satisfies Pick<HandlerTable, 'listCases' | 'createCase' | 'getCase' | 'updateCase' | 'deleteCase'>;
