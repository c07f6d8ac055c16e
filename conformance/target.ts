// What the suite runs against (docs/conformance.md, "In your Vitest suite"): a base URL, a fetch handler called in
// process (Hono's `app.fetch`, Next.js route handlers, the sandbox's `fetch`), or a Node request listener or
// `http.Server` (Express's `app`, Koa's `callback()`, Fastify's `server`, NestJS's `getHttpServer()`), which the suite
// listens on 127.0.0.1:0 and closes; a Fastify or NestJS app itself is made ready first, then served the same way.
// Whatever a target throws is caught and named with what to pass instead, so a wrong target fails at the first request.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as NetServer } from 'node:net';
import type { AnyFetchHandler, FetchHandler } from '../contract/http.js';

/** A Node request listener, as `http.createServer` takes it. */
export type RequestListener = (request: IncomingMessage, response: ServerResponse) => unknown;

/** A Fastify app: its `http.Server`, served once `ready()` has loaded its plugins and routes. */
export interface FastifyLikeApp {
  server: Server;
  ready?: () => PromiseLike<unknown>;
}

/** A NestJS app: its `http.Server` (`getHttpServer()`), served once `init()` has set up its modules and routes. */
export interface NestLikeApp {
  getHttpServer(): Server;
  init?: () => PromiseLike<unknown>;
}

/**
 * A base URL string or URL; a fetch handler; a request listener; an `http.Server` (listening or not); a Fastify or
 * NestJS app. A function is taken as a request listener when it declares two parameters or more (`(req, res)`), else
 * as a fetch handler: say which explicitly with `{ fetch }` or `{ listener }` when that guess is wrong.
 */
export type Target =
  | string
  | URL
  | AnyFetchHandler
  | RequestListener
  | Server
  | { fetch: AnyFetchHandler }
  | { listener: RequestListener }
  | FastifyLikeApp
  | NestLikeApp;

/** A target that cannot be used; the message says what to pass instead. */
export class TargetError extends Error {
  override readonly name = 'TargetError';
}

/** What an in-process target threw answering a request; `fix` says what to pass or do instead. */
export interface Thrown {
  request: string;
  message: string;
  fix?: string;
}

export interface OpenTarget {
  kind: 'url' | 'fetch' | 'listener' | 'server';
  /** The REST base address requests go to. */
  baseUrl: string;
  fetch: FetchHandler;
  /**
   * What an in-process target threw (with the request) since the last call: the suite answers such a request 500
   * itself, and names the error.
   */
  thrown(): Thrown[];
  /** Stops what the suite started (a server it listens on); leaves alone a server that was already listening. */
  close(): Promise<void>;
}

const WHAT =
  'target must be a base URL (http://host:port/api), a fetch handler `(request) => Response`, a Node request listener `(req, res)`, an http.Server, or a Fastify or NestJS app';

const DEFAULT_PATH = '/api';

/** The path of the profile's base URL when it has one, else /api: an in-process target needs no host. */
function basePath(profileBaseUrl: unknown): string {
  if (typeof profileBaseUrl !== 'string') return DEFAULT_PATH;
  try {
    return new URL(profileBaseUrl).pathname.replace(/\/+$/, '');
  } catch {
    return DEFAULT_PATH;
  }
}

function urlTarget(value: string | URL): OpenTarget {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    throw new TargetError(`target ${JSON.stringify(String(value))} is not a URL: ${WHAT}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetError(`target must be an http(s) URL, not ${url.protocol}`);
  }
  if (url.username || url.password) {
    throw new TargetError('target must not carry a user name or password (user:pass@): remove them from the URL');
  }
  return {
    kind: 'url',
    baseUrl: url.href.replace(/\/+$/, ''),
    fetch: (request) => globalThis.fetch(request),
    thrown: () => [],
    close: async () => undefined,
  };
}

function fetchTarget(handler: AnyFetchHandler, path: string): OpenTarget {
  const thrown: Thrown[] = [];
  const failed = (request: Request, message: string) => {
    thrown.push({ request: `${request.method} ${new URL(request.url).pathname}`, message });
    return new Response(message, { status: 500, headers: { 'content-type': 'text/plain' } });
  };
  return {
    kind: 'fetch',
    // No host is reached: the handler gets every request as it is.
    baseUrl: `http://in-process.localhost${path}`,
    // A handler that throws is a server that fails: the suite sees a 500, as a client of a real server would.
    fetch: async (request) => {
      try {
        const answer = await handler(request);
        if (answer instanceof Response) return answer;
        return failed(request, `the fetch handler returned ${describe(answer)}, not a Response`);
      } catch (error) {
        return failed(request, `the fetch handler threw: ${(error as Error)?.message ?? String(error)}`);
      }
    },
    thrown: () => thrown.splice(0),
    close: async () => undefined,
  };
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return `an object (${(value as object).constructor?.name ?? 'Object'})`;
  return typeof value;
}

const listening = (server: Server): Promise<void> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });

function closing(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function addressOf(server: Server, path: string): string {
  const address = server.address() as AddressInfo | string | null;
  if (address === null || typeof address === 'string') {
    throw new TargetError(
      'target is an http.Server listening on a pipe or socket file: listen on a TCP port, or pass it unstarted',
    );
  }
  const wildcard = address.address === '::' || address.address === '0.0.0.0';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}${path}`;
}

/** A listener guarded so that a throw (or a rejected promise) answers 500 and is reported, never crashes the run. */
function guarded(listener: RequestListener, thrown: Thrown[], fix?: string): RequestListener {
  return (request, response) => {
    const fail = (error: unknown) => {
      const message = `the request listener threw: ${(error as Error)?.message ?? String(error)}`;
      thrown.push({ request: `${request.method} ${request.url}`, message, ...(fix ? { fix } : {}) });
      if (!response.headersSent) {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.end('the request listener threw');
      } else response.destroy();
    };
    try {
      const out = listener(request, response);
      if (out instanceof Promise) out.catch(fail);
    } catch (error) {
      fail(error);
    }
  };
}

/**
 * Fastify's server has its routes before `ready()` but not their hooks: it throws on every request. The suite cannot
 * reach the app from its server to make it ready, so it says what to pass.
 */
const SERVER_FIX =
  "if it is a Fastify app's `app.server`, pass the app itself (`target: app`), or `await app.ready()` before passing its server; else fix the app";

/**
 * Listens on 127.0.0.1:0 when the server is not listening yet, with its request listeners guarded meanwhile (put back
 * on close; a throw is named with `fix`); a server already listening is used as it is.
 */
async function serverTarget(
  server: Server,
  path: string,
  kind: 'listener' | 'server',
  fix?: string,
): Promise<OpenTarget> {
  const started = !server.listening;
  const thrown: Thrown[] = [];
  const own = started ? (server.listeners('request') as RequestListener[]) : [];
  // Reflect.apply, not listener.bind: Express's app has a `bind` of its own (a route for the HTTP method BIND).
  const guards = own.map((listener) =>
    guarded((request, response) => Reflect.apply(listener, server, [request, response]), thrown, fix),
  );
  const restore = () => {
    for (const guard of guards) server.off('request', guard);
    for (const listener of own) server.on('request', listener);
  };
  if (started) {
    for (const listener of own) server.off('request', listener);
    for (const guard of guards) server.on('request', guard);
    try {
      await listening(server);
    } catch (error) {
      restore();
      throw new TargetError(`the suite could not listen on 127.0.0.1 for the target: ${(error as Error).message}`);
    }
  }
  return {
    kind,
    baseUrl: addressOf(server, path),
    fetch: (request) => globalThis.fetch(request),
    thrown: () => thrown.splice(0),
    close: async () => {
      if (!started) return;
      await closing(server);
      restore();
    },
  };
}

/** Opens the target: a URL as it is, a handler as it is, a listener or server on an ephemeral port of 127.0.0.1. */
export async function openTarget(target: unknown, profileBaseUrl?: unknown): Promise<OpenTarget> {
  const path = basePath(profileBaseUrl);
  if (typeof target === 'string' || target instanceof URL) return urlTarget(target);
  if (target instanceof NetServer) {
    if (!('closeAllConnections' in target))
      throw new TargetError(`target is a net.Server, not an http.Server: ${WHAT}`);
    return serverTarget(target as Server, path, 'server', SERVER_FIX);
  }
  const explicit = typeof target === 'object' && target !== null ? (target as Record<string, unknown>) : undefined;
  if (explicit && typeof explicit.listener === 'function')
    return listenerTarget(explicit.listener as RequestListener, path);
  if (explicit && typeof explicit.fetch === 'function') {
    // Hono's app object and other fetch-shaped apps: their `fetch` is a method that may need its object.
    const fetch = explicit.fetch as AnyFetchHandler;
    return fetchTarget((request) => fetch.call(explicit, request), path);
  }
  if (explicit && (explicit.server instanceof NetServer || typeof explicit.getHttpServer === 'function')) {
    return appTarget(explicit, path);
  }
  if (typeof target === 'function') {
    return target.length >= 2
      ? listenerTarget(target as RequestListener, path)
      : fetchTarget(target as AnyFetchHandler, path);
  }
  // Koa's app is an object with a listener factory: the one framework whose app is not itself a target.
  if (explicit && typeof explicit.callback === 'function' && typeof explicit.use === 'function') {
    throw new TargetError('target is a Koa app: pass `app.callback()`, its request listener');
  }
  throw new TargetError(`${WHAT}; got ${target === undefined ? 'nothing' : describe(target)}`);
}

/**
 * A Fastify app (`server`, `ready()`) or a NestJS app (`getHttpServer()`, `init()`): made ready as its own tests do
 * before supertest gets the server, then served like any http.Server. An app whose setup throws is a TargetError.
 */
async function appTarget(app: Record<string, unknown>, path: string): Promise<OpenTarget> {
  const nest = typeof app.getHttpServer === 'function';
  const prepare = nest ? app.init : app.ready;
  try {
    if (typeof prepare === 'function') await prepare.call(app);
  } catch (error) {
    const step = nest ? 'init()' : 'ready()';
    throw new TargetError(`the app's ${step} failed: ${(error as Error)?.message ?? String(error)}`);
  }
  const server = nest ? (app.getHttpServer as () => unknown).call(app) : app.server;
  if (!(server instanceof NetServer) || !('closeAllConnections' in server)) {
    throw new TargetError(`target is an app whose server is not an http.Server: ${WHAT}`);
  }
  return serverTarget(server as Server, path, 'server');
}

const listenerTarget = (listener: RequestListener, path: string): Promise<OpenTarget> =>
  serverTarget(createServer(listener), path, 'listener');
