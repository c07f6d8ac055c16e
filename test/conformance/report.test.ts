// The report from check outcomes: one verdict per rule, the coverage table, what the clean-up left, and JUnit that
// escapes what it quotes.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import type { ExchangeRecord } from '../../conformance/engine/exchange.js';
import { stepLine } from '../../conformance/engine/exchange.js';
import { type CheckResult, judgeRules, type LeftBehind, type RunResult } from '../../conformance/engine/result.js';
import {
  cleanupLine,
  closingLine,
  describeLeftBehind,
  describeSteps,
  formatReport,
} from '../../conformance/report/console.js';
import { formatCoverage } from '../../conformance/report/coverage.js';
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
