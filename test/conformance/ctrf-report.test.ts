// The CTRF report (docs/conformance.md, "The CTRF report (`--ctrf`)"): valid under the ctrf package's strict validator;
// the tool and the kit's version, the summary's counts of the tests written, start and stop, the verdict in its
// `extra`; one test per operation declared missing, per check (a rule without a check as one test with its outcome),
// for the clean-up and for the --min-coverage gate; a failed SHOULD check and an incomplete clean-up `other`, a
// not-verified MUST check `failed`, skipped and not-applicable checks `skipped`; `results.extra` with the coverage
// totals, missing and unbuilt operations, what was left behind and the problems. Built inside each test, so that
// Stryker counts the work for it; the whole CLI runs that write it are in cli-ci.test.ts.
import { readFileSync } from 'node:fs';
import { validateStrict } from 'ctrf';
import { describe, expect, it } from 'vitest';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import type { CheckResult, RunResult } from '../../conformance/engine/result.js';
import { ctrfFailure, ctrfReport } from '../../conformance/report/ctrf.js';
import { CLEANUP_TEST, MISSING_TEST } from '../../conformance/report/files.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { checkResult, runResultOf } from '../support/check-result.js';

const VERSION = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version as string;

const runOf = (checks: CheckResult[], over: Partial<RunResult> = {}): RunResult =>
  runResultOf(checks, {
    startedAt: '2026-12-07T10:00:00.000Z',
    wallMs: 1234.4,
    passed: 0,
    failed: 0,
    coverage: { exercised: 3, declared: 12, rows: [] },
    ...over,
  });

// biome-ignore lint/suspicious/noExplicitAny: the parsed file, read member by member as a reader does
type Parsed = any;

/** The report as a reader gets it: parsed, after the ctrf package's strict validator accepted it. */
function ctrfOf(result: RunResult, options: Parameters<typeof verdictOf>[1] = {}) {
  const text = ctrfReport(result, verdictOf(result, options));
  expect(text.endsWith('}\n')).toBe(true);
  validateStrict(JSON.parse(text));
  return JSON.parse(text) as Parsed;
}

const testNamed = (report: { results: { tests: { name: string }[] } }, name: string) =>
  report.results.tests.find((t) => t.name === name) as Record<string, unknown>;

describe('the CTRF report', () => {
  it('names the tool and its version, and times the run', () => {
    const report = ctrfOf(runOf([checkResult('AUTH-01', 'PASS')]));
    expect(report.reportFormat).toBe('CTRF');
    expect(report.specVersion).toBe('0.0.0');
    expect(report.results.tool).toEqual({ name: 'task-conformance', version: VERSION });
    const start = Date.parse('2026-12-07T10:00:00.000Z');
    expect(report.results.summary).toMatchObject({ start, stop: start + 1234, duration: 1234 });
    expect(report.timestamp).toBe('2026-12-07T10:00:01.234Z');
    expect(report.results.environment.extra).toEqual({ baseUrl: 'http://127.0.0.1:1/api', marker: 'cfmarker' });
  });

  it('writes one test per check with its suite, tags, labels, file, reason and trace', () => {
    const exchange: ExchangeRecord = {
      id: 'x#1',
      file: 'x.check.ts',
      actor: 'member',
      method: 'GET',
      path: '/me',
      url: 'http://127.0.0.1:1/api/me',
      requestHeaders: {},
      status: 200,
      responseBody: 'hello',
      ms: 1,
    };
    const failed: CheckResult = { ...checkResult('AUTH-01', 'FAIL', 'got 200'), exchanges: [exchange], ms: 7.6 };
    const report = ctrfOf(runOf([failed]));
    const test = testNamed(report, 'AUTH-01 a check');
    expect(test).toMatchObject({
      status: 'failed',
      rawStatus: 'FAIL',
      duration: 8,
      suite: ['conformance', 'auth', 'AUTH-01 MUST: A request without an Authorization header gets 401.'],
      tags: ['AUTH-01', 'MUST', 'auth'],
      labels: { rule: 'AUTH-01', level: 'MUST', area: 'auth', source: '§5 table; §7 (401)', outcome: 'FAIL' },
      filePath: 'x.check.ts',
      message: 'got 200',
    });
    expect(test.trace).toMatch(/^sent: +GET http:\/\/127\.0\.0\.1:1\/api\/me/);
    expect(test.trace).toContain('hello');
    expect(test.extra).toBeUndefined();
    // A passing check without a reason, file or exchange carries none of them.
    const passed = testNamed(ctrfOf(runOf([{ ...checkResult('AUTH-01', 'PASS'), file: '' }])), 'AUTH-01 a check');
    expect(Object.keys(passed)).not.toContain('message');
    expect(Object.keys(passed)).not.toContain('trace');
    expect(Object.keys(passed)).not.toContain('filePath');
  });

  it('has no warning state: a failed or not-verified SHOULD check is other (failed under --strict), a MUST one failed', () => {
    const checks = [
      checkResult('TOKEN-07', 'FAIL', 'x'),
      checkResult('TOKEN-09', 'UNVERIFIED', 'blocked'),
      { ...checkResult('AUTH-02', 'UNVERIFIED', 'blocked') },
      checkResult('AUTH-03', 'SKIP', 'read-only mode'),
      checkResult('AUTH-04', 'NOT_APPLICABLE', 'waits for createApiToken'),
    ];
    const statuses = (strict: boolean) =>
      ctrfOf(runOf(checks), { strict })
        .results.tests.filter((t: { suite: string[] }) => t.suite.length === 3)
        .map((t: { name: string; status: string; rawStatus: string }) => [t.name.slice(0, 8), t.status, t.rawStatus]);
    expect(statuses(false)).toEqual([
      ['AUTH-02 ', 'failed', 'UNVERIFIED'],
      ['AUTH-03 ', 'skipped', 'SKIP'],
      ['AUTH-04 ', 'skipped', 'NOT_APPLICABLE'],
      ['TOKEN-07', 'other', 'FAIL (SHOULD: a warning)'],
      ['TOKEN-09', 'other', 'UNVERIFIED (SHOULD: a warning)'],
    ]);
    expect(statuses(true)).toEqual([
      ['AUTH-02 ', 'failed', 'UNVERIFIED'],
      ['AUTH-03 ', 'skipped', 'SKIP'],
      ['AUTH-04 ', 'skipped', 'NOT_APPLICABLE'],
      ['TOKEN-07', 'failed', 'FAIL'],
      ['TOKEN-09', 'failed', 'UNVERIFIED'],
    ]);
    const warning = testNamed(ctrfOf(runOf(checks)), 'TOKEN-07 a check');
    expect(warning.extra).toEqual({ warning: 'fails the run only with --strict' });
    const fromVitest = testNamed(ctrfOf(runOf(checks, { door: 'vitest' })), 'TOKEN-07 a check');
    expect(fromVitest.extra).toEqual({ warning: 'fails the run only with strict: true' });
  });

  it('counts the tests written in the summary, and holds the verdict there', () => {
    const report = ctrfOf(
      runOf([
        checkResult('AUTH-01', 'FAIL', 'x'),
        checkResult('AUTH-02', 'PASS'),
        checkResult('TOKEN-07', 'FAIL', 'y'),
      ]),
    );
    const tests = report.results.tests as { status: string }[];
    const count = (s: string) => tests.filter((t) => t.status === s).length;
    expect(report.results.summary).toMatchObject({
      tests: 4,
      passed: count('passed'),
      failed: 1,
      skipped: 0,
      pending: 0,
      other: 1,
    });
    expect(count('passed')).toBe(2);
    expect(report.results.summary.extra.strict).toBe(false);
    expect(report.results.summary.extra.verdict.failed).toBe(true);
    expect(report.results.summary.extra.verdict.reasons).toHaveLength(1);
    expect(report.results.summary.extra.verdict.warnings).toEqual([]);
  });

  it('writes one test per operation declared missing: skipped, failed under --require-all', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')], {
      missingOperations: [
        { operationId: 'createScenario', rules: ['QA-01', 'QA-02'] },
        { operationId: 'listTasks', rules: [] },
      ],
    });
    const report = ctrfOf(result);
    expect(testNamed(report, `${MISSING_TEST}: createScenario`)).toMatchObject({
      status: 'skipped',
      rawStatus: 'MISSING',
      suite: ['conformance', 'missing operations'],
      message: 'not built yet (declared missing): unlocks 2 rules: QA-01, QA-02',
    });
    expect(testNamed(report, `${MISSING_TEST}: listTasks`).message).toBe(
      'not built yet (declared missing): unlocks 0 rules',
    );
    expect(testNamed(ctrfOf(result, { requireAll: true }), `${MISSING_TEST}: listTasks`).status).toBe('failed');
    expect(report.results.extra.missingOperations).toEqual(result.missingOperations);
  });

  it('writes a rule without a check as one test carrying its outcome', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')]);
    const rule = result.rules[0] as RunResult['rules'][number];
    const report = ctrfOf({ ...result, rules: [{ ...rule, checks: [], outcome: 'SKIP', reason: 'not selected' }] });
    const own = report.results.tests.filter((t: { suite: string[] }) => t.suite.length === 3);
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ status: 'skipped', message: 'not selected' });
  });

  it('writes the clean-up as a test: passed when complete, other when not (failed under --strict)', () => {
    const complete = testNamed(ctrfOf(runOf([checkResult('AUTH-01', 'PASS')])), CLEANUP_TEST);
    expect(complete).toMatchObject({ status: 'passed', rawStatus: 'COMPLETE', suite: ['conformance', 'clean-up'] });
    expect(Object.keys(complete)).not.toContain('message');
    expect(Object.keys(complete)).not.toContain('trace');
    const left = runOf([checkResult('AUTH-01', 'PASS')], {
      leftBehind: [{ kind: 'token', title: 'CI', actor: 'member', why: 'delete answered 500' }],
    } as Partial<RunResult>);
    const incomplete = testNamed(ctrfOf(left), CLEANUP_TEST);
    expect(incomplete).toMatchObject({ status: 'other', rawStatus: 'INCOMPLETE' });
    expect(incomplete.message).toMatch(/^clean-up incomplete: /);
    expect(incomplete.trace).toContain('delete answered 500');
    expect(testNamed(ctrfOf(left, { strict: true }), CLEANUP_TEST).status).toBe('failed');
    const report = ctrfOf(left);
    expect(report.results.extra.leftBehind).toHaveLength(1);
    expect(report.results.extra.leftBehind[0]).toContain('delete answered 500');
  });

  it('writes the --min-coverage gate as a test, and the coverage totals in extra', () => {
    const result = runOf([checkResult('AUTH-01', 'PASS')]);
    const gate = (minCoverage: number) =>
      ctrfOf(result, { minCoverage }).results.tests.find((t: { suite: string[] }) => t.suite[1] === 'API coverage');
    expect(gate(20)).toMatchObject({
      name: 'COVERAGE: 25% of declared responses exercised (minimum 20%)',
      status: 'passed',
    });
    expect(gate(30).status).toBe('failed');
    expect(ctrfOf(result).results.tests.some((t: { suite: string[] }) => t.suite[1] === 'API coverage')).toBe(false);
    expect(ctrfOf(result).results.extra.coverage).toEqual({ exercised: 3, declared: 12 });
  });

  it("holds the unbuilt operations and the problems in extra, the target's text made inert", () => {
    const result = runOf([{ ...checkResult('AUTH-01', 'FAIL', '\x1b[31m##vso[x]') }], {
      coverage: {
        exercised: 0,
        declared: 1,
        rows: [{ operationId: 'listTasks', method: 'GET', path: '/task/list/', statuses: {}, received: { '404': 2 } }],
      },
      problems: ['stopped \x1b[0m'],
    });
    const report = ctrfOf(result);
    expect(report.results.extra.unbuiltOperations).toEqual([
      { operationId: 'listTasks', method: 'GET', path: '/task/list/', requests: 2, statuses: [404] },
    ]);
    expect(report.results.extra.problems).toEqual(['stopped \\x1b[0m']);
    expect(testNamed(report, 'AUTH-01 a check').message).toBe('\\x1b[31m\\x23#vso[x]');
  });

  it('writes a run that ended before judging as one failed test saying why', () => {
    validateStrict(JSON.parse(ctrfFailure('unreachable: \x1b[31m', 2)));
    const report = JSON.parse(ctrfFailure('unreachable: \x1b[31m', 2)) as Parsed;
    expect(report.results.tool).toEqual({ name: 'task-conformance', version: VERSION });
    expect(report.results.summary).toMatchObject({ tests: 1, passed: 0, failed: 1, skipped: 0, pending: 0, other: 0 });
    expect(report.results.tests).toEqual([
      {
        name: 'the run',
        status: 'failed',
        duration: 0,
        rawStatus: 'exit 2',
        message: 'unreachable: \\x1b[31m',
        suite: ['conformance'],
      },
    ]);
  });
});
