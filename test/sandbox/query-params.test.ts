// The sandbox's query parse (mocks/sandbox/core/query.ts): every name's values as URLSearchParams gives them, for
// queries fast-check draws from the characters that matter to the parse (separators, escapes, '+', surrogates).
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { queryParams } from '../../mocks/sandbox/core/query.js';

const piece = fc.constantFrom(
  'a',
  'b',
  'id',
  '=',
  '&',
  '&&',
  '%',
  '%41',
  '%zz',
  '+',
  ' ',
  'é',
  '\uD800',
  '\uDC00',
  '1',
);
const search = fc.array(piece, { maxLength: 12 }).map((parts) => parts.join(''));

/** Every name the query may hold, by either reading, and some no pair can have (with '=' or '&' in them). */
const namesOf = (text: string): string[] => [
  ...new URLSearchParams(text).keys(),
  ...text.split('&').map((pair) => pair.split('=')[0] as string),
  'absent',
  'a=',
  '=',
  'a=b',
  'a&b',
  'a&',
];

describe('queryParams', () => {
  test('gives each name the values URLSearchParams gives it, in order', () => {
    fc.assert(
      fc.property(search, (text) => {
        const expected = new URLSearchParams(text);
        const read = queryParams(text);
        for (const name of namesOf(text)) expect(read.getAll(name)).toEqual(expected.getAll(name));
      }),
      { seed: 36, numRuns: 3_000 },
    );
  });

  test.each([
    ['company_id=1&board_id=2&case_report_id=3', 'case_report_id', ['3']],
    ['status=a&status=b&&x', 'status', ['a', 'b']],
    ['x&y=', 'x', ['']],
    // A name found inside another pair's name or value, or followed by more of a longer name, is not that pair.
    ['board_id=1&id=2&q=id&idx=3&id', 'id', ['2', '']],
    ['=v', '', ['v']],
    ['q=a+b', 'q', ['a b']],
    ['q=%E2%9C%93', 'q', ['✓']],
  ])('%s: %s is %j', (text, name, values) => {
    expect(queryParams(text).getAll(name)).toEqual(values);
  });
});
