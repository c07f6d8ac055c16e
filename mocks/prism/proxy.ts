// Prism's validation proxy in front of a real server (docs/mock.md).
import { type RunningPrism, startPrism } from './process.js';

/** Where `task-mock proxy` listens unless told otherwise. */
export const DEFAULT_PROXY_PORT = 4012;

export interface ProxyOptions {
  /** The upstream's REST base address (http or https, no query or fragment), e.g. `http://127.0.0.1:8000/api`. */
  upstream: string;
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  verbose?: boolean;
  /**
   * Web page origins that may call it besides this machine's (localhost, 127.0.0.0/8, [::1]); `task-mock proxy` takes
   * `--cors-origin`. A page of any other origin gets a 403 naming `Origin` and never reaches the upstream; no origin is
   * granted credentials.
   */
  corsOrigins?: readonly string[];
  /** How the user allows another origin, quoted by the refusal; default `startProxy({ corsOrigins })`. */
  originsOption?: string;
}

/** Splits a base URL into the origin Prism forwards to and the base path the contract's paths get. */
export function parseUpstream(value: string): { origin: string; basePath: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(`upstream base URL is not a URL: "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`upstream base URL must start with http:// or https://, got "${value}"`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new TypeError(`upstream base URL must have no query, fragment or credentials, got "${value}"`);
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/** Starts the validation proxy; by default its output is kept quiet (only shown when the start fails). */
export function startProxy(options: ProxyOptions, output: 'inherit' | 'capture' = 'capture'): Promise<RunningPrism> {
  const { origin, basePath } = parseUpstream(options.upstream);
  // Prism forwards the request path unchanged to the upstream origin, so the proxy answers under the upstream's own
  // base path (e.g. /api) and validates against contract paths carrying that prefix.
  return startPrism({
    mode: 'proxy',
    upstream: origin,
    basePath,
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    verbose: options.verbose ?? false,
    output,
    flags: ['--errors'],
    corsOrigins: options.corsOrigins,
    originsOption: options.originsOption ?? 'startProxy({ corsOrigins })',
  });
}
