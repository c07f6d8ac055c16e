// The release rehearsal (README "Publishing the packages"), made once for every test file of test/package: the four
// packages packed, published with `npm publish` to a private registry (Verdaccio, test/support/registry.ts), then
// installed by name into an empty project with the install lines of the README, as a user does. Nothing of this
// checkout is on the installed project's path. global-setup.ts builds, then runs this file in a process of its own
// beside the other test files; the package files wait for what it writes (`rehearsed`).
//
// Offline: the registry holds only @task-management/*; `npm install --prefer-offline` takes every other package from
// the npm cache that `npm ci` filled for this checkout (the packages pin the versions its lockfile installs).
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { type PackedPackage, packAll } from '../../packaging/pack.js';
import { type Published, publishAll } from '../../packaging/publish.js';
import { userEnv } from '../support/commands.js';
import { startRegistry } from '../support/registry.js';

/** What the rehearsal hands the test files (`rehearsed`). */
export interface Rehearsal {
  /** The temporary folder everything lives in; removed after the last test file. */
  work: string;
  /** The user's project: empty but for the registry line, then the README's install lines, run as written. */
  app: string;
  packed: Record<string, PackedPackage>;
  /** `npm publish --dry-run` of each package folder. */
  dryRun: Published[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The rehearsal's temporary folder (global-setup.ts). */
    rehearsalWork: string;
  }
}

export const root = fileURLToPath(new URL('../..', import.meta.url));
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The version every package is published at. */
export const version: string = rootManifest.version;
const pins: Record<string, string> = { ...rootManifest.dependencies, ...rootManifest.devDependencies };
/** The newest TypeScript that runs on Node 20 here (7.x, the native compiler), beside the 5.9 this checkout uses. */
const NEWEST_TYPESCRIPT = '7.0.2';

/**
 * The install lines of the README's "Install and run" table, in its order, as a user copies them. A bare package of
 * someone else's (`vitest`) gets the version this checkout pins, so that it comes from the cache.
 */
export function readmeInstallLines(readme: string): string[][] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Install and run')) ?? '';
  const lines = [...new Set([...section.matchAll(/`(npm install [^`]+)`/g)].map((m) => m[1] as string))];
  return lines.map((line) =>
    line
      .split(/\s+/)
      .slice(2)
      .map((word) => (word.startsWith('-') || word.startsWith('@task-management/') ? word : `${word}@${pins[word]}`)),
  );
}

const run = promisify(execFile);

/** Where the rehearsal writes what it made, once all of it is there; or why it failed; and its child processes' output. */
const outcomeFile = (work: string) => join(work, 'rehearsal.json');
const failureFile = (work: string) => join(work, 'rehearsal.failed');
export const logFile = (work: string) => join(work, 'rehearsal.log');

/** Pack (from the dist/ global-setup.ts built), publish, then the README's installs one after another, in `work`. */
export async function rehearse(work: string): Promise<Rehearsal> {
  const app = join(work, 'app');
  const env = userEnv();
  const npm = (args: string[]) => run('npm', args, { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });
  const packed = Object.fromEntries(packAll(join(work, 'packs'), { build: false }).map((p) => [p.name, p]));
  // The registry is needed only to publish and install: every test reads the installed project.
  const registry = await startRegistry(join(work, 'registry'));
  try {
    const folders = Object.values(packed).map((p) => p.folder);
    const publishOptions = ['--registry', registry.url, registry.authOption];
    const dryRun = await publishAll(folders, [...publishOptions, '--dry-run'], { cwd: work, env });
    await publishAll(folders, publishOptions, { cwd: work, env });

    mkdirSync(app, { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
    writeFileSync(join(app, '.npmrc'), `@task-management:registry=${registry.url}\n`);
    const quiet = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
    // What the project brings itself: TypeScript (and the newest beside it), Node's types, MSW for the sandbox handlers.
    await npm([
      'install',
      '-D',
      ...quiet,
      `typescript@${pins.typescript}`,
      `typescript-newest@npm:typescript@${NEWEST_TYPESCRIPT}`,
      `@types/node@${pins['@types/node']}`,
      `msw@${pins.msw}`,
    ]);
    for (const line of readmeInstallLines(readFileSync(join(root, 'README.md'), 'utf8'))) {
      await npm(['install', ...quiet, ...line]);
    }
    return { work, app, packed, dryRun };
  } finally {
    await registry.close();
  }
}

/** How long a test file waits for the rehearsal: past what it takes on a 2-core machine at load 20 (about 10 minutes). */
const REHEARSAL_BOUND_MS = 30 * 60_000;

/** What the rehearsal in `work` made, once it is there; its error if it failed; an error naming the bound if it hangs. */
export async function rehearsed(work: string): Promise<Rehearsal> {
  const until = Date.now() + REHEARSAL_BOUND_MS;
  for (;;) {
    if (existsSync(outcomeFile(work))) return JSON.parse(readFileSync(outcomeFile(work), 'utf8')) as Rehearsal;
    if (existsSync(failureFile(work))) {
      throw new Error(`the release rehearsal failed: ${readFileSync(failureFile(work), 'utf8')}`);
    }
    if (Date.now() > until) {
      const log = existsSync(logFile(work)) ? readFileSync(logFile(work), 'utf8').slice(-4000) : '';
      throw new Error(
        `the release rehearsal did not finish within ${REHEARSAL_BOUND_MS / 60_000} minutes; its output:\n${log}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

// Run as `node --import tsx test/package/rehearsal.ts WORK` (global-setup.ts): the outcome is written whole, then renamed
// into place, so a test file never reads half of it.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const work = process.argv[2] as string;
  try {
    const outcome = await rehearse(work);
    writeFileSync(`${outcomeFile(work)}.part`, JSON.stringify(outcome));
    renameSync(`${outcomeFile(work)}.part`, outcomeFile(work));
  } catch (error) {
    const { message, stderr } = error as { message: string; stderr?: string };
    writeFileSync(failureFile(work), `${message}${stderr ? `\n${stderr}` : ''}`);
    process.exitCode = 1;
  }
}
