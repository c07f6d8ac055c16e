// The handler table: one typed handler per operationId of openapi.yaml; the compiler rejects a missing one.
import { accountHandlers } from './account.js';
import { caseHandlers } from './cases.js';
import { scenarioHandlers } from './scenarios.js';
import { sessionHandlers } from './sessions.js';
import { taskHandlers } from './tasks.js';
import { tokenHandlers } from './tokens.js';
import type { HandlerTable } from './types.js';
import { workspaceHandlers } from './workspaces.js';

export const handlers: HandlerTable = {
  ...accountHandlers,
  ...tokenHandlers,
  ...scenarioHandlers,
  ...caseHandlers,
  ...sessionHandlers,
  ...workspaceHandlers,
  ...taskHandlers,
};
