// The contract diff (docs/changes.md): one small pair of contracts (old, new) per kind of change, each classified as
// expected; the gate over a copy of openapi.yaml edited three ways; and the command's bad input.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CHANGE_KINDS, type Change, compareContracts } from '../../contract/evolution/compare.js';
import { renderChangesPage } from '../../contract/evolution/history.js';
import { gate, releases } from '../../contract/evolution/releases.js';
import { resolveRefs } from '../../contract/resolved.js';
import { contractDiff } from '../../scripts/contract-diff.js';
import { CHANGES_PATH } from '../../scripts/generate.js';

type Node = Record<string, unknown>;

/** A one-operation contract: PATCH /thing/ with a query id, a JSON body and a 200 answer, shaped by `edit`. */
function contract(edit: (op: Node, doc: Node) => void = () => undefined): Node {
  const op: Node = {
    operationId: 'updateThing',
    security: [{ Bearer: [] }],
    parameters: [{ name: 'id', in: 'query', required: true, schema: { type: 'integer', minimum: 1 } }],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['title'],
            properties: {
              title: { type: 'string', maxLength: 100 },
              note: { type: 'string' },
              kind: { type: 'string', enum: ['a', 'b'] },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'ok',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['id', 'title'],
              properties: {
                id: { type: 'integer' },
                title: { type: 'string' },
                note: { type: 'string' },
                state: { type: 'string', enum: ['open', 'closed'] },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
      '404': { description: 'missing' },
    },
  };
  const doc: Node = {
    openapi: '3.1.0',
    info: { title: 't', version: '1.0.0' },
    paths: { '/thing/': { patch: op } },
    components: { securitySchemes: { Bearer: { type: 'http', scheme: 'bearer' } } },
  };
  edit(op, doc);
  return doc;
}

const body = (op: Node) =>
  ((op.requestBody as Node).content as Node)['application/json'] as {
    schema: Node & { properties: Node; required: string[] };
  };
const answer = (op: Node) =>
  (((op.responses as Node)['200'] as Node).content as Node)['application/json'] as {
    schema: Node & { properties: Node; required: string[] };
  };
const param = (op: Node) => (op.parameters as Node[])[0] as Node & { schema: Node };

const changesOf = (edit: (op: Node, doc: Node) => void): Change[] => {
  const [older, newer] = [contract(), contract(edit)];
  return compareContracts(
    { raw: older, resolved: resolveRefs(older, 'old') },
    { raw: newer, resolved: resolveRefs(newer, 'new') },
  );
};

/** kind → [the edit, the class expected]. */
const CASES: [string, (op: Node, doc: Node) => void, Change['class']][] = [
  ['operation-removed', (_op, doc) => delete (doc.paths as Node)['/thing/'], 'breaking-clients'],
  [
    'operation-added',
    (op, doc) => Object.assign(doc.paths as Node, { '/other/': { get: { ...op, operationId: 'getOther' } } }),
    'breaking-servers',
  ],
  ['operation-id-changed', (op) => Object.assign(op, { operationId: 'editThing' }), 'breaking-clients'],
  ['security-scheme-removed', (op) => Object.assign(op, { security: [{ Other: [] }] }), 'breaking-clients'],
  ['security-scheme-added', (op) => (op.security as Node[]).push({ Other: [] }), 'breaking-servers'],
  ['security-removed', (op) => Object.assign(op, { security: [] }), 'breaking-servers'],
  ['parameter-removed', (op) => Object.assign(op, { parameters: [] }), 'breaking-clients'],
  [
    'parameter-added-required',
    (op) => (op.parameters as Node[]).push({ name: 'board', in: 'query', required: true, schema: { type: 'integer' } }),
    'breaking-clients',
  ],
  [
    'parameter-added-optional',
    (op) => (op.parameters as Node[]).push({ name: 'q', in: 'query', schema: { type: 'string' } }),
    'breaking-servers',
  ],
  ['parameter-became-optional', (op) => Object.assign(param(op), { required: false }), 'breaking-servers'],
  ['bound-tightened', (op) => Object.assign(param(op).schema, { minimum: 10 }), 'breaking-clients'],
  ['request-body-removed', (op) => delete op.requestBody, 'breaking-clients'],
  [
    'request-body-became-optional',
    (op) => Object.assign(op.requestBody as Node, { required: false }),
    'breaking-servers',
  ],
  [
    'request-media-type-added',
    (op) => Object.assign((op.requestBody as Node).content as Node, { 'text/plain': { schema: { type: 'string' } } }),
    'breaking-servers',
  ],
  [
    'property-added-required',
    (op) => {
      body(op).schema.properties.due = { type: 'string' };
      body(op).schema.required.push('due');
    },
    'breaking-clients',
  ],
  [
    'property-added-optional',
    (op) => {
      body(op).schema.properties.due = { type: 'string' };
    },
    'breaking-servers',
  ],
  ['property-became-required', (op) => body(op).schema.required.push('note'), 'breaking-clients'],
  [
    'enum-value-removed',
    (op) => Object.assign(body(op).schema.properties.kind as Node, { enum: ['a'] }),
    'breaking-clients',
  ],
  [
    'enum-value-added',
    (op) => Object.assign(body(op).schema.properties.kind as Node, { enum: ['a', 'b', 'c'] }),
    'breaking-servers',
  ],
  [
    'bound-loosened',
    (op) => Object.assign(body(op).schema.properties.title as Node, { maxLength: 500 }),
    'breaking-servers',
  ],
  [
    'type-narrowed',
    (op) => Object.assign(body(op).schema.properties.note as Node, { type: 'integer' }),
    'breaking-clients',
  ],
  [
    'additional-properties-refused',
    (op) => Object.assign(body(op).schema, { additionalProperties: false }),
    'breaking-clients',
  ],
  ['property-removed', (op) => delete answer(op).schema.properties.note, 'breaking-clients'],
  ['property-became-optional', (op) => Object.assign(answer(op).schema, { required: ['id'] }), 'breaking-clients'],
  [
    'property-added-required',
    (op) => {
      answer(op).schema.properties.owner = { type: 'string' };
      answer(op).schema.required.push('owner');
    },
    'breaking-servers',
  ],
  [
    'property-added-optional',
    (op) => {
      answer(op).schema.properties.owner = { type: 'string' };
    },
    'compatible',
  ],
  [
    'enum-value-added',
    (op) => Object.assign(answer(op).schema.properties.state as Node, { enum: ['open', 'closed', 'archived'] }),
    'breaking-clients',
  ],
  [
    'enum-value-removed',
    (op) => Object.assign(answer(op).schema.properties.state as Node, { enum: ['open'] }),
    'breaking-servers',
  ],
  [
    'type-widened',
    (op) => Object.assign(answer(op).schema.properties.title as Node, { type: ['string', 'null'] }),
    'breaking-clients',
  ],
  [
    'format-changed',
    (op) => Object.assign((answer(op).schema.properties.tags as Node).items as Node, { format: 'uuid' }),
    'breaking-servers',
  ],
  ['response-status-removed', (op) => delete (op.responses as Node)['200'], 'breaking-clients'],
  [
    'response-success-status-added',
    (op) => Object.assign(op.responses as Node, { '201': { description: 'made' } }),
    'breaking-clients',
  ],
  [
    'response-error-status-added',
    (op) => Object.assign(op.responses as Node, { '409': { description: 'conflict' } }),
    'compatible',
  ],
  [
    'response-media-type-added',
    (op) =>
      Object.assign(((op.responses as Node)['200'] as Node).content as Node, {
        'text/csv': { schema: { type: 'string' } },
      }),
    'breaking-clients',
  ],
  [
    'variant-added',
    (op) => Object.assign(answer(op).schema.properties, { id: { oneOf: [{ type: 'integer' }, { type: 'string' }] } }),
    'breaking-clients',
  ],
  [
    'assumption-added',
    (op) => Object.assign(op, { 'x-assumption': 'The source shows no status for this.' }),
    'compatible',
  ],
];

describe('each kind of change, on a small pair of contracts', () => {
  it.each(CASES)('%s is found and classified', (kind, edit, expected) => {
    const found = changesOf(edit);
    expect(found.map((c) => [c.kind, c.class])).toContainEqual([kind, expected]);
    for (const c of found) expect(c.place.startsWith('/'), `${c.kind} names a JSON pointer`).toBe(true);
  });

  it(`covers at least 25 distinct kinds, each one the diff documents (${new Set(CASES.map(([k]) => k)).size} here)`, () => {
    const kinds = new Set(CASES.map(([kind]) => kind));
    expect(kinds.size).toBeGreaterThanOrEqual(25);
    for (const kind of kinds) expect(Object.keys(CHANGE_KINDS)).toContain(kind);
  });

  it('finds nothing between a contract and itself', () => {
    expect(changesOf(() => undefined)).toEqual([]);
  });

  it('reads `additionalProperties: true` and its absence as the same schema (both allow any member)', () => {
    const allowAll = (op: Node) => {
      Object.assign(body(op).schema, { additionalProperties: true });
      Object.assign(answer(op).schema, { additionalProperties: true });
    };
    const [older, newer] = [contract(allowAll), contract()];
    const both = [
      compareContracts({ raw: older, resolved: resolveRefs(older, 'old') }, { raw: newer, resolved: newer }),
      compareContracts({ raw: newer, resolved: newer }, { raw: older, resolved: resolveRefs(older, 'old') }),
    ];
    expect(both).toEqual([[], []]);
  });
});

describe('the gate', () => {
  const breakingChange: Change = { kind: 'property-removed', class: 'breaking-clients', place: '/x', message: 'gone' };
  it('fails an unapproved break, passes it with the minor raised while 0.x or with an approval naming it', () => {
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).failed).toBe(true);
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).message).toContain(
      'raise the version in package.json to 0.2.0',
    );
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).message).toContain('- change: property-removed /x');
    expect(gate([breakingChange], '0.2.0', '0.1.0', []).failed).toBe(false);
    expect(gate([breakingChange], '0.1.1', '0.1.0', []).failed).toBe(true);
    expect(gate([breakingChange], '1.4.0', '1.3.0', []).failed).toBe(true);
    expect(gate([breakingChange], '2.0.0', '1.3.0', []).failed).toBe(false);
    expect(
      gate([breakingChange], '0.1.0', '0.1.0', [{ change: 'property-removed /x', reason: 'nobody reads it' }]).failed,
    ).toBe(false);
  });

  const work = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /** A copy of openapi.yaml changed by `edit`, and an empty approvals file. */
  function editedCopy(name: string, edit: (doc: Node) => void): string[] {
    const doc = parse(readFileSync('openapi.yaml', 'utf8')) as Node;
    edit(doc);
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, stringify(doc));
    return [releases().at(-1) as string, file];
  }
  const schemas = (doc: Node) =>
    (doc.components as Node).schemas as Record<string, Node & { properties: Node; required?: string[] }>;
  const run = (args: string[]) => contractDiff(args, { version: '0.1.0' });

  it('openapi.yaml passes against the last release', () => {
    const result = contractDiff([]);
    expect(result.code, result.err).toBe(0);
  });

  it('a removed response field fails, naming the change and what to do', () => {
    const result = run(editedCopy('removed', (doc) => delete schemas(doc).Scenario?.properties.title));
    expect(result.code).toBe(1);
    expect(result.out).toContain('[breaking for clients] response property title removed');
    expect(result.err).toContain('raise the version in package.json to 0.2.0');
  });

  it('a new required request field fails', () => {
    const result = run(
      editedCopy('required', (doc) => {
        const create = schemas(doc).ScenarioCreate as Node & { properties: Node; required: string[] };
        create.properties.owner = { type: 'string' };
        create.required = [...(create.required ?? []), 'owner'];
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('[breaking for clients] new required request property owner');
  });

  it('a new optional response field passes', () => {
    const result = run(
      editedCopy('optional', (doc) =>
        Object.assign(schemas(doc).Scenario?.properties ?? {}, { color: { type: 'string' } }),
      ),
    );
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('[compatible] new optional response property color');
  });
});

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

describe('the Changes page', () => {
  it('docs/changes.md is fresh (run npm run generate when this fails)', () => {
    expect(readFileSync(CHANGES_PATH, 'utf8')).toBe(renderChangesPage());
  });

  it('lists every release and every kind the diff knows', () => {
    const page = renderChangesPage();
    for (const version of releases()) expect(page).toContain(`## ${version}`);
    for (const kind of Object.keys(CHANGE_KINDS)) expect(page).toContain(`| \`${kind}\` |`);
  });
});
