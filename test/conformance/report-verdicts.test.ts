// One verdict per rule from its checks' outcomes, the ladder of missing operations, a rule not verified in every
// report, and JUnit that escapes what it quotes.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { type CheckResult, judgeRules, ladderOf, type RunResult } from '../../conformance/engine/result.js';
import { closingLine, formatReport } from '../../conformance/report/console.js';
import { jsonReport, junitReport } from '../../conformance/report/files.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';
import { checkResult as check } from '../support/check-result.js';

/** A check of `rule` that waits for the operation `op`, declared missing. */
const na = (rule: string, op: string): CheckResult => ({ ...check(rule, 'NOT_APPLICABLE'), waitsFor: op });

describe('judgeRules', () => {
  it.each([
    [['PASS', 'PASS'], 'PASS', undefined],
    [['PASS', 'FAIL'], 'FAIL', '1 of 2 checks failed'],
    [['SKIP', 'SKIP'], 'SKIP', 'read-only mode'],
    [['PASS', 'SKIP'], 'PASS', '1 of 2 checks skipped: read-only mode'],
    [['PASS', 'UNVERIFIED'], 'UNVERIFIED', '1 of 2 checks not verified: blocked'],
    [['FAIL', 'UNVERIFIED'], 'FAIL', '1 of 2 checks failed'],
    [['UNVERIFIED', 'SKIP'], 'UNVERIFIED', '1 of 2 checks not verified: blocked'],
    [[], 'SKIP', 'no check ran'],
  ] as const)('checks %j make the rule %s', (outcomes, expected, reason) => {
    const why = { SKIP: 'read-only mode', UNVERIFIED: 'blocked' } as Record<string, string>;
    const checks = outcomes.map((o) => check('AUTH-01', o, why[o]));
    const [rule] = judgeRules(RULES, checks, new Set(['AUTH-01']));
    expect(rule?.outcome).toBe(expected);
    expect(rule?.reason).toBe(reason);
  });

  it('reports only the selected rules, in catalogue order', () => {
    const rules = judgeRules(RULES, [check('QA-01', 'PASS'), check('AUTH-02', 'FAIL')], new Set(['QA-01', 'AUTH-02']));
    expect(rules.map((r) => r.id)).toEqual(['AUTH-02', 'QA-01']);
    expect(closingLine({ passed: 1, failed: 1, skipped: 0 })).toBe('1 passed, 1 failed, 0 skipped');
  });

  it('counts each outcome of a rule, keeps its own checks only, and carries its catalogue entry', () => {
    const checks = [
      check('AUTH-01', 'PASS'),
      check('AUTH-01', 'FAIL'),
      check('AUTH-01', 'FAIL'),
      check('AUTH-01', 'SKIP', 'read-only mode'),
      check('AUTH-01', 'UNVERIFIED', 'blocked'),
      check('AUTH-02', 'PASS'),
    ];
    const [rule] = judgeRules(RULES, checks, new Set(['AUTH-01']));
    const { id, level, area, source, text } = RULES.find((r) => r.id === 'AUTH-01') ?? {};
    expect(rule).toEqual({
      id,
      level,
      area,
      source,
      text,
      outcome: 'FAIL',
      reason: '2 of 5 checks failed',
      passed: 1,
      failed: 2,
      skipped: 1,
      unverified: 1,
      notApplicable: 0,
      checks: checks.slice(0, 5),
    });
  });

  it('makes a rule not applicable only when none of its checks passed, failed or stayed unverified', () => {
    const [alone] = judgeRules(RULES, [na('AUTH-01', 'getCase'), na('AUTH-01', 'getCase')], new Set(['AUTH-01']));
    expect(alone).toMatchObject({
      outcome: 'NOT_APPLICABLE',
      notApplicable: 2,
      reason: 'not applicable: waits for getCase (2 checks) (declared missing)',
    });
    const [mixed] = judgeRules(RULES, [check('AUTH-01', 'PASS'), na('AUTH-01', 'getCase')], new Set(['AUTH-01']));
    expect(mixed).toMatchObject({
      outcome: 'PASS',
      reason: '1 of 2 checks not applicable: waits for getCase (declared missing)',
    });
    const [failed] = judgeRules(RULES, [check('AUTH-01', 'FAIL'), na('AUTH-01', 'getCase')], new Set(['AUTH-01']));
    expect(failed?.outcome).toBe('FAIL');
  });

  it('names every operation a rule waits for, and a passed rule says both what it skipped and what waits', () => {
    const waits = [na('AUTH-01', 'createScenario'), na('AUTH-01', 'listScenarios'), na('AUTH-01', 'createScenario')];
    const [alone] = judgeRules(RULES, waits, new Set(['AUTH-01']));
    expect(alone?.reason).toBe('not applicable: waits for createScenario (2 checks), listScenarios (declared missing)');
    const [passed] = judgeRules(
      RULES,
      [check('AUTH-01', 'PASS'), check('AUTH-01', 'SKIP', 'read-only mode'), na('AUTH-01', 'getCase')],
      new Set(['AUTH-01']),
    );
    expect(passed).toMatchObject({
      outcome: 'PASS',
      reason:
        '1 of 3 checks skipped: read-only mode; 1 of 3 checks not applicable: waits for getCase (declared missing)',
    });
  });

  it('orders the ladder by the rules each missing operation would unlock', () => {
    const rules = judgeRules(
      RULES,
      [na('AUTH-01', 'getCase'), na('AUTH-02', 'getCase'), na('AUTH-02', 'listTasks')],
      new Set(['AUTH-01', 'AUTH-02']),
    );
    expect(ladderOf(['listTasks', 'register', 'getCase'], rules)).toEqual([
      { operationId: 'getCase', rules: ['AUTH-01', 'AUTH-02'] },
      { operationId: 'listTasks', rules: ['AUTH-02'] },
      { operationId: 'register', rules: [] },
    ]);
  });

  it('gives every distinct reason once, a skip without one as "skipped"', () => {
    const judged = (...checks: CheckResult[]) => judgeRules(RULES, checks, new Set(['AUTH-01']))[0]?.reason;
    expect(judged(check('AUTH-01', 'SKIP'), check('AUTH-01', 'SKIP', 'read-only mode'))).toBe(
      'skipped; read-only mode',
    );
    expect(judged(check('AUTH-01', 'SKIP', 'a'), check('AUTH-01', 'SKIP', 'a'))).toBe('a');
    expect(
      judged(
        check('AUTH-01', 'UNVERIFIED', 'x'),
        check('AUTH-01', 'UNVERIFIED', 'x'),
        check('AUTH-01', 'UNVERIFIED', 'y'),
      ),
    ).toBe('3 of 3 checks not verified: x; y');
    expect(
      judged(
        check('AUTH-01', 'PASS'),
        check('AUTH-01', 'SKIP', 'a'),
        check('AUTH-01', 'SKIP', 'a'),
        check('AUTH-01', 'SKIP', 'b'),
      ),
    ).toBe('3 of 4 checks skipped: a; b');
  });

  it('fails a rule a stopped run never reached, saying why, and judges the reached ones by their checks', () => {
    const rules = judgeRules(RULES, [check('AUTH-02', 'PASS')], new Set(['AUTH-01', 'AUTH-02']), 'the overall bound');
    expect(rules.map((r) => [r.id, r.outcome, r.reason])).toEqual([
      ['AUTH-01', 'FAIL', 'did not run: the overall bound'],
      ['AUTH-02', 'PASS', undefined],
    ]);
    expect(rules[1]).not.toHaveProperty('reason');
  });
});

describe('junitReport', () => {
  it('escapes what it quotes and counts failures and skips', () => {
    const rules = judgeRules(
      RULES,
      [check('AUTH-01', 'FAIL', 'got <200> & "data"'), check('AUTH-02', 'SKIP', 'read-only mode')],
      new Set(['AUTH-01', 'AUTH-02']),
    );
    const result = { rules, wallMs: 1500, leftBehind: [] } as unknown as RunResult;
    const xml = junitReport(result);
    // Two checks, and the clean-up's case.
    expect(xml).toContain('<testsuites name="conformance" tests="3" failures="1" errors="0" skipped="1"');
    expect(xml).toContain('message="got &lt;200&gt; &amp; &quot;data&quot;"');
    expect(xml).toContain('<skipped message="read-only mode"/>');
  });
});

describe('a rule that is not verified', () => {
  const blocked: CheckResult = {
    ...check('TOKEN-02', 'UNVERIFIED', 'not verified, blocked by TOKEN-01: POST /member/bearer-tokens/ got 500'),
    blockedBy: 'TOKEN-01',
  };
  const rules = judgeRules(RULES, [check('TOKEN-01', 'FAIL', 'got 500'), blocked], new Set(['TOKEN-01', 'TOKEN-02']));
  const result = {
    rules,
    wallMs: 1500,
    passed: 0,
    failed: 1,
    skipped: 0,
    unverified: 1,
    mustFailed: true,
    mustUnverified: true,
    exchanges: 2,
    problems: [],
    leftBehind: [],
    coverage: coverageOf(loadContract(), []),
  } as unknown as RunResult;

  it('is listed with the rule that blocked it, and counted in the closing line', () => {
    const text = formatReport(result).join('\n');
    expect(text).toMatch(/Not verified[^\n]*\n {2}TOKEN-02 MUST: blocked by TOKEN-01/);
    expect(text).toContain('0 passed, 1 failed, 0 skipped, 1 not verified');
    expect(closingLine({ passed: 2, failed: 0, skipped: 1, unverified: 0 })).toBe('2 passed, 0 failed, 1 skipped');
  });

  it('is a JUnit error, never a skip, and the JSON summary counts it', () => {
    const xml = junitReport(result);
    expect(xml).toContain('<testsuites name="conformance" tests="3" failures="1" errors="1" skipped="0"');
    expect(xml).toContain('<error message="not verified, blocked by TOKEN-01: POST /member/bearer-tokens/ got 500"/>');
    const summary = JSON.parse(jsonReport(result)).summary;
    expect(summary).toMatchObject({ unverified: 1, mustUnverified: true });
  });
});
