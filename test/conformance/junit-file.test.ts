// The JUnit file a run writes, whole (docs/conformance.md, "Reading the report"): per rule its level, area, source,
// outcome and severity, per check its written form, the clean-up and coverage suites, and the file of a run that could
// not report per rule.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CheckResult, judgeRules, type RunResult } from '../../conformance/engine/result.js';
import { jsonFailure, jsonReport, junitFailure, junitReport, writeReport } from '../../conformance/report/files.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { RULES } from '../../conformance/rules.js';
import { checkResult as check } from '../support/check-result.js';

const rule = (id: string) => RULES.find((r) => r.id === id) as (typeof RULES)[number];
const coverage = {
  exercised: 1,
  declared: 3,
  rows: [
    { operationId: 'getMe', method: 'GET', path: '/member/me/', statuses: { '200': true, '401': false, '403': false } },
  ],
};

function result(checks: CheckResult[], ids: string[]): RunResult {
  return {
    rules: judgeRules(RULES, checks, new Set(ids)),
    wallMs: 2500,
    coverage,
    leftBehind: [{ kind: 'token', key: 'tok_1', actor: 'member', why: 'DELETE answered 403' }],
  } as unknown as RunResult;
}

describe('the JUnit file', () => {
  const failed: CheckResult = {
    ...check('AUTH-01', 'FAIL', 'got 200\nnot 401'),
    ms: 1500,
    steps: ['▶ GET /member/me/ → 200'],
  };
  const run = result(
    [
      failed,
      { ...check('AUTH-01', 'PASS'), ms: 250 },
      check('TOKEN-07', 'FAIL', 'kept'),
      check('TOKEN-08', 'UNVERIFIED', 'blocked'),
    ],
    ['AUTH-01', 'AUTH-02', 'TOKEN-07', 'TOKEN-08'],
  );
  it('writes every rule, check, the clean-up and the coverage gate with their properties and counts', () => {
    const gate = { percent: 100 / 3, minimum: 50, met: false };
    expect(junitReport(run, { strict: false, coverage: gate })).toBe(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="conformance" tests="7" failures="2" errors="1" skipped="1" time="2.500">
  <testsuite name="AUTH-01 MUST: ${rule('AUTH-01').text}" tests="2" failures="1" errors="0" skipped="0" time="1.750">
    <properties>
      <property name="level" value="MUST"/>
      <property name="area" value="auth"/>
      <property name="source" value="${rule('AUTH-01').source}"/>
      <property name="outcome" value="FAIL"/>
      <property name="severity" value="error"/>
    </properties>
    <testcase classname="AUTH-01" name="AUTH-01 a check" file="x.check.ts" time="1.500">
      <failure message="got 200" type="MUST">got 200
not 401

steps:    ▶ GET /member/me/ → 200</failure>
    </testcase>
    <testcase classname="AUTH-01" name="AUTH-01 a check" file="x.check.ts" time="0.250">
    </testcase>
  </testsuite>
  <testsuite name="AUTH-02 MUST: ${rule('AUTH-02').text}" tests="1" failures="0" errors="0" skipped="1" time="0.000">
    <properties>
      <property name="level" value="MUST"/>
      <property name="area" value="auth"/>
      <property name="source" value="${rule('AUTH-02').source}"/>
      <property name="outcome" value="SKIP"/>
    </properties>
    <testcase classname="AUTH-02" name="AUTH-02 ${rule('AUTH-02').text}" time="0.000">
      <skipped message="no check ran"/>
    </testcase>
  </testsuite>
  <testsuite name="TOKEN-07 SHOULD: ${rule('TOKEN-07').text}" tests="1" failures="0" errors="0" skipped="0" time="0.001">
    <properties>
      <property name="level" value="SHOULD"/>
      <property name="area" value="tokens"/>
      <property name="source" value="${rule('TOKEN-07').source}"/>
      <property name="outcome" value="FAIL"/>
      <property name="severity" value="warning"/>
    </properties>
    <testcase classname="TOKEN-07" name="[WARNING] TOKEN-07 a check" file="x.check.ts" time="0.001">
      <properties>
        <property name="severity" value="warning"/>
      </properties>
      <system-out>SHOULD rule failed: a warning, the run does not fail (--strict makes it a failure)

kept</system-out>
    </testcase>
  </testsuite>
  <testsuite name="TOKEN-08 MUST: ${rule('TOKEN-08').text}" tests="1" failures="0" errors="1" skipped="0" time="0.001">
    <properties>
      <property name="level" value="MUST"/>
      <property name="area" value="tokens"/>
      <property name="source" value="${rule('TOKEN-08').source}"/>
      <property name="outcome" value="UNVERIFIED"/>
      <property name="severity" value="error"/>
    </properties>
    <testcase classname="TOKEN-08" name="TOKEN-08 a check" file="x.check.ts" time="0.001">
      <error message="blocked"/>
    </testcase>
  </testsuite>
  <testsuite name="clean-up" tests="1" failures="0" errors="0" skipped="0" time="0">
    <properties>
      <property name="left-behind" value="1"/>
    </properties>
    <testcase classname="CLEANUP" name="[WARNING] clean-up: every object the run created that the API can delete is removed, every list searched" time="0">
      <properties>
        <property name="severity" value="warning"/>
      </properties>
      <system-out>clean-up incomplete: 1 token left behind: a warning, the run does not fail (--strict makes it a failure)

Left behind on the target:
  - named API token tok_1 of the member: DELETE answered 403</system-out>
    </testcase>
  </testsuite>
  <testsuite name="API coverage" tests="1" failures="1" errors="0" skipped="0" time="0">
    <properties>
      <property name="exercised" value="1"/>
      <property name="declared" value="3"/>
      <property name="minimum" value="50"/>
    </properties>
    <testcase classname="COVERAGE" name="COVERAGE: 33.3% of declared responses exercised (minimum 50%)" time="0">
      <failure message="COVERAGE: 33.3% of declared responses exercised (minimum 50%)" type="COVERAGE">1 of 3 declared responses exercised; not exercised:
  GET /member/me/ 401
  GET /member/me/ 403</failure>
    </testcase>
  </testsuite>
</testsuites>\n`);
  });

  it('under --strict, a failed SHOULD check and an incomplete clean-up are failures', () => {
    const xml = junitReport(run, { strict: true });
    expect(xml).toContain('<testsuites name="conformance" tests="6" failures="3" errors="1" skipped="1" time="2.500">');
    expect(xml).toContain('<failure message="kept" type="SHOULD">kept</failure>');
    expect(xml).toContain(
      '<failure message="clean-up incomplete: 1 token left behind" type="CLEANUP">Left behind on the target:\n  - named API token tok_1 of the member: DELETE answered 403</failure>',
    );
    expect(xml).not.toContain('API coverage');
  });
});

describe('the files of a run that declared operations missing', () => {
  const partial = (door?: 'vitest'): RunResult =>
    ({
      ...result(
        [
          check('AUTH-01', 'PASS'),
          {
            ...check('QA-01', 'NOT_APPLICABLE', 'not applicable: waits for createScenario (declared missing)'),
            waitsFor: 'createScenario',
          },
        ],
        ['AUTH-01', 'QA-01'],
      ),
      leftBehind: [],
      notApplicable: 1,
      warnings: ['board 2 could not be confirmed'],
      missingOperations: [
        { operationId: 'createScenario', rules: ['QA-01', 'QA-02'] },
        { operationId: 'listTasks', rules: ['QA-09'] },
        { operationId: 'register', rules: [] },
      ],
      ...(door ? { door } : {}),
    }) as unknown as RunResult;
  /** The ladder's suite as written: each operation's case, with `counts` and the element `tag` makes of what it unlocks. */
  const ladder = (counts: string, tag: (unlocks: string) => string): string[] => [
    `  <testsuite name="operations declared missing (missingOperations)" tests="3" ${counts} time="0">`,
    ...[
      ['createScenario', '2 rules: QA-01, QA-02'],
      ['listTasks', '1 rule: QA-09'],
      ['register', '0 rules'],
    ].flatMap(([operation, unlocks]) => [
      `    <testcase classname="MISSING" name="${operation}" time="0">`,
      `      ${tag(`not built yet (declared missing): unlocks ${unlocks}`)}`,
      '    </testcase>',
    ]),
    '  </testsuite>',
  ];

  it('JUnit: leads with one skipped case per operation saying what it unlocks; a check not applicable is skipped naming what it waits for', () => {
    const xml = junitReport(partial());
    expect(xml).toContain('<testsuites name="conformance" tests="6" failures="0" errors="0" skipped="4" time="2.500">');
    expect(xml.split('\n').slice(2, 13)).toEqual(
      ladder('failures="0" errors="0" skipped="3"', (unlocks) => `<skipped message="${unlocks}"/>`),
    );
    expect(xml).toContain(
      [
        '      <property name="outcome" value="NOT_APPLICABLE"/>',
        '    </properties>',
        '    <testcase classname="QA-01" name="QA-01 a check" file="x.check.ts" time="0.001">',
        '      <skipped message="not applicable: waits for createScenario (declared missing)"/>',
      ].join('\n'),
    );
    expect(junitReport(partial(), { strict: true, requireAll: false })).not.toContain('type="MISSING"');
  });

  it('JUnit: with requireAll, or strict, each operation is a failure naming the option of the entry point in use', () => {
    const required = junitReport(partial(), { strict: false, requireAll: true });
    expect(required.split('\n').slice(2, 13)).toEqual(
      ladder(
        'failures="3" errors="0" skipped="0"',
        (unlocks) => `<failure message="${unlocks} (--require-all)" type="MISSING"/>`,
      ),
    );
    expect(junitReport(partial('vitest'), { strict: true })).toContain(
      '<failure message="not built yet (declared missing): unlocks 0 rules (requireAll: true)" type="MISSING"/>',
    );
  });

  it('JSON: the ladder, the count of rules not applicable, the preflight warnings and the verdict that names them', () => {
    const json = JSON.parse(jsonReport(partial()));
    expect(json.missingOperations).toEqual([
      { operationId: 'createScenario', rules: ['QA-01', 'QA-02'] },
      { operationId: 'listTasks', rules: ['QA-09'] },
      { operationId: 'register', rules: [] },
    ]);
    expect(json.summary.notApplicable).toBe(1);
    expect(json.preflightWarnings).toEqual(['board 2 could not be confirmed']);
    expect(json.verdict).toEqual({
      failed: false,
      reasons: [],
      warnings: ['operations declared missing: createScenario, listTasks, register'],
    });
    expect(JSON.parse(jsonReport(partial(), verdictOf(partial(), { minCoverage: 50 }))).verdict.coverage).toEqual({
      percent: 100 / 3,
      minimum: 50,
      met: false,
    });
    const { warnings: _none, ...unwarned } = partial();
    expect(JSON.parse(jsonReport(unwarned as RunResult)).preflightWarnings).toEqual([]);
  });
});

describe('the files of a run that could not report per rule', () => {
  it('JUnit: one errored test case with the first line as its message and the exit code as its type', () => {
    expect(junitFailure('the target is unreachable\nGive its REST base address', 2)).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<testsuites name="conformance" tests="1" failures="0" skipped="0" errors="1" time="0">',
        '  <testsuite name="conformance run" tests="1" failures="0" skipped="0" errors="1" time="0">',
        '    <testcase classname="conformance" name="the run" time="0">',
        '      <error message="the target is unreachable" type="exit 2">the target is unreachable\nGive its REST base address</error>',
        '    </testcase>',
        '  </testsuite>',
        '</testsuites>',
        '',
      ].join('\n'),
    );
  });

  it('JSON: the exit code and why, and no rules', () => {
    expect(JSON.parse(jsonFailure('bad profile', 2))).toEqual({
      error: { exitCode: 2, reason: 'bad profile' },
      rules: [],
    });
  });
});

describe('writeReport', () => {
  const dir = mkdtempSync(join(tmpdir(), 'junit-file-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the file, making the folders it needs', () => {
    const file = join(dir, 'a', 'b', 'report.json');
    writeReport(file, jsonReport({ ...result([], ['AUTH-01']), leftBehind: [] } as RunResult));
    expect(JSON.parse(readFileSync(file, 'utf8')).summary.cleanup).toEqual({ complete: true, leftBehind: 0 });
  });
});
