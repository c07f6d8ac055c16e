// The contract diff's command on hostile input (docs/changes.md): bad files exit 2 naming the file and the place,
// schemas named many times are compared once per pair, and contracts past its limits exit 2 naming the limit.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import {
  type Change,
  compareContracts,
  MAX_SCHEMA_DEPTH,
  MAX_USED_BY,
  MORE_USERS,
} from '../../contract/evolution/compare.js';
import { contractDiff } from '../../contract/evolution/diff-command.js';
import { MAX_CONTRACT_BYTES, MAX_CONTRACT_DEPTH, resolveRefs } from '../../contract/resolved.js';
import { answer, changesBetween, changesOf, type Edit, type Node } from './evolution-contracts.js';

describe('contract:diff on bad input: exit 2 naming the file and the place', () => {
  const work = mkdtempSync(join(tmpdir(), 'contract-bad-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each([
    ['a file that does not parse', 'openapi: 3.1.0\npaths: {\n', /broken\.yaml at line \d+, column \d+: /],
    [
      'a $ref that names nothing',
      'openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a/:\n    get:\n      responses:\n        "200": {$ref: "#/components/responses/Nope"}\n',
      /broken\.yaml at \/paths\/~1a~1\/get\/responses\/200: \$ref #\/components\/responses\/Nope names nothing/,
    ],
    ['a file that is no contract', 'just: text\n', /broken\.yaml: is not an OpenAPI document/],
    [
      'a YAML alias bomb',
      `openapi: 3.1.0\npaths: {}\na: &a [x, x, x, x, x, x, x, x, x]\n${Array.from(
        { length: 9 },
        (_, i) =>
          `b${i}: &b${i} [${Array(9)
            .fill(i === 0 ? '*a' : `*b${i - 1}`)
            .join(', ')}]`,
      ).join('\n')}\n`,
      /broken\.yaml: Excessive alias count .*more than 100 aliases, the limit/,
    ],
    [
      'a $ref to another file',
      'openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a/:\n    get:\n      responses:\n        "200": {$ref: "other.yaml#/x"}\n',
      /\$ref other\.yaml#\/x is not local/,
    ],
    [
      'a $ref to a file URL',
      'openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a/:\n    get:\n      responses:\n        "200": {$ref: "file:///etc/passwd"}\n',
      /\$ref file:\/\/\/etc\/passwd is not local/,
    ],
    [
      'a $ref that leads back to itself through $refs alone',
      `${'openapi: 3.1.0\ninfo: {title: t, version: 1.0.0}\npaths:\n  /a/:\n    get:\n      responses:\n        "200": {$ref: "#/components/responses/R1"}\n'}components:\n  responses:\n    R1: {$ref: "#/components/responses/R2"}\n    R2: {$ref: "#/components/responses/R1"}\n`,
      /\$ref #\/components\/responses\/R1 leads back to itself \(#\/components\/responses\/R1 → #\/components\/responses\/R2 → #\/components\/responses\/R1\)/,
    ],
  ])('%s', (_what, text, message) => {
    const file = join(work, 'broken.yaml');
    writeFileSync(file, text);
    const result = contractDiff(['0.1.0', file]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(message);
    expect(result.err).not.toMatch(/\n\s+at /);
  });

  it('an unknown version, or too many arguments', () => {
    expect(contractDiff(['7.7.7'])).toMatchObject({
      code: 2,
      err: 'contract:diff: no released contract 7.7.7 (released: 0.1.0)\n',
    });
    expect(contractDiff(['a', 'b', 'c']).code).toBe(2);
  });
});

/**
 * A contract whose schemas S0…S`n` each name the next twice (a DAG, no cycle): inlined, S0 would hold 2^n copies of
 * S`n`. `ops` operations answer S0; `leaf` is S`n`'s properties.
 */
function chainOfSchemas(n: number, leaf: Node, ops = 1): Node {
  const schemas: Node = {};
  for (let i = 0; i < n; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = { type: 'object', properties: { a: next, b: next } };
  }
  schemas[`S${n}`] = { type: 'object', properties: leaf };
  const paths: Node = {};
  for (let i = 0; i < ops; i++) {
    paths[`/x${i}/`] = {
      get: {
        operationId: `getX${i}`,
        responses: {
          '200': {
            description: 'ok',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } },
          },
        },
      },
    };
  }
  return { openapi: '3.1.0', info: { title: 't', version: '0.1.0' }, paths, components: { schemas } };
}

describe('contract:diff on schemas named many times: each pair of names compared once', () => {
  const work = mkdtempSync(join(tmpdir(), 'contract-dag-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const write = (name: string, doc: Node) => {
    const file = join(work, name);
    writeFileSync(file, stringify(doc));
    return file;
  };

  it('S0…S40, each naming the next twice: the one change is found once, at its schema, with who uses it', () => {
    const older = write('old.yaml', chainOfSchemas(40, { leaf: { type: 'string' } }, 2));
    const newer = write('new.yaml', chainOfSchemas(40, { leaf: { type: 'string' }, more: { type: 'string' } }, 2));
    const result = contractDiff([older, newer, '--json']);
    expect(result.code, result.err).toBe(0);
    const { changes } = JSON.parse(result.out) as { changes: Change[] };
    expect(changes).toEqual([
      expect.objectContaining({
        kind: 'property-added-optional',
        place: '/components/schemas/S40/properties/more',
        usedBy: ['GET /x0/', 'GET /x1/'],
      }),
    ]);
    expect(contractDiff([older, newer]).out).toContain('/components/schemas/S40, used by GET /x0/, GET /x1/');
  });

  it('a schema written inline on one side and named on the other is compared by what it holds, in place', () => {
    /** The answer's schema moved to components/schemas/Thing, named by $ref; `edit` changes Thing. */
    const named =
      (edit: (thing: Node & { properties: Node }) => void = () => undefined): Edit =>
      (op, doc) => {
        const thing = answer(op).schema;
        edit(thing);
        Object.assign(doc.components as Node, { schemas: { Thing: thing } });
        Object.assign(answer(op), { schema: { $ref: '#/components/schemas/Thing' } });
      };
    const place = '/paths/~1thing~1/patch/responses/200/content/application~1json/schema';
    expect(changesOf(named())).toEqual([]);
    expect(changesBetween(named(), () => undefined)).toEqual([]);
    const gone = named((thing) => delete thing.properties.note);
    expect(changesOf(gone).map((c) => [c.kind, c.class, c.place])).toEqual([
      ['property-removed', 'breaking-clients', `${place}/properties/note`],
    ]);
    expect(changesBetween(gone, () => undefined).map((c) => [c.kind, c.class, c.place])).toEqual([
      ['property-added-optional', 'compatible', `${place}/properties/note`],
    ]);
  });

  it('a recursive schema and a renamed one are compared by what they hold', () => {
    const tree = (extra: Node, name = 'Tree'): Node => ({
      openapi: '3.1.0',
      info: { title: 't', version: '0.1.0' },
      paths: {
        '/t/': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          [name]: {
            type: 'object',
            properties: { children: { type: 'array', items: { $ref: `#/components/schemas/${name}` } }, ...extra },
          },
        },
      },
    });
    const same = compareContracts(
      { raw: tree({}), resolved: resolveRefs(tree({}), 'a', { keepSchemas: true }) },
      { raw: tree({}, 'Node'), resolved: resolveRefs(tree({}, 'Node'), 'b', { keepSchemas: true }) },
    );
    expect(same).toEqual([]);
    const gone = compareContracts(
      {
        raw: tree({ name: { type: 'string' } }),
        resolved: resolveRefs(tree({ name: { type: 'string' } }), 'a', { keepSchemas: true }),
      },
      { raw: tree({}), resolved: resolveRefs(tree({}), 'b', { keepSchemas: true }) },
    );
    expect(gone.map((c) => [c.kind, c.place, c.usedBy])).toEqual([
      ['property-removed', '/components/schemas/Tree/properties/name', ['GET /t/']],
    ]);
  });

  it(`names at most ${MAX_USED_BY} operations that use a changed schema, then ${MORE_USERS}`, () => {
    const older = chainOfSchemas(2, { leaf: { type: 'string' } }, MAX_USED_BY + 5);
    const newer = chainOfSchemas(2, {}, MAX_USED_BY + 5);
    const [change] = compareContracts(
      { raw: older, resolved: resolveRefs(older, 'a', { keepSchemas: true }) },
      { raw: newer, resolved: resolveRefs(newer, 'b', { keepSchemas: true }) },
    );
    expect(change?.usedBy).toHaveLength(MAX_USED_BY + 1);
    expect(change?.usedBy?.at(-1)).toBe(MORE_USERS);
  });

  it(`names all ${MAX_USED_BY} operations that use a changed schema when there are exactly that many`, () => {
    const older = chainOfSchemas(2, { leaf: { type: 'string' } }, MAX_USED_BY);
    const newer = chainOfSchemas(2, {}, MAX_USED_BY);
    const [change] = compareContracts({ raw: older, resolved: older }, { raw: newer, resolved: newer });
    expect(change?.usedBy).toHaveLength(MAX_USED_BY);
    expect(change?.usedBy).not.toContain(MORE_USERS);
  });

  it(`compares a chain of schemas exactly ${MAX_SCHEMA_DEPTH} deep, and refuses one deeper`, () => {
    // Each named schema is two levels: the $ref that names it, and the schema itself.
    const compare = (n: number) => {
      const [older, newer] = [chainOfSchemas(n, { leaf: { type: 'string' } }), chainOfSchemas(n, {})];
      return () => compareContracts({ raw: older, resolved: older }, { raw: newer, resolved: newer });
    };
    const deepest = MAX_SCHEMA_DEPTH / 2 - 1;
    expect(compare(deepest)()).toHaveLength(1);
    expect(compare(deepest + 1)).toThrow(`deeper than ${MAX_SCHEMA_DEPTH} levels, the limit`);
  });

  it('resolving for the docs shares what one $ref names instead of copying it', () => {
    const resolved = resolveRefs(chainOfSchemas(40, { leaf: { type: 'string' } }), 'f');
    const s0 = ((resolved.components as Node).schemas as Node).S0 as { properties: Node };
    // Compared by identity, not with toBe: a failure would print 2^40 copies.
    expect(s0.properties.a === s0.properties.b).toBe(true);
  });
});

describe('contract:diff past its limits: exit 2 naming the file and the limit', () => {
  const work = mkdtempSync(join(tmpdir(), 'contract-limits-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const head = 'openapi: 3.1.0\ninfo: {title: t, version: 0.1.0}\npaths: {}\n';

  it.each([
    ['100,000 levels of flow nesting', `${head}x: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`],
    [
      `${MAX_CONTRACT_DEPTH + 1} levels of nesting`,
      `${head}x: ${'{a: '.repeat(MAX_CONTRACT_DEPTH + 1)}1${'}'.repeat(MAX_CONTRACT_DEPTH + 1)}\n`,
    ],
  ])('%s', (_what, text) => {
    const file = join(work, 'deep.yaml');
    writeFileSync(file, text);
    const result = contractDiff(['0.1.0', file]);
    expect(result.code).toBe(2);
    expect(result.err).toContain('deep.yaml');
    expect(result.err).toContain(`nests deeper than ${MAX_CONTRACT_DEPTH} levels, the limit`);
  });

  it(`a file over ${MAX_CONTRACT_BYTES} bytes is refused before it is parsed`, () => {
    const file = join(work, 'huge.yaml');
    writeFileSync(file, `${head}x: "${'a'.repeat(MAX_CONTRACT_BYTES)}"\n`);
    const result = contractDiff(['0.1.0', file]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(new RegExp(`huge\\.yaml: is \\d+ bytes, over the limit of ${MAX_CONTRACT_BYTES} bytes`));
  });

  it(`schemas named one inside the next past ${MAX_SCHEMA_DEPTH} levels`, () => {
    const depth = MAX_SCHEMA_DEPTH + 10;
    const schemas: Node = {};
    for (let i = 0; i < depth; i++)
      schemas[`S${i}`] = { type: 'object', properties: { a: { $ref: `#/components/schemas/S${i + 1}` } } };
    schemas[`S${depth}`] = { type: 'string' };
    const doc = (extra: Node) => ({ ...chainOfSchemas(0, {}), components: { schemas: { ...schemas, ...extra } } });
    const older = join(work, 'chain-old.yaml');
    const newer = join(work, 'chain-new.yaml');
    writeFileSync(older, stringify(doc({})));
    writeFileSync(newer, stringify(doc({ [`S${depth}`]: { type: 'integer' } })));
    const result = contractDiff([older, newer]);
    expect(result.code).toBe(2);
    expect(result.err).toContain(`deeper than ${MAX_SCHEMA_DEPTH} levels, the limit`);
    expect(result.err).toContain('chain-new.yaml');
  });
});
