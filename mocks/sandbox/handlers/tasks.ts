// Handler of the Tasks tag: a board's tasks, paged, filtered by repeated assignee_ids (source §4 other areas).
import { paginate } from './lists.js';
import { type HandlerTable, ok } from './types.js';
import { taskView } from './views.js';

export const taskHandlers = {
  listTasks: ({ store, scope, query }) => {
    const { board } = scope('read');
    const assignees = query.assignee_ids === undefined ? undefined : new Set(query.assignee_ids);
    const tasks = [...store.tasks.values()].filter(
      (t) => t.boardId === board.id && (!assignees || t.assignee_ids.some((id) => assignees.has(id))),
    );
    const { rows, pagination } = paginate(tasks, query);
    return ok({ tasks: rows.map(taskView), pagination });
  },
} satisfies Pick<HandlerTable, 'listTasks'>;
