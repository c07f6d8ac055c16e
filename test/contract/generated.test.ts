// generated/ must be what npm run generate makes from openapi.yaml now (openapi-typescript's types, the document module).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { DOCUMENT_MODULE_PATH, documentModule, generateTypes } from '../../generators/generated-files.js';

const dir = mkdtempSync(join(tmpdir(), 'generated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('generated/schema.d.ts is fresh (run npm run generate when this fails)', () => {
  const fresh = join(dir, 'schema.d.ts');
  generateTypes(fresh);
  const committed = readFileSync(new URL('../../generated/schema.d.ts', import.meta.url), 'utf8');
  expect(committed, 'generated/schema.d.ts is stale: run npm run generate').toBe(readFileSync(fresh, 'utf8'));
});

test('generated/openapi-document.ts is fresh (run npm run generate when this fails)', () => {
  const committed = readFileSync(DOCUMENT_MODULE_PATH, 'utf8');
  expect(committed, 'generated/openapi-document.ts is stale: run npm run generate').toBe(documentModule());
});
