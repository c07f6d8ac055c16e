// CORS for the API (docs/sandbox.md "CORS"): what a page of another origin, such as a dev server, may send and read.
// Request-driven: only a request that carries `Origin` (a browser's) gets these headers. Never on /_sandbox/.

/** Request headers the docs tell apps to send: the credential, JSON bodies, and the `Prefer` states. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Prefer'] as const;

/**
 * Answer headers the docs tell apps to read, beyond those every page may read (Content-Type, Content-Length):
 * when to try again (429, 503), the methods a path takes (405), the credential to send (401).
 */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Allow', 'WWW-Authenticate'] as const;

/** The methods the contract's operations use. */
export const CORS_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/** The answer to a preflight (OPTIONS) for an API path. Credentials travel in Authorization, never in cookies, so `*` is safe. */
export const PREFLIGHT_HEADERS: Readonly<Record<string, string>> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': CORS_METHODS.join(', '),
  'access-control-allow-headers': CORS_REQUEST_HEADERS.join(', '),
  'access-control-max-age': '600',
};

const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');

/** Adds to an answer's headers what lets a page of another origin read it. */
export function allowCrossOrigin(headers: Record<string, string>): void {
  headers['access-control-allow-origin'] = '*';
  headers['access-control-expose-headers'] = EXPOSED;
}
