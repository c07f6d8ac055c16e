// JSON pointers and local $refs into the contract document (contract/pointer.ts).
import { describe, expect, it } from 'vitest';
import { dereference, escapePointer, nodeAt, unescapePointer } from '../../contract/pointer.js';

const doc = {
  paths: { '/member/me/': { get: { operationId: 'getMe' } } },
  components: {
    schemas: {
      'a~b': { type: 'string' },
      Alias: { $ref: '#/components/schemas/a~0b' },
      Loop: { $ref: '#/components/schemas/Loop' },
    },
    list: [{ id: 1 }],
  },
};

describe('pointers', () => {
  it.each([
    ['/member/me/', '~1member~1me~1'],
    ['a~b', 'a~0b'],
    ['~1', '~01'],
  ])('escapes %s as %s and back', (key, segment) => {
    expect(escapePointer(key)).toBe(segment);
    expect(unescapePointer(segment)).toBe(key);
  });

  it.each([
    ['/paths/~1member~1me~1/get/operationId', 'getMe'],
    ['#/components/schemas/a~0b/type', 'string'],
    ['/components/list/0/id', 1],
    ['/components/schemas/Missing/type', undefined],
    ['', doc],
  ])('finds %s', (pointer, expected) => {
    expect(nodeAt(doc, pointer)).toEqual(expected);
  });
});

describe('dereference', () => {
  it('follows $refs in a row and leaves other nodes as they are', () => {
    expect(dereference(doc, doc.components.schemas.Alias)).toEqual({ type: 'string' });
    expect(dereference(doc, doc.paths)).toBe(doc.paths);
    expect(dereference(doc, { $ref: '#/components/schemas/Missing' })).toBeUndefined();
  });

  it('refuses a cycle and a $ref to another file instead of hanging or guessing', () => {
    expect(() => dereference(doc, doc.components.schemas.Loop)).toThrow(/cycle/);
    expect(() => dereference(doc, { $ref: 'other.yaml#/x' })).toThrow(/only local/);
  });
});
