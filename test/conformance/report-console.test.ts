// The console report: the coverage table, the steps and exchanges of a failed check, the progress and verdict lines,
// and the whole report of a run, section by section.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { allFailuresHint, strictHint } from '../../conformance/engine/entry-points.js';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import { stepLine } from '../../conformance/engine/exchange-record.js';
import { type CheckResult, judgeRules, type RuleResult, type RunResult } from '../../conformance/engine/result.js';
import {
  describeExchange,
  describeSteps,
  failureDetails,
  fileLine,
  formatReport,
  progressLine,
  verdictLines,
} from '../../conformance/report/console.js';
import { formatCoverage } from '../../conformance/report/coverage-table.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';
import { checkResult as check } from '../support/check-result.js';

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

describe('the console lines', () => {
  const exchange = (over: Partial<ExchangeRecord> = {}): ExchangeRecord => ({
    id: 'x.check.ts#1',
    file: 'x.check.ts',
    actor: 'member',
    method: 'POST',
    path: '/member/login/',
    url: 'http://t/api/member/login/',
    requestHeaders: { authorization: 'JWT ***', 'content-type': 'application/json' },
    requestBody: '{"username":"demo"}',
    status: 400,
    responseHeaders: { 'content-type': 'application/json' },
    responseBody: '{"status":"error"}',
    ms: 3,
    ...over,
  });

  it.each([
    [
      ['PASS', 'PASS', 'SKIP'],
      { done: 3, failed: 0, unverified: 0 },
      '  ✓ auth.check.ts                2 passed,   0 failed,   1 skipped  (12 ms; 3 checks so far, 0 failed)\n',
    ],
    [
      ['PASS', 'FAIL', 'UNVERIFIED'],
      { done: 9, failed: 1, unverified: 2 },
      '  ✗ auth.check.ts                1 passed,   1 failed,   0 skipped, 1 not verified  (12 ms; 9 checks so far, 1 failed, 2 not verified)\n',
    ],
    [
      ['UNVERIFIED'],
      { done: 1, failed: 0, unverified: 1 },
      '  ! auth.check.ts                0 passed,   0 failed,   0 skipped, 1 not verified  (12 ms; 1 checks so far, 0 failed, 1 not verified)\n',
    ],
    [
      ['PASS', 'NOT_APPLICABLE', 'NOT_APPLICABLE'],
      { done: 3, failed: 0, unverified: 0 },
      '  ✓ auth.check.ts                1 passed,   0 failed,   0 skipped, 2 not applicable  (12 ms; 3 checks so far, 0 failed)\n',
    ],
    [
      ['UNVERIFIED', 'NOT_APPLICABLE'],
      { done: 2, failed: 0, unverified: 1 },
      '  ! auth.check.ts                0 passed,   0 failed,   0 skipped, 1 not verified, 1 not applicable  (12 ms; 2 checks so far, 0 failed, 1 not verified)\n',
    ],
  ] as const)('shows a finished file with %j as one progress line', (outcomes, soFar, line) => {
    const checks = outcomes.map((o) => check('AUTH-01', o));
    expect(fileLine('auth.check.ts', checks, 12.4, soFar)).toBe(line);
    expect(
      progressLine({
        kind: 'file',
        file: 'auth.check.ts',
        results: checks,
        ms: 12.4,
        total: 9,
        ...soFar,
      }),
    ).toBe(line);
  });

  it('shows the start, a warning and a stop as one line each', () => {
    expect(progressLine({ kind: 'start', files: 12, checks: 80 })).toBe('Running 12 check files…\n');
    expect(progressLine({ kind: 'warning', message: 'the base URL has no /api' })).toBe(
      'warning: the base URL has no /api\n',
    );
    expect(progressLine({ kind: 'stopping', reason: 'Ctrl-C' })).toBe('stopping: Ctrl-C\n');
  });

  it('shows what was sent and received with a curl line; an unanswered request says why', () => {
    expect(describeExchange(exchange())).toEqual([
      'sent:     POST http://t/api/member/login/',
      '          Authorization: JWT ***',
      '          {"username":"demo"}',
      'received: HTTP 400 (application/json)',
      '          {"status":"error"}',
      `curl:     curl -sS -i -X POST 'http://t/api/member/login/' -H 'authorization: JWT ***' -H 'content-type: application/json' --data-raw '{"username":"demo"}'`,
    ]);
    const {
      status: _s,
      responseHeaders: _h,
      responseBody: _b,
      ...unanswered
    } = exchange({ requestHeaders: {}, requestBody: '' });
    expect(describeExchange({ ...unanswered, error: 'no answer within 10 ms' }).slice(1, 2)).toEqual([
      'received: no answer within 10 ms',
    ]);
    expect(describeExchange(unanswered)[1]).toBe('received: no answer');
    const { responseHeaders: _none, ...headerless } = exchange();
    expect(describeExchange(headerless)[3]).toBe('received: HTTP 400');
    expect(describeExchange(exchange({ responseHeaders: {}, responseBody: '' })).slice(3, 5)).toEqual([
      'received: HTTP 400',
      `curl:     curl -sS -i -X POST 'http://t/api/member/login/' -H 'authorization: JWT ***' -H 'content-type: application/json' --data-raw '{"username":"demo"}'`,
    ]);
  });

  it.each([
    [
      { strict: false, failed: false, reasons: [], warnings: [] },
      ['Verdict (not strict: only MUST rules count, a failed SHOULD rule is a warning): PASS'],
    ],
    [
      {
        strict: true,
        failed: true,
        reasons: ['MUST or SHOULD rules failed: AUTH-01', 'coverage 10% is below the minimum 50%'],
        warnings: [],
        coverage: { percent: 10, minimum: 50, met: false },
      },
      [
        'COVERAGE: 10% of declared responses exercised (minimum 50%): NOT MET',
        'Verdict (strict: SHOULD rules count like MUST rules): FAIL: MUST or SHOULD rules failed: AUTH-01; coverage 10% is below the minimum 50%',
      ],
    ],
    [
      { strict: false, failed: false, reasons: [], warnings: [], coverage: { percent: 60, minimum: 50, met: true } },
      [
        'COVERAGE: 60% of declared responses exercised (minimum 50%): met',
        'Verdict (not strict: only MUST rules count, a failed SHOULD rule is a warning): PASS',
      ],
    ],
  ] as const)('gives the verdict and the coverage gate in plain lines (%#)', (verdict, lines) => {
    expect(verdictLines({ ...verdict, reasons: [...verdict.reasons], warnings: [] })).toEqual(lines);
  });

  it('details the first failed checks of a rule with their steps and exchanges, and counts the rest', () => {
    const failed = (n: number): CheckResult => ({
      ...check('AUTH-01', 'FAIL', `got 200\nfor request ${n}`),
      name: `AUTH-01 check ${n}`,
      ...(n === 1 ? { steps: ['▶ POST /member/login/ → 400'], exchanges: [exchange()] } : {}),
    });
    const [rule] = judgeRules(RULES, [1, 2, 3, 4, 5].map(failed), new Set(['AUTH-01']));
    const lines = failureDetails(rule as RuleResult, 2);
    expect(lines.slice(0, 4)).toEqual([
      '    ✗ AUTH-01 check 1',
      '      got 200\n      for request 1',
      '      steps:    ▶ POST /member/login/ → 400',
      '      sent:     POST http://t/api/member/login/',
    ]);
    expect(lines.slice(-3)).toEqual([
      '    ✗ AUTH-01 check 2',
      '      got 200\n      for request 2',
      '    … and 3 more failed checks of AUTH-01 (all of them are in --json and --junit)',
    ]);
    const mixed = judgeRules(RULES, [check('AUTH-01', 'PASS'), failed(2), failed(3)], new Set(['AUTH-01']));
    expect(failureDetails(mixed[0] as RuleResult, 2).filter((l) => !l.startsWith('      '))).toEqual([
      '    ✗ AUTH-01 check 2',
      '    ✗ AUTH-01 check 3',
    ]);
    const unverified = judgeRules(
      RULES,
      [check('AUTH-01', 'UNVERIFIED'), check('AUTH-01', 'UNVERIFIED')],
      new Set(['AUTH-01']),
    );
    expect(failureDetails(unverified[0] as RuleResult, 1, 'vitest')).toEqual([
      '    ! AUTH-01 a check',
      '      failed',
      `    … and 1 more checks not verified of AUTH-01 (${allFailuresHint('vitest')})`,
    ]);
  });
});

describe('the console report of a run', () => {
  const blocked = (blockedBy: string): CheckResult => ({ ...check('TOKEN-02', 'UNVERIFIED', 'blocked'), blockedBy });
  const rules = judgeRules(
    RULES,
    [
      check('AUTH-01', 'PASS'),
      check('AUTH-01', 'SKIP', 'read-only mode'),
      check('AUTH-02', 'PASS'),
      check('AUTH-02', 'FAIL', 'got 200'),
      blocked('TOKEN-01'),
      blocked('AUTH-02'),
      blocked('TOKEN-01'),
      check('TOKEN-02', 'PASS'),
    ],
    new Set(['AUTH-01', 'AUTH-02', 'TOKEN-02']),
  );
  const result = {
    door: 'vitest',
    baseUrl: 'http://t/api',
    marker: 'cf-run-7',
    rules,
    wallMs: 1540,
    passed: 1,
    failed: 1,
    skipped: 0,
    unverified: 1,
    exchanges: 12,
    problems: ['the clean-up ran out of its 100 ms'],
    leftBehind: [
      { kind: 'token', title: 'cf-run-7 keyless', actor: 'member', why: 'its row shows no key or id to delete it by' },
      { kind: 'scenario', title: 'cf-run-7 idless', companyId: 1, boardId: 2, actor: 'member', why: 'no id' },
    ],
    coverage: coverageOf(loadContract(), []),
  } as unknown as RunResult;
  const text = (r: RunResult) => formatReport(r);
  /** The report's lines before its API coverage: the rules and what follows them. */
  const beforeCoverage = (r: RunResult) => {
    const lines = text(r);
    return lines.slice(
      0,
      lines.findIndex((l) => l.startsWith('API coverage:')),
    );
  };

  it('lists every rule, what blocked each rule not verified, the failures, problems and leftovers, in that order', () => {
    const [auth01, auth02, token02] = ['AUTH-01', 'AUTH-02', 'TOKEN-02'].map((id) => RULES.find((r) => r.id === id));
    const lines = text(result);
    const coverageAt = lines.findIndex((l) => l.startsWith('API coverage:'));
    expect(lines.slice(0, coverageAt)).toEqual([
      '',
      'Rules (http://t/api, run cf-run-7):',
      `  AUTH-01   MUST    PASS  ${auth01?.text} (1 of 2 checks skipped: read-only mode)`,
      `  AUTH-02   MUST    FAIL  ${auth02?.text} (1 of 2 checks failed)`,
      `  TOKEN-02  ${token02?.level.padEnd(6)}  UNVERIFIED  ${token02?.text} (3 of 4 checks not verified: blocked)`,
      '',
      'Passed in part (each holds for the checks that ran; the rest could not be judged, and why):',
      '  AUTH-01 MUST passed in part: 1 of 2 checks skipped: read-only mode.',
      '',
      'Not verified (a step they need failed under another rule; fix that rule first):',
      `  TOKEN-02 ${token02?.level}: blocked by TOKEN-01, AUTH-02`,
      '',
      'Failures:',
      '',
      `  AUTH-02 MUST: ${auth02?.text}`,
      '    ✗ AUTH-02 a check',
      '      got 200',
      '',
      'Problems outside the checks:',
      '  ! the clean-up ran out of its 100 ms',
      '',
      'Left behind on the target (the API has no delete for it, or the clean-up could not remove it or look):',
      '  - named API token "cf-run-7 keyless" of the member: its row shows no key or id to delete it by',
      '  - scenario "cf-run-7 idless" on board 2 of company 1: no id',
      '',
    ]);
    expect(lines.slice(-5)).toEqual([
      '',
      '12 requests in 1.5 s.',
      `Clean-up: INCOMPLETE: 1 token and 1 scenario left behind (see "Left behind"; ${strictHint('vitest')} fails the run for it)`,
      'Verdict (not strict: only MUST rules count, a failed SHOULD rule is a warning): FAIL: MUST rules failed: AUTH-02; MUST rules not verified: TOKEN-02',
      '1 passed, 1 failed, 0 skipped, 1 not verified',
    ]);
  });

  it('gives a rule without a reason no parentheses, and the CLI hints when the run names no door', () => {
    const passed = judgeRules(RULES, [check('AUTH-01', 'PASS')], new Set(['AUTH-01']));
    expect(text({ ...result, rules: passed } as RunResult)[2]).toBe(
      `  AUTH-01  MUST    PASS  ${RULES.find((r) => r.id === 'AUTH-01')?.text}`,
    );
    const lines = text({ ...result, door: undefined } as unknown as RunResult);
    expect(lines.at(-3)).toContain(`(see "Left behind"; ${strictHint('cli')} fails the run for it)`);
  });

  it('leaves out the sections a clean run has nothing for', () => {
    const clean = {
      ...result,
      door: undefined,
      rules: rules.slice(0, 1),
      problems: [],
      leftBehind: [],
    } as unknown as RunResult;
    expect(beforeCoverage(clean)).toEqual([
      '',
      'Rules (http://t/api, run cf-run-7):',
      `  AUTH-01  MUST    PASS  ${RULES.find((r) => r.id === 'AUTH-01')?.text} (1 of 2 checks skipped: read-only mode)`,
      '',
      'Passed in part (each holds for the checks that ran; the rest could not be judged, and why):',
      '  AUTH-01 MUST passed in part: 1 of 2 checks skipped: read-only mode.',
      '',
    ]);
  });

  it('has no "Passed in part" section when every rule that passed ran all its checks', () => {
    const whole = judgeRules(RULES, [check('AUTH-01', 'PASS'), check('AUTH-01', 'PASS')], new Set(['AUTH-01']));
    expect(beforeCoverage({ ...result, rules: whole, problems: [], leftBehind: [] } as unknown as RunResult)).toEqual([
      '',
      'Rules (http://t/api, run cf-run-7):',
      `  AUTH-01  MUST    PASS  ${RULES.find((r) => r.id === 'AUTH-01')?.text}`,
      '',
    ]);
  });

  it('names, under each failure shown, the command that replays that check of the --json report', () => {
    // docs/conformance.md, "Replaying a failure": `--check n` counts the checks of `--rule` from 1, in the report's
    // order, so the failed check after a passed one is check 2; a check not verified did not fail, and replay refuses it.
    const replay = {
      file: 'report.json',
      run: {
        target: 'profile.json',
        seed: 7,
        maxExamples: 10,
        readOnly: false,
        register: true,
        preflight: true,
        timeoutMs: 10_000,
        totalTimeoutMs: 600_000,
      },
    };
    const lines = formatReport(result, verdictOf(result), replay);
    const at = lines.indexOf('    ✗ AUTH-02 a check');
    expect(lines.slice(at, at + 3)).toEqual([
      '    ✗ AUTH-02 a check',
      '      got 200',
      '      replay: task-conformance replay report.json --target profile.json --rule AUTH-02 --check 2',
    ]);
    expect(lines.filter((l) => l.includes('replay:'))).toHaveLength(1);
    const unverified = judgeRules(RULES, [check('AUTH-01', 'UNVERIFIED')], new Set(['AUTH-01']));
    expect(failureDetails(unverified[0] as RuleResult, 3, 'cli', replay)).toEqual([
      '    ! AUTH-01 a check',
      '      failed',
    ]);
  });

  it('says a pass in part with the count and why for every kind of part: skipped, not applicable, judged in part', () => {
    const partly: CheckResult = {
      ...check('GEN-01', 'PASS'),
      partly: true,
      reason: '2 of 7 broken requests not verified',
    };
    const parts = judgeRules(
      RULES,
      [
        check('AUTH-01', 'PASS'),
        check('AUTH-01', 'SKIP', 'no board list on this server'),
        check('AUTH-01', 'SKIP', 'no board list on this server'),
        check('AUTH-02', 'PASS'),
        { ...check('AUTH-02', 'NOT_APPLICABLE', 'waits'), waitsFor: 'getCase' },
        partly,
        check('TOKEN-02', 'PASS'),
      ],
      new Set(['AUTH-01', 'AUTH-02', 'GEN-01', 'TOKEN-02']),
    );
    const lines = text({ ...result, rules: parts, problems: [], leftBehind: [] } as unknown as RunResult);
    const at = lines.indexOf(
      'Passed in part (each holds for the checks that ran; the rest could not be judged, and why):',
    );
    expect(lines.slice(at + 1, lines.indexOf('', at))).toEqual([
      '  AUTH-01 MUST passed in part: 2 of 3 checks skipped: no board list on this server.',
      '  AUTH-02 MUST passed in part: 1 of 2 checks not applicable: waits for getCase (declared missing)',
      '  GEN-01 MUST passed in part: 2 of 7 broken requests not verified.',
    ]);
  });

  it('leads with the warnings before any rule ran, then what each operation declared missing unlocks', () => {
    const partial = {
      ...result,
      door: undefined,
      notApplicable: 3,
      warnings: ['board 2 could not be confirmed'],
      missingOperations: [
        { operationId: 'createScenario', rules: ['QA-01', 'QA-02'] },
        { operationId: 'listTasks', rules: ['QA-09'] },
        { operationId: 'register', rules: [] },
      ],
    } as unknown as RunResult;
    const lines = text(partial);
    expect(lines.slice(0, 10)).toEqual([
      '',
      'Warnings before any rule ran (the probe and the preflight):',
      '  ! board 2 could not be confirmed',
      '',
      'Not built yet (declared in missingOperations; --require-all fails the run for it): what each operation unlocks',
      '  createScenario  2 rules: QA-01, QA-02',
      '  listTasks       1 rule: QA-09',
      '  register        0 rules',
      '',
      'Rules (http://t/api, run cf-run-7):',
    ]);
    expect(lines.at(-1)).toBe('1 passed, 1 failed, 0 skipped, 1 not verified, 3 not applicable');
    const required = formatReport({ ...partial, door: 'vitest' }, verdictOf(partial, { requireAll: true }));
    expect(required[4]).toBe(
      'Not built yet (declared in missingOperations; the run fails for it): what each operation unlocks',
    );
    // A strict verdict made by hand, without requireAll, requires all as verdictOf and the JUnit report read it.
    expect(formatReport(partial, { strict: true, failed: true, reasons: [], warnings: [] })[4]).toBe(required[4]);
    expect(text({ ...partial, door: 'vitest' } as RunResult)[4]).toBe(
      'Not built yet (declared in missingOperations; requireAll: true fails the run for it): what each operation unlocks',
    );
  });
});
