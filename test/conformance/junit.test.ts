// The JUnit report (docs/conformance.md, "Reading the report"): a failed SHOULD check is a passing test case marked as
// a warning unless --strict, MUST failures and not-verified checks never read as a pass, the counts agree with the test
// cases written, and the XML stays well-formed whatever the target answered.

import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import type { ExchangeRecord } from '../../conformance/engine/exchange-record.js';
import { type CheckResult, judgeRules, type LeftBehind, type RunResult } from '../../conformance/engine/result.js';
import { CLEANUP_TEST, junitReport } from '../../conformance/report/files.js';
import { coverageGate } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';
import { checkResult } from '../support/check-result.js';

const MUST = 'AUTH-01';
const SHOULD = 'TOKEN-07';
expect(RULES.find((r) => r.id === MUST)?.level).toBe('MUST');
expect(RULES.find((r) => r.id === SHOULD)?.level).toBe('SHOULD');

const check = checkResult;

const run = (checks: CheckResult[], stopped?: string, leftBehind: LeftBehind[] = []): RunResult =>
  ({
    rules: judgeRules(RULES, checks, new Set(checks.map((c) => c.rule).concat(MUST, SHOULD)), stopped),
    wallMs: 1000,
    coverage: coverageOf(loadContract(), []),
    leftBehind,
  }) as unknown as RunResult;

interface Case {
  '@_name': string;
  failure?: unknown;
  error?: unknown;
  skipped?: { '@_message': string };
  'system-out'?: string;
  properties?: { property: { '@_name': string; '@_value': string }[] };
}
interface Suite {
  '@_name': string;
  '@_tests': string;
  '@_failures': string;
  '@_errors': string;
  '@_skipped': string;
  testcase: Case[];
}

/** Parses the report, after checking that it is well-formed XML. */
function parse(xml: string): { totals: Record<string, string>; suites: Suite[] } {
  expect(XMLValidator.validate(xml)).toBe(true);
  const doc = new XMLParser({
    ignoreAttributes: false,
    isArray: (name) => ['testsuite', 'testcase', 'property'].includes(name),
  }).parse(xml);
  const { testsuite, ...totals } = doc.testsuites;
  return { totals, suites: testsuite ?? [] };
}

/** What a test case counts as for a JUnit reader: only its child elements decide. */
const kind = (c: Case): string =>
  c.failure !== undefined
    ? 'failure'
    : c.error !== undefined
      ? 'error'
      : c.skipped !== undefined
        ? 'skipped'
        : 'passed';

/** Every `tests`/`failures`/`errors`/`skipped` attribute agrees with the test cases written under it. */
function expectCountsAgree(xml: string): void {
  const { totals, suites } = parse(xml);
  const tally = (cases: Case[]) => ({
    tests: String(cases.length),
    failures: String(cases.filter((c) => kind(c) === 'failure').length),
    errors: String(cases.filter((c) => kind(c) === 'error').length),
    skipped: String(cases.filter((c) => kind(c) === 'skipped').length),
  });
  for (const s of suites) {
    const attrs = { tests: s['@_tests'], failures: s['@_failures'], errors: s['@_errors'], skipped: s['@_skipped'] };
    expect(attrs, s['@_name']).toEqual(tally(s.testcase));
  }
  const all = suites.flatMap((s) => s.testcase);
  const top = {
    tests: totals['@_tests'],
    failures: totals['@_failures'],
    errors: totals['@_errors'],
    skipped: totals['@_skipped'],
  };
  expect(top).toEqual(tally(all));
}

const caseOf = (xml: string, rule: string): Case => {
  const suite = parse(xml).suites.find((s) => s['@_name'].startsWith(`${rule} `));
  return suite?.testcase[0] as Case;
};

describe('junitReport: one written form per check outcome, level and mode', () => {
  it.each([
    [MUST, 'PASS', false, 'passed'],
    [MUST, 'FAIL', false, 'failure'],
    [MUST, 'FAIL', true, 'failure'],
    [SHOULD, 'FAIL', false, 'warning'],
    [SHOULD, 'FAIL', true, 'failure'],
    [MUST, 'UNVERIFIED', false, 'error'],
    [MUST, 'UNVERIFIED', true, 'error'],
    [SHOULD, 'UNVERIFIED', false, 'skipped'],
    [SHOULD, 'UNVERIFIED', true, 'error'],
    [SHOULD, 'SKIP', false, 'skipped'],
    [SHOULD, 'PASS', true, 'passed'],
  ] as const)('%s %s with strict=%s is written as %s', (rule, outcome, strict, expected) => {
    const xml = junitReport(run([check(rule, outcome, 'got 500 <html> & "x"')]), { strict });
    expectCountsAgree(xml);
    const c = caseOf(xml, rule);
    const severity = c.properties?.property.find((p) => p['@_name'] === 'severity')?.['@_value'];
    if (expected === 'warning') {
      // What every reader counts as a pass, marked as a warning in its name and properties, with the text kept.
      expect(kind(c)).toBe('passed');
      expect(c['@_name']).toBe(`[WARNING] ${rule} a check`);
      expect(severity).toBe('warning');
      expect(c['system-out']).toContain('SHOULD rule failed');
      expect(c['system-out']).toContain('got 500 <html> & "x"');
    } else {
      expect(kind(c)).toBe(expected);
      expect(c['system-out']).toBeUndefined();
    }
    if (outcome === 'UNVERIFIED' && expected === 'skipped') {
      expect(c['@_name']).toBe(`[NOT VERIFIED] ${rule} a check`);
      expect(c.skipped?.['@_message']).toMatch(/^not verified \(SHOULD: fails the run only with --strict\): got 500/);
      expect(severity).toBe('warning');
    }
  });

  it('counts a SHOULD failure as a failure only with --strict, and every count agrees with what is written', () => {
    const checks = [
      check(MUST, 'PASS'),
      check(MUST, 'FAIL', 'wrong'),
      check(SHOULD, 'FAIL', 'departs'),
      check('ENV-05', 'UNVERIFIED', 'blocked'),
      check('QA-01', 'UNVERIFIED', 'blocked'),
      check('QA-02', 'SKIP', 'read-only mode'),
    ];
    const plain = junitReport(run(checks));
    const strict = junitReport(run(checks), { strict: true });
    expectCountsAgree(plain);
    expectCountsAgree(strict);
    expect(parse(plain).totals).toMatchObject({ '@_failures': '1', '@_errors': '1', '@_skipped': '2' });
    expect(parse(strict).totals).toMatchObject({ '@_failures': '2', '@_errors': '2', '@_skipped': '1' });
  });

  it('writes a rule that a stopped run never reached as a failure, not a skip', () => {
    const xml = junitReport(run([check(SHOULD, 'PASS')], 'the overall bound of 1000 ms was reached'));
    expectCountsAgree(xml);
    const unreached = caseOf(xml, MUST) as Case & { failure: { '@_message': string } };
    expect(kind(unreached)).toBe('failure');
    expect(unreached.failure['@_message']).toBe('did not run: the overall bound of 1000 ms was reached');
    expect(kind(caseOf(xml, SHOULD))).toBe('passed');
  });

  it('stays well-formed and escapes what it quotes, control characters written as visible escapes', () => {
    const nasty = 'got <b>"x" & \'y\'</b>\x1b[31m red\x00\nsecond line ]]> end';
    const xml = junitReport(run([check(MUST, 'FAIL', nasty), check(SHOULD, 'FAIL', nasty)]));
    expectCountsAgree(xml);
    expect(xml).not.toContain('\x1b');
    const must = caseOf(xml, MUST) as Case & { failure: { '@_message': string; '#text': string } };
    expect(must.failure['@_message']).toBe('got <b>"x" & \'y\'</b>\\u001B[31m red\\u0000');
    expect(must.failure['#text']).toContain('second line ]]> end');
    expect(caseOf(xml, SHOULD)['system-out']).toContain('second line ]]> end');
  });
});

describe('junitReport: a rule that passed in part', () => {
  it('says so on its suite with the count and why, and on a check that passed in part, as the JSON does', () => {
    const partly: CheckResult = {
      ...check(SHOULD, 'PASS'),
      partly: true,
      reason: '2 of 7 broken requests not verified',
    };
    const xml = junitReport(run([check(MUST, 'PASS'), check(MUST, 'SKIP', 'no board list'), partly]));
    expectCountsAgree(xml);
    const property = (rule: string) =>
      (
        parse(xml).suites.find((s) => s['@_name'].startsWith(`${rule} `)) as unknown as {
          properties: { property: { '@_name': string; '@_value': string }[] };
        }
      ).properties.property.find((p) => p['@_name'] === 'passed-in-part')?.['@_value'];
    expect(property(MUST)).toBe('1 of 2 checks skipped: no board list');
    expect(property(SHOULD)).toBe('2 of 7 broken requests not verified');
    const c = caseOf(xml, SHOULD);
    expect(kind(c)).toBe('passed');
    expect(c['system-out']).toBe('passed in part: 2 of 7 broken requests not verified');
    // A whole pass says nothing of the kind.
    const whole = junitReport(run([check(MUST, 'PASS')]));
    expect(whole).not.toContain('passed-in-part');
    expect(whole).not.toContain('passed in part');
  });
});

describe('junitReport: what a failure carries', () => {
  it('gives a failed check the request it sent and the answer, with a curl line to repeat it', () => {
    const exchange: ExchangeRecord = {
      id: 'auth.check.ts#1',
      file: 'auth.check.ts',
      actor: 'anonymous',
      method: 'GET',
      path: '/member/me/',
      url: 'http://t/api/member/me/',
      requestHeaders: {},
      status: 200,
      ms: 2,
    };
    const xml = junitReport(run([{ ...check(MUST, 'FAIL', 'got 200, not 401'), exchanges: [exchange] }]));
    expect(xml).toContain(
      [
        '<failure message="got 200, not 401" type="MUST">got 200, not 401',
        '',
        'sent:     GET http://t/api/member/me/',
        'received: HTTP 200',
        "curl:     curl -sS -i -X GET 'http://t/api/member/me/'</failure>",
      ].join('\n'),
    );
  });

  it('says what a check recorded without a reason came to, never an empty message', () => {
    const xml = junitReport(run([check(MUST, 'FAIL'), check('AUTH-02', 'UNVERIFIED'), check('TOKEN-02', 'SKIP')]));
    expect(xml).toContain('<failure message="failed" type="MUST">failed</failure>');
    expect(xml).toContain('<error message="not verified"/>');
    expect(xml).toContain('<skipped message="skipped"/>');
  });

  it('keeps tab, newline, carriage return and characters past the surrogates as they are; escapes a lone surrogate', () => {
    const xml = junitReport(run([check(MUST, 'FAIL', 'a\tb\r\nc \udfff d \ud800 e \ufffd 😀')]));
    expect(xml).toContain('type="MUST">a\tb\r\nc \\uDFFF d \\uD800 e \ufffd 😀</failure>');
    expect(XMLValidator.validate(xml)).toBe(true);
  });
});

describe('junitReport: the --min-coverage test case', () => {
  const declared = coverageOf(loadContract(), []).declared;
  it.each([
    [0, 'passed'],
    [100, 'failure'],
  ] as const)('with a minimum of %s percent and nothing exercised, it is %s', (minimum, expected) => {
    const result = run([check(MUST, 'PASS')]);
    const xml = junitReport(result, { strict: false, coverage: coverageGate(result.coverage, minimum) });
    expectCountsAgree(xml);
    const suite = parse(xml).suites.find((s) => s['@_name'] === 'API coverage') as Suite;
    const c = suite.testcase[0] as Case;
    expect(c['@_name']).toBe(`COVERAGE: 0% of declared responses exercised (minimum ${minimum}%)`);
    expect(kind(c)).toBe(expected);
    if (expected === 'failure')
      expect(String((c.failure as { '#text': string })['#text'])).toContain(`0 of ${declared}`);
  });

  it('is absent without a minimum: a test case that cannot fail would be noise', () => {
    const xml = junitReport(run([check(MUST, 'PASS')]));
    expect(parse(xml).suites.map((s) => s['@_name'])).not.toContain('API coverage');
  });
});

describe('junitReport: the clean-up test case', () => {
  const task: LeftBehind = { kind: 'task', id: 7, companyId: 1, boardId: 1, actor: 'member', why: 'no task delete' };
  const token: LeftBehind = { kind: 'token', key: 'tok_1', actor: 'member', why: 'DELETE answered 403' };
  const unsearched: LeftBehind = {
    kind: 'scenario',
    notSearched: true,
    actor: 'member',
    companyId: 1,
    boardId: 1,
    why: 'page 1 answered 500',
  };
  const tokenLine = 'named API token tok_1 of the member: DELETE answered 403';
  const listLine = 'the scenario list of board 1 of company 1 (as the member) could NOT be searched';
  it.each([
    ['nothing', [], false, 'passed', []],
    ['only what the API cannot delete', [task], true, 'passed', []],
    ['a token', [task, token], false, 'warning', [tokenLine]],
    ['a token', [task, token], true, 'failure', [tokenLine]],
    ['a list not searched', [unsearched], false, 'warning', [listLine]],
    ['a list not searched', [unsearched], true, 'failure', [listLine]],
  ] as const)('with %s left behind and strict=%s, it is %s', (_what, leftBehind, strict, expected, lines) => {
    const xml = junitReport(run([check(MUST, 'PASS')], undefined, [...leftBehind]), { strict });
    expectCountsAgree(xml);
    const suite = parse(xml).suites.find((s) => s['@_name'] === 'clean-up') as Suite;
    const c = suite.testcase[0] as Case;
    if (expected === 'warning') {
      expect(kind(c)).toBe('passed');
      expect(c['@_name']).toBe(`[WARNING] ${CLEANUP_TEST}`);
      expect(c.properties?.property).toContainEqual({ '@_name': 'severity', '@_value': 'warning' });
      expect(c['system-out']).toMatch(/^clean-up incomplete: .*--strict makes it a failure/);
    } else {
      expect(kind(c)).toBe(expected);
      expect(c['@_name']).toBe(CLEANUP_TEST);
    }
    const text = expected === 'failure' ? (c.failure as { '#text': string })['#text'] : String(c['system-out']);
    for (const line of lines) expect(text).toContain(line);
  });
});
