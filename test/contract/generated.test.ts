// generated/ must be what openapi-typescript makes from openapi.yaml now (npm run generate).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { generateTypes } from '../../scripts/generate.js';

const dir = mkdtempSync(join(tmpdir(), 'generated-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('generated/schema.d.ts is fresh (run npm run generate when this fails)', () => {
  const fresh = join(dir, 'schema.d.ts');
  generateTypes(fresh);
  const committed = readFileSync(new URL('../../generated/schema.d.ts', import.meta.url), 'utf8');
  expect(committed, 'generated/schema.d.ts is stale: run npm run generate').toBe(readFileSync(fresh, 'utf8'));
});
