// One bounded HTTP exchange for every request the suite sends (docs/conformance.md, "Bounds" and "Redirects"): a
// per-request deadline, the run's stop signal, a cap on the answer's size, and the redirect policy (a read follows a
// redirect within the target's origin, or to an origin the user named; a write never), whether the target is a server
// or an in-process handler.

import { deadline } from '../../client/transport.js';
import type { FetchHandler } from '../../contract/http.js';

/** Answers larger than this are refused: nothing in the contract comes near it. */
export const MAX_ANSWER_BYTES = 1024 * 1024;

export type NoAnswerKind = 'timeout' | 'stopped' | 'too-large' | 'network';

/** The target gave no usable answer; the message says why and names the request. */
export class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
  constructor(
    readonly kind: NoAnswerKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface SendOptions {
  timeoutMs: number;
  /** Aborting it (the clean-up's budget ran out) ends the exchange at once; none lets it run to its timeout. */
  signal?: AbortSignal;
  maxBytes?: number;
  /**
   * Origins besides the request's own that a read may follow a redirect to (`--follow-redirects-to`), without its
   * credentials; none by default.
   */
  followTo?: readonly string[];
}

/** Settles with `promise`, or rejects as soon as `signal` aborts: an in-process handler may ignore the signal. */
export function until<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason);
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

async function readCapped(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await until(reader.read(), signal);
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new NoAnswerError('too-large', `the answer is larger than ${maxBytes} bytes`);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => undefined);
    throw error;
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

/**
 * A Response over a text already read, whose clone is made from that text: a Response's own clone tees its body stream,
 * several times the cost of the whole Response in Node 20, and the client under every check clones each answer.
 */
class ReadResponse extends Response {
  readonly #text: string | null;

  constructor(text: string | null, init: ResponseInit) {
    super(text, init);
    this.#text = text;
  }

  override clone(): Response {
    // A spent body cannot be cloned: Response's own clone says so.
    if (this.bodyUsed) return super.clone();
    return new ReadResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
  }
}

/**
 * A request as its parts: what the suite sets (the recorder hands these over, having read the body already). Each hop
 * is built from them: a Request made from another that has a body pipes that body through a new web stream, several
 * times the cost of the whole request in Node 20.
 */
export interface Outgoing {
  url: string;
  method: string;
  headers: Headers;
  body?: ArrayBuffer;
  redirect: RequestRedirect;
}

async function partsOf(request: Request): Promise<Outgoing> {
  const { url, method, headers, redirect } = request;
  return request.body === null
    ? { url, method, headers, redirect }
    : { url, method, headers, redirect, body: await request.arrayBuffer() };
}

const NULL_BODY = new Set([101, 204, 205, 304]);
/**
 * Methods whose request may be sent again after a connection reset: the safe ones and the idempotent ones (RFC 9110
 * §9.2.1 and §9.2.2; a DELETE sent twice deletes once), as browsers do. A POST or PATCH is never sent twice.
 */
const RETRIED = new Set(['GET', 'HEAD', 'OPTIONS', 'DELETE', 'PUT']);

/** The statuses whose Location a read follows (RFC 9110 §15.4); 300 and 304 are answers, not redirects. */
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** As browsers (the Fetch standard's limit): past it, the last redirect is the answer. */
const MAX_REDIRECTS = 20;
/** Only these are followed: a write is never sent again, its redirect is the server's answer. */
const READS = new Set(['GET', 'HEAD']);
/** Never sent to another origin, even one the user allows (as the Fetch standard drops them on a cross-origin hop). */
const CREDENTIALS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * The answer to `request`, following its redirects by the suite's policy: only a read without a body that asked to
 * follow (`redirect: 'manual'` asks to see the redirect itself), only to the request's own origin or to one of
 * `followTo` (then without credentials), at most MAX_REDIRECTS times. A redirect not followed is the answer, Location
 * and all: nothing is fetched from where the user did not point the suite.
 */
async function followed(
  fetch: FetchHandler,
  request: Outgoing,
  signal: AbortSignal,
  followTo: readonly string[],
): Promise<Response> {
  const origin = new URL(request.url).origin;
  const { body } = request;
  const follows = request.redirect === 'follow' && READS.has(request.method) && body === undefined;
  let current = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    ...(body === undefined ? {} : { body }),
    signal,
    redirect: 'manual',
  });
  for (let hop = 0; ; hop++) {
    // A stopped run sends nothing more: the network's fetch refuses an aborted signal, a handler in this process would
    // take the request all the same.
    signal.throwIfAborted();
    const here = new URL(current.url).origin;
    // Another origin the user allowed is a host of its own: the network reaches it, not an in-process handler.
    const answer = await until((here === origin ? fetch : globalThis.fetch)(current), signal);
    const location = answer.headers.get('location');
    if (!follows || !REDIRECTS.has(answer.status) || location === null || hop === MAX_REDIRECTS) return answer;
    let next: URL;
    try {
      next = new URL(location, current.url);
    } catch {
      return answer;
    }
    const home = next.origin === origin;
    if (!home && !followTo.includes(next.origin)) return answer;
    await answer.body?.cancel().catch(() => undefined);
    const headers = new Headers(current.headers);
    if (!home) for (const name of CREDENTIALS) headers.delete(name);
    current = new Request(next, { method: request.method, headers, signal, redirect: 'manual' });
  }
}

const isReset = (error: unknown): boolean => {
  const code = ((error as Error)?.cause as { code?: string } | undefined)?.code;
  return code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE';
};

/**
 * Sends `request` and reads the whole answer. Returns the answer's text and a fresh Response holding it (the original's
 * body is spent); throws NoAnswerError when there is none in time, the run stopped, the answer is too large, or the
 * network failed.
 */
export async function send(
  fetch: FetchHandler,
  given: Request | Outgoing,
  options: SendOptions,
): Promise<{ response: Response; text: string }> {
  const what = `${given.method} ${new URL(given.url).pathname}`;
  const signal = options.signal ?? new AbortController().signal;
  if (signal.aborted) throw new NoAnswerError('stopped', `${what}: not sent: the run was stopped`);
  const request = given instanceof Request ? await partsOf(given) : given;
  const limit = deadline(options.timeoutMs, signal);
  const attempt = () => followed(fetch, request, limit.signal, options.followTo ?? []);
  try {
    const answer = await attempt().catch((error: unknown) => {
      // A kept-alive connection the server closed just as it was reused: a safe request (it changes nothing) is sent
      // once more, as browsers do. Anything else fails as it is.
      if (!RETRIED.has(request.method) || request.body !== undefined || limit.signal.aborted || !isReset(error)) {
        throw error;
      }
      return attempt();
    });
    const text = await readCapped(answer, options.maxBytes ?? MAX_ANSWER_BYTES, limit.signal);
    const response = new ReadResponse(NULL_BODY.has(answer.status) ? null : text, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
    });
    return { response, text };
  } catch (error) {
    if (error instanceof NoAnswerError) throw new NoAnswerError(error.kind, `${what}: ${error.message}`);
    if (limit.expired) throw new NoAnswerError('timeout', `${what}: no answer within ${options.timeoutMs} ms`);
    if (signal.aborted) throw new NoAnswerError('stopped', `${what}: the run was stopped before the answer`);
    const cause = (error as Error).cause as { code?: string; message?: string } | undefined;
    const why = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new NoAnswerError('network', `${what}: network error: ${why}`, { cause: error });
  } finally {
    limit.clear();
  }
}
