// The list readers the checks share (source §1: rows "under an endpoint-specific collection name"; §8 paging): every
// row of a list page by page, found with engine/discovery.ts, and the rows of scenarios, cases, sessions, tasks and
// tokens with their ids.
import type { ApiClient } from '../../client/index.js';
import { isObject } from '../../contract/json.js';
import { derived, idOf, type Kind, type WorkspaceId, walkList } from '../engine/discovery.js';
import { isSuccess } from '../engine/payload.js';
import { NotVerified, setupSuccess } from './assertions.js';
import type { Harness } from './harness.js';

/** An object the server made, as it answered it, with its id found wherever the server put it. */
export type Found = Record<string, unknown> & { id: number };

export interface Board {
  company_id: WorkspaceId;
  board_id: WorkspaceId;
}

/** A QA session (source §4: a run of a scenario's cases), with its case reports. */
export interface QaSession extends Found {
  case_reports: Found[];
}

/** The case reports of a session (source §2: "Each session carries a case_reports array"), each with its id. */
export function reportsOf(session: Record<string, unknown>): Found[] | undefined {
  const reports = session.case_reports;
  if (!Array.isArray(reports)) return undefined;
  const withIds = reports.filter(isObject).map((r) => ({ ...r, id: idOf(r, 'case_report') }));
  return withIds.every((r): r is Found => r.id !== undefined) ? withIds : undefined;
}

/**
 * Every row of a list (engine/discovery.ts `walkList`), sent as the check's requests. The first page is the one shown
 * should the check then fail on what the list lacks; `ensureNone` and `blameRow` show the page a row came from. A
 * list that cannot be read stops the check, blocked by `blockedBy`.
 */
export async function listAll(
  h: Harness,
  client: ApiClient,
  operationId: string,
  query: Record<string, unknown>,
  kind: Kind,
  blockedBy: string,
): Promise<Record<string, unknown>[]> {
  const walk = await walkList(
    (page, limit) =>
      h.callLoose(client, operationId, { query: { ...query, page, ...(limit === undefined ? {} : { limit }) } }),
    kind,
  );
  if (!walk.ok) {
    const what = `${walk.page.record.method} ${walk.page.record.path}`;
    h.blame(walk.page);
    setupSuccess(walk.page, blockedBy, what);
    throw new NotVerified(blockedBy, `${what}: ${walk.why}`);
  }
  h.blame(walk.pages.find((p) => isSuccess(p.status)));
  return walk.rows;
}

/** Rows of `kind` with their id spelled out as `id` (rows without one are left out). */
function withIds(rows: readonly Record<string, unknown>[], kind: Kind): Found[] {
  return rows.flatMap((row) => {
    const id = idOf(row, kind);
    return id === undefined ? [] : [derived(row, { ...row, id })];
  });
}

/** Every session of the board with this is_active value. */
export async function listSessions(
  h: Harness,
  client: ApiClient,
  board: Board,
  isActive: boolean,
): Promise<QaSession[]> {
  const rows = await listAll(h, client, 'listSessions', { ...board, is_active: isActive }, 'session', 'QA-09');
  return withIds(rows, 'session').map((s) => derived(s, { ...s, case_reports: reportsOf(s) ?? [] }));
}

/** Every task of the board, with its id. */
export async function listTasks(h: Harness, client: ApiClient, board: Board): Promise<Found[]> {
  return withIds(await listAll(h, client, 'listTasks', { ...board }, 'task', 'QA-15'), 'task');
}

/** Every scenario of the board, optionally only the children of `parentId`. */
export async function listScenarios(h: Harness, client: ApiClient, board: Board, parentId?: number): Promise<Found[]> {
  const query = { ...board, ...(parentId === undefined ? {} : { parent_id: parentId }) };
  return withIds(await listAll(h, client, 'listScenarios', query, 'scenario', 'QA-22'), 'scenario');
}

/** Every case of a scenario (source §2: scenario_id is the list filter). */
export async function listCases(h: Harness, client: ApiClient, board: Board, scenarioId: number): Promise<Found[]> {
  const rows = await listAll(h, client, 'listCases', { ...board, scenario_id: scenarioId }, 'case', 'QA-05');
  return withIds(rows, 'case');
}

/** Every named API token of the credential's account, as rows (source §2: fields returned for a token: not shown). */
export async function listTokens(h: Harness, client: ApiClient): Promise<Record<string, unknown>[]> {
  return listAll(h, client, 'listApiTokens', {}, 'token', 'TOKEN-03');
}
