// The report from check outcomes: one verdict per rule, the coverage table, and JUnit that escapes what it quotes.
import { describe, expect, it } from 'vitest';
import { coverageOf, formatCoverage } from '../../conformance/coverage.js';
import type { ExchangeRecord } from '../../conformance/exchange.js';
import { junitReport } from '../../conformance/reports.js';
import { type CheckResult, closingLine, judgeRules, type RunResult } from '../../conformance/results.js';
import { loadContract } from '../../contract/openapi.js';

const check = (rule: string, outcome: CheckResult['outcome'], reason?: string): CheckResult => ({
  rule,
  name: `${rule} a check`,
  file: 'x.check.ts',
  outcome,
  ...(reason ? { reason } : {}),
  exchanges: [],
  ms: 1,
});

describe('judgeRules', () => {
  it.each([
    [['PASS', 'PASS'], 'PASS', undefined],
    [['PASS', 'FAIL'], 'FAIL', '1 of 2 checks failed'],
    [['SKIP', 'SKIP'], 'SKIP', 'read-only mode'],
    [['PASS', 'SKIP'], 'PASS', '1 of 2 checks skipped: read-only mode'],
    [[], 'SKIP', 'no check ran'],
  ] as const)('checks %j make the rule %s', (outcomes, expected, reason) => {
    const checks = outcomes.map((o) => check('AUTH-01', o, o === 'SKIP' ? 'read-only mode' : undefined));
    const [rule] = judgeRules(checks, new Set(['AUTH-01']));
    expect(rule?.outcome).toBe(expected);
    expect(rule?.reason).toBe(reason);
  });

  it('reports only the selected rules, in catalogue order', () => {
    const rules = judgeRules([check('QA-01', 'PASS'), check('AUTH-02', 'FAIL')], new Set(['QA-01', 'AUTH-02']));
    expect(rules.map((r) => r.id)).toEqual(['AUTH-02', 'QA-01']);
    expect(closingLine({ passed: 1, failed: 1, skipped: 0 })).toBe('1 passed, 1 failed, 0 skipped');
  });
});

describe('coverage', () => {
  it('marks each declared status exercised or not; other statuses count for default', () => {
    const seen = (operationId: string, status: number) => ({ operationId, status }) as ExchangeRecord;
    const coverage = coverageOf(loadContract(), [seen('getMe', 200), seen('getMe', 401), seen('getMe', 418)]);
    const me = coverage.rows.find((r) => r.operationId === 'getMe');
    expect(me?.statuses).toEqual({ '200': true, '401': true, '403': false, '404': false, default: true });
    expect(coverage.exercised).toBe(3);
    expect(formatCoverage(coverage)[0]).toMatch(/^API coverage: 3 of \d+ declared responses exercised/);
  });
});

describe('junitReport', () => {
  it('escapes what it quotes and counts failures and skips', () => {
    const rules = judgeRules(
      [check('AUTH-01', 'FAIL', 'got <200> & "data"'), check('AUTH-02', 'SKIP', 'read-only mode')],
      new Set(['AUTH-01', 'AUTH-02']),
    );
    const result = { rules, wallMs: 1500 } as RunResult;
    const xml = junitReport(result);
    expect(xml).toContain('<testsuites name="conformance" tests="2" failures="1" skipped="1"');
    expect(xml).toContain('message="got &lt;200&gt; &amp; &quot;data&quot;"');
    expect(xml).toContain('<skipped message="read-only mode"/>');
  });
});
