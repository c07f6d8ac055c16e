// What the suite keeps of one HTTP exchange (issue 3 §3): redacted request and response, and the verdicts on it.

/** A resource the run created or deleted, learned from the answers themselves. */
export type LedgerEntry =
  | { event: 'created' | 'deleted'; kind: 'scenario'; id: number; companyId: number; boardId: number; actor: string }
  | { event: 'created' | 'deleted'; kind: 'case'; id: number; companyId: number; boardId: number; actor: string }
  | {
      event: 'created' | 'deleted';
      kind: 'token';
      key: string;
      /** The key as reports show it: masked should a server use the secret itself as the key. */
      shownKey?: string;
      actor: string;
    }
  | { event: 'created'; kind: 'account'; username: string; actor: string }
  /** A linked task a bug outcome created: the contract has no operation that deletes a task. */
  | { event: 'created'; kind: 'task'; id: number; companyId: number; boardId: number; actor: string };

/** Judgements made on the full answer before anything is redacted or cut short. */
export interface Verdicts {
  /** ajv's findings against the schema openapi.yaml declares for the operation and status (CONTRACT-01). */
  contract: string[];
  /** Whether the operation declares the status explicitly (CONTRACT-02). */
  explicit: boolean;
  /** Why a 2xx is not a success envelope (ENV-01). */
  envelope?: string;
  /** Why a 4xx/5xx carries no error payload (ENV-02). */
  errorPayload?: string;
  /** Why the Content-Type of a body is not JSON (CONV-03). */
  contentType?: string;
}

export interface ExchangeRecord {
  /** `<check file>#<n>`, unique within a run. */
  id: string;
  file: string;
  /** The check that sent it; undefined for setup and clean-up. */
  test?: string;
  /** Who sent it: member, outsider, anonymous, token, cleanup… */
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
  /** A network error or timeout instead of an answer. */
  error?: string;
  ms: number;
  verdicts?: Verdicts;
}

/** The file a check file appends its exchanges to, inside the run directory. */
export const EXCHANGES_FILE = (file: string): string => `exchanges-${file}.jsonl`;
/** Written into the run directory when the run stops (overall bound, Ctrl-C): no check sends anything after it. */
export const STOP_FILE = 'stopped';
/** The file a check file appends the resources it created and deleted to. */
export const LEDGER_FILE = (file: string): string => `ledger-${file}.jsonl`;
