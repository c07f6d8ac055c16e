// The package project's globalSetup (vitest.config.ts): builds dist/ before any test file starts, unless it is newer
// than its sources (other files run the built code), then starts the release rehearsal (rehearsal.ts) in a process of
// its own, so that it overlaps the kit's test files; the package files, run after those, wait for what it writes.
// Removes its folder after the last file.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildAll } from '../../packaging/pack.js';
import { userEnv } from '../support/commands.js';
import { logFile, root } from './rehearsal.js';

export default function setup(project: TestProject): () => Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'kit-release-'));
  const remove = () => rmSync(work, { recursive: true, force: true });
  try {
    // Not again when dist/ is newer than every source (npm ci's `prepare` built it): the check costs a tenth of a second.
    buildAll({ whenStale: true });
  } catch (error) {
    remove();
    throw error;
  }
  const log = openSync(logFile(work), 'w');
  // Its own process group, so that ending it ends the npm processes it started too.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./rehearsal.ts', import.meta.url)), work],
    { cwd: root, env: userEnv(), detached: true, stdio: ['ignore', log, log] },
  );
  closeSync(log);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', () => resolve());
  });
  project.provide('rehearsalWork', work);
  return async () => {
    // Still running only when the package files did not wait for it (none selected, or they failed first).
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // It ended between the test and the kill.
      }
    }
    await exited;
    remove();
  };
}
