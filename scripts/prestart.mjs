// npm start's first step: rebuilds only what is stale (docs/index.html, the compiled sandbox in dist/), in plain
// JavaScript so that the usual case, everything fresh, costs milliseconds and loads neither tsx nor the redocly CLI.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from '../docs-build/docs-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The compiled entry point `npm start` runs. */
export const SANDBOX_MAIN = join(root, 'dist/mocks/sandbox/main.js');

/** Every TypeScript source the compiled sandbox is built from (tsconfig.node.json and what it imports). */
function sandboxInputs() {
  const files = ['tsconfig.json', 'tsconfig.node.json', 'package.json'].map((f) => join(root, f));
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  for (const dir of ['mocks/sandbox', 'contract', 'generated']) walk(join(root, dir));
  return files;
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (isStale()) {
  run(process.execPath, ['--import', 'tsx', 'scripts/docs.ts']);
}
if (isStale(SANDBOX_MAIN, sandboxInputs())) {
  console.log('dist/ is older than the sandbox sources: compiling (tsc -p tsconfig.node.json)');
  run(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.node.json']);
}
if (!existsSync(SANDBOX_MAIN)) {
  console.error(`sandbox: ${SANDBOX_MAIN} is missing after the build`);
  process.exit(1);
}
