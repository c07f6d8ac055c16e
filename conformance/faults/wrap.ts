// Tools for fault variants of the sandbox (issue 3 §5): wrappers around a SandboxHandler that break one rule from the
// outside, never touching the sandbox's core. They read and rewrite requests and answers as a middleware would.
import { loadContract } from '../../contract/openapi.js';
import type { SandboxHandler, SandboxRequest, SandboxResponse } from '../../mocks/sandbox/app.js';
import { DEMO } from '../../mocks/sandbox/seed.js';

export type { SandboxHandler, SandboxRequest, SandboxResponse };

/** A deliberately broken variant of a server: wraps the real handler. */
export type Fault = (inner: SandboxHandler) => SandboxHandler;

const API = '/api';

export interface Parsed {
  /** Path relative to /api, e.g. `/member/me/`. */
  path: string;
  query: URLSearchParams;
  /** The contract operation addressed, if any. */
  operationId: string | undefined;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

const operations = loadContract().operations;

export function parse(req: SandboxRequest): Parsed {
  const url = new URL(req.url, 'http://sandbox.invalid');
  const path = url.pathname.startsWith(`${API}/`) ? url.pathname.slice(API.length) : url.pathname;
  const method = req.method.toLowerCase();
  let body: unknown;
  try {
    body = req.body ? JSON.parse(req.body) : undefined;
  } catch {
    body = undefined;
  }
  return {
    path,
    query: url.searchParams,
    operationId: operations.find((o) => o.method === method && o.path === path)?.operationId,
    body,
  };
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The request with its query changed. */
export function withQuery(req: SandboxRequest, change: (q: URLSearchParams) => void): SandboxRequest {
  const url = new URL(req.url, 'http://sandbox.invalid');
  change(url.searchParams);
  const search = url.searchParams.toString();
  return { ...req, url: `${url.pathname}${search ? `?${search}` : ''}` };
}

export function withBody(req: SandboxRequest, body: unknown): SandboxRequest {
  return { ...req, body: JSON.stringify(body) };
}

export function withAuthorization(req: SandboxRequest, value: string): SandboxRequest {
  return { ...req, headers: { ...req.headers, authorization: value } };
}

/** The parsed JSON body of an answer, or undefined. */
export function jsonOf(res: SandboxResponse): unknown {
  try {
    return res.body ? JSON.parse(res.body) : undefined;
  } catch {
    return undefined;
  }
}

export function reply(status: number, body: unknown): SandboxResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

/** The answer with its JSON body replaced by `change(body)`. */
export function rewrite(res: SandboxResponse, change: (body: Record<string, unknown>) => unknown): SandboxResponse {
  const body = jsonOf(res);
  if (!isObject(body)) return res;
  return { ...res, body: JSON.stringify(change(body)) };
}

/** `data` of a success answer, or undefined. */
export function dataOf(res: SandboxResponse): Record<string, unknown> | undefined {
  const body = jsonOf(res);
  return isObject(body) && isObject(body.data) ? body.data : undefined;
}

export const validationFailed = (field: string, message: string): SandboxResponse =>
  reply(400, { status: 'error', message: 'Validation failed.', errors: [{ field, message }] });

/** JWT-shaped: three base64url segments. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** The scheme and the credential of an Authorization header. */
export function authorizationOf(req: SandboxRequest): { scheme: string; token: string } | undefined {
  const match = /^(\S+)\s+(\S+)$/.exec(req.headers.authorization ?? '');
  return match ? { scheme: match[1] as string, token: match[2] as string } : undefined;
}

/**
 * `JWT <access token>` of the demo member, logged in through the inner handler: a fault that lets a request through
 * as someone it is not. Logged in again when the token stops working.
 */
export function memberAuthorization(inner: SandboxHandler): (renew?: boolean) => Promise<string> {
  let value: Promise<string> | undefined;
  return (renew = false) => {
    if (!value || renew) {
      value = inner({
        method: 'POST',
        url: `${API}/member/login/`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: DEMO.accounts.member.username,
          password: DEMO.accounts.member.password,
          captcha_token: DEMO.captchaToken,
        }),
      }).then((res) => `JWT ${String(dataOf(res)?.access_token)}`);
    }
    return value;
  };
}

/** Sends `req` again as the demo member. */
export async function asMember(inner: SandboxHandler, auth: (renew?: boolean) => Promise<string>, req: SandboxRequest) {
  const res = await inner(withAuthorization(req, await auth()));
  return res.status === 401 ? inner(withAuthorization(req, await auth(true))) : res;
}

export { DEMO };
