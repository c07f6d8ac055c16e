#!/usr/bin/env node
// The `task-mock` command (docs/mock.md): the Prism mock of the contract, or with `proxy` Prism's validation proxy in
// front of a real server, in the manner of Prism's own `prism mock` / `prism proxy`.
import { parseArgs } from 'node:util';
import { packageInfo } from '../../contract/version.js';
import { stopOnSignals } from '../stop.js';
import { DEFAULT_MOCK_PORT, startMock } from './mock.js';
import type { RunningPrism } from './process.js';
import { DEFAULT_PROXY_PORT, parseUpstream, startProxy } from './proxy.js';

const MOCK_USAGE = `Usage: task-mock [mock] [options]
       task-mock proxy <upstream base URL> [options]

mock   Prism serves the contract's examples under /api and validates every request (stateless; docs/mock.md).
proxy  Prism forwards to the upstream (e.g. http://127.0.0.1:8000/api) and turns a response that breaks the contract
       into a 500 application/problem+json listing the violations.

Options:
  --port <n>     where it listens; 0 picks a free port (default: MOCK_PORT, else ${DEFAULT_MOCK_PORT}; for proxy PROXY_PORT, else ${DEFAULT_PROXY_PORT})
  --host <name>  default 127.0.0.1
  --cors-origin <origin>
                 a web page origin that may call it, besides this machine's (localhost, 127.0.0.0/8, [::1]);
                 repeatable (MOCK_CORS_ORIGINS=a,b). Pages of other origins get 403; no origin gets credentials
  --verbose      Prism logs every request at info level
  -h, --help     this text
  --version      the version`;

class UsageError extends Error {}

interface Command {
  mode: 'mock' | 'proxy';
  upstream?: string;
  port: number;
  host: string;
  verbose: boolean;
  corsOrigins: string[];
}

/** The origins of `--cors-origin` and MOCK_CORS_ORIGINS, each checked to be one as browsers send it. */
function corsOrigins(given: string[] | undefined, env: string | undefined): string[] {
  const origins = [...(given ?? []), ...(env ?? '').split(',')].map((v) => v.trim()).filter((v) => v !== '');
  for (const origin of origins) {
    // `null` is what a page opened from disk sends, `*` allows every page: each only when named.
    if (origin === '*' || origin === 'null') continue;
    if (!URL.canParse(origin) || !/^https?:$/.test(new URL(origin).protocol)) {
      throw new UsageError(
        `--cors-origin (or MOCK_CORS_ORIGINS) ${JSON.stringify(origin)} is not an origin, e.g. https://docs.example.com`,
      );
    }
    if (new URL(origin).origin !== origin) {
      throw new UsageError(`--cors-origin ${JSON.stringify(origin)} is not an origin: write ${new URL(origin).origin}`);
    }
  }
  return origins;
}

function port(value: string | undefined, fallback: number, source: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65_535) throw new UsageError(`${source} must be a port number from 0 to 65535`);
  return n;
}

/** Reads the command line; `help` and `version` answer at once. */
function readCommandLine(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Command | { help: true } | { version: true } {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { help: true };
  if (values.version) return { version: true };
  const [mode = 'mock', ...rest] = positionals;
  const host = values.host ?? '127.0.0.1';
  const verbose = values.verbose ?? false;
  const origins = corsOrigins(values['cors-origin'], env.MOCK_CORS_ORIGINS);
  if (mode === 'mock') {
    if (rest.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])}`);
    const fromEnv = values.port === undefined;
    return {
      mode,
      port: port(values.port ?? env.MOCK_PORT, DEFAULT_MOCK_PORT, fromEnv ? 'MOCK_PORT' : '--port'),
      host,
      verbose,
      corsOrigins: origins,
    };
  }
  if (mode === 'proxy') {
    if (rest.length !== 1) throw new UsageError('task-mock proxy takes exactly one upstream base URL');
    const upstream = rest[0] as string;
    try {
      parseUpstream(upstream);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    const fromEnv = values.port === undefined;
    return {
      mode,
      upstream,
      port: port(values.port ?? env.PROXY_PORT, DEFAULT_PROXY_PORT, fromEnv ? 'PROXY_PORT' : '--port'),
      host,
      verbose,
      corsOrigins: origins,
    };
  }
  throw new UsageError(`unknown command ${JSON.stringify(mode)}: use mock or proxy`);
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}

async function main(): Promise<void> {
  let command: ReturnType<typeof readCommandLine>;
  try {
    command = readCommandLine(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`task-mock: ${error.message}\n\n${MOCK_USAGE}`);
    process.exit(2);
  }
  if ('help' in command) {
    console.log(MOCK_USAGE);
    return;
  }
  if ('version' in command) {
    console.log(packageInfo(import.meta.url).version);
    return;
  }
  const { mode, upstream, ...rest } = command;
  const options = { ...rest, originsOption: '--cors-origin (or MOCK_CORS_ORIGINS)' };
  let running: RunningPrism;
  if (mode === 'proxy' && upstream) {
    running = await startProxy({ upstream, ...options }, 'inherit');
    console.log(`Prism validation proxy: ${running.baseUrl} -> ${upstream.replace(/\/+$/, '')}`);
    console.log('Contract violations in responses come back as 500 application/problem+json. Ctrl-C stops it.');
  } else {
    running = await startMock(options, 'inherit');
    console.log(
      `Prism mock of the contract: ${running.baseUrl}  (e.g. GET ${running.baseUrl}/member/me/ with any credential)`,
    );
    console.log('It keeps no state and cannot tell the two credential kinds apart; see docs/mock.md. Ctrl-C stops it.');
  }
  // Closes Prism on SIGINT and SIGTERM, also when they were sent to the npm or npx process that runs this one.
  stopOnSignals({ name: 'task-mock', close: () => running.close() });
}

await main();
