// Handler of the Tasks tag: a board's tasks, paged, filtered by repeated assignee_ids (source §4 other areas).
import { boardScope } from '../access.js';
import { paginate } from '../lists.js';
import { taskView } from '../views.js';
import type { HandlerTable } from './types.js';

export const taskHandlers = {
  listTasks: ({ store, principal, query }) => {
    const { board } = boardScope(store, principal.account, query.company_id, query.board_id, 'read');
    const assignees = query.assignee_ids === undefined ? undefined : new Set(query.assignee_ids);
    const tasks = [...store.tasks.values()].filter(
      (t) => t.boardId === board.id && (!assignees || t.assignee_ids.some((id) => assignees.has(id))),
    );
    const { rows, pagination } = paginate(tasks, query);
    return { status: 200, body: { status: 'success', data: { tasks: rows.map(taskView), pagination } } };
  },
} satisfies Pick<HandlerTable, 'listTasks'>;
