// The contract diff (docs/changes.md): what each change says, its place and its class, on the request and the answer
// side.
import { describe, expect, it } from 'vitest';
import type { Change } from '../../contract/evolution/compare.js';
import { answer, body, changesBetween, changesOf, type Edit, type Node, param } from './evolution-contracts.js';

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
