// The byte accounting's measure of an update (docs/sandbox.md "Limits and throttles"): the size of a record with its
// changes, measured without building the copy, is the size of that copy, over records and changes fast-check draws.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { recordBytes, recordBytesWith } from '../../mocks/sandbox/domain/accounting.js';

// Shared names, so that changes often rewrite a field the record has, beside names only one side has.
const key = fc.oneof(fc.constantFrom('id', 'title', 'status', 'task_id', '__proto__', 'toString'), fc.string());
const value = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constant(Promise.resolve('a hash')),
  fc.constant(new Map([['k', 'v']])),
);
// Arrays too: whatever the record, the copy is a plain object of its own fields.
const record = fc.oneof(fc.dictionary(key, value, { maxKeys: 12 }), fc.array(value, { maxLength: 4 }));
const changes = fc.dictionary(key, fc.option(value, { nil: undefined }), { maxKeys: 8 });

describe('recordBytesWith', () => {
  test('equals recordBytes of the record with its defined changes spread over it', () => {
    fc.assert(
      fc.property(record, changes, (before, change) => {
        const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
        expect(recordBytesWith(before, change)).toBe(recordBytes({ ...before, ...defined }));
      }),
      { seed: 36, numRuns: 2_000 },
    );
  });

  test('a change left undefined keeps the field as it was', () => {
    const before = { id: 1, title: 'abc' };
    expect(recordBytesWith(before, { title: undefined })).toBe(recordBytes(before));
    expect(recordBytesWith(before, { title: 'abcdef' })).toBe(recordBytes(before) + 6);
    expect(recordBytesWith(before, { extra: null })).toBe(recordBytes(before) + 8 + (16 + 10) + 8);
  });
});
