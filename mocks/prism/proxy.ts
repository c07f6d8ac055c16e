// npm run proxy -- <upstream base URL>: Prism's validation proxy in front of a real server (docs/mock.md).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningPrism, startPrism } from './process.js';

const DEFAULT_PORT = 4012;

export const PROXY_USAGE = `Usage: npm run proxy -- <upstream base URL> [--port <n>] [--host <host>] [--verbose]

  <upstream base URL>  the server's REST base address, e.g. http://127.0.0.1:8000/api
  --port               where the proxy listens (default: PROXY_PORT or ${DEFAULT_PORT}; 0 picks a free port)
  --host               default 127.0.0.1
  --verbose            Prism logs every request at info level

Clients call the proxy with the same base path as the upstream, e.g. http://127.0.0.1:${DEFAULT_PORT}/api.
A response that breaks the contract becomes a 500 application/problem+json listing the violations.`;

export interface ProxyOptions {
  /** The upstream's REST base address (http or https, no query or fragment), e.g. `http://127.0.0.1:8000/api`. */
  upstream: string;
  /** 0 or absent: a free port. */
  port?: number;
  host?: string;
  verbose?: boolean;
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

function launchProxy(options: ProxyOptions, output: 'inherit' | 'capture'): Promise<RunningPrism> {
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
  });
}

/** Starts the validation proxy; its output is kept quiet (only shown when the start fails). */
export function startProxy(options: ProxyOptions): Promise<RunningPrism> {
  return launchProxy(options, 'capture');
}

function usageError(message: string): never {
  console.error(`${message}\n\n${PROXY_USAGE}`);
  process.exit(2);
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) usageError(`port must be 0-65535, got "${value}"`);
  return port;
}

/** Reads the command line; a wrong one ends the process with the usage text and exit code 2. */
function readCommandLine(argv: string[]): ProxyOptions {
  let parsed: { values: { port?: string; host: string; verbose: boolean; help: boolean }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        port: { type: 'string' },
        host: { type: 'string', default: '127.0.0.1' },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(PROXY_USAGE);
    process.exit(0);
  }
  const upstream = positionals[0];
  if (upstream === undefined || positionals.length !== 1) usageError('Give exactly one upstream base URL.');
  try {
    parseUpstream(upstream);
  } catch (error) {
    usageError((error as Error).message);
  }
  return {
    upstream,
    port: parsePort(values.port ?? process.env.PROXY_PORT),
    host: values.host,
    verbose: values.verbose,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = readCommandLine(process.argv.slice(2));
  const proxy = await launchProxy(options, 'inherit');
  console.log(`Prism validation proxy: ${proxy.baseUrl} -> ${options.upstream.replace(/\/+$/, '')}`);
  console.log('Contract violations in responses come back as 500 application/problem+json. Ctrl-C stops it.');
  const shutdown = (): void => {
    proxy.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
