// The kit's version for `--version` and report headers: the nearest package.json above the running module, which is
// the installed package's own or, in a clone, the repository's.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo {
  name: string;
  version: string;
}

/** The folder of the nearest package.json above `moduleUrl` (pass `import.meta.url`): the package that holds it. */
export function packageRoot(moduleUrl: string): string {
  let dir = dirname(fileURLToPath(moduleUrl));
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Name and version of the package that holds `moduleUrl`. */
export function packageInfo(moduleUrl: string): PackageInfo {
  const file = join(packageRoot(moduleUrl), 'package.json');
  if (!existsSync(file)) return { name: 'unknown', version: '0.0.0' };
  const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as Partial<PackageInfo>;
  return { name: name ?? 'unknown', version: version ?? '0.0.0' };
}
