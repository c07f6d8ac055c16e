// Tools for fault variants of the sandbox: fetch wrappers around the real FetchHandler that break one rule from the
// outside, never touching the sandbox's core. They read and rewrite requests and answers as a middleware would.

import { contractOf } from '../../../contract/document.js';
import type { FetchHandler } from '../../../contract/http.js';
import { isObject } from '../../../contract/json.js';
import { openapiDocument } from '../../../generated/openapi-document.js';
import { textOf } from '../../../mocks/sandbox/core/response.js';
import { API_PREFIX } from '../../../mocks/sandbox/core/router.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';

export type { FetchHandler };

/** A deliberately broken variant of a server: wraps the real handler. */
export type Fault = (inner: FetchHandler) => FetchHandler;

/** A fault and the rules it must make the suite fail (others may fail too: a fault seldom breaks one thing only). */
export interface FaultVariant {
  breaks: readonly string[];
  wrap: Fault;
}

export interface Parsed {
  /** Path relative to /api, e.g. `/member/me/`. */
  path: string;
  query: URLSearchParams;
  /** The contract operation addressed, if any. */
  operationId: string | undefined;
  /** The parsed JSON body, or undefined. */
  body: unknown;
}

const operations = contractOf(openapiDocument).operations;

/**
 * Reads a request without consuming it: the body is read from a clone, so `req` can still be sent on. Once `req` has
 * been sent to the inner handler its body is gone: parse before sending when the body matters.
 */
export async function parse(req: Request): Promise<Parsed> {
  // A request passed on unchanged through many wrappers (a server making every choice at once) is read once: each
  // clone tees its body, several times the cost of the request. Each caller gets a copy it may change.
  if (req.body === null || req.bodyUsed) return parsedNow(req);
  let parsed = parsedRequests.get(req);
  if (!parsed) {
    parsed = parsedNow(req);
    parsedRequests.set(req, parsed);
  }
  const { path, query, operationId, body } = await parsed;
  return { path, query: new URLSearchParams(query), operationId, body: structuredClone(body) };
}

const parsedRequests = new WeakMap<Request, Promise<Parsed>>();

async function parsedNow(req: Request): Promise<Parsed> {
  const url = new URL(req.url);
  const path = url.pathname.startsWith(`${API_PREFIX}/`) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
  const method = req.method.toLowerCase();
  let body: unknown;
  try {
    const text = req.body === null || req.bodyUsed ? '' : await req.clone().text();
    body = text ? JSON.parse(text) : undefined;
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

/** A copy of the request at another URL or with other headers; the body comes from a clone, so `req` stays usable. */
export function withUrl(req: Request, url: string | URL, headers: HeadersInit = req.headers): Request {
  const copy = req.clone();
  // `duplex` is how fetch takes a streamed body; TypeScript's RequestInit does not know it yet.
  return new Request(url, { method: copy.method, headers, body: copy.body, duplex: 'half' } as RequestInit);
}

/** The request with its query changed. */
export function withQuery(req: Request, change: (q: URLSearchParams) => void): Request {
  const url = new URL(req.url);
  change(url.searchParams);
  // A request without body is sent as it is where its query stays the same: it can be sent again all the same.
  return req.body === null && url.href === req.url ? req : withUrl(req, url);
}

export function withBody(req: Request, body: unknown): Request {
  return new Request(req.url, { method: req.method, headers: req.headers, body: JSON.stringify(body) });
}

export function withAuthorization(req: Request, value: string): Request {
  const headers = new Headers(req.headers);
  headers.set('authorization', value);
  return withUrl(req, req.url, headers);
}

/**
 * The text of each answer built here from a text, while the answer lives: a wrapper reads it from here, where a clone
 * would tee the body (several times the cost of the answer), and a server making every choice at once reads each
 * answer in every one of its wrappers.
 */
const texts = new WeakMap<Response, string>();

/** A Response of `text` whose text `jsonOf` reads without cloning it. */
export function textResponse(text: string, init: ResponseInit): Response {
  const res = new Response(text, init);
  texts.set(res, text);
  return res;
}

/** The text of an answer, or undefined when it cannot be read; read from a clone, so `res` can still be returned. */
export async function textIn(res: Response): Promise<string | undefined> {
  try {
    const known = res.bodyUsed ? undefined : (texts.get(res) ?? textOf(res));
    return res.body === null ? '' : (known ?? (await res.clone().text()));
  } catch {
    return undefined;
  }
}

/** A text parsed as JSON, or undefined (none, or not JSON). */
export function parsedJson(text: string | undefined): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The parsed JSON body of an answer, or undefined; read from a clone, so `res` can still be returned. */
export async function jsonOf(res: Response): Promise<unknown> {
  return parsedJson(await textIn(res));
}

export function reply(status: number, body: unknown): Response {
  return textResponse(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

/** The same answer with another status. */
export function withStatus(res: Response, status: number): Response {
  return new Response(res.body, { status, headers: res.headers });
}

/** The answer with its JSON body replaced by `change(body)`. */
export async function rewrite(res: Response, change: (body: Record<string, unknown>) => unknown): Promise<Response> {
  const body = await jsonOf(res);
  if (!isObject(body)) return res;
  return textResponse(JSON.stringify(change(body)), { status: res.status, headers: res.headers });
}

/** `data` of a success answer, or undefined. */
export async function dataOf(res: Response): Promise<Record<string, unknown> | undefined> {
  const body = await jsonOf(res);
  return isObject(body) && isObject(body.data) ? body.data : undefined;
}

export const validationFailed = (field: string, message: string): Response =>
  reply(400, { status: 'error', message: 'Validation failed.', errors: [{ field, message }] });

/** The same request as a GET without body (to read the object a PATCH addresses). */
export const readOf = (req: Request): Request => new Request(req.url, { method: 'GET', headers: req.headers });

/**
 * A PATCH of `operationId` that stores every field sent but `field`, and answers `data[key]` as if it had stored it:
 * `field` is sent as `stored` instead, or left out (and when it was all the body held, the object is read, not
 * written). One such fault per effect a rule judges proves each effect, not only the rule.
 */
export function fieldNotStored(
  operationId: string,
  key: string,
  field: string,
  breaks: readonly string[],
  stored?: unknown,
): FaultVariant {
  return {
    breaks,
    wrap: (inner) => async (req) => {
      const parsed = await parse(req);
      const { body } = parsed;
      if (parsed.operationId !== operationId || !isObject(body) || !(field in body)) return inner(req);
      const { [field]: _dropped, ...kept } = body;
      const sent = stored === undefined ? kept : { ...kept, [field]: stored };
      const res = await inner(Object.keys(sent).length > 0 ? withBody(req, sent) : readOf(req));
      if (res.status !== 200) return res;
      return rewrite(res, (answer) => {
        const data = isObject(answer.data) ? answer.data : {};
        return isObject(data[key]) ? { ...answer, data: { ...data, [key]: { ...data[key], ...body } } } : answer;
      });
    },
  };
}

/** JWT-shaped: three base64url segments. */
export const looksLikeJwt = (token: string): boolean => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** The scheme and the credential of an Authorization header. */
export function authorizationOf(req: Request): { scheme: string; token: string } | undefined {
  const match = /^(\S+)\s+(\S+)$/.exec(req.headers.get('authorization') ?? '');
  return match ? { scheme: match[1] as string, token: match[2] as string } : undefined;
}

/** A JSON request to `path` under /api, on the same origin as `near`. */
export function apiRequest(
  near: Request,
  method: string,
  path: string,
  body?: unknown,
  headers?: HeadersInit,
): Request {
  return new Request(new URL(`${API_PREFIX}${path}`, near.url), {
    method,
    headers: headers ?? { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/**
 * `JWT <access token>` of the demo member, logged in through the inner handler: a fault that lets a request through
 * as someone it is not. Logged in again when the token stops working.
 */
export function memberAuthorization(inner: FetchHandler): (near: Request, renew?: boolean) => Promise<string> {
  let value: Promise<string> | undefined;
  return (near, renew = false) => {
    if (!value || renew) {
      value = inner(
        apiRequest(near, 'POST', '/member/login/', {
          username: DEMO.accounts.member.username,
          password: DEMO.accounts.member.password,
          captcha_token: DEMO.captchaToken,
        }),
      ).then(async (res) => `JWT ${String((await dataOf(res))?.access_token)}`);
    }
    return value;
  };
}

/** Sends `req` again as the demo member. */
export async function asMember(
  inner: FetchHandler,
  auth: (near: Request, renew?: boolean) => Promise<string>,
  req: Request,
): Promise<Response> {
  const res = await inner(withAuthorization(req, await auth(req)));
  return res.status === 401 ? inner(withAuthorization(req, await auth(req, true))) : res;
}

export { DEMO };

/**
 * The statuses a validation failure may come with: the sandbox's 400, and the 415 and 422 of servers that decide
 * otherwise where the source says "status code not shown" (the choices validation415 and validation422). A fault on
 * validation answers acts on each, so that a choice drawn beneath it cannot hide it.
 */
export const isValidationStatus = (status: number): boolean => status === 400 || status === 415 || status === 422;
