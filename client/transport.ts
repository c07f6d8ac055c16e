// One HTTP exchange (source §1): timeout, body read in full, writes never redirected nor repeated when unconfirmed.
import type { FetchHandler } from '../contract/http.js';
import { isSuccessEnvelope } from './envelope.js';
import { ApiError, OutcomeUnknownError } from './errors.js';
import { contractPathOf, operationName, rememberOperation } from './operation.js';

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  basePath: string;
  timeoutMs?: number | undefined;
}

// Methods that change nothing; every other method is a write.
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

export interface Deadline {
  /** Aborts when the time is up or when the outer signal aborts. */
  signal: AbortSignal;
  /** Whether the abort came from the time limit rather than the outer signal. */
  readonly expired: boolean;
  /** Stops the timer and the outer signal's listener; call it once the exchange is over. */
  clear(): void;
}

/**
 * A signal that aborts after `ms` milliseconds with a `TimeoutError`, or as soon as `outer` aborts. A plain timer and
 * controller, not AbortSignal.timeout()/any(): Node holds those signals weakly (a collected one never fires), and
 * older browsers lack any().
 *
 * When the time is up, the abort waits one more turn of the event loop: a process that was busy (a loaded machine, a
 * long synchronous task) runs its due timers before it reads the sockets, so an answer that came in during the stall
 * would otherwise be reported as none. The extra turn reads it first; a server that really sent nothing still times out.
 */
export function deadline(ms: number, outer: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  let timer = setTimeout(() => {
    timer = setTimeout(() => {
      expired = true;
      controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError'));
    }, 0);
  }, ms);
  const follow = () => controller.abort(outer.reason);
  if (outer.aborted) follow();
  else outer.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    get expired() {
      return expired;
    },
    clear() {
      clearTimeout(timer);
      outer.removeEventListener('abort', follow);
    },
  };
}

/**
 * Where a write was redirected to, without the query and fragment (they may hold a token). A browser answers a manual
 * redirect with an opaque response (status 0) that hides the address; Node gives the 3xx with its Location.
 */
function redirectOf(response: Response, requestUrl: string): string {
  if (response.type === 'opaqueredirect') return 'redirected to an address the browser does not reveal';
  const location = response.headers.get('Location');
  if (location === null) return `HTTP ${response.status}, a redirect without a Location`;
  try {
    const target = new URL(location, requestUrl);
    return `HTTP ${response.status}, redirected to ${target.origin}${target.pathname}`;
  } catch {
    return `HTTP ${response.status}, redirected to an address that is not a URL`;
  }
}

/**
 * Why a write's 2xx cannot be read as a success, or `undefined` when it can. The status says the write was accepted,
 * but without the envelope the caller cannot tell what was changed. Deletion may return no data (source §1), so an
 * empty body confirms a DELETE; a POST or PATCH owes the envelope.
 */
function unreadableWrite(method: string, text: string): string | undefined {
  if (text === '') return method === 'DELETE' ? undefined : 'an empty body where the success envelope was expected';
  const body = parseJson(text);
  if (body === NOT_JSON) return 'a body that is not JSON';
  return isSuccessEnvelope(body) ? undefined : 'no success envelope';
}

export function createTransport({ fetch, basePath, timeoutMs }: TransportOptions): FetchHandler {
  return async (request) => {
    const operation = operationName(request.method, contractPathOf(request.url, basePath));
    const isPost = request.method === 'POST';
    const isWrite = !READS.has(request.method);
    const timeout = timeoutMs === undefined ? undefined : deadline(timeoutMs, request.signal);
    // A followed redirect replays a POST (after 301/302/303) or a PATCH/DELETE (after 303) as a GET, whose success
    // would then read as the write's. File downloads are GETs that redirect to storage, so reads still follow.
    const init: RequestInit = {
      ...(timeout ? { signal: timeout.signal } : {}),
      ...(isWrite ? { redirect: 'manual' } : {}),
    };
    let response: Response;
    let text: string;
    try {
      response = await fetch(request, init);
      // Reading the body here keeps it under the timeout, and a connection dropped mid-body counts as a failed exchange.
      text = await response.clone().text();
    } catch (error) {
      if (!isPost) throw error;
      throw new OutcomeUnknownError(
        operation,
        error,
        timeout?.expired ? `timed out after ${timeoutMs} ms` : 'network error',
      );
    } finally {
      timeout?.clear();
    }
    rememberOperation(response, request.method, operation);
    if (isWrite && (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400))) {
      const where = redirectOf(response, request.url);
      throw new OutcomeUnknownError(operation, response, `${where} (not followed): the write was not confirmed`);
    }
    if (isPost && response.status >= 500) throw new OutcomeUnknownError(operation, response, `HTTP ${response.status}`);
    if (response.ok && isWrite) {
      const problem = unreadableWrite(request.method, text);
      if (problem) throw new OutcomeUnknownError(operation, response, `HTTP ${response.status}, ${problem}`);
    } else if (response.ok && text !== '' && parseJson(text) === NOT_JSON) {
      // Nothing changed on a read, so a garbled answer is a plain failure.
      throw new ApiError(operation, response.status, undefined, 'a body that is not JSON', response.headers);
    }
    return response;
  };
}
