// Publishes packed packages with `npm publish` (README "Publishing the packages"; npm run release is scripts/release.ts).
// npm publishes the staged folder a tarball was packed from, so that its checks of the manifest run (a tarball is
// sent as it is).

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface Published {
  folder: string;
  /** npm's messages: notices on a dry run, and any warning. */
  stderr: string;
}

/**
 * `npm publish` of each package folder with `options`, one after another (a registry may refuse concurrent writes),
 * in `cwd` (whose .npmrc npm reads) and `env`.
 */
export async function publishAll(
  folders: string[],
  options: string[],
  at: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<Published[]> {
  const published: Published[] = [];
  for (const folder of folders) {
    const { stderr } = await run('npm', ['publish', folder, '--access', 'public', ...options], {
      ...at,
      maxBuffer: 16 * 1024 * 1024,
    });
    published.push({ folder, stderr });
  }
  return published;
}
