// Typed sandbox errors and the contract's error payload {status:"error", message, errors[]} (openapi.yaml components/schemas/ErrorPayload).
import type { FieldError } from '../../../contract/validators.js';

export type { FieldError };

/** The error payload every failure answers with. */
export interface ErrorPayload {
  status: 'error';
  message: string;
  errors?: FieldError[];
}

/** A failure the sandbox answers on purpose: an HTTP status, a message and the fields to correct. */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldError[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toPayload(): ErrorPayload {
    return this.errors.length > 0
      ? { status: 'error', message: this.message, errors: this.errors }
      : { status: 'error', message: this.message };
  }
}

const AUTHENTICATE = { 'www-authenticate': 'Bearer realm="sandbox", JWT realm="sandbox"' };

/** At most this many fields are named in one answer, so a body with 100k unknown keys gets a short reply. */
export const MAX_FIELD_ERRORS = 50;

/** The summary of a validation failure: the one field and what is wrong with it, as the contract's examples say. */
const summaryOf = (errors: FieldError[]): string =>
  errors.length === 1 ? `Validation failed: ${errors[0]?.field} ${errors[0]?.message}.` : 'Validation failed.';

/** 400: the payload names each field to correct (the first MAX_FIELD_ERRORS of them). */
export function validationFailed(errors: FieldError[], message = summaryOf(errors)): SandboxError {
  if (errors.length <= MAX_FIELD_ERRORS) return new SandboxError(400, message, errors);
  return new SandboxError(
    400,
    `${message} The first ${MAX_FIELD_ERRORS} of ${errors.length} fields to correct are listed.`,
    errors.slice(0, MAX_FIELD_ERRORS),
  );
}

/** 400 for a single field. */
export const invalidField = (field: string, message: string): SandboxError => validationFailed([{ field, message }]);

/** 401: the authorization header, the token's expiry or its state is wrong (source §7). */
export const unauthorized = (message: string, field = 'Authorization'): SandboxError =>
  new SandboxError(401, message, [{ field, message }], AUTHENTICATE);

/** 403: the account lacks the role or the workspace/board access (source §7). */
export const forbidden = (message: string): SandboxError => new SandboxError(403, message);

/** 404: an identifier is wrong, out of scope, or names nothing; `field` says which one. */
export const notFound = (field: string, message: string): SandboxError =>
  new SandboxError(404, `Not found: ${field} ${message}.`, [{ field, message }]);

/**
 * 409: the request is well-formed but the current state refuses it (contract x-assumption); the payload names each
 * field whose value conflicts.
 */
export const conflicts = (errors: FieldError[], message: string): SandboxError =>
  new SandboxError(409, message, errors);

/** 409 for a single field. */
export const conflict = (field: string, message: string): SandboxError =>
  conflicts([{ field, message }], `Conflict: ${field} ${message}.`);

/** 404 without a field: the path names no operation or document. */
export const noSuchPath = (message: string): SandboxError => new SandboxError(404, message);

/** 405: the path exists, the method does not; `allow` lists the methods that do. */
export const methodNotAllowed = (method: string, allow: string[]): SandboxError =>
  new SandboxError(405, `Method ${method} is not allowed here; allowed: ${allow.join(', ')}.`, [], {
    allow: allow.join(', '),
  });

/** 413: the body is over the limit the host adapter enforces. */
export const tooLarge = (maxBytes: number): SandboxError =>
  new SandboxError(413, `The request body is larger than ${maxBytes} bytes (${maxBytes / 1024 / 1024} MiB).`, [
    { field: 'body', message: `must be at most ${maxBytes} bytes` },
  ]);

/** 400/408/431 for a request the HTTP parser could not read. */
export const malformedRequest = (status: number): SandboxError =>
  new SandboxError(status, `Malformed or incomplete HTTP request (${status}).`);

/** 500: a sandbox bug; the message says so and nothing about the request, which may hold secrets. */
export const internalError = (): SandboxError =>
  new SandboxError(500, 'Internal sandbox error; this is a bug in the sandbox.');
