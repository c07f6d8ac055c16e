// The console's switch to a server of the reader's (a sandbox server, a staging server): checks that the base URL
// answers the API's JSON before any request goes there, and says what is wrong when it does not (source §1: the REST
// base address ends in an api path segment).

/** A base URL the console may use, or the message that says what to correct. */
export type BaseUrlCheck = { ok: true; baseUrl: string } | { ok: false; error: string };

/** `http://host/api/` → `http://host/api`. */
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** The base URL typed by the reader, or why it cannot be one (absolute http(s), no query or fragment). */
export function parseBaseUrl(text: string): BaseUrlCheck {
  const typed = text.trim();
  if (typed === '') return { ok: false, error: 'Type the base URL of a server, e.g. http://127.0.0.1:4010/api.' };
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return {
      ok: false,
      error: `"${typed}" is not an absolute URL: start it with http:// or https://, e.g. http://127.0.0.1:4010/api.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { ok: false, error: `The base URL must use http or https, not ${url.protocol.slice(0, -1)}.` };
  }
  if (url.username || url.password) {
    return { ok: false, error: 'Leave credentials out of the base URL: log in or paste a token in the console.' };
  }
  if (url.search || url.hash) return { ok: false, error: 'The base URL takes no query (?) or fragment (#).' };
  return { ok: true, baseUrl: trimSlash(url.href) };
}

/**
 * Checks `text` as the reader's base URL with one anonymous `GET {base}/member/me/`: a JSON answer other than 404,
 * 405 or a 5xx (a 401 is the expected one, source §7) means the API is there. A fetch that fails is told apart as "no answer" or "refuses this page's origin
 * (CORS)" by a second, opaque (`no-cors`) request that succeeds only when the server answered.
 */
export async function checkBaseUrl(
  text: string,
  pageOrigin: string,
  fetchFn: typeof fetch = globalThis.fetch,
  timeoutMs = 10_000,
): Promise<BaseUrlCheck> {
  const parsed = parseBaseUrl(text);
  if (!parsed.ok) return parsed;
  const probe = `${parsed.baseUrl}/member/me/`;
  let response: Response;
  try {
    response = await fetchFn(probe, { signal: AbortSignal.timeout(timeoutMs), cache: 'no-store' });
  } catch (error) {
    if ((error as Error).name === 'TimeoutError') {
      return { ok: false, error: `${parsed.baseUrl} did not answer within ${timeoutMs / 1000} s.` };
    }
    const answered = await fetchFn(probe, { mode: 'no-cors', signal: AbortSignal.timeout(timeoutMs) }).then(
      () => true,
      () => false,
    );
    return {
      ok: false,
      error: answered
        ? `${parsed.baseUrl} answered, but refused this page's origin (${pageOrigin}): the server must allow it with CORS (Access-Control-Allow-Origin, and Authorization and Content-Type in Access-Control-Allow-Headers).`
        : `${parsed.baseUrl} does not answer: check that the server runs and the address is right.`,
    };
  }
  const type = response.headers.get('content-type') ?? '';
  const body = await response.text().catch(() => '');
  if (/html/i.test(type) || /^\s*</.test(body)) {
    return {
      ok: false,
      error: `${parsed.baseUrl} answered HTML (status ${response.status}), not the API's JSON: is this the REST base address? It ends in the api path segment, e.g. http://127.0.0.1:4010/api.`,
    };
  }
  try {
    JSON.parse(body);
  } catch {
    return {
      ok: false,
      error: `${parsed.baseUrl} answered ${response.status} with a body that is not JSON (${type || 'no Content-Type'}): is this the REST base address?`,
    };
  }
  if (response.status === 404 || response.status === 405) {
    return {
      ok: false,
      error: `${parsed.baseUrl} has no /member/me/ (it answered ${response.status}): is this the REST base address? It ends in the api path segment, e.g. http://127.0.0.1:4010/api.`,
    };
  }
  if (response.status >= 500) {
    return {
      ok: false,
      error: `${parsed.baseUrl} answered ${response.status}: the server is failing; try again later.`,
    };
  }
  return parsed;
}

/** The sandbox's address when nothing says otherwise (npm start, task-sandbox; port from PORT). */
export const DEFAULT_API_BASE = 'http://127.0.0.1:4010/api';

/**
 * The API of the server a page came from: a sandbox serves the docs at `/docs/` and the API at `/api` of one origin
 * (README "Publishing the docs"), so a page under `/docs/` over http(s) names `<its origin>/api`; a page opened from
 * disk or hosted elsewhere names the sandbox's default address.
 */
export function servedApiBase(where: { protocol: string; origin: string; pathname: string }): string {
  const served = (where.protocol === 'http:' || where.protocol === 'https:') && /^\/docs(\/|$)/.test(where.pathname);
  return served ? `${where.origin}/api` : DEFAULT_API_BASE;
}
