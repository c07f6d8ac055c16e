// The node:http adapter: bridges node:http to the sandbox (or any FetchHandler), limits bodies, time and connections, serves the built docs at /docs/ (plain or brotli-compressed).
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  brotliDecompress as brotliDecompressCallback,
  constants as zlibConstants,
} from 'node:zlib';
import {
  type Answer,
  answerHandlerOf,
  createSandbox,
  errorAnswer,
  type FetchHandler,
  requestClients,
  type SandboxRequest,
  textOf,
} from '../core/app.js';
import { CONTROL_PREFIX, type ControlGuard, controlRefusal, isControlUrl } from '../core/controls.js';
import { type CorsPolicy, originRefusal } from '../core/cors.js';
import { API_PREFIX } from '../core/router.js';
import { internalError, malformedRequest, noSuchPath, type SandboxError, tooLarge } from '../domain/errors.js';

export { adminSecretFile, sandboxControlsProxy } from './dev-proxy.js';

import { BackPressure, type BackPressureCounts, unreadAnswersFull } from './backpressure.js';
import { type Connection, ConnectionTable, connectionOf } from './connections.js';

const brotliDecompress = promisify(brotliDecompressCallback);
const brotliCompressAsync = promisify(brotliCompressCallback);
/** Brotli at a middle quality: a 2.8 MB page in tens of milliseconds, once per change, to about a fifth of its size. */
const brotliCompress = (plain: Buffer) =>
  brotliCompressAsync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });

/** Largest request body read (1 MiB); a larger one is answered 413 and its connection closed. */
export const MAX_BODY_BYTES = 1024 * 1024;
/** Digits of MAX_BODY_BYTES: a declared length of fewer is under it. */
const MAX_BODY_DIGITS = String(MAX_BODY_BYTES).length;
/** Whole request, headers included, must arrive within this time. */
export const REQUEST_TIMEOUT_MS = 15_000;
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * How often node looks for requests past their timeout. Its default (30 s) let a slow client hold a connection for
 * up to 45 s; checked every 500 ms, a slow client is cut within half a second of the bound.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 500;
/**
 * How long an idle kept-alive connection stays open. A client reuses one until a second before this (undici), so a
 * client whose event loop lags more than that may send on a connection the server is closing: short, so that idle
 * connections do not pile up against the bounds below.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/** Open connections at once, from everyone: past it, an idle connection gives way, else the new one is closed. */
export const MAX_CONNECTIONS = 1024;
/** Connections the system may queue before the host takes them (capped by the system's own limit, somaxconn). */
const LISTEN_BACKLOG = 4 * MAX_CONNECTIONS;
/**
 * Open connections at once from one client (an IPv4 address, an IPv6 /64): one client cannot take the connections
 * the others need.
 */
export const MAX_CONNECTIONS_PER_CLIENT = 256;
/** A connection whose answer the client has not read for this long is cut: a reader that never reads holds nothing. */
export const SLOW_READER_MS = 30_000;
/** Bytes of answers written and not yet read, all clients together: past it, the next answers wait. */
export const UNREAD_BUDGET_BYTES = 256 * 1024 * 1024;
/** The same for one client: past it, that client's next answers wait (or get 503) until it reads. */
export const UNREAD_PER_CLIENT_BYTES = 32 * 1024 * 1024;
/** Counted against those budgets for each answer being built, before its size is known. */
export const ANSWER_RESERVE_BYTES = 1024 * 1024;
/** Pipelined requests one connection may have waiting behind the one being answered; past it, it is closed. */
export const MAX_PIPELINED = 32;
/** Bytes of request lines and headers those waiting requests may hold (four of node's largest heads). */
export const MAX_PIPELINED_BYTES = 64 * 1024;
/**
 * A client whose last answer was this large (a 3 MB case list page takes tens of milliseconds to build) takes turns
 * with other such clients, one large answer per turn of the event loop, so a crowd of them cannot hold up a small
 * request.
 */
export const LARGE_ANSWER_BYTES = 64 * 1024;
/** Answers up to this many characters are written without a look at the budget (at most 3 bytes a character). */
const SMALL_ANSWER_CHARS = 16 * 1024;

export interface SandboxServerOptions {
  /** 0 in tests; `npm start` uses PORT or 4010. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: a fresh `createSandbox().fetch`; tests and fault wrappers pass their own. */
  fetch?: FetchHandler;
  /** Serves `<docsDir>/index.html` at /docs/. */
  docsDir?: string;
  /** Idle kept-alive connections close after this (default KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs?: number;
  /** Open connections at once (default MAX_CONNECTIONS); tests lower it. */
  maxConnections?: number;
  /** Open connections at once from one client (default MAX_CONNECTIONS_PER_CLIENT); tests lower it. */
  maxConnectionsPerClient?: number;
  /** How long an unread answer may wait before its connection is cut (default SLOW_READER_MS); tests lower it. */
  slowReaderMs?: number;
  /** Bytes of unread answers, all clients together (default UNREAD_BUDGET_BYTES); tests lower it. */
  unreadBudgetBytes?: number;
  /** Bytes of unread answers of one client (default UNREAD_PER_CLIENT_BYTES); tests lower it. */
  unreadPerClientBytes?: number;
  /** Pipelined requests waiting on one connection (default MAX_PIPELINED); tests lower it. */
  maxPipelined?: number;
  /** Bound on a whole request; headers get min(this, HEADERS_TIMEOUT_MS). Default REQUEST_TIMEOUT_MS; tests lower it. */
  requestTimeoutMs?: number;
  /**
   * Who may call /_sandbox/ (docs/sandbox.md "Control endpoints"): loopback Host names plus `guard.hosts`, no page of
   * another machine's origin, and the admin secret (`guard.adminSecret`, else one made at start: `adminSecret` of the
   * server). Default `{}`. `false`: anyone.
   */
  guard?: ControlGuard | false;
  /**
   * Which web pages may call the API (docs/sandbox.md "CORS"): pages of this machine, the sandbox's own, and
   * `cors.origins`. Default `{}`. A page of any other origin is refused (403 naming `Origin`) before anything is read.
   */
  cors?: CorsPolicy;
}

/** The node host's connections now, and what its bounds have done since the start. */
export interface ConnectionStats extends BackPressureCounts {
  open: number;
  /** Clients (address groups) with an open connection or an answer held. */
  clients: number;
  /** Bytes of answers written and not yet taken by the system. */
  unreadBytes: number;
  /** Answers being built now. */
  building: number;
  /** Connections whose next request waits for room in a budget. */
  waiting: number;
  /** Connections closed to make room for new ones. */
  evicted: number;
  /** New connections closed at once: no room could be made. */
  turnedAway: number;
}

export interface SandboxServer {
  origin: string;
  /** origin + API_PREFIX */
  baseUrl: string;
  /** The secret /_sandbox/ needs in `X-Sandbox-Admin-Secret` (made at start unless given); undefined without guard. */
  adminSecret: string | undefined;
  /** Connections and back-pressure, for tests and the bench. */
  connections(): ConnectionStats;
  close(): Promise<void>;
}

/**
 * Writes a fetch Response to node's response; the body is read whole (answers are small JSON documents). `refusal`
 * says why a body of that many bytes may not be written now, if it may not.
 */
async function send(
  res: ServerResponse,
  response: Response,
  refusal: (bytes: number) => SandboxError | undefined,
): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (response.body === null) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  const text = textOf(response);
  const body = text === undefined ? Buffer.from(await response.arrayBuffer()) : Buffer.from(text);
  const refused = refusal(body.byteLength);
  if (refused) return sendError(res, refused);
  // An explicit length spares the chunked encoding that writeHead() would otherwise force.
  headers['content-length'] = String(body.byteLength);
  res.writeHead(response.status, headers);
  res.end(body);
}

/** Writes an Answer; a string body goes out in the same write as the head. */
function writeAnswer(res: ServerResponse, answer: Answer, extra?: Record<string, string>): void {
  const headers = extra ? { ...answer.headers, ...extra } : answer.headers;
  if (answer.body === null) {
    res.writeHead(answer.status, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(Buffer.byteLength(answer.body));
  res.writeHead(answer.status, headers);
  res.end(answer.body);
}

/**
 * The origin answers to this request allow, as the core decides for its own (core/cors.ts): the request's Origin (a
 * browser's), unless it is for /_sandbox/ or was refused.
 */
function crossOrigin(req: IncomingMessage): string | null {
  const origin = req.headers.origin;
  if (origin === undefined || isControlUrl(`http://127.0.0.1${req.url ?? '/'}`)) return null;
  return refusedOrigins.has(req) ? null : origin;
}

/** Requests refused for their Origin: their refusal carries no CORS header, so the page cannot read it. */
const refusedOrigins = new WeakSet<IncomingMessage>();

/**
 * The host's own refusal of a request (413, 400, 503, 500), with the CORS headers an API answer to it would carry, so
 * that a page of another origin can read why it was refused.
 */
function sendError(res: ServerResponse, error: SandboxError, extra?: Record<string, string>): void {
  writeAnswer(res, errorAnswer(error, crossOrigin(res.req)), extra);
}

// Strict: bytes that are not UTF-8 throw (the core answers 400 naming body) instead of becoming U+FFFD.
const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Node's headers as the core reads them: node has already lower-cased the names and joined repeated values, and the
 * core asks by lower-case names (request.ts), so a name is looked up as given.
 */
class NodeHeaders {
  constructor(private readonly raw: IncomingHttpHeaders) {}
  get(name: string): string | null {
    const value = this.raw[name];
    if (value === undefined) return null;
    return typeof value === 'string' ? value : value.join(', ');
  }
  has(name: string): boolean {
    return this.raw[name] !== undefined;
  }
}

/**
 * A node request as the sandbox core reads it, without the fetch Request (its streams, signal and body extraction
 * cost more than the sandbox's own work). Only for a request target PLAIN_TARGET accepts, whose URL a Request would
 * keep as is; the body decodes as Request.text() does (UTF-8, byte order mark dropped).
 */
class NodeRequest implements SandboxRequest {
  constructor(
    readonly method: string,
    /** The plain request target (path and query): the core reads it in place of the absolute URL. */
    readonly target: string,
    private readonly origin: string,
    readonly headers: NodeHeaders,
    private readonly body: Buffer | undefined,
    readonly client: string,
  ) {}
  /** Made only when asked for: the common request never needs it. */
  get url(): string {
    return `${this.origin}${this.target}`;
  }
  text(): Promise<string> {
    return Promise.resolve(this.textNow());
  }
  textNow(): string {
    return this.body === undefined ? '' : decoder.decode(this.body);
  }
}

/**
 * Request targets the URL parser leaves unchanged: plain path segments (no dot segment, no percent escape, no empty
 * segment) and a query of characters it does not escape. Any other target goes through a real Request.
 */
const PLAIN_TARGET = /^(?:\/[\w~-]+(?:\.[\w~-]+)*)*\/?(?:\?[\w.~%!$&()*+,;=:@/?-]*)?$/;
/** Methods fetch refuses (node hands CONNECT to its own event): a Request for them fails and is answered 400. */
const FETCH_FORBIDDEN_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);

/** 413 with Connection: close; the socket is dropped once the answer is out, so the rest of the upload is never read. */
function refuseTooLarge(req: IncomingMessage, res: ServerResponse): void {
  req.pause();
  res.once('finish', () => req.socket.destroySoon());
  try {
    sendError(res, tooLarge(MAX_BODY_BYTES), { connection: 'close' });
  } catch {
    res.destroy();
  }
}

/**
 * Reads the body up to MAX_BODY_BYTES, then answers it with `answer` in the same turn as its last chunk (no promise
 * of the body to wait on); past the bound, answers 413 at once and stops reading. The promise settles when the request
 * is answered (or refused, or its stream fails), and rejects with what `answer` threw.
 */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  answer: (body: Buffer) => void | Promise<void>,
): Promise<void> {
  const declared = req.headers['content-length'];
  // Node's parser takes only digits there: a length of fewer digits than the bound's is under it, read without Number.
  if (declared !== undefined && declared.length >= MAX_BODY_DIGITS && Number(declared) > MAX_BODY_BYTES) {
    refuseTooLarge(req, res);
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        done = true;
        refuseTooLarge(req, res);
        resolve();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (done) return;
      done = true;
      try {
        const answered = answer(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
        if (answered instanceof Promise) answered.then(resolve, reject);
        else resolve();
      } catch (error) {
        reject(error);
      }
    });
    req.on('error', () => {
      if (done) return;
      done = true;
      resolve();
    });
  });
}

/** The published docs files (README "Publishing the docs"), by their path under /docs/, with their media types. */
const DOCS_FILES: Record<string, [file: string, type: string]> = {
  '/docs/': ['index.html', 'text/html; charset=utf-8'],
  '/docs/index.html': ['index.html', 'text/html; charset=utf-8'],
  '/docs/console.html': ['console.html', 'text/html; charset=utf-8'],
  // The console's in-page sandbox: a service worker script must come from the page's own origin, as JavaScript.
  '/docs/mockServiceWorker.js': ['mockServiceWorker.js', 'text/javascript; charset=utf-8'],
  '/docs/task-management.postman_collection.json': ['task-management.postman_collection.json', 'application/json'],
  // The Arazzo workflows and the contract they name by a relative URL, side by side as `redocly respect` reads them.
  '/docs/workflows.arazzo.yaml': ['workflows.arazzo.yaml', 'application/yaml; charset=utf-8'],
  '/docs/openapi.yaml': ['openapi.yaml', 'application/yaml; charset=utf-8'],
};

/**
 * The docs files read once and kept while unchanged: a page of ~3 MB asked for on many connections at once is one
 * buffer that every socket sends, not one copy each. `decode` gives what is kept (a compressed page's plain bytes).
 */
const docsCache = new Map<string, { mtimeMs: number; body: Promise<Buffer> }>();

async function docsFile(
  file: string,
  decode?: (stored: Buffer) => Promise<Buffer>,
  as: 'decoded' | 'compressed' = 'decoded',
): Promise<Buffer> {
  const { mtimeMs } = await stat(file);
  const key = decode ? `${file} ${as}` : file;
  const cached = docsCache.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.body;
  const body = readFile(file).then((stored) => (decode ? decode(stored) : stored));
  docsCache.set(key, { mtimeMs, body });
  body.catch(() => {
    if (docsCache.get(key)?.body === body) docsCache.delete(key);
  });
  return body;
}

/** Whether an Accept-Encoding value (RFC 9110 §12.5.3) takes brotli: `br` or `*`, with a weight above 0. */
function acceptsBrotli(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((item) => {
    const [coding, ...params] = item.split(';').map((part) => part.trim().toLowerCase());
    const weight = params.find((p) => p.startsWith('q='));
    return (coding === 'br' || coding === '*') && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

/**
 * A docs page as stored. The packages ship each page brotli-compressed beside its name (`index.html.br`, a fifth of
 * the size): sent as it is to a client that takes brotli, decompressed for one that does not. A clone has it plain:
 * compressed once per change for a client that takes brotli, sent plain to one that does not.
 */
async function docsBody(file: string, accept: string | undefined): Promise<{ body: Buffer; encoding?: 'br' }> {
  const compressed = `${file}.br`;
  if (!(await stat(compressed).catch(() => undefined))) {
    if (acceptsBrotli(accept)) return { body: await docsFile(file, brotliCompress, 'compressed'), encoding: 'br' };
    return { body: await docsFile(file) };
  }
  if (acceptsBrotli(accept)) return { body: await docsFile(compressed), encoding: 'br' };
  return { body: await docsFile(compressed, brotliDecompress) };
}

async function serveDocs(
  docsDir: string | undefined,
  path: string,
  accept: string | undefined,
  res: ServerResponse,
): Promise<void> {
  if (path === '/docs') {
    res.writeHead(301, { location: '/docs/' });
    res.end();
    return;
  }
  const entry = DOCS_FILES[path];
  // The docs are pages of this origin, not API answers: no CORS headers (sendError's) here.
  if (!entry) return writeAnswer(res, errorAnswer(noSuchPath(`No document at ${path.slice(0, 200)}.`)));
  try {
    if (!docsDir) throw new Error('no docs directory');
    const { body, encoding } = await docsBody(join(docsDir, entry[0]), accept);
    res.writeHead(200, {
      'content-type': entry[1],
      'cache-control': 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  } catch {
    writeAnswer(
      res,
      errorAnswer(
        noSuchPath(`The docs are not built (${entry[0]} is missing): run npm run docs, then reload ${path}.`),
      ),
    );
  }
}

export async function startSandboxServer(options: SandboxServerOptions = {}): Promise<SandboxServer> {
  const handler = options.fetch ?? createSandbox().fetch;
  // The sandbox's own fetch (not a wrapper around it) has its Answer handler beneath: that path skips Request and
  // Response. Any other handler is called as it is, with a real Request.
  const answer = answerHandlerOf(handler);
  // The Request's origin is the server's own; only path and query come from the client.
  let origin = 'http://127.0.0.1';
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const guard =
    options.guard === false
      ? undefined
      : {
          hostsOption: 'startSandboxServer({ guard: { hosts } })',
          secretHint: 'the server.adminSecret of startSandboxServer()',
          ...options.guard,
          adminSecret: options.guard?.adminSecret ?? randomBytes(24).toString('base64url'),
        };
  // The names the controls answer to are the sandbox's own for its pages too, unless `cors.hosts` says otherwise.
  const cors: CorsPolicy = {
    originsOption: 'startSandboxServer({ cors: { origins } })',
    hosts: options.guard ? options.guard.hosts : undefined,
    ...options.cors,
  };
  const table = new ConnectionTable({
    max: options.maxConnections ?? MAX_CONNECTIONS,
    perGroup: options.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT,
  });
  const pressure = new BackPressure(
    table,
    {
      budgetBytes: options.unreadBudgetBytes ?? UNREAD_BUDGET_BYTES,
      groupBudgetBytes: options.unreadPerClientBytes ?? UNREAD_PER_CLIENT_BYTES,
      reserveBytes: ANSWER_RESERVE_BYTES,
      maxQueued: options.maxPipelined ?? MAX_PIPELINED,
      maxQueuedBytes: MAX_PIPELINED_BYTES,
      slowReaderMs: options.slowReaderMs ?? SLOW_READER_MS,
      largeAnswerBytes: LARGE_ANSWER_BYTES,
    },
    (req, res, connection) => onRequest(req, res, connection),
    (res, error) => {
      console.error('sandbox: internal error in the HTTP adapter', error);
      try {
        if (res.headersSent) res.destroy();
        else sendError(res, internalError());
      } catch {
        res.destroy();
      }
    },
  );
  const server = createServer(
    {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, HEADERS_TIMEOUT_MS),
      connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_INTERVAL_MS, requestTimeout / 4),
      keepAliveTimeout: options.keepAliveTimeoutMs ?? KEEP_ALIVE_TIMEOUT_MS,
    },
    (req, res) => {
      const connection = connectionOf(req.socket);
      // Only a socket the table refused has none, and it is already closed.
      if (connection === undefined) return res.destroy();
      pressure.receive(connection, req, res);
    },
  );
  // The table decides which connections stay (node's own maxConnections would close new ones before an idle one).
  server.on('connection', (socket) => table.add(socket));

  /** Why an answer of `bytes` may not be written now: it would take its client past the unread answers it may hold. */
  const refusal = (connection: Connection, bytes: number): SandboxError | undefined =>
    pressure.fits(connection, bytes) ? undefined : unreadAnswersFull(pressure.bounds.groupBudgetBytes);

  /** Writes the sandbox's Answer, or 503 when it would take the client past the unread answers it may hold. */
  function reply(res: ServerResponse, answer: Answer, connection: Connection): void {
    const body = answer.body;
    const refused =
      body !== null && body.length > SMALL_ANSWER_CHARS ? refusal(connection, Buffer.byteLength(body)) : undefined;
    if (refused) sendError(res, refused);
    else writeAnswer(res, answer);
  }

  /** The fetch Request for node's request, or undefined when fetch cannot represent it (answered 400). */
  function toRequest(req: IncomingMessage, body: Buffer | undefined): Request | undefined {
    try {
      return new Request(`${origin}${req.url}`, {
        method: req.method,
        // Node joins repeated headers into one string, except set-cookie, which the sandbox never reads.
        headers: req.headers as Record<string, string>,
        // A Buffer is a Uint8Array; its ArrayBufferLike type is wider than BodyInit's, not its value.
        ...(body === undefined ? {} : { body: body as Uint8Array<ArrayBuffer> }),
      });
    } catch {
      // Methods fetch forbids (TRACE), a request target that is not a path, header values fetch refuses.
      return undefined;
    }
  }

  /** Answers a request: at once when it has no body and the core answers at once (the common request). */
  function onRequest(req: IncomingMessage, res: ServerResponse, connection: Connection): void | Promise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    if ((method === 'GET' || method === 'HEAD') && (url === '/docs' || url.startsWith('/docs/'))) {
      return serveDocs(options.docsDir, url.split('?')[0] as string, req.headers['accept-encoding'], res);
    }
    const plain = PLAIN_TARGET.test(url);
    const headers = new NodeHeaders(req.headers);
    // /_sandbox/ has its guard; for the API, a page of an origin nobody allowed gets nothing: no credential check, no
    // body read. A plain target's path is the URL's path as it is: it names the controls when it begins with their
    // prefix, and the absolute URL is made only for another target or for the guard.
    const control = plain ? url.startsWith(CONTROL_PREFIX) : isControlUrl(`${origin}${url}`);
    const refused = control
      ? guard && controlRefusal(`${origin}${url}`, headers, guard)
      : req.headers.origin !== undefined && originRefusal(req.headers.origin, req.headers.host ?? null, cors);
    if (refused) {
      if (!control) refusedOrigins.add(req);
      return sendError(res, refused);
    }
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    if (!hasBody) return answerRequest(req, res, connection, plain, headers, undefined);
    // fetch refuses a body on GET and HEAD; the sandbox reads none there either.
    const bodyless = method === 'GET' || method === 'HEAD';
    return readBody(req, res, (body) =>
      answerRequest(req, res, connection, plain, headers, bodyless ? undefined : body),
    );
  }

  /**
   * Answers a request whose body (if any) is read: the core's Answer at once when it can (a `plain` target), else
   * through fetch.
   */
  function answerRequest(
    req: IncomingMessage,
    res: ServerResponse,
    connection: Connection,
    plain: boolean,
    headers: NodeHeaders,
    body: Buffer | undefined,
  ): void | Promise<void> {
    const url = req.url ?? '/';
    const method = req.method ?? 'GET';
    if (answer !== undefined && plain && !FETCH_FORBIDDEN_METHODS.has(method)) {
      const answered = answer(new NodeRequest(method, url, origin, headers, body, connection.group.key));
      // The common request is answered at once, without a turn of the event loop before its bytes go out.
      if (answered instanceof Promise) return answered.then((later) => reply(res, later, connection));
      return reply(res, answered, connection);
    }
    return answerByFetch(req, res, connection, body);
  }

  /** A request the light path does not take (a target the URL parser rewrites, another fetch handler): a Request. */
  async function answerByFetch(
    req: IncomingMessage,
    res: ServerResponse,
    connection: Connection,
    body: Buffer | undefined,
  ): Promise<void> {
    const url = req.url ?? '/';
    const request = url.startsWith('/') ? toRequest(req, body) : undefined;
    if (!request) return sendError(res, malformedRequest(400));
    requestClients.set(request, connection.group.key);
    if (answer !== undefined) return reply(res, await answer(request), connection);
    await send(res, await handler(request), (bytes) => refusal(connection, bytes));
  }

  // `Expect: 100-continue` with a body over the limit: refuse before the client sends it.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return refuseTooLarge(req, res);
    res.writeContinue();
    server.emit('request', req, res);
  });

  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return socket.destroy();
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = JSON.stringify(malformedRequest(status).toPayload());
    socket.end(
      `HTTP/1.1 ${status} Error\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // A backlog above the connection table: a burst of connections waits in the system's queue for the table to
    // decide, instead of overflowing it (node's default, 511) and leaving a client's handshake to be retried later.
    server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  origin = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
  return {
    origin,
    baseUrl: `${origin}${API_PREFIX}`,
    adminSecret: guard?.adminSecret,
    connections: () => ({
      ...pressure.counts,
      open: table.open.size,
      clients: table.groups.size,
      unreadBytes: pressure.held,
      building: pressure.building,
      waiting: pressure.waiting,
      evicted: table.evicted,
      turnedAway: table.refused,
    }),
    close: () =>
      new Promise<void>((resolve, reject) => {
        pressure.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
