// What the release rehearsal's test files share (test/package/rehearsal.ts makes the project once for all of them):
// the installed project, and running commands in it as its user does.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inject } from 'vitest';
import { userEnv } from '../support/commands.js';

import { rehearsed } from './rehearsal.js';

export { readmeInstallLines, root, version } from './rehearsal.js';

export const { work, app, packed, dryRun } = await rehearsed(inject('rehearsalWork'));
export const run = promisify(execFile);

export function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...userEnv(), ...extra };
}

export async function npm(args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, { cwd: app, env: env(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command in the project at `cwd`, its outcome whatever its exit code. */
async function inProject(
  cwd: string,
  command: string,
  args: string[],
  extra: Record<string, string>,
): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, env: env(extra), maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** A command in the user's project, its outcome whatever its exit code. */
export const inApp = (command: string, args: string[], extra: Record<string, string> = {}) =>
  inProject(app, command, args, extra);

/** `npx --no <bin> …` in the user's project (or in `cwd`): the installed bin or nothing (never a download). */
export const npx = (args: string[], extra: Record<string, string> = {}, cwd = app) =>
  inProject(cwd, 'npx', ['--no', '--', ...args], extra);

/**
 * A second project of the user's, its package.json a copy of the installed one's and its node_modules that project's:
 * for a command that rewrites package.json while other test files run commands in the installed project.
 */
export function projectBeside(name: string): string {
  const dir = join(work, name);
  mkdirSync(dir);
  copyFileSync(join(app, 'package.json'), join(dir, 'package.json'));
  symlinkSync(join(app, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}

/**
 * Every file of the package installed at `dir`, as paths relative to it: not a dependency npm placed inside it (a
 * second version of a package the project also has lands in the package's own node_modules).
 */
export function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [join(prefix, entry.name)];
    return entry.name === 'node_modules' ? [] : filesUnder(dir, join(prefix, entry.name));
  });
}

export const installed = (name: string) => join(app, 'node_modules', name);
