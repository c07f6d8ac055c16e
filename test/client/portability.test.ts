// The client runs in browsers too: its modules import nothing but each other, openapi-fetch, the generated types and
// the two dependency-free shapes it shares with the rest of the kit (contract/json.ts, contract/http.ts).
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const dir = new URL('../../client/', import.meta.url);
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts'));

/** Modules of contract/ the client may import: each imports nothing at all (checked below). */
const SHARED = ['../contract/json.js', '../contract/http.js'];

test.each(SHARED)('%s, shared with the client, imports nothing', (specifier) => {
  const source = readFileSync(new URL(specifier.replace(/\.js$/, '.ts'), dir), 'utf8');
  expect(source).not.toMatch(/(^|\n)\s*(import|export)\s[^\n]*\sfrom\s/);
});

test('the client has modules to check', () => {
  expect(modules).toContain('index.ts');
});

test.each(modules)('client/%s imports only browser-safe modules', (file) => {
  const source = readFileSync(new URL(file, dir), 'utf8');
  const specifiers = [...source.matchAll(/(?:^|\n)\s*(import|export)\s+(type\s+)?[^'"]*?from\s+'([^']+)'/g)].map(
    (m) => ({ specifier: m[3] ?? '', typeOnly: Boolean(m[2]) }),
  );
  for (const { specifier, typeOnly } of specifiers) {
    const allowed =
      specifier === 'openapi-fetch' ||
      /^\.\/[\w-]+\.js$/.test(specifier) ||
      SHARED.includes(specifier) ||
      (typeOnly && specifier === '../generated/schema.js');
    expect(allowed, `${file} imports ${specifier}`).toBe(true);
  }
  expect(source).not.toMatch(/\bprocess\.|\brequire\(|from 'node:/);
});
