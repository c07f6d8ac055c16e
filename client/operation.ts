// Names an exchange "METHOD /path/" the way the contract's paths do, relative to the client's base URL.

// A placeholder origin lets a relative base URL ("/api", common in browsers) be parsed too.
const ANY_ORIGIN = 'http://origin.invalid';

const byResponse = new WeakMap<Response, { operation: string; method: string }>();

/** The path part of a base URL without its trailing slash: `http://host/api/` → `/api`. */
export function basePathOf(baseUrl: string): string {
  return new URL(baseUrl, ANY_ORIGIN).pathname.replace(/\/+$/, '');
}

/** The contract path of a request URL: its pathname without the base path and without the query. */
export function contractPathOf(url: string, basePath: string): string {
  const { pathname } = new URL(url, ANY_ORIGIN);
  return basePath && pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) : pathname;
}

export function operationName(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** Remembers which operation a response answers, so errors built later from it can name the operation. */
export function rememberOperation(response: Response, method: string, operation: string): void {
  byResponse.set(response, { operation, method: method.toUpperCase() });
}

/** The operation a response answers; a response that did not pass through the client is named by its URL path. */
export function operationOf(response: Response): string {
  const known = byResponse.get(response);
  if (known) return known.operation;
  return response.url ? `request to ${new URL(response.url).pathname}` : 'unknown operation';
}

/** The request method of a response that passed through the client, else `undefined`. */
export function methodOf(response: Response): string | undefined {
  return byResponse.get(response)?.method;
}
