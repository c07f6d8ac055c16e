// npm run generate's validator modules: ajv's standalone code (ajv.js.org/standalone.html) for the contract's request
// schemas and the saved world's schema, compiled here so that no page or process running the sandbox compiles code at
// run time (a browser page then needs no 'unsafe-eval' in its Content-Security-Policy).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { _, Name } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { parse } from 'yaml';
import { contractOf } from '../contract/document.js';
import { CONTRACT_PATH } from '../contract/openapi.js';
import { querySchemaOf } from '../contract/request-checks.js';
import { contractAjv, DOC_ID } from '../contract/validators.js';
import { RECORD_SCHEMA, SNAPSHOT_SCHEMA } from '../mocks/sandbox/worlds/snapshot-schema.js';

export const REQUEST_VALIDATORS_PATH = fileURLToPath(new URL('../generated/request-validators.ts', import.meta.url));
export const SNAPSHOT_VALIDATOR_PATH = fileURLToPath(new URL('../generated/snapshot-validator.ts', import.meta.url));
export const JOURNAL_VALIDATOR_PATH = fileURLToPath(new URL('../generated/journal-validator.ts', import.meta.url));

/** The name ajv-formats' formats have in the generated modules (imported by name: no CommonJS default to unwrap). */
const FORMATS = 'fullFormats';

/**
 * Standalone code is ES module code with one exception: ajv writes its runtime helpers (`ucs2length` for string
 * lengths) as `require("ajv/dist/runtime/…").default`, and ajv-formats its formats as a `require` too (replaced by the
 * `code.formats` option). Each helper becomes an import; Node (and bundlers following it) give a CommonJS module's
 * exports object as its default import, other bundlers its `default` export: `runtime()` takes the function from
 * either.
 */
function esModule(source: string, from: string, tail: string): string {
  const helpers = new Map<string, string>();
  const code = source
    .replace(/^"use strict";\n?/, '')
    .replace(/require\("([^"]+)"\)\.default/g, (_match, specifier: string) => {
      if (!specifier.startsWith('ajv/dist/runtime/')) {
        throw new Error(`ajv's standalone code requires ${specifier}, which the generator does not know`);
      }
      let name = helpers.get(specifier);
      if (!name) {
        name = `runtime${helpers.size}`;
        helpers.set(specifier, name);
      }
      return `runtime(${name})`;
    });
  if (/\brequire\(/.test(code))
    throw new Error('ajv standalone code still requires a module the generator does not know');
  const usesFormats = new RegExp(`\\b${FORMATS}\\b`).test(code);
  return [
    '/**',
    ` * This file was generated from ${from} by scripts/generate.ts (npm run generate).`,
    ' * Do not make direct changes to the file.',
    ' */',
    "// @ts-nocheck: ajv's standalone code, compiled at build time (generators/standalone-validators.ts); typed at its exports.",
    ...(usesFormats ? [`import { ${FORMATS} } from 'ajv-formats/dist/formats.js';`] : []),
    ...[...helpers].map(([specifier, name]) => `import ${name} from '${specifier}.js';`),
    "import type { CompiledCheck } from '../contract/request-checks.js';",
    '',
    ...(helpers.size > 0 ? ['const runtime = (m) => m.default ?? m;'] : []),
    code.trimEnd(),
    '',
    tail,
    '',
  ].join('\n');
}

/** ajv options of generated code: ES module syntax, one statement per line (readable diffs), formats imported by name. */
const CODE = { source: true, esm: true, lines: true, formats: _`${new Name(FORMATS)}` };

/** Exports `names` (export name → schema id in `ajv`) as standalone functions, each kept under its own const. */
function standalone(ajv: Ajv2020, names: Record<string, string>): string {
  const code = standaloneCode.default(ajv, names);
  // Named exports would each need a declared type; the tables after them carry the types instead.
  return Object.keys(names).reduce((text, name) => text.replace(`export const ${name} = `, `const ${name} = `), code);
}

/** generated/request-validators.ts: one validator per operation's query and per JSON request body, by operationId. */
export function requestValidatorsModule(): string {
  const contract = contractOf(parse(readFileSync(CONTRACT_PATH, 'utf8')));
  const ajv = contractAjv(contract.document, CODE);
  const names: Record<string, string> = {};
  const queries: string[] = [];
  const bodies: string[] = [];
  for (const op of contract.operations) {
    if (op.parameters.some((p) => p.in === 'query')) {
      ajv.addSchema({ $id: `query-${op.operationId}`, ...querySchemaOf(op, DOC_ID) });
      names[`query_${op.operationId}`] = `query-${op.operationId}`;
      queries.push(`  ${op.operationId}: query_${op.operationId},`);
    }
    if (op.requestBodyPointer) {
      ajv.addSchema({ $id: `body-${op.operationId}`, $ref: `${DOC_ID}#${op.requestBodyPointer}` });
      names[`body_${op.operationId}`] = `body-${op.operationId}`;
      bodies.push(`  ${op.operationId}: body_${op.operationId},`);
    }
  }
  const tail = [
    "/** Each operation's query parameters, as one object (contract/request-checks.ts querySchemaOf), by operationId. */",
    'export const queryValidators: Readonly<Record<string, CompiledCheck>> = {',
    ...queries,
    '};',
    '',
    "/** Each operation's JSON request body, by operationId. */",
    'export const bodyValidators: Readonly<Record<string, CompiledCheck>> = {',
    ...bodies,
    '};',
  ].join('\n');
  return esModule(standalone(ajv, names), 'openapi.yaml', tail);
}

/** How the saved world's schema is compiled: the first problem is enough to name; strict refuses a typo in the schema. */
export const SNAPSHOT_AJV_OPTIONS = { allErrors: false, strict: true, allowUnionTypes: true } as const;

/** generated/snapshot-validator.ts: the saved world's schema (mocks/sandbox/worlds/snapshot-schema.ts). */
export function snapshotValidatorModule(): string {
  const ajv = new Ajv2020({ ...SNAPSHOT_AJV_OPTIONS, code: CODE });
  ajv.addSchema(SNAPSHOT_SCHEMA, 'snapshot');
  const tail = [
    '/** A saved world (a --state file, browser storage) has the shape the sandbox reads back. */',
    'export const validateSnapshot: CompiledCheck = snapshot_validator;',
  ].join('\n');
  return esModule(standalone(ajv, { snapshot_validator: 'snapshot' }), 'mocks/sandbox/worlds/snapshot-schema.ts', tail);
}

/**
 * generated/journal-validator.ts: a --state file's journal record (mocks/sandbox/worlds/snapshot-schema.ts
 * RECORD_SCHEMA), a module of its own since only the node host reads a journal: no browser bundle carries it.
 */
export function journalValidatorModule(): string {
  const ajv = new Ajv2020({ ...SNAPSHOT_AJV_OPTIONS, code: CODE });
  ajv.addSchema(RECORD_SCHEMA, 'record');
  const tail = [
    "/** One record of a --state file's journal has the shape the sandbox applies. */",
    'export const validateRecord: CompiledCheck = record_validator;',
  ].join('\n');
  return esModule(standalone(ajv, { record_validator: 'record' }), 'mocks/sandbox/worlds/snapshot-schema.ts', tail);
}
