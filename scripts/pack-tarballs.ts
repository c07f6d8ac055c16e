// npm run pack [-- OUT_DIR]: builds dist/ and packs the kit's npm packages into tarballs (packaging/pack.ts), by
// default into build/packages/, and prints each one's size, file count and direct dependencies.
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packAll } from '../packaging/pack.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = process.argv[2] ?? join(root, 'build/packages');
for (const p of packAll(outDir)) {
  const deps = Object.keys(p.dependencies);
  console.log(
    `${relative(process.cwd(), p.tarball)}  ${(p.size / 1024).toFixed(0)} kB packed, ${(p.unpackedSize / 1024).toFixed(0)} kB unpacked, ${p.files.length} files, ${deps.length} direct dependencies (${deps.join(', ') || 'none'})`,
  );
}
