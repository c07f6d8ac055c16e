// The files npm run generate (scripts/generate.ts) writes from the contract, and where: generated/schema.d.ts by
// openapi-typescript's own CLI (banner included), generated/openapi-document.ts (the parsed contract, for code that
// cannot read files), docs/assumptions.md and docs/changes.md; the validators are in standalone-validators.ts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { assumptionSince } from '../contract/evolution/history.js';
import { CONTRACT_PATH } from '../contract/openapi.js';
import { renderAssumptions } from '../docs-build/assumptions-page.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const ASSUMPTIONS_PATH = fileURLToPath(new URL('../docs/assumptions.md', import.meta.url));

/** Runs openapi-typescript on openapi.yaml and writes its output to `outFile`. */
export function generateTypes(outFile: string): void {
  execFileSync('node_modules/.bin/openapi-typescript', ['openapi.yaml', '-o', outFile], { cwd: root, stdio: 'pipe' });
}

export const DOCUMENT_MODULE_PATH = fileURLToPath(new URL('../generated/openapi-document.ts', import.meta.url));

/** openapi.yaml as a TypeScript module: the sandbox core and other browser code import the contract from it. */
export function documentModule(): string {
  const document = parse(readFileSync(CONTRACT_PATH, 'utf8'));
  return [
    '/**',
    ' * This file was generated from openapi.yaml by scripts/generate.ts (npm run generate).',
    ' * Do not make direct changes to the file.',
    ' */',
    '',
    `export const openapiDocument: Record<string, unknown> = ${JSON.stringify(document, null, 2)};`,
    '',
  ].join('\n');
}

/** The assumptions page as openapi.yaml makes it now, each assumption with the release it holds from. */
export function assumptionsPage(): string {
  return renderAssumptions(parse(readFileSync(CONTRACT_PATH, 'utf8')), assumptionSince());
}

export const CHANGES_PATH = fileURLToPath(new URL('../docs/changes.md', import.meta.url));
