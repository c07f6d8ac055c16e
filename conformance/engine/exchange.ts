// What the suite keeps of one HTTP exchange (docs/conformance.md, "Reading the report"): redacted facts of the request
// and the answer, and the resources a run created or deleted as its answers tell.

/** A resource the run created or deleted, learned from the answers themselves. */
export type LedgerEntry =
  | { event: 'created' | 'deleted'; kind: 'scenario'; id: number; companyId: number; boardId: number; actor: string }
  | { event: 'created' | 'deleted'; kind: 'case'; id: number; companyId: number; boardId: number; actor: string }
  /** A named API token by its key; reports mask the key should a server use the secret itself as the key. */
  | { event: 'created' | 'deleted'; kind: 'token'; key: string; actor: string }
  | { event: 'created'; kind: 'account'; username: string; actor: string }
  /** A linked task a bug outcome created: the contract has no operation that deletes a task. */
  | { event: 'created'; kind: 'task'; id: number; companyId: number; boardId: number; actor: string };

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
