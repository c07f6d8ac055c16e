// A scripted stand-in for the service, injected as the client's fetch: records every request it receives, no network.
import { type ClientOptions, createApiClient } from '../../client/index.js';

export const BASE_URL = 'http://127.0.0.1:4010/api';

export interface Received {
  method: string;
  /** Path relative to BASE_URL, e.g. `/member/me/`. */
  path: string;
  url: URL;
  authorization: string | null;
  body: string;
  /** The signal that aborts this exchange (the client passes its timeout in fetch's `init`, as fetch allows). */
  signal: AbortSignal;
  /** The redirect mode the request was sent with (fetch's `init` wins over the Request's own). */
  redirect: RequestRedirect;
}

export type Handler = (received: Received, request: Request) => Response | Promise<Response>;

export interface FakeServerOptions {
  /** Answer a redirect under `redirect: 'manual'` as a browser does (an opaque response, status 0), not as Node. */
  browser?: boolean;
}

export interface FakeServer {
  fetch: typeof globalThis.fetch;
  /** Every request, in the order it reached the server, including those a followed redirect sent. */
  received: Received[];
  /** A shared timeline that tests may also push to (e.g. from a session store). */
  events: string[];
}

/** What a browser's fetch answers to a redirect under `redirect: 'manual'`; Node cannot build one (its status is 0). */
export function opaqueRedirect(): Response {
  return Object.defineProperty(Response.error(), 'type', { value: 'opaqueredirect' });
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

// The Fetch standard's rule for a followed redirect: a POST after 301/302, and anything but GET/HEAD after 303, is
// sent again as a GET without its body. This is how a write turns into a read when redirects are followed.
function becomesGet(status: number, method: string): boolean {
  return (
    (status === 303 && method !== 'GET' && method !== 'HEAD') ||
    ((status === 301 || status === 302) && method === 'POST')
  );
}

export function fakeServer(handler: Handler, options: FakeServerOptions = {}): FakeServer {
  const received: Received[] = [];
  const events: string[] = [];

  async function exchange(request: Request, signal: AbortSignal, redirect: RequestRedirect, hops: number) {
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization');
    const path = url.pathname.replace(/^\/api/, '');
    // Logged before any await, so the timeline shows when the request was sent, not when its body was read.
    events.push(`${request.method} ${path} ${authorization ?? '-'}`);
    const entry: Received = { method: request.method, path, url, authorization, body: '', signal, redirect };
    received.push(entry);
    entry.body = await request.text();
    const response = await handler(entry, request);
    const location = response.headers.get('Location');
    if (!REDIRECTS.has(response.status) || location === null) return response;
    if (redirect === 'error') throw new TypeError('fetch failed: unexpected redirect');
    if (redirect === 'manual') return options.browser ? opaqueRedirect() : response;
    if (hops === 20) throw new TypeError('fetch failed: redirect count exceeded');
    const toGet = becomesGet(response.status, request.method);
    const next = new Request(new URL(location, url), {
      method: toGet ? 'GET' : request.method,
      headers: request.headers,
      ...(toGet || entry.body === '' ? {} : { body: entry.body }),
    });
    return exchange(next, signal, redirect, hops + 1);
  }

  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Read from the client's own Request and init, not a copy: a copy follows the abort signal only weakly, and with
    // no real I/O holding it a pending exchange would be garbage-collected instead of timing out.
    const request = input instanceof Request ? input : new Request(input);
    return exchange(request, init?.signal ?? request.signal, init?.redirect ?? request.redirect, 0);
  }) as typeof globalThis.fetch;
  return { fetch, received, events };
}

export function clientFor(server: FakeServer, options: Partial<ClientOptions> = {}) {
  return createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, ...options });
}

export const success = (data?: Record<string, unknown>, status = 200): Response =>
  Response.json(data === undefined ? { status: 'success' } : { status: 'success', data }, { status });

export const failure = (
  status: number,
  payload: Record<string, unknown> = { status: 'error', message: 'no' },
  headers: Record<string, string> = {},
) => Response.json(payload, { status, headers });

export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Lets pending I/O callbacks and promise chains run until `condition` holds (bounded, not timed). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (condition()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error(`never happened: ${what}`);
}
