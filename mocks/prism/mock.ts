// The Prism mock: serves the contract's examples and validates requests under /api/... (docs/mock.md).
import { type RunningPrism, startPrism } from './process.js';

/** The mock answers under the same `/api` base path as a real `base_url`. */
export const MOCK_BASE_PATH = '/api';
/** Where `task-mock` listens unless told otherwise. */
export const DEFAULT_MOCK_PORT = 4011;

export interface MockOptions {
  /** 0 or absent: a free port. `task-mock` uses --port, else MOCK_PORT, else 4011. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Prism logs at info level instead of error. */
  verbose?: boolean;
  /**
   * Web page origins that may call it besides this machine's (localhost, 127.0.0.0/8, [::1]); `task-mock` takes
   * `--cors-origin`. A page of any other origin gets a 403 naming `Origin`; no origin is granted credentials.
   */
  corsOrigins?: readonly string[];
  /** How the user allows another origin, quoted by the refusal; default `startMock({ corsOrigins })`. */
  originsOption?: string;
}

/** Starts the Prism mock; by default its output is kept quiet (only shown when the start fails). */
export function startMock(options: MockOptions = {}, output: 'inherit' | 'capture' = 'capture'): Promise<RunningPrism> {
  return startPrism({
    mode: 'mock',
    basePath: MOCK_BASE_PATH,
    port: options.port ?? 0,
    host: options.host ?? '127.0.0.1',
    verbose: options.verbose ?? false,
    output,
    corsOrigins: options.corsOrigins,
    originsOption: options.originsOption ?? 'startMock({ corsOrigins })',
  });
}
