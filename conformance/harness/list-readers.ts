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

/** What a check looks for in a list: the list is walked again when it does not hold it (engine/discovery.ts). */
export type Holds<R> = (rows: R[]) => boolean;

/**
 * Every row of a list (engine/discovery.ts `walkList`), sent as the check's requests. The first page is the one shown
 * should the check then fail on what the list lacks; `ensureNone` and `blameRow` show the page a row came from. A
 * list that cannot be read stops the check, blocked by `blockedBy`. With `holds` (what the check expects to find),
 * a list of several pages that does not hold it is walked again before the check judges it.
 */
export async function listAll(
  h: Harness,
  client: ApiClient,
  operationId: string,
  query: Record<string, unknown>,
  kind: Kind,
  blockedBy: string,
  holds?: Holds<Record<string, unknown>>,
): Promise<Record<string, unknown>[]> {
  const walk = await walkList(
    (page, limit) =>
      h.callLoose(client, operationId, { query: { ...query, page, ...(limit === undefined ? {} : { limit }) } }),
    kind,
    holds,
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

/** `holds` over the rows as a reader gives them (`as`), for listAll. */
const over =
  <R>(holds: Holds<R> | undefined, as: (rows: Record<string, unknown>[]) => R[]) =>
  (rows: Record<string, unknown>[]): boolean =>
    holds === undefined || holds(as(rows));

const sessionsOf = (rows: Record<string, unknown>[]): QaSession[] =>
  withIds(rows, 'session').map((s) => derived(s, { ...s, case_reports: reportsOf(s) ?? [] }));

/** Every session of the board with this is_active value. */
export async function listSessions(
  h: Harness,
  client: ApiClient,
  board: Board,
  isActive: boolean,
  holds?: Holds<QaSession>,
): Promise<QaSession[]> {
  const query = { ...board, is_active: isActive };
  return sessionsOf(await listAll(h, client, 'listSessions', query, 'session', 'QA-09', over(holds, sessionsOf)));
}

const tasksOf = (rows: Record<string, unknown>[]): Found[] => withIds(rows, 'task');

/** Every task of the board, with its id. */
export async function listTasks(h: Harness, client: ApiClient, board: Board, holds?: Holds<Found>): Promise<Found[]> {
  return tasksOf(await listAll(h, client, 'listTasks', { ...board }, 'task', 'QA-15', over(holds, tasksOf)));
}

const scenariosOf = (rows: Record<string, unknown>[]): Found[] => withIds(rows, 'scenario');

/** Every scenario of the board, optionally only the children of `parentId`. */
export async function listScenarios(
  h: Harness,
  client: ApiClient,
  board: Board,
  parentId?: number,
  holds?: Holds<Found>,
): Promise<Found[]> {
  const query = { ...board, ...(parentId === undefined ? {} : { parent_id: parentId }) };
  return scenariosOf(await listAll(h, client, 'listScenarios', query, 'scenario', 'QA-22', over(holds, scenariosOf)));
}

const casesOf = (rows: Record<string, unknown>[]): Found[] => withIds(rows, 'case');

/** Every case of a scenario (source §2: scenario_id is the list filter). */
export async function listCases(
  h: Harness,
  client: ApiClient,
  board: Board,
  scenarioId: number,
  holds?: Holds<Found>,
): Promise<Found[]> {
  const query = { ...board, scenario_id: scenarioId };
  return casesOf(await listAll(h, client, 'listCases', query, 'case', 'QA-05', over(holds, casesOf)));
}

/** Every named API token of the credential's account, as rows (source §2: fields returned for a token: not shown). */
export async function listTokens(
  h: Harness,
  client: ApiClient,
  holds?: Holds<Record<string, unknown>>,
): Promise<Record<string, unknown>[]> {
  return listAll(h, client, 'listApiTokens', {}, 'token', 'TOKEN-03', holds);
}

/**
 * The session as one of the two session lists shows it now (is_active true or false; which one is QA-20's business).
 * Each list is read once; where neither holds it, each is read again as a row looked for (listAll's `holds`), so that a
 * list torn by other writes between its pages does not hide it.
 */
export async function listedSession(
  h: Harness,
  client: ApiClient,
  board: Board,
  sessionId: number,
): Promise<QaSession | undefined> {
  const isIt = (s: QaSession) => s.id === sessionId;
  for (const holds of [undefined, (rows: QaSession[]) => rows.some(isIt)]) {
    for (const active of [true, false]) {
      const session = (await listSessions(h, client, board, active, holds)).find(isIt);
      if (session) return session;
    }
  }
  return undefined;
}
