// Which operation creates or deletes what (docs/conformance.md, "What it leaves behind"): the clean-up ledger entry a
// successful answer makes, and the list a creation may have added to whatever it answered. The recorder hands every
// exchange here; the created object and its id are found as the checks find them (engine/discovery.ts).
import { isObject } from '../../contract/json.js';
import type { OperationSpec } from '../../contract/openapi.js';
import { idOf, type Kind, numericId, objectIn, tokenKeyOf, type WorkspaceId, workspaceId } from './discovery.js';
import { sentJson } from './exchange-record.js';

/** Where an object of a board is: what its detail operations take besides its own id. */
interface OnBoard {
  id: number;
  companyId: WorkspaceId;
  boardId: WorkspaceId;
  /** The account whose credential sent the request (member, outsider, token…). */
  actor: string;
}

/** A resource the run created or deleted, learned from the answers themselves (ids found as the checks find them). */
export type LedgerEntry =
  /** `parentId`: the parent the scenario was created under, when known (deleting the parent deletes it). */
  | ({ event: 'created' | 'deleted'; kind: 'scenario'; parentId?: number } & OnBoard)
  /** `scenarioId`: the scenario it was created in (source §2: `scenario` on creation). */
  | ({ event: 'created' | 'deleted'; kind: 'case'; scenarioId?: number } & OnBoard)
  /** A session started for `scenarioId`: the API has no session delete; it goes with its scenario's QA data. */
  | ({ event: 'created'; kind: 'session'; scenarioId?: number } & OnBoard)
  /** A named API token by its key; reports mask the key should a server use the secret itself as the key. */
  | { event: 'created' | 'deleted'; kind: 'token'; key: string | number; actor: string }
  | { event: 'created'; kind: 'account'; username: string; actor: string }
  /** A linked task a bug outcome created: the contract has no operation that deletes a task. */
  | ({ event: 'created'; kind: 'task' } & OnBoard);

/**
 * A list where the run may have created something, whatever the answer said (a creation answered 2xx, 5xx or not at
 * all): the token list of an account, the scenario list of a board (cases and sessions live in its scenarios), or its
 * task list (where a bug outcome's linked task goes).
 */
export type Place = { kind: 'token'; actor: string } | { kind: 'scenario' | 'task'; actor: string; board: BoardIds };

type BoardIds = { companyId: WorkspaceId; boardId: WorkspaceId };

/** The board a request names in its query, else `fallback` (where a broken server may put what names none). */
function boardOf(url: URL, fallback: BoardIds | undefined): BoardIds {
  const idIn = (name: string, otherwise: WorkspaceId | undefined): WorkspaceId =>
    workspaceId(url.searchParams.get(name)) ?? otherwise ?? 0;
  return { companyId: idIn('company_id', fallback?.companyId), boardId: idIn('board_id', fallback?.boardId) };
}

/**
 * What a successful answer tells about resources created or deleted (for clean-up). The created object and its id are
 * found as the checks find them (engine/discovery.ts), wherever the server puts them; a relation the source names in
 * the request (a case's `scenario`, a session's `scenario_id`, a scenario's `parent_id`) is read from what was sent.
 */
export function ledgerOf(
  op: OperationSpec,
  url: URL,
  status: number,
  body: unknown,
  requestText: string | undefined,
  actor: string,
  fallback: BoardIds | undefined,
): LedgerEntry | undefined {
  if (status < 200 || status >= 300) return undefined;
  const q = url.searchParams;
  const sent = sentJson(requestText);
  const inSent = (name: string): number | undefined => (isObject(sent) ? numericId(sent[name]) : undefined);
  const board = boardOf(url, fallback);
  /** The id of the `kind` object the answer is about, and the object itself. */
  const created = (kind: Kind) => {
    const object = objectIn(body, kind);
    return { object, id: idOf(object, kind) };
  };
  const optional = <K extends string>(name: K, value: number | undefined) =>
    (value === undefined ? {} : { [name]: value }) as { [P in K]?: number };
  switch (op.operationId) {
    case 'createScenario': {
      const { object, id } = created('scenario');
      const parentId = inSent('parent_id') ?? numericId(object?.parent_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'scenario', id, ...board, actor, ...optional('parentId', parentId) };
    }
    case 'deleteScenario':
      return { event: 'deleted', kind: 'scenario', id: Number(q.get('scenario_id')), ...board, actor };
    case 'createCase': {
      const { object, id } = created('case');
      const scenarioId = inSent('scenario') ?? numericId(object?.scenario ?? object?.scenario_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'case', id, ...board, actor, ...optional('scenarioId', scenarioId) };
    }
    case 'deleteCase':
      return { event: 'deleted', kind: 'case', id: Number(q.get('case_id')), ...board, actor };
    case 'startSession': {
      const { object, id } = created('session');
      const scenarioId = inSent('scenario_id') ?? numericId(object?.scenario_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'session', id, ...board, actor, ...optional('scenarioId', scenarioId) };
    }
    case 'createApiToken': {
      const key = tokenKeyOf(objectIn(body, 'token'));
      return key === undefined ? undefined : { event: 'created', kind: 'token', key, actor };
    }
    case 'deleteApiToken':
      return { event: 'deleted', kind: 'token', key: q.get('key') ?? '', actor };
    case 'recordCaseOutcome': {
      const taskId = numericId(objectIn(body, 'case_report')?.task_id);
      return taskId === undefined ? undefined : { event: 'created', kind: 'task', id: taskId, ...board, actor };
    }
    case 'register': {
      // The account is the one the request named: the source shows no fields of the answer.
      const username = isObject(sent) && typeof sent.username === 'string' ? sent.username : undefined;
      return username === undefined ? undefined : { event: 'created', kind: 'account', username, actor };
    }
    default:
      return undefined;
  }
}

/**
 * Creations by the list they add to: a case or a session lives in a scenario of its board, and a bug outcome creates or
 * updates a task on it (source §3).
 */
const CREATES: Readonly<Record<string, Place['kind']>> = {
  createApiToken: 'token',
  createScenario: 'scenario',
  createCase: 'scenario',
  startSession: 'scenario',
  recordCaseOutcome: 'task',
};

/**
 * The list a creation may have added to: when it succeeded, or its outcome is unknown (no answer, a 5xx: a POST that
 * failed ambiguously may have been applied). A refusal created nothing, nor did an outcome other than bug.
 */
export function placeOf(
  op: OperationSpec | undefined,
  url: URL,
  status: number | undefined,
  requestText: string | undefined,
  actor: string,
  fallback: BoardIds | undefined,
): Place | undefined {
  const kind = op ? CREATES[op.operationId] : undefined;
  if (!kind || (status !== undefined && status >= 300 && status < 500)) return undefined;
  const sent = sentJson(requestText);
  if (kind === 'task' && !(isObject(sent) && sent.status === 'bug')) return undefined;
  return kind === 'token' ? { kind, actor } : { kind, actor, board: boardOf(url, fallback) };
}
