// A --state file another local user planted or can change is refused, never adopted (docs/sandbox.md "Durability
// (--state)"): the file must be this user's and not writable by every user, its folder this user's (or root's) and not
// writable by every user unless sticky. Files of another user are made with chown, so those cases need root.
import { execFile } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  lchownSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { snapshotText } from '../../mocks/sandbox/worlds/snapshot.js';
import { loadStateFile, StatePlaceRefused } from '../../mocks/sandbox/worlds/state-file.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-place-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Another local user: `nobody`. */
const OTHER = 65534;
const posix = process.platform !== 'win32';
const asRoot = posix && process.getuid?.() === 0;
const WHAT_TO_DO = 'move it away, or give --state (or SANDBOX_STATE) a file in a folder of your own';

let folders = 0;
/** A folder of this user (0700 unless told), holding `state.json` with the demo world when `file` is given. */
async function place(folderMode = 0o700, file?: { mode: number; owner?: number }) {
  const folder = join(dir, `f${++folders}`);
  mkdirSync(folder);
  chmodSync(folder, folderMode);
  const path = join(folder, 'state.json');
  if (file) {
    writeFileSync(path, `${await snapshotText(createSandbox().store)}\n`);
    chmodSync(path, file.mode);
    if (file.owner !== undefined) chownSync(path, file.owner, file.owner);
  }
  return { folder, path };
}

/** `task-sandbox --state file`, as the user runs it: its exit code and what it printed. */
async function sandboxWith(file: string): Promise<{ code: number | undefined; stderr: string; stdout: string }> {
  const run = promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'mocks/sandbox/main.ts', '--state', file, '--port', '0'],
    { cwd: root, timeout: 60_000 },
  );
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code?: number; stdout?: string; stderr?: string }) => ({
      code: e.code,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    }),
  );
}

describe.skipIf(!asRoot)('planted by another user (needs root to chown, as the tests run)', () => {
  test("task-sandbox refuses another user's state file (mode 0666) with a clear error, and leaves it as it was", async () => {
    const { path } = await place(0o700, { mode: 0o666, owner: OTHER });
    const before = readFileSync(path, 'utf8');
    const run = await sandboxWith(path);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `sandbox: refusing the state file ${path}: it is owned by another user (uid ${OTHER})`,
    );
    expect(run.stderr).toContain(WHAT_TO_DO);
    // A clear error, no stack trace, and no server started.
    expect(run.stderr).not.toMatch(/^\s+at /m);
    expect(run.stdout).not.toContain('Sandbox');
    expect(readFileSync(path, 'utf8')).toBe(before);
    expect(statSync(path).mode & 0o777).toBe(0o666);
  }, 90_000);

  test.each([0o600, 0o644])('a file of another user with mode %o is refused too', async (mode) => {
    const { path } = await place(0o700, { mode, owner: OTHER });
    await expect(loadStateFile(path)).rejects.toThrow(StatePlaceRefused);
  });

  test('in a sticky shared folder (as /tmp), a file another user put there is refused', async () => {
    const { path } = await place(0o1777, { mode: 0o600, owner: OTHER });
    await expect(loadStateFile(path)).rejects.toThrow(`it is owned by another user (uid ${OTHER})`);
  });

  test('a link another user put at the name is refused, even to a file of ours', async () => {
    const { folder, path: ours } = await place(0o1777, { mode: 0o600 });
    const link = join(folder, 'link.json');
    symlinkSync(ours, link);
    lchownSync(link, OTHER, OTHER);
    await expect(loadStateFile(link)).rejects.toThrow(StatePlaceRefused);
  });

  test('a folder of another user is refused, a file there or not', async () => {
    const { folder, path } = await place(0o755);
    chownSync(folder, OTHER, OTHER);
    await expect(loadStateFile(path)).rejects.toThrow(
      `sandbox: refusing the state file ${path}: its folder ${folder} is owned by another user (uid ${OTHER})`,
    );
  });
});

describe.skipIf(!posix)('modes that let every user change it', () => {
  test('task-sandbox refuses a state file of its own that every user may write (0666), naming path and remedy', async () => {
    const { path } = await place(0o700, { mode: 0o666 });
    const run = await sandboxWith(path);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`sandbox: refusing the state file ${path}: it is writable by every user (mode 0666)`);
    expect(run.stderr).toContain(WHAT_TO_DO);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  }, 90_000);

  test('a folder every user may write, without the sticky bit, is refused even before the file exists', async () => {
    const { folder, path } = await place(0o777);
    await expect(loadStateFile(path)).rejects.toThrow(
      `its folder ${folder} is writable by every user without the sticky bit (mode 0777)`,
    );
  });

  test.each([
    ['a private folder', 0o700, 0o600],
    ['a sticky shared folder (as /tmp)', 0o1777, 0o600],
    ['a folder its group may write', 0o770, 0o640],
  ])('a file of this user in %s loads', async (_, folderMode, fileMode) => {
    const { path } = await place(folderMode, { mode: fileMode });
    expect(await loadStateFile(path)).toBeDefined();
  });

  test('no file yet in a folder of this user: a fresh start', async () => {
    const { path } = await place(0o700);
    expect(await loadStateFile(path)).toBeUndefined();
  });
});
