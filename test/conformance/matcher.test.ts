// The one-pass secret finder behind redaction (docs/conformance.md, "No secrets in its output"): which spans of a text
// the known secrets and JWT-shaped text cover, and how the spans become masks.
import { describe, expect, it } from 'vitest';
import { applySpans, jwtSpans, mergeSpans, SecretMatcher } from '../../conformance/engine/matcher.js';

const matcher = (...patterns: string[]): SecretMatcher => {
  const m = new SecretMatcher();
  for (const p of patterns) m.add(p);
  return m;
};

/** The covered parts of a text, each as it stands. */
const covered = (text: string, spans: number[]): string[] => {
  const parts: string[] = [];
  for (let k = 0; k < spans.length; k += 2) parts.push(text.slice(spans[k], spans[k + 1]));
  return parts;
};

describe('SecretMatcher', () => {
  it('counts each distinct pattern once and ignores the empty one', () => {
    expect(matcher().size).toBe(0);
    expect(matcher('abcd', 'abcd', '', 'abc', 'ab').size).toBe(3);
    expect(matcher().spans('anything')).toEqual([]);
  });

  it.each([
    ['a long secret inside a word', ['abcd'], 'xxabcdxx', ['abcd']],
    ['every occurrence', ['abcd'], 'abcd-abcd', ['abcd', 'abcd']],
    ['one of two secrets sharing a start', ['abcd', 'abxy'], 'abxy abcd ab', ['abxy', 'abcd']],
    ['the longer of two nested secrets', ['bcde', 'abcdef'], 'abcdefg', ['abcdef']],
    ['a secret found through a failure link', ['abcx', 'bcde'], 'abcde', ['bcde']],
    ['a short secret standing alone', ['ab'], 'ab', ['ab']],
    ['a short secret between non-word characters', ['ab'], '"ab" =ab& ab', ['ab', 'ab', 'ab']],
    ['no short secret inside a word', ['ab'], 'abc cab a_ab ab_ ab-x x.ab', []],
    [
      'no short secret next to a letter or digit at either end of their ranges',
      ['ab'],
      'Aab Zab aab zab 0ab 9ab abA abz ab0 ab9',
      [],
    ],
    ['a short secret next to the characters just outside those ranges', ['ab'], '@ab[ `ab{ /ab:', ['ab', 'ab', 'ab']],
    ['a short secret next to other punctuation', ['ab'], '~ab|', ['ab']],
    ['no prefix of a long secret as a short one', ['abcdefgh'], 'ab abc abcd', []],
    ['a long secret ending in a short one after a non-word character, whole', ['ab/z', 'z'], 'ab/z', ['ab/z']],
    ['a secret reached through a chain of failure links', ['abcde', 'bcdx', 'cdef'], 'abcdef', ['abcdef']],
    ['a 3-character secret as a whole value', ['abc'], ' abc ', ['abc']],
    ['the longest whole short value', ['b', 'ab'], 'ab b', ['ab', 'b']],
    ['a short secret at the end after a long one', ['wxyz', 'z'], 'wxyz z', ['wxyz', 'z']],
    ['a short secret ending a longer word match', ['xyab', 'ab'], ' ab xyab', ['ab', 'xyab']],
    ['a secret added after a search', ['abcd'], 'abcd efgh', ['abcd']],
  ])('finds %s', (_, patterns, text, found) => {
    const m = matcher(...patterns);
    expect(covered(text, m.spans(text))).toEqual(found);
  });

  it('rebuilds its links when a pattern is added after a search', () => {
    const m = matcher('abcd');
    expect(covered('abcd efgh', m.spans('abcd efgh'))).toEqual(['abcd']);
    m.add('efgh');
    expect(covered('abcd efgh', m.spans('abcd efgh'))).toEqual(['abcd', 'efgh']);
  });

  it('branches a node into many children and still finds each pattern', () => {
    const patterns = ['tmk_a1', 'tmk_b2', 'tmk_c3', 'tmk_d4'];
    const text = patterns.toReversed().join(' ');
    expect(covered(text, matcher(...patterns).spans(text))).toEqual(patterns.toReversed());
  });

  it('merges overlapping and touching matches into one span', () => {
    const text = 'abcdefgh';
    expect(matcher('abcde', 'defgh').spans(text)).toEqual([0, 8]);
    expect(matcher('abcd', 'efgh').spans(text)).toEqual([0, 8]);
    expect(matcher('abcd', 'fghi').spans('abcdefghi')).toEqual([0, 4, 5, 9]);
  });
});

describe('mergeSpans', () => {
  it.each([
    [[], [1, 2], [1, 2]],
    [[1, 2], [], [1, 2]],
    [
      [0, 2, 10, 12],
      [4, 6, 20, 22],
      [0, 2, 4, 6, 10, 12, 20, 22],
    ],
    [
      [0, 5],
      [3, 8],
      [0, 8],
    ],
    [
      [3, 8],
      [0, 5],
      [0, 8],
    ],
    [
      [0, 10],
      [2, 4],
      [0, 10],
    ],
    [
      [0, 4],
      [4, 6],
      [0, 6],
    ],
    [
      [2, 4],
      [2, 9],
      [2, 9],
    ],
  ])('merges %j and %j into %j', (a, b, merged) => {
    expect(mergeSpans(a, b)).toEqual(merged);
  });
});

describe('applySpans', () => {
  it.each([
    ['abcdef', [], 'abcdef'],
    ['abcdef', [0, 6], '***'],
    ['abcdef', [1, 2, 4, 5], 'a***cd***f'],
    ['abcdef', [0, 1, 5, 6], '***bcde***'],
  ])('masks %s at %j as %s', (text, spans, shown) => {
    expect(applySpans(text, spans, '***')).toBe(shown);
  });
});

describe('jwtSpans', () => {
  const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
  it.each([
    ['a JWT', JWT, [JWT]],
    ['a JWT in a sentence, up to its last segment', `Bearer ${JWT}. next`, [JWT]],
    ['a JWT after a word of base64url characters', `xx_eyJabcd.efgh.ij rest`, ['eyJabcd.efgh.ij']],
    ['a JWT with an empty signature', 'eyJabcd.efgh. ', ['eyJabcd.efgh.']],
    ['two JWTs', `${JWT} ${JWT}`, [JWT, JWT]],
    ['no JWT with a first segment of 3 characters after eyJ', 'eyJabc.efgh.ij', []],
    ['no JWT with a second segment of 3 characters', 'eyJabcd.efg.ij', []],
    ['no JWT without a second dot', 'eyJabcd.efgh', []],
    ['no JWT without a first dot', 'eyJabcdefgh', []],
    ['no JWT without eyJ', 'eyKabcd.efgh.ij', []],
    ['no JWT starting xyJ', 'xyJabcd.efgh.ij', []],
    ['no JWT starting eXJ', 'eXJabcd.efgh.ij', []],
    ['no JWT whose first segment ends in a space', 'eyJabcd efgh.ijkl.mn', []],
    ['no JWT starting eyj', 'eyjabcd.efgh.ij', []],
    ['no JWT in a run of eyJ', 'eyJeyJeyJeyJ', []],
    ['a JWT after text that looked like one', 'eyJab.cdef.gh eyJabcd.efgh.ij', ['eyJabcd.efgh.ij']],
  ])('finds %s', (_, text, found) => {
    expect(covered(text, jwtSpans(text))).toEqual(found);
  });
});
