// Runs one Prism CLI process (mock or proxy) on the contract with its paths under the base path (docs/mock.md).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { openapiDocument } from '../../generated/openapi-document.js';
import { startDoor } from './door.js';

/** Prism's CLI script, found the way Node finds the package: in a clone's node_modules or beside the installed kit. */
function prismCli(): string {
  const manifest = createRequire(import.meta.url).resolve('@stoplight/prism-cli/package.json');
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { prism: string } };
  return join(dirname(manifest), bin.prism);
}

/** Bounds a start that hangs: Prism takes seconds on a quiet machine, and well over 30 s on a loaded CI runner. */
const READY_TIMEOUT_MS = 120_000;
// Below the bound on a whole stop (mocks/stop.ts CLOSE_BOUND_MS): Prism is SIGKILLed before task-mock gives up on it.
const EXIT_TIMEOUT_MS = 2_000;
/** How much of Prism's output is kept to explain a failed start. */
const OUTPUT_TAIL = 8_192;

export interface PrismOptions {
  /** `mock` serves the contract's examples; `proxy` forwards to `upstream` and validates both directions. */
  mode: 'mock' | 'proxy';
  /** Upstream origin (proxy mode only); the request path, base path included, is appended by Prism. */
  upstream?: string;
  /** Base path that prefixes every contract path, e.g. `/api` (Prism ignores the path of `servers`). */
  basePath: string;
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Prism's log level: `info` when verbose, else `error`. */
  verbose: boolean;
  /** `inherit` shows Prism's log on this process's stdout/stderr; `capture` keeps only a tail for error messages. */
  output: 'inherit' | 'capture';
  /** Extra Prism flags, e.g. `--errors`. */
  flags?: string[];
  /** Web page origins that may call it besides this machine's (`--cors-origin`); `*` allows every one. */
  corsOrigins?: readonly string[];
  /** How the user of this door allows an origin, quoted by the refusal; default the `corsOrigins` option. */
  originsOption?: string;
}

/** The user's port was taken: no retry on another, unless the user asked for any (port 0, which is never taken). */
class PortTaken extends Error {}

export interface RunningPrism {
  origin: string;
  baseUrl: string;
  /** The Prism process (the bench reads its CPU time); it listens on loopback behind the door at `origin`. */
  pid: number | undefined;
  close(): Promise<void>;
}

/** The contract with every path prefixed by `basePath`, so Prism answers under it like a real `base_url`. */
export function withBasePath(document: Record<string, unknown>, basePath: string): Record<string, unknown> {
  const paths = document.paths as Record<string, unknown>;
  const prefixed = Object.fromEntries(Object.entries(paths).map(([path, item]) => [`${basePath}${path}`, item]));
  const text = JSON.stringify({ ...document, paths: prefixed });
  // A `$ref` into `#/paths/...` would dangle after the rename; the contract has none, and this keeps it that way.
  if (text.includes('"#/paths/')) throw new Error('withBasePath: $refs into #/paths are not supported');
  return JSON.parse(text) as Record<string, unknown>;
}

/** A port that was free a moment ago (listen on 0, read it, close). */
export async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const children = new Set<ChildProcess>();
// A test worker that ends without calling close() must not leave Prism behind.
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = waitForExit(child);
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), EXIT_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

/** A TCP connection to host:port succeeds (a probe by HTTP request would show up in Prism's error log). */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(1_000);
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/** Resolves once Prism accepts connections; rejects when the process exits first or never listens. */
async function waitUntilListening(host: string, port: number, child: ChildProcess, tail: () => string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Prism exited before it listened (code ${child.exitCode}).\n${tail()}`);
    if (await accepts(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Prism did not listen on ${host}:${port} within ${READY_TIMEOUT_MS / 1000} s.\n${tail()}`);
}

/** Where Prism itself listens: loopback only, behind the door (door.ts), which alone faces the user's port. */
const PRISM_HOST = '127.0.0.1';

async function launch(options: PrismOptions, bundlePath: string): Promise<RunningPrism> {
  const port = await freePort(PRISM_HOST);
  const args = [options.mode, bundlePath];
  if (options.mode === 'proxy') args.push(options.upstream ?? '');
  // `--no-cors`: Prism's own CORS answers every origin with `Access-Control-Allow-Credentials: true`.
  args.push('-p', String(port), '-h', PRISM_HOST, '-v', options.verbose ? 'info' : 'error', '--no-cors');
  args.push(...(options.flags ?? []));
  const child = spawn(process.execPath, [prismCli(), ...args], {
    stdio: [
      'ignore',
      options.output === 'inherit' ? 'inherit' : 'pipe',
      options.output === 'inherit' ? 'inherit' : 'pipe',
    ],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString('utf8')).slice(-OUTPUT_TAIL);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  try {
    await waitUntilListening(PRISM_HOST, port, child, () => output);
  } catch (error) {
    await stop(child);
    throw error;
  }
  let door: Awaited<ReturnType<typeof startDoor>>;
  try {
    door = await startDoor({
      host: options.host,
      port: options.port,
      target: port,
      origins: options.corsOrigins ?? [],
      originsOption: options.originsOption ?? 'the corsOrigins option',
    });
  } catch (error) {
    await stop(child);
    throw new PortTaken(`cannot listen on ${options.host}:${options.port}: ${(error as Error).message}`);
  }
  const origin = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${door.port}`;
  let closing = false;
  child.once('exit', (code, signal) => {
    if (closing || options.output !== 'inherit') return;
    // Under `npm run mock` / `npm run proxy` a crash must not end the command with status 0.
    console.error(`Prism stopped unexpectedly (${signal ?? `exit code ${code}`}).`);
    process.exitCode = 1;
  });
  const close = async (): Promise<void> => {
    closing = true;
    // The port first: it is free once the door is closed, whatever Prism then takes to exit.
    await door.close();
    await stop(child);
  };
  return { origin, baseUrl: `${origin}${options.basePath}`, pid: child.pid, close };
}

/**
 * Starts Prism on the contract (generated/openapi-document.ts: openapi.yaml is one file without external $refs), written
 * to a temporary directory (removed on close). With port 0 a free port is picked first; if another process takes it
 * before Prism binds, the start is retried on a new one.
 */
export async function startPrism(options: PrismOptions): Promise<RunningPrism> {
  const dir = mkdtempSync(join(tmpdir(), `prism-${options.mode}-`));
  const removeDir = (): void => rmSync(dir, { recursive: true, force: true });
  try {
    const bundlePath = join(dir, 'openapi.json');
    writeFileSync(bundlePath, JSON.stringify(withBasePath(openapiDocument, options.basePath)));
    for (let attempt = 1; ; attempt++) {
      try {
        const running = await launch(options, bundlePath);
        return {
          ...running,
          close: async () => {
            await running.close();
            removeDir();
          },
        };
      } catch (error) {
        // Prism's own loopback port, picked free a moment before, was taken since: pick another.
        const prismPortTaken = !(error instanceof PortTaken) && String(error).includes('EADDRINUSE');
        if (!(prismPortTaken && attempt < 3)) throw error;
      }
    }
  } catch (error) {
    removeDir();
    throw error;
  }
}
