// Where task-sandbox keeps its admin secret (docs/sandbox.md "Control endpoints and who may call them"): in a folder
// only its user can create files in, so another user's file in the shared temporary folder can neither keep it off its
// port nor hand this machine's tools a secret of theirs. The sandbox runs as a user of its own (spawn's uid) beside an
// "attacker" (uid 65534), which needs root, as the tests run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { freePort } from '../../mocks/prism/process.js';
import { adminSecretFile } from '../../mocks/sandbox/hosts/dev-proxy.js';
import { groupAlive, killGroup } from '../support/commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const asRoot = process.platform !== 'win32' && process.getuid?.() === 0;
/** The developer running task-sandbox, and another user of the machine. */
const USER = 54321;
const ATTACKER = 65534;

const dir = mkdtempSync(join(tmpdir(), 'sandbox-secret-place-'));
chmodSync(dir, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let cases = 0;
/** A machine of its own: a shared temporary folder (1777, as /tmp) and the user's home (0700, the user's). */
function machine() {
  const base = join(dir, `m${++cases}`);
  const shared = join(base, 'tmp');
  const home = join(base, 'home');
  mkdirSync(shared, { recursive: true });
  chmodSync(base, 0o755);
  chmodSync(shared, 0o1777);
  mkdirSync(home, { mode: 0o700 });
  chownSync(home, USER, USER);
  return { shared, home };
}

/** A file (or folder) of the attacker's, with `mode`. */
function planted(path: string, mode: number, text?: string) {
  if (text === undefined) mkdirSync(path);
  else writeFileSync(path, text);
  chmodSync(path, mode);
  chownSync(path, ATTACKER, ATTACKER);
}

const running: ChildProcess[] = [];
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.pid === undefined || !groupAlive(child.pid)) continue;
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    killGroup(child.pid);
  }
});

/** `task-sandbox --port <port>` run by USER with `env`; resolves with the file its banner names, or its failure. */
function sandbox(port: number, env: NodeJS.ProcessEnv): Promise<{ file?: string; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/sandbox/main.ts', '--port', String(port)], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    uid: USER,
    gid: USER,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let output = '';
  return new Promise((resolve) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /X-Sandbox-Admin-Secret \(in (\S+)\)/.exec(output);
      if (found) resolve({ file: found[1], output });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', () => resolve({ output }));
  });
}

/** adminSecretFile(port) as a process of USER with `env` finds it: what sandboxControlsProxy reads. */
function secretFileSeenBy(port: number, env: NodeJS.ProcessEnv): string {
  const script = `const { adminSecretFile } = await import('./mocks/sandbox/hosts/dev-proxy.ts'); console.log(adminSecretFile(${port}));`;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    uid: USER,
    gid: USER,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return run.stdout.trim();
}

const reset = (port: number, secret: string) =>
  fetch(`http://127.0.0.1:${port}/_sandbox/reset/`, { method: 'POST', headers: { 'x-sandbox-admin-secret': secret } });

describe.skipIf(!asRoot)('another user of the machine', () => {
  test("a file of another user at the old secret's path in the shared temporary folder keeps nobody off the port", async () => {
    const { shared, home } = machine();
    const port = await freePort('127.0.0.1');
    // What the attack did: the secret's file name on that port, taken first by another user (sticky folder: the
    // developer cannot remove it).
    planted(join(shared, `task-sandbox-${port}.secret`), 0o644, 'attacker');
    const started = await sandbox(port, { TMPDIR: shared, HOME: home });
    expect(started.output).toContain('Sandbox listening:');
    const file = started.file as string;
    // A folder of the user's alone, 0700, with the secret 0600 in it; the banner names it and the controls take it.
    expect(file).toBe(join(shared, `task-sandbox-${USER}`, `task-sandbox-${port}.secret`));
    const folder = statSync(join(shared, `task-sandbox-${USER}`));
    expect([folder.uid, folder.mode & 0o777]).toEqual([USER, 0o700]);
    expect([statSync(file).uid, statSync(file).mode & 0o777]).toEqual([USER, 0o600]);
    expect((await reset(port, readFileSync(file, 'utf8').trim())).status).toBe(200);
    expect((await reset(port, 'attacker')).status).toBe(401);
    // The tools of the same user (sandboxControlsProxy in the dev server) find the same file.
    expect(secretFileSeenBy(port, { TMPDIR: shared, HOME: home })).toBe(file);
  }, 90_000);

  test('a folder another user made at the per-user name, with a secret of theirs in it, is passed over', async () => {
    const { shared, home } = machine();
    const port = await freePort('127.0.0.1');
    const taken = join(shared, `task-sandbox-${USER}`);
    planted(taken, 0o777);
    planted(join(taken, `task-sandbox-${port}.secret`), 0o666, 'attacker');
    const started = await sandbox(port, { TMPDIR: shared, HOME: home });
    expect(started.output).toContain('Sandbox listening:');
    expect(started.file).toBe(join(home, '.task-sandbox', `task-sandbox-${port}.secret`));
    expect(statSync(join(home, '.task-sandbox')).mode & 0o777).toBe(0o700);
    expect((await reset(port, 'attacker')).status).toBe(401);
    expect((await reset(port, readFileSync(started.file as string, 'utf8').trim())).status).toBe(200);
    expect(secretFileSeenBy(port, { TMPDIR: shared, HOME: home })).toBe(started.file);
    expect(readFileSync(join(taken, `task-sandbox-${port}.secret`), 'utf8')).toBe('attacker');
  }, 90_000);

  test("$XDG_RUNTIME_DIR is used when it is the user's and private, and passed over when it is not", async () => {
    const { shared, home } = machine();
    const runtime = join(shared, 'run-user');
    mkdirSync(runtime, { mode: 0o700 });
    chownSync(runtime, USER, USER);
    const port = await freePort('127.0.0.1');
    const started = await sandbox(port, { TMPDIR: shared, HOME: home, XDG_RUNTIME_DIR: runtime });
    expect(started.file).toBe(join(runtime, `task-sandbox-${port}.secret`));
    // Another user's runtime folder, or one others may enter, is not this user's: the per-user folder is used.
    const foreign = join(shared, 'run-other');
    planted(foreign, 0o700);
    expect(adminSecretFile(4010, { XDG_RUNTIME_DIR: foreign })).not.toContain(foreign);
    const open = join(shared, 'run-open');
    mkdirSync(open, { mode: 0o755 });
    expect(adminSecretFile(4010, { XDG_RUNTIME_DIR: open })).not.toContain(open);
    expect(adminSecretFile(4010, { XDG_RUNTIME_DIR: 'relative/run' })).not.toContain('relative');
  }, 90_000);
});
