// The report from check outcomes: one verdict per rule, the coverage table, what the clean-up left, and JUnit that
// escapes what it quotes.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { allFailuresHint, strictHint } from '../../conformance/engine/entry-points.js';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import { stepLine } from '../../conformance/engine/exchange-record.js';
import {
  type CheckResult,
  cleanupShortfall,
  judgeRules,
  type LeftBehind,
  ladderOf,
  type RuleResult,
  type RunResult,
} from '../../conformance/engine/result.js';
import {
  cleanupLine,
  closingLine,
  describeExchange,
  describeLeftBehind,
  describeSteps,
  failureDetails,
  fileLine,
  formatReport,
  progressLine,
  verdictLines,
} from '../../conformance/report/console.js';
import { formatCoverage } from '../../conformance/report/coverage-table.js';
import { jsonReport, junitReport } from '../../conformance/report/files.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';
import { checkResult } from '../support/check-result.js';

const check = checkResult;

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
    const na = (rule: string, op: string): CheckResult => ({ ...check(rule, 'NOT_APPLICABLE'), waitsFor: op });
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

  it('orders the ladder by the rules each missing operation would unlock', () => {
    const na = (rule: string, op: string): CheckResult => ({ ...check(rule, 'NOT_APPLICABLE'), waitsFor: op });
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

describe('cleanupShortfall', () => {
  const board = (boardId: number) => ({ companyId: 1, boardId, actor: 'member', why: 'DELETE answered 403' });
  it.each([
    [
      'every deletable kind, in the order tokens, scenarios, cases',
      [
        { kind: 'case', id: 3, ...board(2) },
        { kind: 'scenario', id: 2, ...board(2) },
        { kind: 'token', key: 'a', actor: 'member', why: 'w' },
        { kind: 'case', id: 4, ...board(2) },
      ],
      '1 token, 1 scenario and 2 cases left behind',
    ],
    [
      'each board whose scenarios it could not search, once',
      [
        { kind: 'scenario', notSearched: true, ...board(2) },
        { kind: 'scenario', notSearched: true, ...board(2), actor: 'outsider' },
        { kind: 'scenario', notSearched: true, ...board(5) },
      ],
      'the scenarios of board 2 and board 5 not searched',
    ],
    [
      'objects left and a list not searched',
      [
        { kind: 'token', notSearched: true, actor: 'outsider', why: 'w' },
        { kind: 'scenario', id: 2, ...board(2) },
        { kind: 'account', username: 'cf-1', actor: 'member', why: 'w' },
      ],
      '1 scenario left behind; the tokens of the outsider not searched',
    ],
    [
      'only what the API could delete, beside accounts, sessions, tasks and task lists',
      [
        { kind: 'account', username: 'cf-1', actor: 'member', why: 'w' },
        { kind: 'session', id: 4, ...board(2) },
        { kind: 'task', notSearched: true, ...board(2) },
        { kind: 'task', id: 5, ...board(2) },
        { kind: 'token', key: 'a', actor: 'member', why: 'w' },
      ],
      '1 token left behind',
    ],
  ] as const)('names %s', (_, left, expected) => {
    expect(cleanupShortfall(left as readonly LeftBehind[])).toBe(expected);
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

describe('what the clean-up left behind', () => {
  const onBoard = (kind: 'task' | 'scenario' | 'case', id: number, why: string): LeftBehind => ({
    kind,
    id,
    companyId: 1,
    boardId: 2,
    actor: 'member',
    why,
  });
  const leftBehind: LeftBehind[] = [
    { kind: 'account', username: 'cf_x_new', actor: 'anonymous', why: 'the API has no account delete' },
    onBoard('task', 7, 'the API has no task delete'),
    onBoard('task', 8, 'the API has no task delete'),
    { kind: 'token', key: 'tok_1', actor: 'outsider', why: 'DELETE /member/bearer-tokens/detail/ answered 403' },
    onBoard('scenario', 3, 'DELETE /features/qa/scenarios/ answered 403'),
    onBoard('case', 4, 'its scenario 3 was left behind'),
    {
      kind: 'token',
      notSearched: true,
      actor: 'member',
      why: 'GET /member/bearer-tokens/ as the member: page 1 answered 500',
    },
  ];

  it('names each object and each list not searched, with why; objects of a board left for one reason share a line', () => {
    expect(describeLeftBehind(leftBehind)).toEqual([
      'account cf_x_new: the API has no account delete (--no-register sends no registration)',
      'named API token tok_1 of the outsider: DELETE /member/bearer-tokens/detail/ answered 403',
      "the token list of the member could NOT be searched for the run's objects: GET /member/bearer-tokens/ as the member: page 1 answered 500",
      'tasks 7, 8 on board 2 of company 1: the API has no task delete',
      'scenario 3 on board 2 of company 1: DELETE /features/qa/scenarios/ answered 403',
      'case 4 on board 2 of company 1: its scenario 3 was left behind',
    ]);
    const twenty = Array.from({ length: 20 }, (_, i) => onBoard('scenario', i, `answered ${400 + i}`));
    expect(describeLeftBehind(twenty)).toHaveLength(20);
    const many = Array.from({ length: 25 }, (_, i) => onBoard('scenario', i, `answered ${400 + i}`));
    const lines = describeLeftBehind(many, 'vitest');
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toBe("… and 5 more (all of them are in the report describeConformance's json option writes)");
  });

  it.each([
    [[], false, 'Clean-up: complete'],
    [leftBehind.slice(0, 3), true, 'Clean-up: complete (left only what the API has no delete for: 1 account, 2 tasks)'],
    [
      leftBehind,
      false,
      'Clean-up: INCOMPLETE: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched (see "Left behind"; --strict fails the run for it)',
    ],
    [
      leftBehind,
      true,
      'Clean-up: INCOMPLETE: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched (see "Left behind"; it fails the run (strict))',
    ],
  ] as const)('says in one line whether the clean-up is complete (%#)', (left, strict, line) => {
    expect(cleanupLine(left, strict)).toBe(line);
  });

  it('the console, the JSON summary and the verdict say so; without strict it is a warning, never a silent pass', () => {
    const result = {
      rules: judgeRules(RULES, [check('AUTH-01', 'PASS')], new Set(['AUTH-01'])),
      wallMs: 1500,
      exchanges: 1,
      problems: [],
      leftBehind,
      coverage: coverageOf(loadContract(), []),
    } as unknown as RunResult;
    const text = formatReport(result).join('\n');
    expect(text).toContain('Left behind on the target');
    expect(text).toContain(
      '  - named API token tok_1 of the outsider: DELETE /member/bearer-tokens/detail/ answered 403',
    );
    expect(text).toMatch(/Clean-up: INCOMPLETE: [^\n]+\nVerdict \(not strict[^\n]+: PASS\n/);
    const json = JSON.parse(jsonReport(result));
    expect(json.summary.cleanup).toEqual({
      complete: false,
      shortfall: '1 token, 1 scenario and 1 case left behind; the tokens of the member not searched',
      leftBehind: 7,
    });
    expect(json.verdict).toMatchObject({
      failed: false,
      warnings: [
        'clean-up incomplete: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched',
      ],
    });
    expect(json.leftBehind).toEqual(leftBehind);
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
    const lines = text(clean);
    expect(
      lines.slice(
        0,
        lines.findIndex((l) => l.startsWith('API coverage:')),
      ),
    ).toEqual([
      '',
      'Rules (http://t/api, run cf-run-7):',
      `  AUTH-01  MUST    PASS  ${RULES.find((r) => r.id === 'AUTH-01')?.text} (1 of 2 checks skipped: read-only mode)`,
      '',
    ]);
  });
});
