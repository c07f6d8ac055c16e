// npm run release -- --registry <URL> [npm publish options] (README "Publishing the packages"): packs the kit's four
// packages (scripts/pack.ts) and publishes each with `npm publish`, public, to the registry given. npm publishes the
// staged folder the tarball was packed from, so that its checks of the manifest run (a tarball is sent as it is). The
// options pass through: `--dry-run` shows what would go, `--//host/:_authToken=…` or the user's .npmrc gives the login.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { packAll } from './pack.js';

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = process.argv.slice(2);
  if (!options.some((o) => o === '--registry' || o.startsWith('--registry='))) {
    console.error('npm run release -- --registry <URL> [--dry-run] [npm publish options]: which registry?');
    process.exit(2);
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  const packed = packAll(join(root, 'build/packages'));
  for (const { folder, stderr } of await publishAll(
    packed.map((p) => p.folder),
    options,
  )) {
    process.stderr.write(stderr);
    console.log(`${options.includes('--dry-run') ? 'would publish' : 'published'} ${folder}`);
  }
}
