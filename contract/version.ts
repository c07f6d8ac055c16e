// The kit's version for `--version` and report headers: the nearest package.json above the running module, which is
// the installed package's own or, in a clone, the repository's.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface PackageInfo {
  name: string;
  version: string;
}

/** Name and version of the package that holds `moduleUrl` (pass `import.meta.url`). */
export function packageInfo(moduleUrl: string): PackageInfo {
  let dir = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as Partial<PackageInfo>;
      if (typeof name === 'string' && typeof version === 'string') return { name, version };
    }
    if (dirname(dir) === dir) return { name: 'unknown', version: '0.0.0' };
    dir = dirname(dir);
  }
}
