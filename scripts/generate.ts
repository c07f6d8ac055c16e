// npm run generate: writes generated/schema.d.ts from openapi.yaml with openapi-typescript's own CLI (banner included).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs openapi-typescript on openapi.yaml and writes its output to `outFile`. */
export function generateTypes(outFile: string): void {
  execFileSync('node_modules/.bin/openapi-typescript', ['openapi.yaml', '-o', outFile], { cwd: root, stdio: 'pipe' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generateTypes('generated/schema.d.ts');
  console.log('wrote generated/schema.d.ts');
}
