// What the suite keeps of one HTTP exchange (docs/conformance.md, "Reading the report"): redacted facts of the request
// and the answer, and the resources a run created or deleted as its answers tell.

/** Where an object of a board is: what its detail operations take besides its own id. */
interface OnBoard {
  id: number;
  companyId: number;
  boardId: number;
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
export type Place =
  | { kind: 'token'; actor: string }
  | { kind: 'scenario' | 'task'; actor: string; board: { companyId: number; boardId: number } };

export interface ExchangeRecord {
  /** `<check file>#<n>`, unique within a run. */
  id: string;
  file: string;
  /** The check that sent it; undefined outside a check. */
  test?: string;
  /** Who sent it: member, outsider, anonymous, token… */
  actor: string;
  operationId?: string;
  method: string;
  /** The path relative to the base URL, as the contract writes it (query excluded). */
  path: string;
  /** Redacted absolute URL. */
  url: string;
  requestHeaders: Record<string, string>;
  requestBody?: string;
  status?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** A network error, timeout or stopped run instead of an answer. */
  error?: string;
  ms: number;
}

/** Request bodies in a step line are cut at this length. */
const STEP_BODY = 100;

/** One request of a check as a line: method, path and query, body, and what came back. Parts are already redacted. */
export function stepLine(e: ExchangeRecord): string {
  let query = '';
  try {
    query = new URL(e.url).search;
  } catch {
    query = '';
  }
  const body = e.requestBody
    ? ` ${e.requestBody.length > STEP_BODY ? `${e.requestBody.slice(0, STEP_BODY)}…` : e.requestBody}`
    : '';
  const auth = e.requestHeaders.authorization ? ` [${e.requestHeaders.authorization}]` : '';
  const got = e.status === undefined ? (e.error ?? 'no answer') : String(e.status);
  return `${e.method} ${e.path}${query}${auth}${body} → ${got}`;
}
