// The release rehearsal's set-up (README "Publishing the packages"), run once for every test file of test/package
// (vitest.config.ts, their project's globalSetup): the four packages built and packed, published with `npm publish` to a
// private registry (Verdaccio, test/support/registry.ts), then installed by name into an empty project with the install
// lines of the README, as a user does. Nothing of this checkout is on the installed project's path.
//
// Offline: the registry holds only @task-management/*; `npm install --prefer-offline` takes every other package from
// the npm cache that `npm ci` filled for this checkout (the packages pin the versions its lockfile installs).
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';
import { type PackedPackage, packAll } from '../../packaging/pack.js';
import { type Published, publishAll } from '../../packaging/publish.js';
import { userEnv } from '../support/commands.js';
import { startRegistry } from '../support/registry.js';

/** What the set-up hands the test files (`inject('rehearsal')`). */
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
    rehearsal: Rehearsal;
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

/** Build and pack (two tsc projects and the docs pages), publish, then the README's installs one after another. */
export default async function setup(project: TestProject): Promise<() => void> {
  const work = mkdtempSync(join(tmpdir(), 'kit-release-'));
  const app = join(work, 'app');
  const env = userEnv();
  const npm = (args: string[]) => run('npm', args, { cwd: app, env, maxBuffer: 64 * 1024 * 1024 });
  const remove = () => rmSync(work, { recursive: true, force: true });
  try {
    const packed = Object.fromEntries(packAll(join(work, 'packs')).map((p) => [p.name, p]));
    // The registry is needed only to publish and install: every test reads the installed project.
    const registry = await startRegistry(join(work, 'registry'));
    let dryRun: Published[];
    try {
      const folders = Object.values(packed).map((p) => p.folder);
      const publishOptions = ['--registry', registry.url, registry.authOption];
      dryRun = await publishAll(folders, [...publishOptions, '--dry-run'], { cwd: work, env });
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
    } finally {
      await registry.close();
    }
    project.provide('rehearsal', { work, app, packed, dryRun });
    return remove;
  } catch (error) {
    remove();
    throw error;
  }
}
