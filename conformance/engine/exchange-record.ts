// What the suite keeps of one HTTP exchange (docs/conformance.md, "Reading the report"): the redacted record of the
// request and the answer, the full answer the checks read (in memory only), its wire form for `--har`, and how a body
// is read.
import { cutAtCodePoint } from '../report/inert-text.js';

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

/** The full answer, kept in memory for the checks and the exchange rules (never written anywhere). */
export interface Answer {
  record: ExchangeRecord;
  status: number | undefined;
  /** Parsed JSON body; the raw text when it is not JSON; undefined when empty or absent. */
  body: unknown;
  /** Whether the body parsed as JSON. */
  json: boolean;
  /** The exchange as it went over the wire, unredacted, kept only for `--har` (which redacts it when written). */
  wire?: Wire;
}

/** What an HTTP Archive needs beyond the record: every header and the whole bodies. Kept in memory only. */
export interface Wire {
  /** When the request was sent, in ms since the epoch. */
  startedAt: number;
  /** The headers of the request as the suite built it (the HTTP client adds Host, User-Agent, Content-Length…). */
  requestHeaders: [string, string][];
  requestText?: string;
  statusText?: string;
  responseHeaders?: [string, string][];
  responseText?: string;
}

/** An answer's body as JSON when it parses (`json` true), else its raw text; undefined when empty. */
export function readBody(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    return { body: text, json: false };
  }
}

/** The JSON body the suite sent, or undefined. */
export function sentJson(requestText: string | undefined): unknown {
  try {
    return requestText === undefined ? undefined : JSON.parse(requestText);
  } catch {
    return undefined;
  }
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
    ? ` ${e.requestBody.length > STEP_BODY ? `${cutAtCodePoint(e.requestBody, STEP_BODY)}…` : e.requestBody}`
    : '';
  const auth = e.requestHeaders.authorization ? ` [${e.requestHeaders.authorization}]` : '';
  const got = e.status === undefined ? (e.error ?? 'no answer') : String(e.status);
  return `${e.method} ${e.path}${query}${auth}${body} → ${got}`;
}
