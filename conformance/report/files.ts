// The --junit and --json report files (docs/conformance.md, "Reading the report"): one JUnit test suite per rule, one
// test case per check, a failed SHOULD check a warning unless --strict, a check not applicable skipped with the
// operation it waits for, the ladder of operations declared missing first, and the --min-coverage gate.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type EntryPoint, strictHint } from '../engine/entry-points.js';
import {
  type CheckResult,
  checksOrStandIn,
  cleanupShortfall,
  type MissingOperation,
  type RuleResult,
  type RunResult,
} from '../engine/result.js';
import { describeExchange, describeLeftBehind, describeSteps } from './console.js';
import { inertJsonText, inertXmlText } from './inert-text.js';
import { passedInPart } from './partial.js';
import { checksWithReplay, type ReplayInfo } from './replay-info.js';
import { unbuiltOperations } from './unbuilt.js';
import { type CoverageGate, cleanupPhrase, coverageLine, type Verdict, verdictOf } from './verdict.js';

/**
 * What XML 1.0 cannot hold at all (its Char production): control characters other than tab, newline and carriage
 * return, a surrogate half without its pair, U+FFFE and U+FFFF. A CI parser rejects the whole file for one of them.
 */
const forbidden = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0xd800 && code <= 0xdfff) ||
  code === 0xfffe ||
  code === 0xffff;

/**
 * Text as an XML attribute or element: forbidden characters written as a visible `\uXXXX`, markup escaped, and what
 * a CI runner or a terminal would act on written as character references (report/inert-text.ts).
 */
const xml = (s: string): string => {
  let out = '';
  for (const c of s) {
    const code = c.codePointAt(0) as number;
    out += forbidden(code) ? `\\u${code.toString(16).toUpperCase().padStart(4, '0')}` : c;
  }
  return inertXmlText(out.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;'));
};

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * How a check is written: `warning` is a passing test case marked as a warning (a failed SHOULD check without
 * --strict), since no JUnit reader knows a warning state and the run does not fail; the rest are JUnit's own.
 */
type Written = 'passed' | 'warning' | 'failure' | 'error' | 'skipped';

interface TestCase {
  written: Written;
  lines: string[];
}

/** The text of a failure: what went wrong, the steps, and what was sent and received. */
function failureDetail(c: CheckResult, door: EntryPoint): string {
  return [
    c.reason ?? 'failed',
    ...(c.steps ? ['', ...describeSteps(c.steps, door)] : []),
    ...c.exchanges.flatMap((e) => ['', ...describeExchange(e)]),
  ].join('\n');
}

const firstLine = (text: string): string => text.split('\n')[0] as string;

function testCase(rule: RuleResult, c: CheckResult, strict: boolean, door: EntryPoint): TestCase {
  const fatal = rule.level === 'MUST' || strict;
  const open = (name: string) =>
    `    <testcase classname="${rule.id}" name="${xml(name)}"${c.file ? ` file="${xml(c.file)}"` : ''} time="${seconds(c.ms)}">`;
  const warning = ['      <properties>', '        <property name="severity" value="warning"/>', '      </properties>'];
  const close = '    </testcase>';
  switch (c.outcome) {
    case 'PASS':
      // A check that passed in part says what it could not judge, as the JSON report does.
      if (c.partly && c.reason) {
        const out = `      <system-out>${xml(`passed in part: ${c.reason}`)}</system-out>`;
        return { written: 'passed', lines: [open(c.name), out, close] };
      }
      return { written: 'passed', lines: [open(c.name), close] };
    case 'SKIP':
    case 'NOT_APPLICABLE':
      return {
        written: 'skipped',
        lines: [open(c.name), `      <skipped message="${xml(c.reason ?? 'skipped')}"/>`, close],
      };
    case 'UNVERIFIED': {
      const why = c.reason ?? 'not verified';
      // Never a pass: an error when it fails the run, else a skip that says it was not verified.
      if (fatal) return { written: 'error', lines: [open(c.name), `      <error message="${xml(why)}"/>`, close] };
      const message = `not verified (SHOULD: fails the run only with ${strictHint(door)}): ${why}`;
      return {
        written: 'skipped',
        lines: [open(`[NOT VERIFIED] ${c.name}`), ...warning, `      <skipped message="${xml(message)}"/>`, close],
      };
    }
    case 'FAIL': {
      const detail = failureDetail(c, door);
      if (fatal) {
        return {
          written: 'failure',
          lines: [
            open(c.name),
            `      <failure message="${xml(firstLine(c.reason ?? 'failed'))}" type="${rule.level}">${xml(detail)}</failure>`,
            close,
          ],
        };
      }
      const note = `SHOULD rule failed: a warning, the run does not fail (${strictHint(door)} makes it a failure)`;
      return {
        written: 'warning',
        lines: [
          open(`[WARNING] ${c.name}`),
          ...warning,
          `      <system-out>${xml(`${note}\n\n${detail}`)}</system-out>`,
          close,
        ],
      };
    }
  }
}

/** The counts of a `<testsuite>` or `<testsuites>` element, from what is written in it. */
function counts(cases: readonly TestCase[]): string {
  const n = (w: Written) => cases.filter((c) => c.written === w).length;
  return `tests="${cases.length}" failures="${n('failure')}" errors="${n('error')}" skipped="${n('skipped')}"`;
}

/** The test case of --min-coverage: a failure when the run exercised less than the minimum. */
function coverageCase(gate: CoverageGate, coverage: RunResult['coverage']): TestCase {
  const line = coverageLine(gate);
  const open = `    <testcase classname="COVERAGE" name="${xml(line)}" time="0">`;
  if (gate.met) return { written: 'passed', lines: [open, '    </testcase>'] };
  const missing = coverage.rows.flatMap((r) =>
    Object.entries(r.statuses).flatMap(([status, hit]) => (hit ? [] : [`${r.method} ${r.path} ${status}`])),
  );
  const detail = [
    `${coverage.exercised} of ${coverage.declared} declared responses exercised; not exercised:`,
    ...missing.map((m) => `  ${m}`),
  ].join('\n');
  return {
    written: 'failure',
    lines: [open, `      <failure message="${xml(line)}" type="COVERAGE">${xml(detail)}</failure>`, '    </testcase>'],
  };
}

/** The name of the ladder's test, in the JUnit report (a suite) and in Vitest (a test). */
export const MISSING_TEST = 'operations declared missing (missingOperations)';

/** A missing operation's test case: skipped, saying what building it unlocks; a failure with --require-all. */
function missingCase(m: MissingOperation, requireAll: boolean, door: EntryPoint): TestCase {
  const n = m.rules.length;
  const unlocks = `not built yet (declared missing): unlocks ${n} ${n === 1 ? 'rule' : 'rules'}${n ? `: ${m.rules.join(', ')}` : ''}`;
  const open = `    <testcase classname="MISSING" name="${xml(m.operationId)}" time="0">`;
  if (requireAll) {
    const flag = door === 'cli' ? '--require-all' : 'requireAll: true';
    return {
      written: 'failure',
      lines: [open, `      <failure message="${xml(`${unlocks} (${flag})`)}" type="MISSING"/>`, '    </testcase>'],
    };
  }
  return { written: 'skipped', lines: [open, `      <skipped message="${xml(unlocks)}"/>`, '    </testcase>'] };
}

/** The name of the clean-up's test case, in the JUnit report and in Vitest. */
export const CLEANUP_TEST =
  'clean-up: every object the run created that the API can delete is removed, every list searched';

/**
 * The test case of the clean-up: passed when it is complete; else a warning (a passing case named `[WARNING]`, as a
 * failed SHOULD rule), or a failure with --strict; the text lists everything left behind.
 */
function cleanupCase(result: RunResult, strict: boolean, door: EntryPoint): TestCase {
  const shortfall = cleanupShortfall(result.leftBehind);
  const open = (name: string) => `    <testcase classname="CLEANUP" name="${xml(name)}" time="0">`;
  if (shortfall === undefined) return { written: 'passed', lines: [open(CLEANUP_TEST), '    </testcase>'] };
  const detail = ['Left behind on the target:', ...describeLeftBehind(result.leftBehind, door).map((l) => `  - ${l}`)];
  const phrase = cleanupPhrase(shortfall);
  if (strict) {
    return {
      written: 'failure',
      lines: [
        open(CLEANUP_TEST),
        `      <failure message="${xml(phrase)}" type="CLEANUP">${xml(detail.join('\n'))}</failure>`,
        '    </testcase>',
      ],
    };
  }
  const note = `${phrase}: a warning, the run does not fail (${strictHint(door)} makes it a failure)`;
  return {
    written: 'warning',
    lines: [
      open(`[WARNING] ${CLEANUP_TEST}`),
      '      <properties>',
      '        <property name="severity" value="warning"/>',
      '      </properties>',
      `      <system-out>${xml([note, '', ...detail].join('\n'))}</system-out>`,
      '    </testcase>',
    ],
  };
}

/**
 * One test suite per rule, one test case per check; one suite for the clean-up; with --min-coverage, one more suite
 * holding the coverage gate.
 * Every count is taken from the test cases written, so that readers agree with the file.
 */
export function junitReport(
  result: RunResult,
  verdict: Pick<Verdict, 'strict' | 'coverage' | 'requireAll'> = { strict: false },
): string {
  const suites: { open: (cases: TestCase[]) => string[]; cases: TestCase[] }[] = [];
  const missing = result.missingOperations ?? [];
  if (missing.length > 0) {
    const requireAll = verdict.requireAll ?? verdict.strict;
    suites.push({
      cases: missing.map((m) => missingCase(m, requireAll, result.door ?? 'cli')),
      open: (cases) => [`  <testsuite name="${xml(MISSING_TEST)}" ${counts(cases)} time="0">`],
    });
  }
  for (const rule of result.rules) {
    // A rule with no check (skipped, or unreached by a stopped run) is written as one case carrying its outcome.
    const checks = checksOrStandIn(rule);
    const time = rule.checks.reduce((sum, c) => sum + c.ms, 0);
    const fails = rule.level === 'MUST' || verdict.strict;
    const severity =
      rule.outcome === 'FAIL' || rule.outcome === 'UNVERIFIED' ? (fails ? 'error' : 'warning') : undefined;
    suites.push({
      cases: checks.map((c) => testCase(rule, c, verdict.strict, result.door ?? 'cli')),
      open: (cases) => [
        `  <testsuite name="${xml(`${rule.id} ${rule.level}: ${rule.text}`)}" ${counts(cases)} time="${seconds(time)}">`,
        '    <properties>',
        `      <property name="level" value="${rule.level}"/>`,
        `      <property name="area" value="${xml(rule.area)}"/>`,
        `      <property name="source" value="${xml(rule.source)}"/>`,
        `      <property name="outcome" value="${rule.outcome}"/>`,
        ...(passedInPart(rule)
          ? [`      <property name="passed-in-part" value="${xml(passedInPart(rule) ?? '')}"/>`]
          : []),
        ...(severity ? [`      <property name="severity" value="${severity}"/>`] : []),
        '    </properties>',
      ],
    });
  }
  const door = result.door ?? 'cli';
  suites.push({
    cases: [cleanupCase(result, verdict.strict, door)],
    open: (cases) => [
      `  <testsuite name="clean-up" ${counts(cases)} time="0">`,
      '    <properties>',
      `      <property name="left-behind" value="${result.leftBehind.length}"/>`,
      '    </properties>',
    ],
  });
  if (verdict.coverage) {
    const gate = verdict.coverage;
    suites.push({
      cases: [coverageCase(gate, result.coverage)],
      open: (cases) => [
        `  <testsuite name="API coverage" ${counts(cases)} time="0">`,
        '    <properties>',
        `      <property name="exercised" value="${result.coverage.exercised}"/>`,
        `      <property name="declared" value="${result.coverage.declared}"/>`,
        `      <property name="minimum" value="${gate.minimum}"/>`,
        '    </properties>',
      ],
    });
  }
  const all = suites.flatMap((s) => s.cases);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" ${counts(all)} time="${seconds(result.wallMs)}">`,
  ];
  for (const suite of suites)
    lines.push(...suite.open(suite.cases), ...suite.cases.flatMap((c) => c.lines), '  </testsuite>');
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

/** The clean-up in the JSON summary: whether it is complete, what keeps it from being so, how much is left. */
function cleanupSummary(result: RunResult): { complete: boolean; shortfall?: string; leftBehind: number } {
  const shortfall = cleanupShortfall(result.leftBehind);
  return {
    complete: shortfall === undefined,
    ...(shortfall === undefined ? {} : { shortfall }),
    leftBehind: result.leftBehind.length,
  };
}

/**
 * The JSON report. With `replay` (the CLI's --json), it also holds the run's settings (`run`) and, on each failed check,
 * the command that replays it (`replay`).
 */
export function jsonReport(result: RunResult, verdict: Verdict = verdictOf(result), replay?: ReplayInfo): string {
  return `${inertJsonText(
    JSON.stringify(
      {
        baseUrl: result.baseUrl,
        ...(replay ? { run: replay.run } : {}),
        marker: result.marker,
        startedAt: result.startedAt,
        wallMs: result.wallMs,
        summary: {
          passed: result.passed,
          failed: result.failed,
          skipped: result.skipped,
          unverified: result.unverified,
          notApplicable: result.notApplicable,
          mustFailed: result.mustFailed,
          mustUnverified: result.mustUnverified,
          exchanges: result.exchanges,
          strict: verdict.strict,
          cleanup: cleanupSummary(result),
        },
        verdict: {
          failed: verdict.failed,
          reasons: verdict.reasons,
          warnings: verdict.warnings,
          ...(verdict.coverage ? { coverage: verdict.coverage } : {}),
        },
        missingOperations: result.missingOperations,
        unbuiltOperations: unbuiltOperations(result),
        rules: replay ? result.rules.map((r) => ({ ...r, checks: checksWithReplay(r, replay) })) : result.rules,
        coverage: result.coverage,
        problems: result.problems,
        preflightWarnings: result.warnings ?? [],
        leftBehind: result.leftBehind,
      },
      null,
      2,
    ),
  )}\n`;
}

/** The JUnit report of a run that ended before it could report per rule: one errored test case saying why. */
export function junitFailure(why: string, exitCode: number): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites name="conformance" tests="1" failures="0" skipped="0" errors="1" time="0">',
    '  <testsuite name="conformance run" tests="1" failures="0" skipped="0" errors="1" time="0">',
    `    <testcase classname="conformance" name="the run" time="0">`,
    `      <error message="${xml(why.split('\n')[0] as string)}" type="exit ${exitCode}">${xml(why)}</error>`,
    '    </testcase>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The JSON report of a run that ended before it could report per rule: the exit code and why, no rules. */
export function jsonFailure(why: string, exitCode: number): string {
  return `${inertJsonText(JSON.stringify({ error: { exitCode, reason: why }, rules: [] }, null, 2))}\n`;
}

export function writeReport(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
