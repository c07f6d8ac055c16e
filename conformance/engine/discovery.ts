// Where an answer keeps what the source leaves open (source §1: rows "under an endpoint-specific collection name";
// §2: "Fields returned for a token: not shown", "Types of the numeric ids beyond "numeric": not shown"; §4: "Response
// body shapes of the endpoints above: not shown"; §8: "maximum page size and default page size: not shown"): a list's
// rows, the object an answer is about, an object's id, and every row of a list page by page. The checks find what they
// judge with these and nothing else, and the clean-up can find the run's objects with the same functions.
import { isObject } from '../../contract/json.js';
import { dataOf, isSuccess, payloadNames } from './payload.js';

/** The kinds of object the suite reads. */
export type Kind = 'scenario' | 'case' | 'session' | 'case_report' | 'token' | 'task' | 'company' | 'board' | 'member';

export interface KindNames {
  /** Where the contract puts one object of the kind in `data` (`data.scenario`). */
  object: string;
  /** What the contract (or, for companies, the source) calls a list of them (`data.scenarios`). */
  collection: string;
  /** The kind's own id names besides `id` and `pk`; never a relation's (a case's `scenario_id` is its scenario's). */
  ids: readonly string[];
}

export const KINDS: Readonly<Record<Kind, KindNames>> = {
  scenario: { object: 'scenario', collection: 'scenarios', ids: ['scenario_id'] },
  case: { object: 'case', collection: 'cases', ids: ['case_id'] },
  session: { object: 'session', collection: 'sessions', ids: ['session_id', 'sessions_id'] },
  case_report: { object: 'case_report', collection: 'case_reports', ids: ['case_report_id', 'report_id'] },
  token: { object: 'token', collection: 'tokens', ids: ['token_id'] },
  task: { object: 'task', collection: 'tasks', ids: ['task_id'] },
  company: { object: 'company', collection: 'companies', ids: ['company_id'] },
  board: { object: 'board', collection: 'boards', ids: ['board_id'] },
  member: { object: 'member', collection: 'members', ids: ['member_id', 'user_id', 'account_id'] },
};

/** A numeric id, given as a number or as a string of digits (source §2: "numeric id", its type not shown). */
export function numericId(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  return typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}

/**
 * A company's or a board's id (source §1: "company_id and board_id are internal identifiers obtained from list
 * endpoints", no type given, unlike the "numeric" scenario, case and session ids): a numeric id as `numericId` reads
 * it, else an identifier string such as a UUID, a ULID or a slug.
 */
export type WorkspaceId = number | string;

/** What an identifier string may hold: a UUID, a ULID or a slug, as sent in a query unchanged. */
const IDENTIFIER = /^[\w.~-]{1,200}$/;

/** A workspace id from a value: a numeric id, else an identifier string; undefined for anything else. */
export function workspaceId(value: unknown): WorkspaceId | undefined {
  const numeric = numericId(value);
  if (numeric !== undefined) return numeric;
  return typeof value === 'string' && IDENTIFIER.test(value) && !/^\d+$/.test(value) ? value : undefined;
}

/** The id of a company or a board row: its `id`, else `company_id` or `board_id`, else `pk`, as `workspaceId` reads it. */
export function workspaceIdOf(object: unknown, kind: 'company' | 'board'): WorkspaceId | undefined {
  if (!isObject(object)) return undefined;
  for (const name of ['id', ...KINDS[kind].ids, 'pk']) {
    const id = workspaceId(object[name]);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The id of an object of `kind`: its `id`, else a member named after the kind (`scenario_id`), else `pk`. */
export function idOf(object: unknown, kind?: Kind): number | undefined {
  if (!isObject(object)) return undefined;
  for (const name of ['id', ...(kind ? KINDS[kind].ids : []), 'pk']) {
    const id = numericId(object[name]);
    if (id !== undefined) return id;
  }
  return undefined;
}

/**
 * What the detail operations of a token row take as `key` (source §2: "key | query (detail operations) | identifies
 * the token"): its `key`, else its id. A check finds a new token's key by trying (harness/token-secret.ts); a row of the
 * token list read later, by the clean-up for one, is read this way.
 */
export function tokenKeyOf(row: unknown): string | number | undefined {
  if (!isObject(row)) return undefined;
  return typeof row.key === 'string' || typeof row.key === 'number' ? row.key : idOf(row, 'token');
}

/**
 * Whether a token row shows the token revoked or inactive (source §3: DELETE "revokes the token"; a server may keep it
 * listed with its state): `is_active` or `active` false, `revoked` true, a `revoked_at`, or a state or status naming it.
 */
export function tokenShownRevoked(row: unknown): boolean {
  if (!isObject(row)) return false;
  if (row.is_active === false || row.active === false || row.revoked === true) return true;
  if (typeof row.revoked_at === 'string' || typeof row.revoked_at === 'number') return true;
  return [row.state, row.status].some((s) => typeof s === 'string' && /^(revoked|inactive|deleted|disabled)$/i.test(s));
}

const hasIds = (rows: readonly unknown[], kind: Kind): boolean => rows.some((r) => idOf(r, kind) !== undefined);

/**
 * The name `container` keeps rows of `kind` under: the collection name the contract (or the source) gives, else the one
 * array in it, else the one array of objects (paging metadata beside it is no rows), else the one such array whose
 * rows carry ids. `known` is a name found on an earlier page of the same list: a page without rows is read under it.
 */
export function collectionOf(container: unknown, kind: Kind, known?: string): string | undefined {
  if (!isObject(container)) return undefined;
  for (const name of [known, KINDS[kind].collection]) {
    if (name !== undefined && Array.isArray(container[name])) return name;
  }
  const arrays = Object.entries(container).filter((e): e is [string, unknown[]] => Array.isArray(e[1]));
  if (arrays.length === 1) return arrays[0]?.[0];
  const ofObjects = arrays.filter(([, rows]) => rows.every(isObject));
  if (ofObjects.length === 1) return ofObjects[0]?.[0];
  const withIds = ofObjects.filter(([, rows]) => hasIds(rows, kind));
  return withIds.length === 1 ? withIds[0]?.[0] : undefined;
}

/** The rows of `kind` an object holds (a company's boards), wherever `collectionOf` finds them. */
export function rowsWithin(container: unknown, kind: Kind, known?: string): unknown[] | undefined {
  const name = collectionOf(container, kind, known);
  if (name !== undefined && isObject(container)) return container[name] as unknown[];
  // Several empty arrays (rows and, say, paging links) name no collection, yet say the same thing: no rows.
  const arrays = isObject(container) ? Object.values(container).filter(Array.isArray) : [];
  return arrays.length > 0 && arrays.every((a) => a.length === 0) ? [] : undefined;
}

/** The name a list answer's body keeps its rows under (`collectionOf` of its `data`). */
export const collectionIn = (body: unknown, kind: Kind, known?: string): string | undefined =>
  collectionOf(dataOf(body), kind, known);

/** The rows of a list answer's body, wherever `collectionOf` finds them in its `data`; undefined when it finds none. */
export const rowsIn = (body: unknown, kind: Kind, known?: string): unknown[] | undefined =>
  rowsWithin(dataOf(body), kind, known);

/** Members of `data` that hold paging or link metadata beside the payload, never the object an answer is about. */
const METADATA = /^(_?links|_?meta|metadata|pagination|paging|page_info)$/i;

/**
 * The object a create, read or update answer is about: `data[object]` (the contract's place), else `data` itself when it
 * carries an id, else the one object in `data` (metadata such as `meta` or `links` aside) that carries one, else the
 * one such object, else `data`.
 */
export function objectIn(body: unknown, kind: Kind): Record<string, unknown> | undefined {
  const data = dataOf(body);
  if (!data) return undefined;
  const named = data[KINDS[kind].object];
  if (isObject(named)) return named;
  if (idOf(data, kind) !== undefined) return data;
  const objects = Object.entries(data)
    .filter(([name, value]) => isObject(value) && !METADATA.test(name))
    .map(([, value]) => value as Record<string, unknown>);
  const withIds = objects.filter((o) => idOf(o, kind) !== undefined);
  if (withIds.length === 1) return withIds[0];
  return objects.length === 1 ? objects[0] : data;
}

/** What a list page answered: enough to read rows from it. */
export interface Page {
  status: number | undefined;
  body: unknown;
}

/** Where each row of a walked list came from: the page to show when a check judges by that row. */
const sources = new WeakMap<object, unknown>();

/** The page a row of `walkList` came from (or the row it was derived from, `derived`), if any. */
export function pageOf<P extends Page>(row: unknown): P | undefined {
  return isObject(row) ? (sources.get(row) as P | undefined) : undefined;
}

/** A row made from another (with its id spelled out, say) keeps the page the other came from. */
export function derived<T extends object>(from: unknown, row: T): T {
  const page = pageOf(from);
  if (page !== undefined) sources.set(row, page);
  return row;
}

/** Page sizes tried in order: the suite's, the source's example (page 1, limit 20), then the server's own default. */
export const PAGE_SIZES: readonly (number | undefined)[] = [100, 20, undefined];

/** Pages fetched at most by one walk. */
export const MAX_PAGES = 50;

export type Walk<P extends Page> =
  | { ok: true; rows: Record<string, unknown>[]; pages: P[] }
  | { ok: false; page: P; pages: P[]; why: string };

/** A refusal of the page size itself: a 4xx whose payload names `limit` (the maximum page size is not shown). */
const limitRefused = (p: Page): boolean =>
  p.status !== undefined && p.status >= 400 && p.status < 500 && payloadNames(p, 'limit');

/**
 * A page past the last one, refused (source §8: clients "page through results"; what a page past the end answers is not
 * shown): 404 (Django REST framework's `{"detail": "Invalid page."}`) or 400. Only ever the end of a walk that has
 * already read a page, never a list that cannot be read.
 */
export const pastTheEnd = (status: number | undefined): boolean => status === 404 || status === 400;

/**
 * Every row of a list, page by page from page 1 (the numbering of the source's examples). The page size is the first of
 * PAGE_SIZES the server does not refuse naming `limit`. Stops after an empty page, a page shorter than the longest so
 * far, a page that repeats only rows already seen (a server that ignores `page`), a page after the first refused as
 * past the end (`pastTheEnd`), or MAX_PAGES pages. `get` sends one page request (`limit` undefined: none sent). Any
 * other page that is no success, or one that holds no rows, ends the walk unread. With `holds`, a walk of several pages
 * whose rows it does not satisfy is walked again, LIST_WALKS times at most; the last walk is the one returned.
 */
export async function walkList<P extends Page>(
  get: (page: number, limit: number | undefined) => Promise<P>,
  kind: Kind,
  holds?: (rows: Record<string, unknown>[]) => boolean,
): Promise<Walk<P>> {
  for (let walks = 1; ; walks++) {
    const [walk, lastPage] = await walkOnce(get, kind);
    // One page is one answer, whole. Over several, a row of an earlier page deleted between two page reads (by the
    // run's own checks, which write to the same board side by side, or by anyone else on a shared server) moves every
    // later row up one place under offset paging, and the row at the page's edge is read on neither page (the next
    // page may then be past the end). A row the caller needs is looked for again before it counts as missing.
    if (!walk.ok || !holds || holds(walk.rows) || lastPage < 2 || walks >= LIST_WALKS) return walk;
  }
}

/** How many times walkList reads a list of several pages, at most, before a row it should hold counts as missing. */
export const LIST_WALKS = 3;

/** One walk of walkList: every page once; with the number of the last page it asked for. */
async function walkOnce<P extends Page>(
  get: (page: number, limit: number | undefined) => Promise<P>,
  kind: Kind,
): Promise<[Walk<P>, number]> {
  const pages: P[] = [];
  let limit = PAGE_SIZES[0];
  let first = await get(1, limit);
  pages.push(first);
  for (const next of PAGE_SIZES.slice(1)) {
    if (!limitRefused(first)) break;
    limit = next;
    first = await get(1, limit);
    pages.push(first);
  }
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let known: string | undefined;
  let longest = 0;
  let answer = first;
  let page = 1;
  for (; page <= MAX_PAGES; page++) {
    if (page > 1) {
      answer = await get(page, limit);
      pages.push(answer);
      if (pastTheEnd(answer.status)) break;
    }
    if (!isSuccess(answer.status))
      return [{ ok: false, page: answer, pages, why: `page ${page} answered ${answer.status}` }, page];
    known = collectionIn(answer.body, kind, known) ?? known;
    const got = rowsIn(answer.body, kind, known);
    if (!got) {
      const why = `page ${page} holds no array of rows in data (data.${KINDS[kind].collection} or another)`;
      return [{ ok: false, page: answer, pages, why }, page];
    }
    const fresh = got.filter(isObject).filter((r) => !seen.has(JSON.stringify(r)));
    for (const r of fresh) {
      seen.add(JSON.stringify(r));
      sources.set(r, answer);
    }
    rows.push(...fresh);
    const short = (limit === undefined || got.length < limit) && got.length < longest;
    longest = Math.max(longest, got.length);
    if (got.length === 0 || fresh.length === 0 || short) break;
  }
  return [{ ok: true, rows, pages }, Math.min(page, MAX_PAGES)];
}
