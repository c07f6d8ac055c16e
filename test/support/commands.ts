// Test helper: runs a kit command the way a user does (through npm or npx, in a project of their own), signals the
// process the user started, and waits until its server is gone.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The user's environment: none of the variables npm and vitest set for this checkout's own scripts. */
export function userEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(npm_|VITEST|CONFORMANCE_|GITHUB_|PORT$|NODE_ENV$|TEST$|INIT_CWD$)/.test(k)) env[k] = v;
  }
  return env;
}

/**
 * A project of the user's whose npm script `name` and bin `name` both run `source` (a kit command's entry, from
 * source): `npm run <name>` gives npm → sh → node, `npx <name>` gives npm → sh → the bin → node, as installed.
 */
export function userProject(name: string, source: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kit-command-'));
  // tsx as a loader, no wrapper process in between: node runs the source as it runs a compiled file. Resolved here, not
  // when the module loads: Vitest's globalSetup (test/package/rehearsal.ts) loads this module where import.meta.resolve
  // does not exist.
  const command = `node --import ${import.meta.resolve('tsx')} ${join(root, source)}`;
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'user-project', private: true, scripts: { [name]: command } }),
  );
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  const bin = join(dir, 'node_modules', '.bin', name);
  writeFileSync(bin, `#!/bin/sh\nexec ${command} "$@"\n`);
  chmodSync(bin, 0o755);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Running {
  /** The process the user started (npm, npx), leader of its own process group. */
  child: ChildProcess;
  /** What `ready` captured, e.g. the base URL. */
  found: string;
  output(): string;
}

/**
 * Starts `command args` in `cwd`, in a process group of its own, with the user's environment and `env`, and resolves
 * once `ready` matches its output.
 */
export function start(
  cwd: string,
  command: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = {},
): Promise<Running> {
  const child = spawn(command, args, {
    cwd,
    env: { ...userEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let text = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match?.[1]) resolve({ child, found: match[1], output: () => text });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) =>
      reject(new Error(`${command} ${args.join(' ')} exited (${code}) before it was ready:\n${text}`)),
    );
  });
}

/** Whether any process of the group `pid` leads is alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Resolves once the port refuses connections and every process of the group has exited: the test's timeout bounds it. */
export async function gone(port: number, group: number): Promise<void> {
  while ((await accepts(port)) || groupAlive(group)) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Stops a group that is still running as a user's Ctrl-C does (SIGTERM), so its commands close their servers and remove
 * their temporary files; SIGKILL only if it is still there after `boundMs` (a hang, not a slow stop).
 */
export async function stopGroup(pid: number | undefined, boundMs = 60_000): Promise<void> {
  if (pid === undefined || !groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  const until = Date.now() + boundMs;
  while (groupAlive(pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  killGroup(pid);
}

/** Ends whatever is left of a group (a test that failed leaves an orphan server behind). */
export function killGroup(pid: number | undefined): void {
  if (pid !== undefined && groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

/** Resolves once a connection to the port on loopback is refused: the server has let go of it. */
export async function refused(port: number): Promise<void> {
  while (await accepts(port)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** A connection that made one request and stays open afterwards (HTTP keep-alive), as a browser's does. */
export function keptAlive(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(`GET /api/member/me/ HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n\r\n`);
    });
    socket.once('data', () => resolve(socket));
    // The server ends it when it stops: no error for the test to see.
    socket.on('error', () => undefined);
  });
}

/** `count` processes that keep a core busy each until stopped: a machine whose cores are all taken. */
export function busyCores(count: number): { stop(): void } {
  const hogs = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true }),
  );
  return {
    stop: () => {
      for (const hog of hogs) if (hog.pid !== undefined && groupAlive(hog.pid)) process.kill(-hog.pid, 'SIGKILL');
    },
  };
}
