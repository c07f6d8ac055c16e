// npm run release -- --registry <URL> [npm publish options] (README "Publishing the packages"): packs the kit's four
// packages (packaging/pack.ts) and publishes each, public, to the registry given (packaging/publish.ts). The options
// pass through: `--dry-run` shows what would go, `--//host/:_authToken=…` or the user's .npmrc gives the login.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packAll } from '../packaging/pack.js';
import { publishAll } from '../packaging/publish.js';

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
