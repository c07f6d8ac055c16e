// A check's result, an exchange and a run's result as the runner records them (conformance/engine/result.ts), for the
// report writers' tests.
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import { type CheckResult, judgeRules, type RunResult } from '../../conformance/engine/result.js';
import { RULES } from '../../conformance/rules.js';

export const checkResult = (rule: string, outcome: CheckResult['outcome'], reason?: string): CheckResult => ({
  rule,
  name: `${rule} a check`,
  file: 'x.check.ts',
  outcome,
  ...(reason ? { reason } : {}),
  exchanges: [],
  ms: 1,
});

/** One exchange of a check: a POST answered 500 in plain text, unless `over` says otherwise. */
export const exchangeRecord = (over: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
  id: 'x#1',
  file: 'x.check.ts',
  actor: 'member',
  method: 'POST',
  path: '/tokens',
  url: 'http://127.0.0.1:1/api/tokens',
  requestHeaders: { 'content-type': 'application/json' },
  requestBody: '{"title":"t"}',
  status: 500,
  responseHeaders: { 'content-type': 'text/plain' },
  responseBody: 'boom',
  ms: 1,
  ...over,
});

/** A run of the given checks, every rule they name selected and judged, its counts those of the rules. */
export function runResultOf(checks: CheckResult[], over: Partial<RunResult> = {}): RunResult {
  const rules = judgeRules(RULES, checks, new Set(checks.map((c) => c.rule)));
  return {
    baseUrl: 'http://127.0.0.1:1/api',
    marker: 'cfmarker',
    startedAt: new Date(0).toISOString(),
    wallMs: 1,
    rules,
    passed: rules.filter((r) => r.outcome === 'PASS').length,
    failed: rules.filter((r) => r.outcome === 'FAIL').length,
    skipped: 0,
    unverified: 0,
    notApplicable: 0,
    missingOperations: [],
    mustFailed: false,
    mustUnverified: false,
    coverage: { exercised: 0, declared: 0, rows: [] },
    exchanges: 0,
    problems: [],
    leftBehind: [],
    ...over,
  };
}
