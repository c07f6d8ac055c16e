// npm run mock: Prism serves the contract's examples and validates requests under /api/... (docs/mock.md).
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type RunningPrism, startPrism } from './process.js';

/** The mock answers under the same `/api` base path as a real `base_url`. */
export const MOCK_BASE_PATH = '/api';
const DEFAULT_PORT = 4011;

export interface MockOptions {
  /** 0 or absent: a free port. `npm run mock` uses MOCK_PORT (default 4011). */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Prism logs at info level instead of error. */
  verbose?: boolean;
}

function launchMock(options: MockOptions, output: 'inherit' | 'capture'): Promise<RunningPrism> {
  return startPrism({
    mode: 'mock',
    basePath: MOCK_BASE_PATH,
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    verbose: options.verbose ?? false,
    output,
  });
}

/** Starts the Prism mock; its output is kept quiet (only shown when the start fails). */
export function startMock(options: MockOptions = {}): Promise<RunningPrism> {
  return launchMock(options, 'capture');
}

function portFromEnv(value: string | undefined): number {
  if (value === undefined || value === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    console.error(`MOCK_PORT must be a port number (0-65535), got "${value}".`);
    process.exit(2);
  }
  return port;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
  const mock = await launchMock({ port: portFromEnv(process.env.MOCK_PORT), verbose: values.verbose }, 'inherit');
  console.log(`Prism mock of openapi.yaml: ${mock.baseUrl}  (e.g. GET ${mock.baseUrl}/member/me/ with any credential)`);
  console.log('It keeps no state and cannot tell the two credential kinds apart; see docs/mock.md. Ctrl-C stops it.');
  const shutdown = (): void => {
    mock.close().then(() => process.exit(0));
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
