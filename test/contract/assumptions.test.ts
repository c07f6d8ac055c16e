// docs/assumptions.md must list every x-assumption of openapi.yaml, as npm run generate makes it now.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { collapse, findAssumptions } from '../../contract/assumptions.js';
import { loadContract } from '../../contract/openapi.js';
import { collectAssumptions, escapeMarkdownHtml, renderAssumptions } from '../../docs-build/assumptions-page.js';
import { ASSUMPTIONS_PATH, assumptionsPage } from '../../generators/generated-files.js';

const committed = readFileSync(ASSUMPTIONS_PATH, 'utf8');
const { document } = loadContract();

test('docs/assumptions.md is fresh (run npm run generate when this fails)', () => {
  expect(committed, 'docs/assumptions.md is stale: run npm run generate').toBe(assumptionsPage());
});

test('each assumption says from which release it holds as written', () => {
  expect(committed).toContain('(`/components/securitySchemes/JwtAccessToken`; since 0.1.0)');
  const since = (text: string) =>
    renderAssumptions(document, (_pointer, t) => (t === text ? 'unreleased' : '0.1.0')).includes('; since unreleased)');
  expect(since(findAssumptions(document)[0]?.text ?? '')).toBe(true);
});

describe('every x-assumption of openapi.yaml appears with its pointer and text', () => {
  const found = findAssumptions(document);

  test('the contract has assumptions to list', () => {
    expect(found.length).toBeGreaterThan(0);
  });

  test.each(found.map((a) => [a.pointer, a.text]))('%s', (pointer, text) => {
    const entry = committed.split('\n- **').find((block) => block.includes(`(\`${pointer}\`; since `));
    expect(entry, `no entry for ${pointer}`).toBeDefined();
    expect(collapse(entry ?? '')).toContain(escapeMarkdownHtml(text));
  });
});

describe('collecting and rendering', () => {
  const doc = {
    openapi: '3.1.0',
    tags: [{ name: 'B' }, { name: 'A' }],
    paths: {
      '/a/': { get: { tags: ['A'], operationId: 'getA', responses: { '200': { $ref: '#/components/responses/Ok' } } } },
      '/b/': {
        parameters: [{ $ref: '#/components/parameters/P' }],
        get: {
          tags: ['B'],
          operationId: 'getB',
          'x-assumption': 'On the operation.',
          responses: { '200': { $ref: '#/components/responses/Ok' } },
        },
      },
    },
    components: {
      parameters: { P: { name: 'p', in: 'query', 'x-assumption': 'Only B uses `<p>` and <this>.' } },
      responses: {
        Ok: {
          description: 'ok',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/S' } } },
        },
      },
      schemas: {
        S: { type: 'object', properties: { n: { type: 'integer', 'x-assumption': 'Nested\n   and folded.' } } },
        Orphan: { type: 'string', 'x-assumption': 'Used by nobody.' },
      },
    },
  };

  test('finds every extension with its JSON pointer, whitespace collapsed', () => {
    expect(findAssumptions(doc)).toEqual([
      { pointer: '/paths/~1b~1/get', text: 'On the operation.' },
      { pointer: '/components/parameters/P', text: 'Only B uses `<p>` and <this>.' },
      { pointer: '/components/schemas/S/properties/n', text: 'Nested and folded.' },
      { pointer: '/components/schemas/Orphan', text: 'Used by nobody.' },
    ]);
  });

  test('names the location and groups by the areas whose operations use it', () => {
    const byPointer = Object.fromEntries(collectAssumptions(doc).map((a) => [a.pointer, a]));
    expect(byPointer['/paths/~1b~1/get']).toMatchObject({ location: 'Operation `getB` (GET `/b/`)', group: 'B' });
    expect(byPointer['/components/parameters/P']).toMatchObject({
      location: 'Parameter `P` (`p` in query)',
      group: 'B',
    });
    expect(byPointer['/components/schemas/S/properties/n']).toMatchObject({
      location: 'Schema `S` at `properties/n`',
      group: 'Shared by several areas',
    });
    expect(byPointer['/components/schemas/Orphan']).toMatchObject({ group: 'Not used by any operation' });
  });

  test('escapes HTML outside code spans only, and orders groups: shared, tags in order, unused', () => {
    const page = renderAssumptions(doc);
    expect(page).toContain('Only B uses `<p>` and &lt;this&gt;.');
    const headings = page.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual([
      '## Shared by several areas',
      '## B',
      '## Not used by any operation',
      '## Not modelled by the contract',
    ]);
  });

  test('assumptions on info or servers are grouped under the whole API, first', () => {
    const page = renderAssumptions({ ...doc, servers: [{ url: 'http://x/', 'x-assumption': 'Why this server.' }] });
    const headings = page.split('\n').filter((l) => l.startsWith('## '));
    expect(headings[0]).toBe('## The whole API');
    const found = collectAssumptions({ ...doc, info: { contact: { 'x-assumption': 'Who.' } } });
    expect(found.find((a) => a.pointer === '/info/contact')).toMatchObject({
      pointer: '/info/contact',
      group: 'The whole API',
    });
  });

  test('a security scheme counts as used by the operations its security requirement covers', () => {
    const secured = {
      openapi: '3.1.0',
      security: [{ Key: [] }],
      paths: {
        '/a/': { get: { operationId: 'getA', tags: ['A'], responses: {} } },
        '/b/': { get: { operationId: 'getB', tags: ['B'], security: [], responses: {} } },
      },
      components: { securitySchemes: { Key: { type: 'apiKey', in: 'header', name: 'X', 'x-assumption': 'Why.' } } },
    };
    expect(collectAssumptions(secured)).toMatchObject([{ pointer: '/components/securitySchemes/Key', group: 'A' }]);
  });

  test('rejects an x-assumption that is not a non-empty string', () => {
    expect(() => findAssumptions({ components: { schemas: { X: { 'x-assumption': { a: 1 } } } } })).toThrow(
      /\/components\/schemas\/X must be a non-empty string/,
    );
  });
});
