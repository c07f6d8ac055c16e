// CORS for the API (docs/sandbox.md "CORS"): which page origins may call the sandbox, and what they may send and read.
// Request-driven: only a request that carries `Origin` (a browser's) gets these headers. Never on /_sandbox/.
import { SandboxError } from '../domain/errors.js';

/** Request headers the docs tell apps to send: the credential, JSON bodies, and the `Prefer` states. */
export const CORS_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'Prefer'] as const;

/**
 * Answer headers the docs tell apps to read, beyond those every page may read (Content-Type, Content-Length):
 * when to try again (429, 503), the methods a path takes (405), the credential to send (401).
 */
export const CORS_EXPOSED_HEADERS = ['Retry-After', 'Allow', 'WWW-Authenticate'] as const;

/** The methods the contract's operations use. */
export const CORS_METHODS = ['GET', 'POST', 'PATCH', 'DELETE'] as const;

/** Who may call the API from a web page, beyond pages of this machine (docs/sandbox.md "CORS"). */
export interface CorsPolicy {
  /** Origins allowed by name, e.g. `https://docs.example.com`; `*` allows every origin. */
  origins?: readonly string[];
  /** Host names the sandbox is reached by besides loopback: a page served under one of them is the sandbox's own. */
  hosts?: readonly string[];
  /** How the user of this door allows an origin, quoted by the refusal: e.g. `--cors-origin` for task-sandbox. */
  originsOption?: string;
}

/**
 * A page of this machine: http(s) on localhost (and its subdomains, which browsers resolve to loopback), 127.0.0.0/8 or
 * [::1], any port. The rule Vite adopted for its dev server after CVE-2025-24010.
 */
const LOCAL_ORIGIN =
  /^https?:\/\/(?:(?:[a-z0-9-]+\.)*localhost|127(?:\.(?:25[0-5]|2[0-4]\d|1?\d?\d)){3}|\[::1\])(?::\d{1,5})?$/;

/** Whether a page of `origin` may call the API: one of this machine, the sandbox's own (`host`), or named. */
export function originAllowed(origin: string, host: string | null, policy: CorsPolicy): boolean {
  const lower = origin.toLowerCase();
  if (LOCAL_ORIGIN.test(lower)) return true;
  const named = policy.origins ?? [];
  if (named.includes('*') || named.some((o) => o.toLowerCase() === lower)) return true;
  // The sandbox's own pages (the console under a shared sandbox's name): Origin is http(s):// + Host, and Host is a name
  // the operator gave (a rebinding name is not one, so a page of that name is refused).
  if (host === null || !(policy.hosts ?? []).some((h) => hostNameOf(host) === h.toLowerCase())) return false;
  return lower === `http://${host.toLowerCase()}` || lower === `https://${host.toLowerCase()}`;
}

/** The name of a `Host` value, without its port. */
export function hostNameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

/**
 * The 403 for a request sent by a page of an origin nobody allowed, or undefined (no `Origin`, or an allowed one). A host
 * asks this before it reads the body or the core checks a credential.
 */
export function originRefusal(
  origin: string | null,
  host: string | null,
  policy: CorsPolicy,
): SandboxError | undefined {
  if (origin === null || originAllowed(origin, host, policy)) return undefined;
  const option = policy.originsOption ?? 'the `cors.origins` option of the sandbox host';
  return new SandboxError(403, 'The sandbox answers web pages of this machine and of origins its operator allowed.', [
    {
      field: 'Origin',
      message: `${origin.slice(0, 200)} is not allowed: pages of localhost, 127.0.0.0/8 and [::1] are; allow another with ${option}`,
    },
  ]);
}

/** The answer to a preflight (OPTIONS) for an API path, from a page of `origin`. */
export function preflightHeaders(origin: string): Record<string, string> {
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-methods': CORS_METHODS.join(', '),
    'access-control-allow-headers': CORS_REQUEST_HEADERS.join(', '),
    'access-control-max-age': '600',
    vary: 'Origin',
  };
}

const EXPOSED = CORS_EXPOSED_HEADERS.join(', ');

/**
 * Adds to an answer's headers what lets a page of `origin` read it. The origin is echoed, never `*`: whoever serves the
 * sandbox to a network has refused the origins nobody allowed (`originRefusal`) before the answer was made.
 */
export function allowCrossOrigin(headers: Record<string, string>, origin: string): void {
  headers['access-control-allow-origin'] = origin;
  headers['access-control-expose-headers'] = EXPOSED;
  headers.vary = 'Origin';
}
