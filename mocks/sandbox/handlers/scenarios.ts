// Handlers of the QA scenarios tag: list, create, read, rename/reposition, delete with dependents (source §2, §4).
import { boardScope, scenarioIn } from '../access.js';
import { matchesQ, paginate } from '../lists.js';
import { deleteScenario } from '../qa.js';
import { scenarioView } from '../views.js';
import type { HandlerTable } from './types.js';

export const scenarioHandlers = {
  listScenarios: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    const parentId =
      query.parent_id === undefined ? undefined : scenarioIn(store, board, query.parent_id, 'parent_id').id;
    const scenarios = [...store.scenarios.values()].filter(
      (s) =>
        s.boardId === board.id && (parentId === undefined || s.parent_id === parentId) && matchesQ(s.title, query.q),
    );
    const { rows, pagination } = paginate(scenarios, query);
    return { status: 200, body: { status: 'success', data: { scenarios: rows.map(scenarioView), pagination } } };
  },

  createScenario: ({ store, principal, query, body }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const parent_id = body.parent_id === null ? null : scenarioIn(store, board, body.parent_id, 'parent_id').id;
    let siblings = 0;
    for (const s of store.scenarios.values()) if (s.boardId === board.id && s.parent_id === parent_id) siblings += 1;
    const scenario = store.addScenario({
      boardId: board.id,
      title: body.title,
      parent_id,
      position: body.position ?? siblings,
    });
    return { status: 201, body: { status: 'success', data: { scenario: scenarioView(scenario) } } };
  },

  getScenario: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    const scenario = scenarioIn(store, board, query.scenario_id, 'scenario_id');
    return { status: 200, body: { status: 'success', data: { scenario: scenarioView(scenario) } } };
  },

  updateScenario: ({ store, principal, query, body }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    const scenario = scenarioIn(store, board, query.scenario_id, 'scenario_id');
    scenario.title = body.title;
    if (body.position !== undefined) scenario.position = body.position;
    return { status: 200, body: { status: 'success', data: { scenario: scenarioView(scenario) } } };
  },

  deleteScenario: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'write');
    deleteScenario(store, scenarioIn(store, board, query.scenario_id, 'scenario_id').id);
    return { status: 200, body: { status: 'success' } };
  },
} satisfies Pick<
  HandlerTable,
  'listScenarios' | 'createScenario' | 'getScenario' | 'updateScenario' | 'deleteScenario'
>;
