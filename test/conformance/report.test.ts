// The report from check outcomes: one verdict per rule, the coverage table, and JUnit that escapes what it quotes.
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../conformance/engine/exchange.js';
import { describeSteps, stepLine } from '../../conformance/report/console.js';
import { coverageOf, formatCoverage } from '../../conformance/report/coverage.js';
import { junitReport } from '../../conformance/report/files.js';
import { type CheckResult, closingLine, judgeRules, type RunResult } from '../../conformance/report/outcome.js';
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

describe('the steps of a failed check', () => {
  const exchange = (over: Partial<ExchangeRecord>): ExchangeRecord => ({
    id: 'x.check.ts#1',
    file: 'x.check.ts',
    actor: 'member',
    method: 'GET',
    path: '/member/me/',
    url: 'http://127.0.0.1:1/api/member/me/',
    requestHeaders: {},
    ms: 1,
    ...over,
  });

  it('gives each request one line: method, path with query, scheme, body and status', () => {
    const patch = exchange({
      method: 'PATCH',
      path: '/member/bearer-tokens/detail/',
      url: 'http://127.0.0.1:1/api/member/bearer-tokens/detail/?key=tok_1',
      requestHeaders: { authorization: 'JWT ***' },
      requestBody: '{"is_active":false}',
      status: 200,
    });
    expect(stepLine(patch)).toBe('PATCH /member/bearer-tokens/detail/?key=tok_1 [JWT ***] {"is_active":false} → 200');
    expect(stepLine(exchange({ error: 'no answer within 10 ms' }))).toBe('GET /member/me/ → no answer within 10 ms');
  });

  it('shows the last steps under the failure, the earlier ones counted', () => {
    const steps = Array.from({ length: 14 }, (_, i) => `  GET /member/me/ → ${200 + i}`);
    const lines = describeSteps(steps);
    expect(lines[0]).toBe('steps:      … 2 earlier requests (in --json)');
    expect(lines).toHaveLength(13);
    expect(lines.at(-1)).toBe('            GET /member/me/ → 213');
  });
});
