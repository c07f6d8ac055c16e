// Handlers of the QA cases tag: list a scenario's cases, create, read, update instructions, delete (source §2, §4).
import { boardScope, caseIn, scenarioIn } from '../access.js';
import { deleteCases } from '../qa.js';
import { caseView } from '../views.js';
import type { HandlerTable } from './types.js';

export const caseHandlers = {
  listCases: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    const scenario = scenarioIn(store, board, query.scenario_id, 'scenario_id');
    const cases = [...store.cases.values()].filter((c) => c.scenarioId === scenario.id).map(caseView);
    return { status: 200, body: { status: 'success', data: { cases } } };
  },

  createCase: ({ store, principal, query, body }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const scenario = scenarioIn(store, board, body.scenario, 'scenario');
    const testCase = store.addCase({
      boardId: board.id,
      scenarioId: scenario.id,
      title: body.title,
      description: body.description,
      steps_to_reproduce: body.steps_to_reproduce,
      expected_result: body.expected_result,
    });
    return { status: 201, body: { status: 'success', data: { case: caseView(testCase) } } };
  },

  getCase: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    return {
      status: 200,
      body: { status: 'success', data: { case: caseView(caseIn(store, board, query.case_id, 'case_id')) } },
    };
  },

  updateCase: ({ store, principal, query, body }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const testCase = caseIn(store, board, query.case_id, 'case_id');
    if (body.title !== undefined) testCase.title = body.title;
    if (body.description !== undefined) testCase.description = body.description;
    if (body.steps_to_reproduce !== undefined) testCase.steps_to_reproduce = body.steps_to_reproduce;
    if (body.expected_result !== undefined) testCase.expected_result = body.expected_result;
    return { status: 200, body: { status: 'success', data: { case: caseView(testCase) } } };
  },

  deleteCase: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    deleteCases(store, new Set([caseIn(store, board, query.case_id, 'case_id').id]));
    return { status: 200, body: { status: 'success' } };
  },
} satisfies Pick<HandlerTable, 'listCases' | 'createCase' | 'getCase' | 'updateCase' | 'deleteCase'>;
