// One HTTP exchange: per-request timeout, body read in full, and no repeat of a POST that failed ambiguously (§1).
import { ApiError, OutcomeUnknownError } from './errors.js';
import { contractPathOf, operationName, rememberOperation } from './operation.js';

export type Transport = (request: Request) => Promise<Response>;

export interface TransportOptions {
  fetch: typeof globalThis.fetch;
  basePath: string;
  timeoutMs?: number | undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export interface Deadline {
  signal: AbortSignal;
  readonly expired: boolean;
  clear(): void;
}

// A plain timer and controller, not AbortSignal.timeout()/any(): Node holds those signals weakly (a collected one
// never fires), and older browsers lack any().
export function deadline(ms: number, outer: AbortSignal): Deadline {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError'));
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

export function createTransport({ fetch, basePath, timeoutMs }: TransportOptions): Transport {
  return async (request) => {
    const operation = operationName(request.method, contractPathOf(request.url, basePath));
    const isPost = request.method === 'POST';
    const timeout = timeoutMs === undefined ? undefined : deadline(timeoutMs, request.signal);
    let response: Response;
    let text: string;
    try {
      response = await (timeout ? fetch(request, { signal: timeout.signal }) : fetch(request));
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
    rememberOperation(response, operation);
    if (isPost && response.status >= 500) throw new OutcomeUnknownError(operation, response, `HTTP ${response.status}`);
    if (response.ok && text !== '' && !isJson(text)) {
      if (isPost)
        throw new OutcomeUnknownError(operation, response, `HTTP ${response.status}, a body that is not JSON`);
      throw new ApiError(operation, response.status, undefined, 'a body that is not JSON');
    }
    return response;
  };
}
