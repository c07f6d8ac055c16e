// A valid request for any operation of the contract, built from known ids, so that a check can get one thing wrong
// on purpose (the credential, the account, a missing parameter) and nothing else.
import type { OperationSpec } from '../../contract/openapi.js';
import { caseFields } from './setup-steps.js';

/** Ids of real objects the requests point at. */
export interface Ids {
  company_id: number;
  board_id: number;
  scenario_id: number;
  case_id: number;
  case_report_id: number;
  sessions_id: number;
  key: string | number;
}

export interface PlannedRequest {
  query: Record<string, unknown>;
  body?: unknown;
}

/** Query values for parameters that are not ids. */
const OTHER_QUERY: Record<string, unknown> = { is_active: true };

/**
 * Bodies for the operations that take one. Writes are harmless: they rename an object to its own title, set a report
 * back to pending, or create an object whose title carries the run marker (so clean-up finds it).
 */
function bodyFor(op: OperationSpec, ids: Ids, title: string, marker: string): unknown {
  switch (op.operationId) {
    case 'createApiToken':
      return { title, is_active: false };
    case 'updateApiToken':
      return { title };
    case 'createScenario':
      return { title, parent_id: null };
    case 'updateScenario':
      return { title };
    case 'createCase':
      // Every field filled: a server may refuse empty strings, and this request must be refused only for its scope.
      return { scenario: ids.scenario_id, ...caseFields(title, marker) };
    case 'updateCase':
      return { title };
    case 'startSession':
      return { scenario_id: ids.scenario_id };
    case 'recordCaseOutcome':
      return { status: 'pending' };
    case 'finishSession':
      return { sessions_id: ids.sessions_id };
    default:
      // A new operation with a body must get one here: better a loud failure than a check that tests nothing.
      throw new Error(
        `no valid request body is known for ${op.operationId}; add one to conformance/harness/valid-requests.ts`,
      );
  }
}

/** A valid request for `op` on the objects `ids`; what it may create is titled `title` and carries `marker`. */
export function validRequest(op: OperationSpec, ids: Ids, title: string, marker: string): PlannedRequest {
  const query: Record<string, unknown> = {};
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    if (p.name in ids) query[p.name] = ids[p.name as keyof Ids];
    else if (p.required) {
      if (!(p.name in OTHER_QUERY))
        throw new Error(`no value is known for the query parameter ${p.name} of ${op.operationId}`);
      query[p.name] = OTHER_QUERY[p.name];
    }
  }
  return op.requestBodyPointer ? { query, body: bodyFor(op, ids, title, marker) } : { query };
}

/** The ids besides company_id and board_id, which name one object each. */
const OBJECT_IDS = new Set(['scenario_id', 'case_id', 'case_report_id', 'sessions_id', 'key']);

/** Ids that `bodyFor` puts in a body. */
const BODY_IDS: Record<string, (keyof Ids)[]> = {
  createCase: ['scenario_id'],
  startSession: ['scenario_id'],
  finishSession: ['sessions_id'],
};

/** The ids of `Ids` the operation's valid request points at, besides company_id and board_id. */
export function idsOf(op: OperationSpec): (keyof Ids)[] {
  const inQuery = op.parameters
    .filter((p) => p.in === 'query' && OBJECT_IDS.has(p.name))
    .map((p) => p.name as keyof Ids);
  const inBody = BODY_IDS[op.operationId] ?? [];
  return [...new Set([...inQuery, ...inBody])];
}

/** Reads before writes, deletions last: a server that wrongly lets a deletion through cannot spoil the other checks. */
export function inSafeOrder(ops: readonly OperationSpec[]): OperationSpec[] {
  const rank = (o: OperationSpec): number => (o.method === 'get' ? 0 : o.method === 'delete' ? 2 : 1);
  return [...ops].sort((a, b) => rank(a) - rank(b));
}

/** `METHOD /path/`, as reports name an operation. */
export const opName = (op: OperationSpec): string => `${op.method.toUpperCase()} ${op.path}`;

/** Whether the operation changes data (skipped in --read-only). */
export const isWrite = (op: OperationSpec): boolean => op.method !== 'get';

/** Whether the operation lists a collection (its name starts with "list"). */
export const isList = (op: OperationSpec): boolean => op.method === 'get' && op.operationId.startsWith('list');
