// The one clean-up of a run (docs/conformance.md, "What it leaves behind"): deletes what the run created and did not
// delete itself (from the run's ledger, and by a search for the run marker: a POST whose answer was lost), each as the
// account that created it, within a time budget, and names what it left behind.

import { type ApiClient, createApiClient, paginate, unwrap } from '../../client/index.js';
import type { FetchHandler } from '../../contract/http.js';
import type { Profile } from '../profile.js';
import type { LedgerEntry } from './exchange.js';
import { memberOf } from './payload.js';
import { send } from './send.js';

const key = (e: LedgerEntry): string =>
  e.kind === 'token' ? `token:${e.key}` : e.kind === 'account' ? `account:${e.username}` : `${e.kind}:${e.id}`;

/** Kinds the contract gives no delete operation for: they are reported, not deleted. */
const UNDELETABLE = new Set<LedgerEntry['kind']>(['account', 'task']);

/** Created and not deleted, by resource, oldest first. */
export function outstanding(entries: readonly LedgerEntry[]): LedgerEntry[] {
  const open = new Map<string, LedgerEntry>();
  for (const e of entries) {
    if (e.event === 'created') open.set(key(e), e);
    else open.delete(key(e));
  }
  return [...open.values()];
}

export interface CleanupOptions {
  profile: Profile;
  marker: string;
  /** Everything the run's answers said was created or deleted. */
  ledger: readonly LedgerEntry[];
  fetch: FetchHandler;
  /** Per request. */
  timeoutMs: number;
  /** For the whole clean-up: what is not deleted by then is reported as left behind. */
  budgetMs: number;
  /**
   * The run was stopped with writes in flight: the target may still apply one it received after the suite stopped
   * waiting. The clean-up then looks for the marker once more, this long after its first pass.
   */
  lateWritesMs?: number;
}

async function login(
  profile: Profile,
  actor: 'member' | 'outsider',
  client: (credential?: Parameters<typeof createApiClient>[0]['credential']) => ApiClient,
): Promise<ApiClient> {
  const account = profile.accounts[actor];
  const pair = await unwrap(
    client().POST('/member/login/', {
      body: { username: account.username, password: account.password, captcha_token: profile.captchaToken },
    }),
  );
  const accessToken = memberOf(pair, 'access_token');
  if (!accessToken) throw new Error(`login as ${actor} returned no access_token`);
  return client({ kind: 'session', accessToken, refreshToken: memberOf(pair, 'refresh_token') ?? 'none' });
}

/** 2xx, or 404 (already gone, e.g. a child deleted with its parent). */
async function gone(result: Promise<{ response: Response }>): Promise<boolean> {
  const { response } = await result;
  return response.ok || response.status === 404;
}

async function remove(client: ApiClient, e: LedgerEntry): Promise<boolean> {
  if (e.kind === 'token') {
    return gone(client.DELETE('/member/bearer-tokens/detail/', { params: { query: { key: e.key } } }));
  }
  if (UNDELETABLE.has(e.kind) || !('companyId' in e)) return false;
  const board = { company_id: e.companyId, board_id: e.boardId };
  if (e.kind === 'case') {
    return gone(client.DELETE('/features/qa/cases/', { params: { query: { ...board, case_id: e.id } } }));
  }
  return gone(client.DELETE('/features/qa/scenarios/', { params: { query: { ...board, scenario_id: e.id } } }));
}

/** Tokens and scenarios titled with the marker that no ledger knows of. */
async function byMarker(client: ApiClient, options: CleanupOptions, actor: string): Promise<LedgerEntry[]> {
  const found: LedgerEntry[] = [];
  const tokens = paginate(
    (page, limit) => client.GET('/member/bearer-tokens/', { params: { query: { page, limit } } }),
    'tokens',
    { limit: 100, maxPages: 50 },
  );
  for await (const t of tokens)
    if (t.title.includes(options.marker)) found.push({ event: 'created', kind: 'token', key: t.key, actor });
  const { profile } = options;
  for (const boardId of new Set([profile.boardId, profile.boardWithoutTodoColumnId ?? profile.boardId])) {
    const board = { company_id: profile.companyId, board_id: boardId };
    const scenarios = paginate(
      (page, limit) =>
        client.GET('/features/qa/scenarios/list/', { params: { query: { ...board, q: options.marker, page, limit } } }),
      'scenarios',
      { limit: 100, maxPages: 50 },
    );
    for await (const s of scenarios) {
      if (s.title.includes(options.marker) && s.parent_id === null) {
        found.push({ event: 'created', kind: 'scenario', id: s.id, companyId: board.company_id, boardId, actor });
      }
    }
  }
  return found;
}

/**
 * Deletes what is left and returns what could not be deleted (accounts always). Never throws: a target that fails the
 * clean-up still gets its report, with the leftovers named.
 */
export async function cleanUp(options: CleanupOptions): Promise<{ leftBehind: LedgerEntry[]; problems: string[] }> {
  const problems: string[] = [];
  const budget = new AbortController();
  const timer = setTimeout(() => budget.abort(), options.budgetMs);
  const bounded: typeof globalThis.fetch = async (input, init) =>
    (await send(options.fetch, new Request(input, init), { timeoutMs: options.timeoutMs, signal: budget.signal }))
      .response;
  const client = (credential?: Parameters<typeof createApiClient>[0]['credential']) =>
    createApiClient({
      baseUrl: options.profile.baseUrl,
      fetch: bounded,
      timeoutMs: options.timeoutMs,
      ...(credential ? { credential } : {}),
    });
  const open = outstanding(options.ledger);
  const leftBehind: LedgerEntry[] = open.filter((e) => UNDELETABLE.has(e.kind));
  let pending: LedgerEntry[] = open.filter((e) => !UNDELETABLE.has(e.kind));
  const clients = new Map<string, Promise<ApiClient>>();
  const as = (actor: 'member' | 'outsider') => {
    let c = clients.get(actor);
    if (!c) {
      c = login(options.profile, actor, client);
      clients.set(actor, c);
    }
    return c;
  };
  try {
    const member = await as('member');
    // What the search finds replaces the ledger's entry for it: the search knows the board the server lists it on.
    const found = await byMarker(member, options, 'member');
    const seen = new Set(found.map(key));
    pending = [...pending.filter((e) => !seen.has(key(e))), ...found];
  } catch (error) {
    problems.push(`clean-up could not search for leftovers of run ${options.marker}: ${(error as Error).message}`);
  }
  // Cases before scenarios, newest first; each as the account that created it.
  pending.reverse().sort((a, b) => (a.kind === 'case' ? 0 : 1) - (b.kind === 'case' ? 0 : 1));
  for (const e of pending) {
    try {
      const owner = await as(e.actor === 'outsider' ? 'outsider' : 'member');
      if (!(await remove(owner, e))) leftBehind.push(e);
    } catch {
      leftBehind.push(e);
    }
  }
  if (options.lateWritesMs !== undefined && !budget.signal.aborted) {
    try {
      await new Promise((resolve) => setTimeout(resolve, options.lateWritesMs));
      const late = await byMarker(await as('member'), options, 'member');
      for (const e of late) {
        if (!(await remove(await as('member'), e).catch(() => false))) leftBehind.push(e);
      }
    } catch (error) {
      problems.push(
        `clean-up could not look again for late writes of run ${options.marker}: ${(error as Error).message}`,
      );
    }
  }
  clearTimeout(timer);
  if (budget.signal.aborted) {
    problems.push(
      `the clean-up ran out of its ${options.budgetMs} ms: what it did not delete is listed as left behind`,
    );
  }
  return { leftBehind, problems };
}
