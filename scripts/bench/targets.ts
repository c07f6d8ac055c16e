// The servers npm run bench measures (docs/benchmarks.md), each in a child process: the compiled sandbox as `npm start`
// runs it (after its prestart check), the bare node:http ceiling and the Prism mock, with the CPU time and memory the
// OS tells of each (Linux /proc).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startMock } from '../../mocks/prism/mock.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface Target {
  name: 'ceiling' | 'json' | 'sandbox' | 'prism';
  origin: string;
  startupMs: number;
  /** performance.now() at spawn, where the harness spawned the server. */
  spawnedAt?: number;
  /** The server's process id, where the harness spawned it. */
  pid?: number;
  /** CPU time (user + system, ms) the server process has used so far, when the OS tells (Linux /proc). */
  cpuMs(): number | undefined;
  /** Resident memory of the server process in MiB, when the OS tells (Linux /proc). */
  rssMib?(): number | undefined;
  close(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process from /proc/<pid>/stat, in ms; undefined where /proc is absent. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** VmRSS of a process from /proc/<pid>/status, in MiB; undefined where /proc is absent. */
function processRssMib(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const found = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return found ? Number(found[1]) / 1024 : undefined;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForAnswer(url: string, started: number, limitMs = 30_000): Promise<number> {
  for (;;) {
    try {
      await fetch(url);
      return performance.now() - started;
    } catch {
      if (performance.now() - started > limitMs) throw new Error(`no answer from ${url} within ${limitMs / 1000} s`);
      await sleep(10);
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `npm start`'s prestart step: rebuilds docs/index.html and dist/ only when stale (so the sandbox is fresh). */
export function prestart(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['scripts/prestart.mjs'], { cwd: root }, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    );
  });
}

/**
 * A command that runs node under another program (valgrind for the instructions part): the program and its arguments,
 * node's path and arguments following them. Its child's pid is the process that runs the server.
 */
export interface Wrapper {
  command: string;
  args: string[];
  /** How long the wrapped server may take to answer its first request, in ms. */
  startLimitMs: number;
}

function spawnNode(args: string[], options: Parameters<typeof spawn>[2], wrapper?: Wrapper): ChildProcess {
  return wrapper === undefined
    ? spawn(process.execPath, args, options)
    : spawn(wrapper.command, [...wrapper.args, process.execPath, ...args], options);
}

/**
 * The compiled sandbox as `npm start` serves it (the demo world, the controls guarded, its bounds), with its request
 * time bounds widened: under valgrind it runs tens of times slower, and on a loaded machine a request then outlasts
 * the 15 s the sandbox gives one (it answered 408 mid-count). Only the instructions part starts it this way.
 */
const SLOW_SANDBOX_SOURCE = `
const { startSandboxServer } = await import(process.env.SANDBOX_DIST + '/mocks/sandbox/hosts/node.js');
const { createSandbox } = await import(process.env.SANDBOX_DIST + '/mocks/sandbox/core/app.js');
const server = await startSandboxServer({ port: 0, fetch: createSandbox().fetch, requestTimeoutMs: 3_600_000 });
console.log('Sandbox listening: ' + server.baseUrl);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

/**
 * What `npm start` runs after prestart: the compiled sandbox on a free port, timed from spawn until it answers. Under a
 * wrapper (valgrind), the same sandbox with its request time bounds widened (SLOW_SANDBOX_SOURCE).
 */
export function startSandboxProcess(wrapper?: Wrapper): Promise<Target> {
  const started = performance.now();
  const child =
    wrapper === undefined
      ? spawnNode(['dist/mocks/sandbox/main.js', '--port', '0'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
      : spawnNode(
          ['--input-type=module', '-e', SLOW_SANDBOX_SOURCE],
          {
            cwd: root,
            env: { ...process.env, SANDBOX_DIST: new URL('../../dist', import.meta.url).href },
            stdio: ['ignore', 'pipe', 'inherit'],
          },
          wrapper,
        );
  return sandboxTarget(child, started, () => stopChild(child), wrapper?.startLimitMs);
}

/**
 * `npm start` itself, as a user types it (npm, its prestart check, then the sandbox), on a free port (PORT=0), timed
 * from the command until the first answer. npm runs the sandbox in a child of its own: the whole group is stopped.
 */
export function startNpmStart(): Promise<Target> {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  };
  return sandboxTarget(child, started, stop);
}

/** A sandbox child that prints its banner: timed from `started` until it answers `GET /member/me/`. */
async function sandboxTarget(
  child: ChildProcess,
  started: number,
  close: () => Promise<void>,
  startLimitMs?: number,
): Promise<Target> {
  const origin = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox listening: (http:\/\/[^\s]+)\/api/.exec(text);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening`)));
  });
  child.stdout?.resume();
  const startupMs = await waitForAnswer(`${origin}/api/member/me/`, started, startLimitMs);
  return {
    name: 'sandbox',
    origin,
    startupMs,
    spawnedAt: started,
    pid: child.pid,
    cpuMs: () => processCpuMs(child.pid),
    rssMib: () => processRssMib(child.pid),
    close,
  };
}

/** The practical ceiling: a bare node:http server answering the sandbox's own response bytes for each path. */
const CEILING_SOURCE = `
const http = require('node:http');
const bodies = JSON.parse(process.env.CEILING_BODIES);
const server = http.createServer((req, res) => {
  const body = bodies[req.url.split('?')[0]] || '{}';
  const answer = () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  if (req.method === 'GET') answer(); else { req.resume(); req.on('end', answer); }
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/**
 * The JSON floor: the ceiling, plus what every JSON API does and the ceiling skips. It reads each request's body whole,
 * parses it with JSON.parse, and serialises its answer with JSON.stringify from an object (the sandbox's answer, parsed
 * once at start), so the bytes it sends are the sandbox's own. It checks nothing and stores nothing: no node:http
 * server that reads these bodies and writes these answers does less.
 */
const JSON_FLOOR_SOURCE = `
const http = require('node:http');
const answers = Object.fromEntries(Object.entries(JSON.parse(process.env.CEILING_BODIES)).map(([k, v]) => [k, JSON.parse(v)]));
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    let status = 200;
    if (chunks.length > 0) {
      try { JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { status = 400; }
    }
    const body = status === 200 ? JSON.stringify(answers[req.url.split('?')[0]] ?? {}) : '{}';
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

export function startCeiling(bodies: Record<string, string>, wrapper?: Wrapper): Promise<Target> {
  return startBareServer('ceiling', CEILING_SOURCE, bodies, wrapper);
}

export function startJsonFloor(bodies: Record<string, string>, wrapper?: Wrapper): Promise<Target> {
  return startBareServer('json', JSON_FLOOR_SOURCE, bodies, wrapper);
}

/** A bare node:http server of `source` in a child process, answering from the sandbox's response bytes. */
async function startBareServer(
  name: 'ceiling' | 'json',
  source: string,
  bodies: Record<string, string>,
  wrapper?: Wrapper,
): Promise<Target> {
  const started = performance.now();
  const child = spawnNode(
    ['-e', source],
    { env: { ...process.env, CEILING_BODIES: JSON.stringify(bodies) }, stdio: ['ignore', 'pipe', 'inherit'] },
    wrapper,
  );
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(/listening (\d+)/.exec(chunk.toString())?.[1] ?? ''));
    child.once('exit', (code) => reject(new Error(`the ${name} server exited (${code})`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const startupMs = await waitForAnswer(`${origin}/`, started, wrapper?.startLimitMs);
  return {
    name,
    origin,
    startupMs,
    pid: child.pid,
    cpuMs: () => processCpuMs(child.pid),
    close: () => stopChild(child),
  };
}

export async function startPrism(): Promise<Target> {
  const started = performance.now();
  const mock = await startMock({ port: 0 });
  const startupMs = await waitForAnswer(`${mock.baseUrl}/member/me/`, started);
  return {
    name: 'prism',
    origin: mock.origin,
    startupMs,
    cpuMs: () => processCpuMs(mock.pid),
    close: () => mock.close(),
  };
}

export async function json(url: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
}
