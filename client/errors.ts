// Typed client errors: a definite rejection, a write whose outcome is unknown (source §1), a list that cannot be paged, a session store that failed.
import type { components } from '../generated/schema.js';

/** The contract's error payload (openapi.yaml `ErrorPayload`): `status`, the API's `message`, and `errors[]`. */
export type ErrorPayload = components['schemas']['ErrorPayload'];
/** One field to correct (openapi.yaml `FieldError`): its name and the API's message about it. */
export type FieldError = components['schemas']['FieldError'];

// Messages name the operation, the status and the fields only: server text may echo a token, password or captcha.
const FIELD_NAME = /^[\w.[\]-]{1,100}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

const isFieldError = (value: unknown): value is FieldError =>
  isRecord(value) && typeof value.field === 'string' && typeof value.message === 'string';

/**
 * Whether a parsed body has the contract's error shape: a `status` other than `success`, a string `message`, and
 * `errors`, when present, a list of `{ field, message }` strings.
 */
export function isErrorPayload(value: unknown): value is ErrorPayload {
  return (
    isRecord(value) &&
    typeof value.status === 'string' &&
    value.status !== 'success' &&
    typeof value.message === 'string' &&
    (value.errors === undefined || (Array.isArray(value.errors) && value.errors.every(isFieldError)))
  );
}

/** The field names of an error payload's `errors[].field`, in order. */
export function fieldsOf(payload: unknown): string[] {
  if (typeof payload !== 'object' || payload === null) return [];
  const errors = (payload as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((e: unknown) => {
    const field = typeof e === 'object' && e !== null ? (e as { field?: unknown }).field : undefined;
    return typeof field === 'string' ? [field] : [];
  });
}

/** A definite rejection: a 4xx, a 5xx of a non-POST operation, or a GET's 2xx that is not a success envelope. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly operation: string;
  readonly status: number;
  /** The parsed error payload, or `undefined` when the body was not JSON. */
  readonly payload: unknown;
  /**
   * `payload`, typed, when it has the contract's error shape; else `undefined` (a proxy's HTML page, another server's
   * JSON). Its `message` is the API's own text, for the person who sent the request; it is never put in `message`.
   */
  readonly errorPayload: ErrorPayload | undefined;
  /** `errorPayload.errors`: each field to correct with the API's message about it; empty when there are none. */
  readonly fieldErrors: readonly FieldError[];
  /** `payload.errors[].field`: the fields to correct. */
  readonly fields: string[];
  /** The response headers, e.g. Prism's `sl-violations`, which says what was really wrong with a request. */
  readonly headers: Headers;

  constructor(operation: string, status: number, payload: unknown, reason: string, headers: Headers) {
    const fields = fieldsOf(payload);
    const named = fields.filter((f) => FIELD_NAME.test(f));
    super(`${operation}: HTTP ${status}, ${reason}${named.length ? `; fields to correct: ${named.join(', ')}` : ''}`);
    this.operation = operation;
    this.status = status;
    this.payload = payload;
    this.errorPayload = isErrorPayload(payload) ? payload : undefined;
    this.fieldErrors = this.errorPayload?.errors ?? [];
    this.fields = fields;
    this.headers = headers;
  }
}

/**
 * A write whose outcome is unknown: a POST that failed ambiguously (network error, timeout, 5xx), or a POST, PATCH or
 * DELETE answered with a redirect or an unreadable 2xx. It may have taken effect, so the client did not repeat it.
 * Check (e.g. list the resources) before retrying.
 */
export class OutcomeUnknownError extends Error {
  override readonly name = 'OutcomeUnknownError';
  readonly operation: string;
  /** The network or timeout error, or the `Response` (5xx, redirect or unreadable 2xx). */
  override readonly cause: unknown;
  /** The HTTP status when a response arrived (0 for a browser's opaque redirect), else `undefined`. */
  readonly status: number | undefined;

  constructor(operation: string, cause: unknown, what: string) {
    super(`${operation}: outcome unknown (${what}); not repeated, check whether it took effect before retrying`);
    this.operation = operation;
    this.cause = cause;
    this.status = cause instanceof Response ? cause.status : undefined;
  }
}

/** A list that cannot be paged through safely: a repeated page, a missing collection, or too many pages. */
export class PaginationError extends Error {
  override readonly name = 'PaginationError';
  readonly operation: string;
  readonly page: number;

  constructor(operation: string, page: number, problem: string) {
    super(`${operation}: page ${page}: ${problem}`);
    this.operation = operation;
    this.page = page;
  }
}

/**
 * The caller's `sessionStore.save` threw, rejected, or did not settle within `sessionStoreTimeoutMs`, after a refresh
 * rotated the pair. The request that met the 401 was not resent. The new pair is in `client.credential` (the old
 * refresh token is spent), so the session goes on in memory; only keeping it across reloads failed.
 */
export class SessionStoreError extends Error {
  override readonly name = 'SessionStoreError';
  /** What the store threw or rejected with; `undefined` when it timed out. Never put in the message: it may hold the pair. */
  override readonly cause: unknown;
  readonly timedOut: boolean;

  constructor(cause: unknown, timeoutMs: number | undefined) {
    const timedOut = timeoutMs !== undefined;
    const what = timedOut
      ? `did not settle within ${timeoutMs} ms`
      : `failed (${cause instanceof Error ? cause.name : typeof cause})`;
    super(`sessionStore.save ${what}; the rotated session is in client.credential but was not stored`);
    this.cause = cause;
    this.timedOut = timedOut;
  }
}
