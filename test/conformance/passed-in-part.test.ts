// A rule that passed in part, said the same in every report (docs/conformance.md, "Reading the report"): one sentence
// per rule that passed with some of its checks skipped, not applicable or judged in part, with the count and why, as
// the JSON report's `reason` says it: `AUTH-01 MUST passed in part: 12 of 21 checks skipped: read-only mode.` Unit
// tests of conformance/report/partial.ts (the whole runs that end in it are in partial.test.ts).
import { describe, expect, it } from 'vitest';
import { passedInPart, passedInPartLine } from '../../conformance/report/partial.js';

describe('passed in part', () => {
  it('says the reason of a passing rule, with the rule, its level and a full stop', () => {
    const rule = {
      id: 'AUTH-01',
      level: 'MUST',
      outcome: 'PASS',
      reason: '12 of 21 checks skipped: read-only mode',
    } as const;
    expect(passedInPart(rule)).toBe('12 of 21 checks skipped: read-only mode');
    expect(passedInPartLine(rule)).toBe('AUTH-01 MUST passed in part: 12 of 21 checks skipped: read-only mode.');
    // Only the last character counts: a bracket or a full stop inside the reason ends nothing.
    expect(passedInPartLine({ ...rule, reason: '1 of 9 not verified (refused). Then two more' })).toBe(
      'AUTH-01 MUST passed in part: 1 of 9 not verified (refused). Then two more.',
    );
  });

  it.each([
    ['a bracket', 'refused for another cause than the break (…)'],
    ['a full stop', 'skipped.'],
    ['a question mark', 'why?'],
    ['an exclamation mark', 'so!'],
  ])('adds no full stop after %s', (_, reason) => {
    expect(passedInPartLine({ id: 'GEN-01', level: 'MUST', outcome: 'PASS', reason })).toBe(
      `GEN-01 MUST passed in part: ${reason}`,
    );
  });

  it('says nothing of a whole pass, nor of a rule that did not pass', () => {
    expect(passedInPartLine({ id: 'AUTH-01', level: 'MUST', outcome: 'PASS' })).toBeUndefined();
    expect(passedInPartLine({ id: 'AUTH-01', level: 'MUST', outcome: 'PASS', reason: '' })).toBeUndefined();
    for (const outcome of ['FAIL', 'SKIP', 'UNVERIFIED', 'NOT_APPLICABLE'] as const) {
      expect(passedInPart({ outcome, reason: '1 of 1 checks failed' })).toBeUndefined();
      expect(passedInPartLine({ id: 'AUTH-01', level: 'MUST', outcome, reason: 'x' })).toBeUndefined();
    }
  });
});
