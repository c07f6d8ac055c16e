// The contract diff (docs/changes.md): one small pair of contracts (old, new) per kind of change, each found and
// classified as expected.
import { describe, expect, it } from 'vitest';
import { CHANGE_KINDS, type Change, compareContracts } from '../../contract/evolution/compare.js';
import { resolveRefs } from '../../contract/resolved.js';
import {
  answer,
  body,
  changesBetween,
  changesOf,
  contract,
  type Edit,
  type Node,
  param,
} from './evolution-contracts.js';

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
