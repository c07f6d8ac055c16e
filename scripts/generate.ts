// npm run generate: writes generated/schema.d.ts with openapi-typescript's own CLI (banner included),
// generated/openapi-document.ts (the parsed contract, for code that cannot read files), the validators compiled at build
// time (generated/request-validators.ts, generated/snapshot-validator.ts, generated/journal-validator.ts),
// docs/assumptions.md, docs/rules.md and docs/changes.md.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { RULES_DOC_PATH, renderRulesDoc } from '../conformance/write-rules-doc.js';
import { assumptionSince, renderChangesPage } from '../contract/evolution/history.js';
import { CONTRACT_PATH } from '../contract/openapi.js';
import { renderAssumptions } from './assumptions.js';
import {
  JOURNAL_VALIDATOR_PATH,
  journalValidatorModule,
  REQUEST_VALIDATORS_PATH,
  requestValidatorsModule,
  SNAPSHOT_VALIDATOR_PATH,
  snapshotValidatorModule,
} from './standalone-validators.js';

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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  generateTypes('generated/schema.d.ts');
  console.log('wrote generated/schema.d.ts');
  writeFileSync(DOCUMENT_MODULE_PATH, documentModule());
  console.log('wrote generated/openapi-document.ts');
  writeFileSync(REQUEST_VALIDATORS_PATH, requestValidatorsModule());
  console.log('wrote generated/request-validators.ts');
  writeFileSync(SNAPSHOT_VALIDATOR_PATH, snapshotValidatorModule());
  console.log('wrote generated/snapshot-validator.ts');
  writeFileSync(JOURNAL_VALIDATOR_PATH, journalValidatorModule());
  console.log('wrote generated/journal-validator.ts');
  writeFileSync(ASSUMPTIONS_PATH, assumptionsPage());
  console.log('wrote docs/assumptions.md');
  writeFileSync(RULES_DOC_PATH, renderRulesDoc());
  console.log('wrote docs/rules.md');
  writeFileSync(CHANGES_PATH, renderChangesPage());
  console.log('wrote docs/changes.md');
}
