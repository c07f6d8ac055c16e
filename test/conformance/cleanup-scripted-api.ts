// A small scripted API in process for the clean-up tests (docs/conformance.md, "What it leaves behind"): a world of
// tokens, scenarios, cases and tasks, switches that make it refuse, ignore, break, lock out or stay silent, and a
// clean-up run against it that records every request.
import { type CleanupOptions, cleanUp } from '../../conformance/engine/cleanup.js';
import type { LedgerEntry, Place } from '../../conformance/engine/cleanup-ledger.js';
import { loadProfile } from '../../conformance/profile.js';

export const MARKER = 'cf-run-42';
const BASE_URL = 'http://cleanup.invalid/api';
const profile = loadProfile('conformance/targets/sandbox.json', {}, BASE_URL);
type Actor = 'member' | 'outsider';

interface World {
  tokens: { key?: string; title: string; owner: Actor; revoked?: boolean }[];
  scenarios: { id?: number; title: string; board: number; parent?: number; revoked?: boolean }[];
  cases: { id: number; scenario: number }[];
  tasks: { id?: number; title: string; board: number }[];
  /** Paths whose DELETE answers `refusedWith` (403 unless given). */
  refused?: Set<string>;
  refusedWith?: number;
  /** Paths whose DELETE answers 200 and removes nothing. */
  ignored?: Set<string>;
  /** List paths that answer 500. */
  broken?: Set<string>;
  /** Accounts whose login answers 401. */
  locked?: Set<Actor>;
  /** What every login answers instead: its status and access token. */
  login?: { status: number; accessToken?: string };
  /** Answers `limit` with a 400 naming it. */
  refusesLimit?: boolean;
  /** What scenario and task rows call their id. */
  idName?: string;
  /** Deleting a scenario leaves its children. */
  orphans?: boolean;
  /** A deleted token or scenario stays listed, marked `is_active: false`. */
  keepsRevoked?: boolean;
  /** Every list shows every account's tokens. */
  showsAll?: boolean;
  /** Called on each token list read, by the account reading it, once the answer's rows are taken. */
  onTokenList?: (actor: Actor) => void;
  /** Another writer, called just after each read of the task list's first page: it may add or delete tasks. */
  afterTaskPage1?: (w: World) => void;
  /** Never answers (`after-login`: answers logins only). */
  silent?: true | 'after-login';
  /** Every request, as `METHOD path key=value… as actor`. */
  calls: string[];
}

export const world = (over: Partial<World> = {}): World => ({
  tokens: [],
  scenarios: [],
  cases: [],
  tasks: [],
  calls: [],
  ...over,
});

const ok = (data: unknown, status = 200) => Response.json({ status: 'success', data }, { status });
const refusal = (status: number) => Response.json({ status: 'error', message: 'no' }, { status });

/** The API the clean-up talks to, holding `w`. */
function api(w: World) {
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = url.pathname.slice('/api'.length);
    if (w.silent === true || (w.silent && path !== '/member/login/')) return new Promise<Response>(() => undefined);
    const q = Object.fromEntries(url.searchParams);
    const auth = request.headers.get('authorization');
    const actor: Actor | undefined =
      auth === 'JWT at-member' ? 'member' : auth === 'JWT at-outsider' ? 'outsider' : undefined;
    // A strict server: JSON asked for and sent as such, and an Authorization it does not know refused everywhere.
    if (!request.headers.get('accept')?.includes('application/json')) return refusal(406);
    if (auth !== null && !actor) return refusal(401);
    const shown = Object.entries(q)
      .filter(([k]) => !['page', 'limit', 'company_id'].includes(k))
      .map(([k, v]) => `${k}=${v}`);
    w.calls.push([request.method, path, ...shown, 'as', actor ?? 'nobody'].join(' '));
    if (path === '/member/login/') {
      if (request.headers.get('content-type') !== 'application/json') return refusal(415);
      const { username } = (await request.json()) as { username: string };
      const who: Actor = username === profile.accounts.outsider.username ? 'outsider' : 'member';
      if (w.login) return ok({ access_token: w.login.accessToken }, w.login.status);
      return w.locked?.has(who) ? refusal(401) : ok({ access_token: `at-${who}`, refresh_token: `rt-${who}` });
    }
    if (!actor) return refusal(401);
    if (q.limit !== undefined && w.refusesLimit) {
      return Response.json({ status: 'error', errors: [{ field: 'limit', message: 'not allowed' }] }, { status: 400 });
    }
    const limit = q.limit === undefined ? undefined : Number(q.limit);
    const page = Number(q.page ?? '1');
    const paged = <T>(rows: T[]): T[] =>
      limit === undefined ? (page > 1 ? [] : rows) : rows.slice((page - 1) * limit, page * limit);
    const idName = w.idName ?? 'id';
    if (request.method === 'GET') {
      if (w.broken?.has(path)) return refusal(500);
      if (path === '/member/bearer-tokens/') {
        const rows = w.tokens
          .filter((t) => w.showsAll || t.owner === actor)
          .map(({ key, title, revoked }) => ({ key, title, ...(revoked ? { is_active: false } : {}) }));
        w.onTokenList?.(actor);
        return ok({ tokens: paged(rows) });
      }
      if (path === '/features/qa/scenarios/list/') {
        const rows = w.scenarios
          .filter((s) => s.board === Number(q.board_id) && s.title.includes(q.q ?? ''))
          .map(({ id, title, parent, revoked }) => ({
            [idName]: id,
            title,
            parent_id: parent ?? null,
            ...(revoked ? { is_active: false } : {}),
          }));
        return ok({ scenarios: paged(rows) });
      }
      if (path === '/task/list/') {
        const rows = w.tasks
          .filter((t) => t.board === Number(q.board_id))
          .map(({ id, title }) => ({ [idName]: id, title }));
        const answer = ok({ tasks: paged(rows) });
        if (page === 1) w.afterTaskPage1?.(w);
        return answer;
      }
    }
    if (request.method === 'DELETE') {
      if (w.refused?.has(path)) return refusal(w.refusedWith ?? 403);
      if (w.ignored?.has(path)) return ok({});
      if (path === '/member/bearer-tokens/detail/') {
        const at = w.tokens.findIndex((t) => t.key === q.key && t.owner === actor);
        if (at === -1) return refusal(404);
        if (w.keepsRevoked) (w.tokens[at] as { revoked?: boolean }).revoked = true;
        else w.tokens.splice(at, 1);
        return ok({});
      }
      if (path === '/features/qa/scenarios/') {
        const id = Number(q.scenario_id);
        if (!w.scenarios.some((s) => s.id === id)) return refusal(404);
        if (w.keepsRevoked) {
          for (const s of w.scenarios) if (s.id === id) s.revoked = true;
          return ok({});
        }
        const gone = new Set([id]);
        if (!w.orphans)
          for (const s of w.scenarios) if (s.parent !== undefined && gone.has(s.parent)) gone.add(s.id ?? -1);
        w.scenarios = w.scenarios.filter((s) => !gone.has(s.id ?? -1));
        w.cases = w.cases.filter((c) => !gone.has(c.scenario));
        return ok({});
      }
      if (path === '/features/qa/cases/') {
        const id = Number(q.case_id);
        if (!w.cases.some((c) => c.id === id)) return refusal(404);
        w.cases = w.cases.filter((c) => c.id !== id);
        return ok({});
      }
    }
    return refusal(404);
  };
}

export const board = { companyId: 1, boardId: 7 };
/** A ledger entry without its event, kind by kind. */
type Entry = LedgerEntry extends infer E ? (E extends unknown ? Omit<E, 'event'> : never) : never;
export const created = (e: Entry) => ({ event: 'created', ...e }) as LedgerEntry;
export const deleted = (e: Entry) => ({ event: 'deleted', ...e }) as LedgerEntry;
export const PLACES: Place[] = [
  { kind: 'token', actor: 'member' },
  { kind: 'token', actor: 'token' },
  { kind: 'token', actor: 'outsider' },
  { kind: 'scenario', actor: 'member', board },
  { kind: 'task', actor: 'member', board },
];

export const run = (w: World, options: Partial<CleanupOptions> = {}) =>
  cleanUp({
    profile,
    marker: MARKER,
    ledger: [],
    places: PLACES,
    fetch: api(w),
    timeoutMs: 60_000,
    budgetMs: 60_000,
    ...options,
  });

export const deletes = (w: World) => w.calls.filter((c) => c.startsWith('DELETE'));
