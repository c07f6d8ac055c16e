// Handlers of the QA scenarios tag: list, create, read, rename/reposition, delete with dependents (source §2, §4).
import { scenarioIn } from '../domain/access.js';
import { limitReached } from '../domain/limits.js';
import { deleteScenario } from '../domain/qa.js';
import { matchesQ, paginate } from './lists.js';
import { created, type HandlerTable, ok } from './types.js';
import { scenarioView } from './views.js';

export const scenarioHandlers = {
  listScenarios: ({ store, scope, query }) => {
    const { board } = scope('read');
    const parentId =
      query.parent_id === undefined ? undefined : scenarioIn(store, board, query.parent_id, 'parent_id').id;
    const scenarios = [...store.scenarios.values()].filter(
      (s) =>
        s.boardId === board.id && (parentId === undefined || s.parent_id === parentId) && matchesQ(s.title, query.q),
    );
    const { rows, pagination } = paginate(scenarios, query);
    return ok({ scenarios: rows.map(scenarioView), pagination });
  },

  createScenario: ({ store, scope, body, payer }) => {
    const { board } = scope('write');
    const parent_id = body.parent_id === null ? null : scenarioIn(store, board, body.parent_id, 'parent_id').id;
    let siblings = 0;
    let onBoard = 0;
    for (const s of store.scenarios.values()) {
      if (s.boardId !== board.id) continue;
      onBoard += 1;
      if (s.parent_id === parent_id) siblings += 1;
    }
    const max = store.limits.scenariosPerBoard;
    if (onBoard >= max) throw limitReached('board_id', 'scenarios per board', max, 'delete a scenario first');
    const scenario = store.addScenario(
      {
        boardId: board.id,
        title: body.title,
        parent_id,
        position: body.position ?? siblings,
      },
      payer,
    );
    return created({ scenario: scenarioView(scenario) });
  },

  getScenario: ({ store, scope, query }) => {
    const { board } = scope('read');
    return ok({ scenario: scenarioView(scenarioIn(store, board, query.scenario_id, 'scenario_id')) });
  },

  updateScenario: ({ store, scope, query, body, payer }) => {
    const { board } = scope('write');
    const scenario = scenarioIn(store, board, query.scenario_id, 'scenario_id');
    store.update(scenario, { title: body.title, position: body.position }, payer);
    return ok({ scenario: scenarioView(scenario) });
  },

  deleteScenario: ({ store, scope, query }) => {
    const { board } = scope('write');
    deleteScenario(store, scenarioIn(store, board, query.scenario_id, 'scenario_id').id);
    return ok();
  },
} satisfies Pick<
  HandlerTable,
  'listScenarios' | 'createScenario' | 'getScenario' | 'updateScenario' | 'deleteScenario'
>;
