// What the sandbox answers before it is a Response (docs/sandbox.md "In the browser and in tests (MSW)"): the one shape the pipeline, its controls and its hosts share.
import type { SandboxError } from '../domain/errors.js';
import { allowCrossOrigin } from './cors.js';

/** An answer before it is a Response: what a host writes out. A null body is no body (204). */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A value now, or a promise of it. */
export type MaybePromise<T> = T | Promise<T>;

// Only what every answer needs: each extra header costs the HTTP adapter measurable time per request.
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * A JSON answer. Frontends on another origin (a dev server) call the sandbox directly; browsers send `Origin` on such
 * requests, so CORS headers (cors.ts) go only there: `origin` is the page's, or null for none.
 */
export function json(status: number, payload: unknown, origin: string | null, extra?: Record<string, string>): Reply {
  return jsonText(status, JSON.stringify(payload), origin, extra);
}

/** A JSON answer whose text is made already (`json` of the payload it is the text of). */
export function jsonText(status: number, text: string, origin: string | null, extra?: Record<string, string>): Reply {
  const headers: Record<string, string> = extra
    ? { 'content-type': JSON_TYPE, ...extra }
    : { 'content-type': JSON_TYPE };
  if (origin !== null) allowCrossOrigin(headers, origin);
  return { status, headers, body: text };
}

/** The error payload of `error` as a Reply. */
export function errorAnswer(error: SandboxError, origin: string | null = null): Reply {
  return json(error.status, error.toPayload(), origin, error.headers);
}
