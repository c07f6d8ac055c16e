// The one clean-up of a run (docs/conformance.md, "What it leaves behind"): removes what the run created and did not
// remove itself, each as the account that created it. It finds them in the run's ledger and by searching for the run
// marker in every list the run may have added to (the token list of each account that created tokens, the scenario
// and task lists of each board it wrote on), with the discovery the checks use (engine/discovery.ts: rows, ids and
// keys whatever the server calls them); looks again once it is done; and names, with why, each object it could not
// remove and each list it could not search.

import type { FetchHandler } from '../../contract/http.js';
import type { Profile } from '../profile.js';
import type { LedgerEntry, Place } from './cleanup-ledger.js';
import {
  idOf,
  type Kind,
  numericId,
  type Page,
  tokenKeyOf,
  tokenShownRevoked,
  type WorkspaceId,
  walkList,
} from './discovery.js';
import { readBody } from './exchange-record.js';
import { dataOf, isSuccess, memberOf, stringsIn } from './payload.js';
import type { LeftBehind, LeftOnBoard, NotSearched } from './result.js';
import { send } from './send.js';

type Actor = 'member' | 'outsider';

/** The account behind a request's actor: the outsider's, else the member's (its session, its API token). */
const accountOf = (actor: string): Actor => (actor === 'outsider' ? 'outsider' : 'member');

const ledgerKey = (e: LedgerEntry): string =>
  e.kind === 'token' ? `token:${String(e.key)}` : e.kind === 'account' ? `account:${e.username}` : `${e.kind}:${e.id}`;

/** Created and not deleted, by resource, oldest first. */
export function outstanding(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  for (const e of entries) {
    if (e.event === 'created') open.set(ledgerKey(e), e);
    else open.delete(ledgerKey(e));
  }
  return [...open.values()];
}

export interface CleanupOptions {
  profile: Profile;
  marker: string;
  /** Everything the run's answers said was created or deleted. */
  ledger: readonly LedgerEntry[];
  /** Where the run sent creations that may have added something, whatever their answers: the lists to search. */
  places: readonly Place[];
  fetch: FetchHandler;
  /** Per request. */
  timeoutMs: number;
  /** For the whole clean-up: what is not removed by then is reported as left behind. */
  budgetMs: number;
  /**
   * The run was stopped with writes in flight: the target may still apply one it received after the suite stopped
   * waiting. The clean-up then waits this long before it looks again.
   */
  lateWritesMs?: number;
  /** Origins besides the target's that a read may follow a redirect to (engine/send.ts). */
  followTo?: readonly string[];
}

interface Board {
  companyId: WorkspaceId;
  boardId: WorkspaceId;
}

/** What the clean-up removes: a token by its key, or a scenario on its board (absent when its row showed none). */
type Removable =
  | { kind: 'token'; key?: string | number; title?: string; actor: Actor }
  | ({ kind: 'scenario'; id?: number; title?: string; parentId?: number; actor: Actor } & Board);

const removableKey = (r: Removable): string => {
  const id = r.kind === 'token' ? r.key : r.id;
  return id === undefined ? `${r.kind}-titled:${r.title}` : `${r.kind}:${String(id)}`;
};

/** What became of a removal: `tried` false when no request was sent (it went with its parent, it has no id…). */
interface Outcome {
  removed: boolean;
  said: string;
  tried: boolean;
}

/** A list searched for the marker: the token list of an account, or a board's scenario or task list as an account. */
type Search = { kind: 'token'; actor: Actor } | ({ kind: 'scenario' | 'task'; actor: Actor } & Board);

const searchKey = (s: Search): string =>
  s.kind === 'token' ? `token:${s.actor}` : `${s.kind}:${s.actor}:${s.companyId}:${s.boardId}`;

const LISTS: Readonly<Record<Search['kind'], string>> = {
  token: '/member/bearer-tokens/',
  scenario: '/features/qa/scenarios/list/',
  task: '/task/list/',
};

/** The rows of a searched list that carry the marker, or why the list could not be read. */
type Searched = { ok: true; rows: Record<string, unknown>[] } | { ok: false; why: string };

interface Reply extends Page {
  /** Why there is no answer (a timeout, the budget run out). */
  error?: string;
}

/** The requests of one clean-up: bounded each by the timeout and all by the budget, each account logged in once. */
function createCleanupRequests(options: CleanupOptions, budget: AbortSignal) {
  const outOfTime = `the clean-up ran out of its ${options.budgetMs} ms`;
  const ask = async (
    method: string,
    path: string,
    query: Record<string, string | number | undefined>,
    authorization?: string,
    body?: unknown,
  ): Promise<Reply> => {
    if (budget.aborted) return { status: undefined, body: undefined, error: outOfTime };
    try {
      const url = new URL(`${options.profile.baseUrl}${path}`);
      for (const [name, value] of Object.entries(query))
        if (value !== undefined) url.searchParams.set(name, `${value}`);
      const headers: Record<string, string> = { accept: 'application/json' };
      if (authorization) headers.authorization = authorization;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const json = body === undefined ? {} : { body: JSON.stringify(body) };
      const request = new Request(url, { method, headers, ...json });
      const { response, text } = await send(options.fetch, request, {
        timeoutMs: options.timeoutMs,
        signal: budget,
        ...(options.followTo ? { followTo: options.followTo } : {}),
      });
      return { status: response.status, body: readBody(text).body };
    } catch (error) {
      return { status: undefined, body: undefined, error: budget.aborted ? outOfTime : (error as Error).message };
    }
  };

  const logIn = async (actor: Actor): Promise<string> => {
    const { username, password } = options.profile.accounts[actor];
    const body = { username, password, captcha_token: options.profile.captchaToken };
    const reply = await ask('POST', '/member/login/', {}, undefined, body);
    const cannot = `could not log in as the ${actor}`;
    if (reply.status === undefined) throw new Error(`${cannot}: ${reply.error}`);
    const accessToken = memberOf(dataOf(reply.body), 'access_token');
    if (!isSuccess(reply.status) || !accessToken) {
      throw new Error(`${cannot}: the login answered ${reply.status}${accessToken ? '' : ' with no access_token'}`);
    }
    if (!/^[\x21-\x7e]+$/.test(accessToken)) throw new Error(`${cannot}: its access_token cannot be sent in a header`);
    return `JWT ${accessToken}`;
  };
  const logins = new Map<Actor, Promise<string>>();
  const authorization = (actor: Actor): Promise<string> => {
    let login = logins.get(actor);
    if (!login) {
      login = logIn(actor);
      logins.set(actor, login);
    }
    return login;
  };
  return { ask, authorization, marker: options.marker };
}

type CleanupRequests = ReturnType<typeof createCleanupRequests>;

/** Whether a row carries the run marker in any of its strings (a title, metadata as an object or as text). */
const marked = (row: unknown, marker: string): boolean => stringsIn(row).some((s) => s.value.includes(marker));

/**
 * Every row of the list that carries the marker, walked as the checks walk a list (scenarios asked for by `q`). A list
 * read past its first page is walked again until two walks in a row hold the same marked rows (LIST_WALKS at most): a
 * row of an earlier page deleted by another writer between two page reads hides a row from one walk (offset paging),
 * and the clean-up would neither remove it nor name it as left behind.
 */
async function search(requests: CleanupRequests, s: Search, marker: string): Promise<Searched> {
  const path = LISTS[s.kind];
  const where = `GET ${path}${s.kind === 'token' ? '' : ` of board ${s.boardId}`} as the ${s.actor}`;
  try {
    const authorization = await requests.authorization(s.actor);
    const board = s.kind === 'token' ? {} : { company_id: s.companyId, board_id: s.boardId };
    const q = s.kind === 'scenario' ? { q: marker } : {};
    let before: string | undefined;
    const settled = (rows: Record<string, unknown>[]): boolean => {
      const now = JSON.stringify(
        rows
          .filter((row) => marked(row, marker))
          .map((row) => JSON.stringify(row))
          .sort(),
      );
      const same = now === before;
      before = now;
      return same;
    };
    const walk = await walkList(
      (page, limit) => requests.ask('GET', path, { ...board, ...q, page, limit }, authorization),
      s.kind as Kind,
      settled,
    );
    if (!walk.ok) return { ok: false, why: `${where}: ${walk.page.error ?? walk.why}` };
    return { ok: true, rows: walk.rows.filter((row) => marked(row, marker)) };
  } catch (error) {
    return { ok: false, why: `${where}: ${(error as Error).message}` };
  }
}

const titleOf = (row: Record<string, unknown>): { title?: string } =>
  typeof row.title === 'string' ? { title: row.title } : {};

/** A row of a searched token or scenario list as what to remove, its key or id found as the checks find them. */
function removableOf(s: Search, row: Record<string, unknown>): Removable {
  if (s.kind === 'token') {
    const key = tokenKeyOf(row);
    return { kind: 'token', actor: s.actor, ...(key === undefined ? {} : { key }), ...titleOf(row) };
  }
  const id = idOf(row, 'scenario');
  const parentId = numericId(row.parent_id);
  return {
    kind: 'scenario',
    actor: s.actor,
    companyId: s.companyId,
    boardId: s.boardId,
    ...(id === undefined ? {} : { id }),
    ...titleOf(row),
    ...(parentId === undefined ? {} : { parentId }),
  };
}

/**
 * Whether an id of the ledger now names another object: a server may hand a deleted id to the next object created
 * (SQLite's rowids), and the run's object may have gone with its parent. Read before its delete, an object without the
 * run's marker is not the run's: it is not deleted, and the run's is gone.
 */
async function reusedId(
  requests: CleanupRequests,
  actor: Actor,
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<boolean> {
  let authorization: string;
  try {
    authorization = await requests.authorization(actor);
  } catch {
    return false;
  }
  const reply = await requests.ask('GET', path, query, authorization);
  if (!isSuccess(reply.status)) return false;
  const object = dataOf(reply.body);
  return stringsIn(object).length > 0 && !marked(object, requests.marker);
}

const reusedOutcome = (kind: string): Outcome => ({
  removed: true,
  said: `its id now names another ${kind} (the server reused it): the run's is gone`,
  tried: false,
});

/** One delete as `actor`; a 404 counts as removed (already gone, e.g. with its parent). */
async function deleteAs(
  requests: CleanupRequests,
  actor: Actor,
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<Outcome> {
  let authorization: string;
  try {
    authorization = await requests.authorization(actor);
  } catch (error) {
    return { removed: false, said: (error as Error).message, tried: false };
  }
  const reply = await requests.ask('DELETE', path, query, authorization);
  if (reply.status === undefined) {
    return { removed: false, said: `DELETE ${path} got no answer: ${reply.error}`, tried: true };
  }
  const removed = isSuccess(reply.status) || reply.status === 404;
  return { removed, said: `DELETE ${path} answered ${reply.status}`, tried: true };
}

const unaddressable = (what: string): Outcome => ({
  removed: false,
  said: `its row shows no ${what} to delete it by`,
  tried: false,
});

/** Deletes a token by its key, or a scenario by its id, as the account it belongs to. */
function remove(requests: CleanupRequests, r: Removable): Promise<Outcome> {
  if (r.kind === 'token') {
    if (r.key === undefined) return Promise.resolve(unaddressable('key or id'));
    return deleteAs(requests, r.actor, '/member/bearer-tokens/detail/', { key: r.key });
  }
  if (r.id === undefined) return Promise.resolve(unaddressable('id'));
  const query = { company_id: r.companyId, board_id: r.boardId, scenario_id: r.id };
  // A row a search found carries the marker; an id from the ledger alone is read first.
  if (r.title !== undefined) return deleteAs(requests, r.actor, '/features/qa/scenarios/', query);
  return reusedId(requests, r.actor, '/features/qa/scenarios/', query).then((reused) =>
    reused ? reusedOutcome('scenario') : deleteAs(requests, r.actor, '/features/qa/scenarios/', query),
  );
}

/** The lists to search, each once: by the kind of list each place is, as the account behind its actor. */
function searchesOf(places: readonly Place[]): Search[] {
  const all = new Map<string, Search>();
  for (const p of places) {
    const actor = accountOf(p.actor);
    const s: Search = p.kind === 'token' ? { kind: 'token', actor } : { kind: p.kind, actor, ...p.board };
    all.set(searchKey(s), s);
  }
  return [...all.values()];
}

const notSearched = (s: Search, why: string): NotSearched =>
  s.kind === 'token'
    ? { kind: 'token', notSearched: true, actor: s.actor, why }
    : { kind: s.kind, notSearched: true, actor: s.actor, companyId: s.companyId, boardId: s.boardId, why };

const leftOf = (r: Removable, why: string): LeftBehind => {
  const { parentId: _parent, ...rest } = r as Removable & { parentId?: number };
  return { ...rest, why };
};

/**
 * A token row the server lists as revoked (source §3: DELETE "revokes the token"): `revoked`, `revoked_at`, or a state
 * naming it. A row that is only inactive (`is_active` false) is not: a deactivated token can be reactivated (TOKEN-05).
 */
const listedRevoked = (row: Record<string, unknown>): boolean =>
  row.revoked === true ||
  typeof row.revoked_at === 'string' ||
  typeof row.revoked_at === 'number' ||
  [row.state, row.status].some((s) => typeof s === 'string' && /^(revoked|deleted)$/i.test(s));

/**
 * The keys of the tokens the API has already removed as far as it goes: those a DELETE of the run answered with a 2xx
 * (the ledger), and those a searched token list shows revoked. A second delete of one may be refused (404, 409, …)
 * and leaves nothing behind; the rules judge whether it still authenticates (TOKEN-06, TOKEN-10) or is still listed
 * (TOKEN-11).
 */
function tokensGone(ledger: readonly LedgerEntry[], looks: ReadonlyMap<Search, Searched>): Set<string> {
  const gone = new Set(ledger.flatMap((e) => (e.event === 'deleted' && e.kind === 'token' ? [String(e.key)] : [])));
  for (const [s, looked] of looks) {
    if (s.kind !== 'token' || !looked.ok) continue;
    for (const row of looked.rows) {
      const key = tokenKeyOf(row);
      if (key !== undefined && listedRevoked(row)) gone.add(String(key));
    }
  }
  return gone;
}

/** Tokens and scenarios to remove: the ledger's, then what the first look found (it knows the board that lists it). */
function pendingOf(open: readonly LedgerEntry[], found: readonly Removable[]): Map<string, Removable> {
  const pending = new Map<string, Removable>();
  for (const e of open) {
    if (e.kind === 'token') pending.set(ledgerKey(e), { kind: 'token', key: e.key, actor: accountOf(e.actor) });
    if (e.kind === 'scenario') {
      const { id, companyId, boardId, parentId } = e;
      const parent = parentId === undefined ? {} : { parentId };
      pending.set(ledgerKey(e), { kind: 'scenario', id, companyId, boardId, ...parent, actor: accountOf(e.actor) });
    }
  }
  // A token listed by both accounts (a server that shows others' tokens) stays with the one that created it.
  for (const r of found) pending.set(removableKey(r), { ...r, actor: pending.get(removableKey(r))?.actor ?? r.actor });
  return pending;
}

/**
 * Removes tokens, then scenarios, parents first: a child whose parent is removed goes with it (source §4: "delete the
 * scenario and dependent QA data"); the second look finds it should it not have.
 */
async function removeAll(
  requests: CleanupRequests,
  pending: ReadonlyMap<string, Removable>,
): Promise<Map<string, Outcome>> {
  const outcomes = new Map<string, Outcome>();
  for (const r of pending.values()) if (r.kind === 'token') outcomes.set(removableKey(r), await remove(requests, r));
  const byId = new Map<number, Removable>();
  for (const r of pending.values()) if (r.kind === 'scenario' && r.id !== undefined) byId.set(r.id, r);
  const settle = async (r: Removable, below: ReadonlySet<Removable>): Promise<Outcome> => {
    const known = outcomes.get(removableKey(r));
    if (known) return known;
    const parentId = r.kind === 'scenario' ? r.parentId : undefined;
    const parent = parentId === undefined ? undefined : byId.get(parentId);
    let outcome: Outcome | undefined;
    if (parent && !below.has(parent) && (await settle(parent, new Set([...below, r]))).removed) {
      outcome = { removed: true, said: `removed with its parent scenario ${parentId}`, tried: false };
    }
    outcome ??= await remove(requests, r);
    outcomes.set(removableKey(r), outcome);
    return outcome;
  };
  for (const r of pending.values()) if (r.kind === 'scenario') await settle(r, new Set());
  return outcomes;
}

/**
 * Deletes what is left and returns what could not be removed (accounts and linked tasks always) and every list it could
 * not search. Never throws: a target that fails the clean-up still gets its report, with the leftovers named.
 */
export async function cleanUp(options: CleanupOptions): Promise<{ leftBehind: LeftBehind[]; problems: string[] }> {
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), options.budgetMs);
  const requests = createCleanupRequests(options, budget.signal);
  const { marker } = options;
  const open = outstanding(options.ledger);
  const left: LeftBehind[] = [];

  const searches = searchesOf(options.places);
  const firstLook = new Map<Search, Searched>();
  for (const s of searches) firstLook.set(s, await search(requests, s, marker));
  const found = [...firstLook].flatMap(([s, looked]) =>
    looked.ok && s.kind !== 'task' ? looked.rows.map((row) => removableOf(s, row)) : [],
  );
  const gone = tokensGone(options.ledger, firstLook);
  const isGone = (r: Removable) => r.kind === 'token' && r.key !== undefined && gone.has(String(r.key));
  const pending = pendingOf(
    open,
    found.filter((r) => !isGone(r)),
  );
  for (const [k, r] of pending) if (isGone(r)) pending.delete(k);
  const outcomes = await removeAll(requests, pending);

  // A second look where something was to be removed (everywhere after a stop): what still carries the marker is left,
  // or removed now (a late write, a child its parent's delete did not take).
  const stopped = options.lateWritesMs !== undefined;
  if (stopped && !budget.signal.aborted) await new Promise((resolve) => setTimeout(resolve, options.lateWritesMs));
  const touched = new Set(
    [...pending.values()].map((r) => (r.kind === 'token' ? `token:${r.actor}` : `scenario:${r.boardId}`)),
  );
  for (const s of searches) {
    if (s.kind === 'task') continue;
    const again = stopped || touched.has(s.kind === 'token' ? `token:${s.actor}` : `scenario:${s.boardId}`);
    const looked = again ? await search(requests, s, marker) : (firstLook.get(s) as Searched);
    if (!looked.ok) left.push(notSearched(s, looked.why));
    if (!looked.ok || !again) continue;
    for (const row of looked.rows) {
      const r = removableOf(s, row);
      const k = removableKey(r);
      if (isGone(r) || (r.kind === 'token' && listedRevoked(row))) continue;
      const before = outcomes.get(k);
      // A token the API keeps listed as revoked after its delete is removed as far as the API goes (source §3: DELETE
      // "revokes the token"); that it no longer authenticates is judged by TOKEN-06 and TOKEN-10.
      if (before?.removed && before.tried && r.kind === 'token' && tokenShownRevoked(row)) continue;
      if (before?.removed && before.tried) {
        outcomes.set(k, { removed: false, said: `still listed after ${before.said}`, tried: true });
      } else if (!before || before.removed) {
        const owned = { ...r, actor: pending.get(k)?.actor ?? r.actor };
        pending.set(k, owned);
        outcomes.set(k, await remove(requests, owned));
      }
    }
  }
  for (const [k, r] of pending) {
    const outcome = outcomes.get(k);
    if (outcome && !outcome.removed) left.push(leftOf(r, outcome.said));
  }

  left.push(...(await dependents(requests, options.ledger, open, outcomes)));
  left.push(...undeletable(open, firstLook));
  clearTimeout(timer);
  const problems = budget.signal.aborted
    ? [`the clean-up ran out of its ${options.budgetMs} ms: what it did not remove is listed as left behind`]
    : [];
  return { leftBehind: left, problems };
}

/**
 * The cases and sessions of the ledger: they go with their scenario's QA data (source §4), so only a case whose
 * scenario stays or is unknown is deleted itself; a session (the API has no session delete) stays with its scenario.
 */
async function dependents(
  requests: CleanupRequests,
  ledger: readonly LedgerEntry[],
  open: readonly LedgerEntry[],
  outcomes: ReadonlyMap<string, Outcome>,
): Promise<LeftBehind[]> {
  const deletedByRun = new Set(ledger.flatMap((e) => (e.event === 'deleted' && e.kind === 'scenario' ? [e.id] : [])));
  const fate = (id: number | undefined): 'gone' | 'left' | 'unknown' => {
    if (id === undefined) return 'unknown';
    if (deletedByRun.has(id)) return 'gone';
    const outcome = outcomes.get(`scenario:${id}`);
    return outcome === undefined ? 'unknown' : outcome.removed ? 'gone' : 'left';
  };
  const left: LeftBehind[] = [];
  for (const e of open) {
    if (e.kind !== 'case' && e.kind !== 'session') continue;
    const { id, companyId, boardId, actor, scenarioId } = e;
    const entry = { kind: e.kind, id, companyId, boardId, actor };
    const scenario = fate(scenarioId);
    if (scenario === 'gone') continue;
    if (scenario === 'left') {
      const stays = `its scenario ${scenarioId} was left behind`;
      left.push({ ...entry, why: e.kind === 'session' ? `the API has no session delete, and ${stays}` : stays });
    } else if (e.kind === 'session') left.push({ ...entry, why: 'the API has no session delete' });
    else {
      const query = { company_id: companyId, board_id: boardId, case_id: id };
      if (await reusedId(requests, accountOf(actor), '/features/qa/cases/', query)) continue;
      const outcome = await deleteAs(requests, accountOf(actor), '/features/qa/cases/', query);
      if (!outcome.removed) left.push({ ...entry, why: outcome.said });
    }
  }
  return left;
}

/**
 * What the API has no delete for: the accounts the run registered, and the linked tasks of its bug outcomes, those the
 * answers named and those its task lists show carrying the marker; a task list it could not read is named too.
 */
function undeletable(open: readonly LedgerEntry[], looks: ReadonlyMap<Search, Searched>): LeftBehind[] {
  const left: LeftBehind[] = [];
  const tasks = new Map<number, LeftOnBoard>();
  const why = "the API has no task delete (a bug outcome's linked task)";
  for (const e of open) {
    if (e.kind === 'account') {
      left.push({ kind: 'account', username: e.username, actor: e.actor, why: 'the API has no account delete' });
    } else if (e.kind === 'task') {
      const { id, companyId, boardId, actor } = e;
      tasks.set(id, { kind: 'task', id, companyId, boardId, actor, why });
    }
  }
  for (const [s, looked] of looks) {
    if (s.kind !== 'task') continue;
    if (!looked.ok) left.push(notSearched(s, looked.why));
    else {
      for (const row of looked.rows) {
        const id = idOf(row, 'task');
        const task = { kind: 'task' as const, companyId: s.companyId, boardId: s.boardId, actor: s.actor, why };
        if (id === undefined) left.push({ ...task, ...titleOf(row) });
        else if (!tasks.has(id)) tasks.set(id, { ...task, id });
      }
    }
  }
  return [...left, ...tasks.values()];
}
