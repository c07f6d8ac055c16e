// The --min-coverage gate and the run's verdict (docs/conformance.md, "Exit codes"): below the minimum fails, at or
// above it passes, the figure is never rounded up past the minimum, and --strict counts SHOULD rules like MUST rules.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { type CheckResult, judgeRules, type Outcome } from '../../conformance/engine/result.js';
import { coverageGate, coverageLine, shownPercent, verdictOf } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';

describe('coverageGate', () => {
  it.each([
    // exercised, declared, minimum, met
    [73, 100, 80, false],
    [80, 100, 80, true],
    [81, 100, 80, true],
    [0, 100, 0, true],
    [100, 100, 100, true],
    [99, 100, 100, false],
    [2, 3, 66.7, false],
    [2, 3, 66.6, true],
    [0, 0, 0, true],
    [0, 0, 1, false],
  ])('%i of %i exercised against a minimum of %s%%: met is %s', (exercised, declared, minimum, met) => {
    expect(coverageGate({ exercised, declared }, minimum)).toEqual({
      percent: declared ? (100 * exercised) / declared : 0,
      minimum,
      met,
    });
  });

  it('shows the figure cut to one decimal, never rounded up to a minimum it misses', () => {
    expect(shownPercent(79.96)).toBe('79.9%');
    expect(shownPercent(73)).toBe('73%');
    expect(coverageLine(coverageGate({ exercised: 7996, declared: 10000 }, 80))).toBe(
      'COVERAGE: 79.9% of declared responses exercised (minimum 80%)',
    );
  });
});

describe('verdictOf', () => {
  const check = (rule: string, outcome: Outcome): CheckResult => ({
    rule,
    name: `${rule} a check`,
    file: 'x.check.ts',
    outcome,
    exchanges: [],
    ms: 1,
  });
  const result = (checks: CheckResult[]) => ({
    rules: judgeRules(RULES, checks, new Set(checks.map((c) => c.rule))),
    coverage: coverageOf(loadContract(), []),
  });

  it.each([
    // MUST outcome, SHOULD outcome, strict, fails, reasons
    ['PASS', 'PASS', false, false, []],
    ['PASS', 'FAIL', false, false, []],
    ['PASS', 'FAIL', true, true, ['MUST or SHOULD rules failed: TOKEN-07']],
    ['PASS', 'UNVERIFIED', false, false, []],
    ['PASS', 'UNVERIFIED', true, true, ['MUST or SHOULD rules not verified: TOKEN-07']],
    ['FAIL', 'PASS', false, true, ['MUST rules failed: AUTH-01']],
    ['UNVERIFIED', 'PASS', false, true, ['MUST rules not verified: AUTH-01']],
    ['SKIP', 'SKIP', true, false, []],
    ['NOT_APPLICABLE', 'NOT_APPLICABLE', true, false, []],
  ] as const)('MUST %s and SHOULD %s with strict=%s fails: %s', (must, should, strict, fails, reasons) => {
    const verdict = verdictOf(result([check('AUTH-01', must), check('TOKEN-07', should)]), { strict });
    expect(verdict).toEqual({ strict, requireAll: strict, failed: fails, reasons, warnings: [] });
  });

  it('fails on a coverage below the minimum even when every rule passes, and names both figures', () => {
    const passing = result([check('AUTH-01', 'PASS')]);
    expect(verdictOf(passing, { minCoverage: 0 })).toMatchObject({ failed: false, coverage: { met: true } });
    const below = verdictOf(passing, { minCoverage: 0.1 });
    expect(below).toMatchObject({ failed: true, coverage: { percent: 0, minimum: 0.1, met: false } });
    expect(below.reasons).toEqual(['coverage 0% is below the minimum 0.1%']);
  });

  const token = { kind: 'token', key: 'tok_1', actor: 'member', why: 'DELETE answered 403' } as const;
  const account = { kind: 'account', username: 'cf-run-1', actor: 'member', why: 'no delete in the API' } as const;

  it('names every rule that failed or was not verified, each list in one reason', () => {
    const verdict = verdictOf(
      result([
        check('AUTH-01', 'FAIL'),
        check('AUTH-02', 'FAIL'),
        check('AUTH-03', 'UNVERIFIED'),
        check('AUTH-04', 'UNVERIFIED'),
      ]),
    );
    expect(verdict.reasons).toEqual([
      'MUST rules failed: AUTH-01, AUTH-02',
      'MUST rules not verified: AUTH-03, AUTH-04',
    ]);
  });

  it('gives a failed rule, a coverage below the minimum and, under --strict, a clean-up left behind, in that order', () => {
    const left = { ...result([check('AUTH-01', 'FAIL')]), leftBehind: [token] };
    expect(verdictOf(left, { strict: true, minCoverage: 50 }).reasons).toEqual([
      'MUST or SHOULD rules failed: AUTH-01',
      'coverage 0% is below the minimum 50%',
      'clean-up incomplete: 1 token left behind',
    ]);
  });

  it.each([
    // strict, leftBehind, failed, reasons, warnings
    [false, [token], false, [], ['clean-up incomplete: 1 token left behind']],
    [true, [token], true, ['clean-up incomplete: 1 token left behind'], []],
    [true, [account], false, [], []],
    [true, undefined, false, [], []],
  ] as const)(
    'a clean-up that left objects fails the run only with strict=%s, as a SHOULD rule does (%j)',
    (strict, leftBehind, failed, reasons, warnings) => {
      const passing = { ...result([check('AUTH-01', 'PASS')]), ...(leftBehind ? { leftBehind: [...leftBehind] } : {}) };
      expect(verdictOf(passing, { strict })).toEqual({ strict, requireAll: strict, failed, reasons, warnings });
    },
  );

  it.each([
    // options, failed, where the phrase goes
    [{}, false, 'warnings'],
    [{ requireAll: true }, true, 'reasons'],
    [{ strict: true }, true, 'reasons'],
    [{ strict: true, requireAll: false }, false, 'warnings'],
  ] as const)(
    'operations declared missing, with %j, fail the run: %s (a phrase in its %s)',
    (options, failed, where) => {
      const missingOperations = [
        { operationId: 'createScenario', rules: ['QA-01', 'QA-02'] },
        { operationId: 'listTasks', rules: [] },
      ];
      const verdict = verdictOf({ ...result([check('AUTH-01', 'PASS')]), missingOperations }, options);
      expect(verdict.failed).toBe(failed);
      expect(verdict[where]).toEqual(['operations declared missing: createScenario, listTasks']);
      expect(verdict[where === 'reasons' ? 'warnings' : 'reasons']).toEqual([]);
      expect(verdictOf({ ...result([check('AUTH-01', 'PASS')]), missingOperations: [] }, options)).toMatchObject({
        failed: false,
        reasons: [],
        warnings: [],
      });
    },
  );
});
