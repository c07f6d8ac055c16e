// The contract diff (docs/changes.md): one small pair of contracts (old, new) per kind of change, each classified as
// expected; the gate over a copy of openapi.yaml edited three ways; and the command's bad input.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import {
  CHANGE_KINDS,
  type Change,
  compareContracts,
  MAX_SCHEMA_DEPTH,
  MAX_USED_BY,
  MORE_USERS,
} from '../../contract/evolution/compare.js';
import { contractDiff } from '../../contract/evolution/diff-command.js';
import { renderChangesPage } from '../../contract/evolution/history.js';
import { gate, releases } from '../../contract/evolution/releases.js';
import { MAX_CONTRACT_BYTES, MAX_CONTRACT_DEPTH, resolveRefs } from '../../contract/resolved.js';
import { CHANGES_PATH } from '../../generators/generated-files.js';

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

type Edit = (op: Node, doc: Node) => void;

const changesBetween = (editOlder: Edit, editNewer: Edit): Change[] => {
  const [older, newer] = [contract(editOlder), contract(editNewer)];
  return compareContracts(
    { raw: older, resolved: resolveRefs(older, 'old', { keepSchemas: true }) },
    { raw: newer, resolved: resolveRefs(newer, 'new', { keepSchemas: true }) },
  );
};
const changesOf = (edit: Edit): Change[] => changesBetween(() => undefined, edit);

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

/** kind → [the edit of the older contract (the newer is the plain one), the class expected]: undoing an edit above. */
const UNDONE: [string, Edit, Change['class']][] = [
  ['security-added', (op) => Object.assign(op, { security: [] }), 'breaking-clients'],
  ['parameter-became-required', (op) => Object.assign(param(op), { required: false }), 'breaking-clients'],
  ['bound-loosened', (op) => Object.assign(param(op).schema, { minimum: 10 }), 'breaking-servers'],
  ['request-body-added-required', (op) => delete op.requestBody, 'breaking-clients'],
  [
    'request-body-became-required',
    (op) => Object.assign(op.requestBody as Node, { required: false }),
    'breaking-clients',
  ],
  [
    'request-media-type-removed',
    (op) => Object.assign((op.requestBody as Node).content as Node, { 'text/plain': { schema: { type: 'string' } } }),
    'breaking-clients',
  ],
  [
    'type-widened',
    (op) => Object.assign(body(op).schema.properties.note as Node, { type: 'integer' }),
    'breaking-servers',
  ],
  [
    'additional-properties-allowed',
    (op) => Object.assign(body(op).schema, { additionalProperties: false }),
    'breaking-servers',
  ],
  ['property-became-optional', (op) => body(op).schema.required.push('note'), 'breaking-servers'],
  [
    'type-narrowed',
    (op) => Object.assign(answer(op).schema.properties.title as Node, { type: ['string', 'null'] }),
    'breaking-servers',
  ],
  [
    'format-changed',
    (op) => Object.assign((answer(op).schema.properties.tags as Node).items as Node, { format: 'uuid' }),
    'breaking-clients',
  ],
  [
    'response-status-removed',
    (op) => Object.assign(op.responses as Node, { '409': { description: 'conflict' } }),
    'compatible',
  ],
  [
    'response-media-type-removed',
    (op) =>
      Object.assign(((op.responses as Node)['200'] as Node).content as Node, {
        'text/csv': { schema: { type: 'string' } },
      }),
    'breaking-clients',
  ],
  [
    'variant-removed',
    (op) => Object.assign(answer(op).schema.properties, { id: { oneOf: [{ type: 'integer' }, { type: 'string' }] } }),
    'breaking-servers',
  ],
  [
    'assumption-removed',
    (op) => Object.assign(op, { 'x-assumption': 'The source shows no status for this.' }),
    'compatible',
  ],
];

/** Each change names its place as a JSON pointer and says in words what changed. */
function expectReadable(found: Change[]): void {
  for (const c of found) {
    expect(c.place.startsWith('/'), `${c.kind} names a JSON pointer`).toBe(true);
    expect(c.message, `${c.kind} says what changed`).not.toBe('');
  }
}

describe('each kind of change, on a small pair of contracts', () => {
  it.each(CASES)('%s is found and classified', (kind, edit, expected) => {
    const found = changesOf(edit);
    expect(found.map((c) => [c.kind, c.class])).toContainEqual([kind, expected]);
    expectReadable(found);
  });

  it.each(UNDONE)('%s is found and classified (an edit undone)', (kind, editOlder, expected) => {
    const found = changesBetween(editOlder, () => undefined);
    expect(found.map((c) => [c.kind, c.class])).toContainEqual([kind, expected]);
    expectReadable(found);
  });

  it('a reworded decision is assumption-changed, compatible, and quotes the new words', () => {
    const says = (text: string) => (op: Node) => Object.assign(op, { 'x-assumption': text });
    const found = changesBetween(says('Old words.'), says('New words.'));
    expect(found).toEqual([
      {
        kind: 'assumption-changed',
        class: 'compatible',
        place: '/paths/~1thing~1/patch',
        message: 'the decision at /paths/~1thing~1/patch now reads: New words.',
      },
    ]);
  });

  it('covers every kind the diff documents, and no other', () => {
    const kinds = new Set([...CASES, ...UNDONE].map(([kind]) => kind)).add('assumption-changed');
    expect([...kinds].sort()).toEqual(Object.keys(CHANGE_KINDS).sort());
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

/** Kind, class, place and message of every change, with places relative to `base`. */
const described = (found: Change[], base = '') =>
  found.map((c) => [c.kind, c.class, c.place.startsWith(base) ? c.place.slice(base.length) : c.place, c.message]);

const REQUEST_BODY = '/paths/~1thing~1/patch/requestBody/content/application~1json/schema';
const ANSWER = '/paths/~1thing~1/patch/responses/200/content/application~1json/schema';
/** The request body's `note` and the answer's `note`, both `{ type: 'string' }`, edited alike. */
const bothNotes = (edit: (note: Node) => void) => (op: Node) => {
  edit(body(op).schema.properties.note as Node);
  edit(answer(op).schema.properties.note as Node);
};

describe('what each change says, on both sides', () => {
  it.each([
    {
      what: 'a bound where there was none',
      older: () => undefined,
      newer: bothNotes((n) => Object.assign(n, { maxLength: 5 })),
      changes: [
        ['bound-tightened', 'breaking-clients', `${REQUEST_BODY}/properties/note/maxLength`, 'maxLength none → 5'],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/maxLength`, 'maxLength none → 5'],
      ],
    },
    {
      what: 'a bound dropped',
      older: bothNotes((n) => Object.assign(n, { minLength: 2 })),
      newer: () => undefined,
      changes: [
        ['bound-loosened', 'breaking-servers', `${REQUEST_BODY}/properties/note/minLength`, 'minLength 2 → none'],
        ['bound-loosened', 'breaking-clients', `${ANSWER}/properties/note/minLength`, 'minLength 2 → none'],
      ],
    },
    {
      what: 'an upper bound lowered',
      older: bothNotes((n) => Object.assign(n, { maxLength: 100 })),
      newer: bothNotes((n) => Object.assign(n, { maxLength: 50 })),
      changes: [
        ['bound-tightened', 'breaking-clients', `${REQUEST_BODY}/properties/note/maxLength`, 'maxLength 100 → 50'],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/maxLength`, 'maxLength 100 → 50'],
      ],
    },
    {
      what: 'a lower bound raised',
      older: bothNotes((n) => Object.assign(n, { minLength: 2 })),
      newer: bothNotes((n) => Object.assign(n, { minLength: 3 })),
      changes: [
        ['bound-tightened', 'breaking-clients', `${REQUEST_BODY}/properties/note/minLength`, 'minLength 2 → 3'],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/minLength`, 'minLength 2 → 3'],
      ],
    },
    {
      what: 'a pattern where there was none',
      older: () => undefined,
      newer: bothNotes((n) => Object.assign(n, { pattern: '^[a-z]+$' })),
      changes: [
        ['bound-tightened', 'breaking-clients', `${REQUEST_BODY}/properties/note/pattern`, 'pattern null → "^[a-z]+$"'],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/pattern`, 'pattern null → "^[a-z]+$"'],
      ],
    },
    {
      what: 'a pattern dropped',
      older: bothNotes((n) => Object.assign(n, { pattern: '^[a-z]+$' })),
      newer: () => undefined,
      changes: [
        ['bound-loosened', 'breaking-servers', `${REQUEST_BODY}/properties/note/pattern`, 'pattern "^[a-z]+$" → null'],
        ['bound-loosened', 'breaking-clients', `${ANSWER}/properties/note/pattern`, 'pattern "^[a-z]+$" → null'],
      ],
    },
    {
      what: 'a format where there was none',
      older: () => undefined,
      newer: bothNotes((n) => Object.assign(n, { format: 'email' })),
      changes: [
        ['format-changed', 'breaking-clients', `${REQUEST_BODY}/properties/note/format`, 'format null → "email"'],
        ['format-changed', 'breaking-servers', `${ANSWER}/properties/note/format`, 'format null → "email"'],
      ],
    },
    {
      what: 'a type where any was allowed',
      older: bothNotes((n) => delete n.type),
      newer: () => undefined,
      changes: [
        ['type-narrowed', 'breaking-clients', `${REQUEST_BODY}/properties/note/type`, 'any type → string'],
        ['type-narrowed', 'breaking-servers', `${ANSWER}/properties/note/type`, 'any type → string'],
      ],
    },
    {
      what: 'any type allowed where one was',
      older: () => undefined,
      newer: bothNotes((n) => delete n.type),
      changes: [
        ['type-widened', 'breaking-servers', `${REQUEST_BODY}/properties/note/type`, 'string → any type'],
        ['type-widened', 'breaking-clients', `${ANSWER}/properties/note/type`, 'string → any type'],
      ],
    },
    {
      what: 'integer to number (every integer is a number)',
      older: bothNotes((n) => Object.assign(n, { type: 'integer' })),
      newer: bothNotes((n) => Object.assign(n, { type: 'number' })),
      changes: [
        ['type-widened', 'breaking-servers', `${REQUEST_BODY}/properties/note/type`, 'type integer → number,integer'],
        ['type-widened', 'breaking-clients', `${ANSWER}/properties/note/type`, 'type integer → number,integer'],
      ],
    },
    {
      what: 'number to integer',
      older: bothNotes((n) => Object.assign(n, { type: 'number' })),
      newer: bothNotes((n) => Object.assign(n, { type: 'integer' })),
      changes: [
        ['type-narrowed', 'breaking-clients', `${REQUEST_BODY}/properties/note/type`, 'type number,integer → integer'],
        ['type-narrowed', 'breaking-servers', `${ANSWER}/properties/note/type`, 'type number,integer → integer'],
      ],
    },
    {
      what: 'a list of values where any string was allowed',
      older: () => undefined,
      newer: bothNotes((n) => Object.assign(n, { enum: ['x', 'y'] })),
      changes: [
        ['enum-value-removed', 'breaking-clients', `${REQUEST_BODY}/properties/note/enum`, 'now limited to "x", "y"'],
        ['enum-value-removed', 'breaking-servers', `${ANSWER}/properties/note/enum`, 'now limited to "x", "y"'],
      ],
    },
    {
      what: 'a list of values dropped',
      older: bothNotes((n) => Object.assign(n, { enum: ['x', 'y'] })),
      newer: () => undefined,
      changes: [
        [
          'enum-value-added',
          'breaking-servers',
          `${REQUEST_BODY}/properties/note/enum`,
          'no longer limited to "x", "y"',
        ],
        ['enum-value-added', 'breaking-clients', `${ANSWER}/properties/note/enum`, 'no longer limited to "x", "y"'],
      ],
    },
    {
      what: 'unknown members allowed again',
      older: bothNotes((n) => Object.assign(n, { type: 'object', additionalProperties: false })),
      newer: bothNotes((n) => Object.assign(n, { type: 'object' })),
      changes: [
        [
          'additional-properties-allowed',
          'breaking-servers',
          `${REQUEST_BODY}/properties/note/additionalProperties`,
          'unknown members are allowed now',
        ],
        [
          'additional-properties-allowed',
          'breaking-clients',
          `${ANSWER}/properties/note/additionalProperties`,
          'unknown members are allowed now',
        ],
      ],
    },
    {
      what: 'a variant gone',
      older: bothNotes((n) => Object.assign(n, { type: undefined, oneOf: [{ type: 'string' }, { type: 'null' }] })),
      newer: bothNotes((n) => Object.assign(n, { type: undefined, oneOf: [{ type: 'string' }] })),
      changes: [
        ['variant-removed', 'breaking-clients', `${REQUEST_BODY}/properties/note/oneOf`, 'oneOf 2 → 1 variants'],
        ['variant-removed', 'breaking-servers', `${ANSWER}/properties/note/oneOf`, 'oneOf 2 → 1 variants'],
      ],
    },
    {
      what: 'a change inside a variant, placed at it',
      older: bothNotes((n) => Object.assign(n, { type: undefined, anyOf: [{ type: 'string' }, { type: 'null' }] })),
      newer: bothNotes((n) =>
        Object.assign(n, { type: undefined, anyOf: [{ type: 'string', maxLength: 9 }, { type: 'null' }] }),
      ),
      changes: [
        [
          'bound-tightened',
          'breaking-clients',
          `${REQUEST_BODY}/properties/note/anyOf/0/maxLength`,
          'maxLength none → 9',
        ],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/anyOf/0/maxLength`, 'maxLength none → 9'],
      ],
    },
    {
      what: 'a member added to allOf (no variant: each member is compared in place)',
      older: bothNotes((n) => Object.assign(n, { allOf: [{ minLength: 1 }] })),
      newer: bothNotes((n) => Object.assign(n, { allOf: [{ minLength: 2 }, { maxLength: 9 }] })),
      changes: [
        ['bound-tightened', 'breaking-clients', `${REQUEST_BODY}/properties/note/allOf/0/minLength`, 'minLength 1 → 2'],
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/note/allOf/0/minLength`, 'minLength 1 → 2'],
      ],
    },
    {
      what: 'a change inside the items of a list',
      older: () => undefined,
      newer: (op: Node) => Object.assign((answer(op).schema.properties.tags as Node).items as Node, { maxLength: 3 }),
      changes: [
        ['bound-tightened', 'breaking-servers', `${ANSWER}/properties/tags/items/maxLength`, 'maxLength none → 3'],
      ],
    },
    {
      what: 'a change in the schema of a parameter',
      older: () => undefined,
      newer: (op: Node) => Object.assign(param(op).schema, { maximum: 99 }),
      changes: [
        [
          'bound-tightened',
          'breaking-clients',
          '/paths/~1thing~1/patch/parameters/query:id/schema/maximum',
          'maximum none → 99',
        ],
      ],
    },
    {
      what: 'a schema where there was none (an absent schema accepts anything)',
      older: (op: Node) => Object.assign(body(op).schema.properties, { ids: { type: 'array' } }),
      newer: (op: Node) =>
        Object.assign(body(op).schema.properties, { ids: { type: 'array', items: { type: 'integer' } } }),
      changes: [
        ['type-narrowed', 'breaking-clients', `${REQUEST_BODY}/properties/ids/items/type`, 'any type → integer'],
      ],
    },
    {
      what: 'a schema dropped (an absent schema accepts anything)',
      older: (op: Node) => Object.assign(answer(op).schema.properties.tags as Node, { items: { type: 'string' } }),
      newer: (op: Node) => delete (answer(op).schema.properties.tags as Node).items,
      changes: [['type-widened', 'breaking-clients', `${ANSWER}/properties/tags/items/type`, 'string → any type']],
    },
    {
      what: 'an optional request body where there was none',
      older: (op: Node) => delete op.requestBody,
      newer: (op: Node) => Object.assign(op.requestBody as Node, { required: false }),
      changes: [
        [
          'property-added-optional',
          'breaking-servers',
          '/paths/~1thing~1/patch/requestBody',
          'an optional request body',
        ],
      ],
    },
  ])('$what', ({ older, newer, changes }) => {
    expect(described(changesBetween(older, newer))).toEqual(changes);
  });

  it('a security requirement with its schemes in another order is the same requirement', () => {
    const both = (order: string[]) => (op: Node) =>
      Object.assign(op, { security: [Object.fromEntries(order.map((name) => [name, []]))] });
    expect(changesBetween(both(['Bearer', 'Key']), both(['Key', 'Bearer']))).toEqual([]);
    expect(described(changesBetween(both(['Bearer', 'Key']), both(['BearerKey'])))).toEqual([
      [
        'security-scheme-removed',
        'breaking-clients',
        '/paths/~1thing~1/patch/security',
        'Bearer+Key is no longer accepted',
      ],
      ['security-scheme-added', 'breaking-servers', '/paths/~1thing~1/patch/security', 'BearerKey is accepted'],
    ]);
  });

  it('a credential that becomes optional ({} among the requirements) is security-removed, and only that', () => {
    const optional = (op: Node) => (op.security as Node[]).push({});
    const place = '/paths/~1thing~1/patch/security';
    expect(described(changesOf(optional))).toEqual([
      ['security-removed', 'breaking-servers', place, 'no credential is needed any more'],
    ]);
    expect(described(changesBetween(optional, () => undefined))).toEqual([
      ['security-added', 'breaking-clients', place, 'a credential is now needed'],
    ]);
    expect(
      described(
        changesBetween(
          (op) => Object.assign(op, { security: [] }),
          () => undefined,
        ),
      ),
    ).toEqual([['security-added', 'breaking-clients', place, 'a credential is now needed']]);
  });

  it('a schema given where there was none (items of a list) is no crash', () => {
    const withoutItems = (op: Node) => delete (answer(op).schema.properties.tags as Node).items;
    expect(() => changesBetween(withoutItems, () => undefined)).not.toThrow();
    expect(() => changesOf(withoutItems)).not.toThrow();
  });

  it('a $ref that names no schema is refused, naming the contract and the place', () => {
    const toTitle = (op: Node) => Object.assign(answer(op), { schema: { $ref: '#/info/title' } });
    const refused = (older: Edit, newer: Edit) => {
      try {
        changesBetween(older, newer);
      } catch (error) {
        return String(error);
      }
      return 'no error';
    };
    expect(refused(() => undefined, toTitle)).toBe(
      `ContractReadError: new at ${ANSWER}: $ref #/info/title names no schema`,
    );
    expect(refused(toTitle, () => undefined)).toBe(
      `ContractReadError: old at ${ANSWER}: $ref #/info/title names no schema`,
    );
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
