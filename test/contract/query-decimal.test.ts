// How the query check reads a number (contract/request-checks.ts): a value written as /^-?\d+(\.\d+)?$/ is coerced to
// a number for ajv, any other stays text for ajv to name. The check reads it without the regular expression; it must
// say what the expression says, for strings fast-check draws from the characters that matter.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isDecimal } from '../../contract/request-checks.js';

const DECIMAL = /^-?\d+(\.\d+)?$/;
const piece = fc.constantFrom('0', '7', '42', '9', '-', '.', '+', 'e', ' ', 'a', '٣', '１', '\n', '');
const text = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(''));

describe('isDecimal', () => {
  test('says what /^-?\\d+(\\.\\d+)?$/ says', () => {
    fc.assert(
      fc.property(text, (raw) => {
        expect(isDecimal(raw), JSON.stringify(raw)).toBe(DECIMAL.test(raw));
      }),
      { seed: 11, numRuns: 5_000 },
    );
  });

  test.each([
    ['1', true],
    ['-12.50', true],
    // Every digit, the first and the last of them included.
    ['0123456789.9876543210', true],
    ['9', true],
    ['-0.9', true],
    ['', false],
    ['-', false],
    ['1.', false],
    ['.5', false],
    ['1.2.3', false],
    ['+1', false],
    ['1e3', false],
    ['٣', false],
  ])('%j: %s', (raw, decimal) => {
    expect(isDecimal(raw)).toBe(decimal);
  });
});
