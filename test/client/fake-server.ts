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
}

export type Handler = (received: Received, request: Request) => Response | Promise<Response>;

export interface FakeServer {
  fetch: typeof globalThis.fetch;
  /** Every request, in the order it reached the server. */
  received: Received[];
  /** A shared timeline that tests may also push to (e.g. from a session store). */
  events: string[];
}

export function fakeServer(handler: Handler): FakeServer {
  const received: Received[] = [];
  const events: string[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Read from the client's own Request and init, not a copy: a copy follows the abort signal only weakly, and with
    // no real I/O holding it a pending exchange would be garbage-collected instead of timing out.
    const request = input instanceof Request ? input : new Request(input);
    const signal = init?.signal ?? request.signal;
    const url = new URL(request.url);
    const authorization = request.headers.get('Authorization');
    const path = url.pathname.replace(/^\/api/, '');
    // Logged before any await, so the timeline shows when the request was sent, not when its body was read.
    events.push(`${request.method} ${path} ${authorization ?? '-'}`);
    const entry: Received = { method: request.method, path, url, authorization, body: '', signal };
    received.push(entry);
    entry.body = await request.text();
    return handler(entry, request);
  }) as typeof globalThis.fetch;
  return { fetch, received, events };
}

export function clientFor(server: FakeServer, options: Partial<ClientOptions> = {}) {
  return createApiClient({ baseUrl: BASE_URL, fetch: server.fetch, ...options });
}

export const success = (data?: Record<string, unknown>, status = 200): Response =>
  Response.json(data === undefined ? { status: 'success' } : { status: 'success', data }, { status });

export const failure = (status: number, payload: Record<string, unknown> = { status: 'error', message: 'no' }) =>
  Response.json(payload, { status });

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
