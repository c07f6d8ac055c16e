// The CTRF report of a run (docs/conformance.md, "Reading the report"): the Common Test Report Format (ctrf.io, spec
// 0.0.0), one test per check as in the JUnit report, plus the ladder, the clean-up and the --min-coverage gate; the
// run's verdict, coverage, leftovers and unbuilt operations in `extra`. Only the ctrf package's types are used here: the
// tests validate the file with its own strict validator.
import type { CTRFReport, Test, TestStatus } from 'ctrf';
import { packageInfo } from '../../contract/version.js';
import { strictHint } from '../engine/entry-points.js';
import {
  type CheckResult,
  checksOrStandIn,
  cleanupShortfall,
  type RuleResult,
  type RunResult,
} from '../engine/result.js';
import { inertText } from './ci-text.js';
import { describeExchange, describeLeftBehind, describeSteps } from './console.js';
import { CLEANUP_TEST, MISSING_TEST } from './files.js';
import { unbuiltOperations } from './unbuilt.js';
import { cleanupPhrase, coverageLine, type Verdict } from './verdict.js';

/** CTRF status of a check, and the suite's own word for it (`rawStatus`): a warning is `other`, as CTRF has none. */
function statusOf(rule: RuleResult, c: CheckResult, strict: boolean): { status: TestStatus; raw: string } {
  const fatal = rule.level === 'MUST' || strict;
  switch (c.outcome) {
    case 'PASS':
      return { status: 'passed', raw: 'PASS' };
    case 'SKIP':
      return { status: 'skipped', raw: 'SKIP' };
    case 'NOT_APPLICABLE':
      return { status: 'skipped', raw: 'NOT_APPLICABLE' };
    case 'UNVERIFIED':
      return fatal
        ? { status: 'failed', raw: 'UNVERIFIED' }
        : { status: 'other', raw: 'UNVERIFIED (SHOULD: a warning)' };
    case 'FAIL':
      return fatal ? { status: 'failed', raw: 'FAIL' } : { status: 'other', raw: 'FAIL (SHOULD: a warning)' };
  }
}

/** Text of the target's in a field: inert, as in every report a CI shows. */
const s = (text: string): string => inertText(text);

function checkTest(rule: RuleResult, c: CheckResult, strict: boolean, door: RunResult['door']): Test {
  const { status, raw } = statusOf(rule, c, strict);
  const trace = [
    ...(c.steps ? describeSteps(c.steps, door ?? 'cli') : []),
    ...c.exchanges.flatMap((e) => ['', ...describeExchange(e)]),
  ];
  return {
    name: s(c.name),
    status,
    duration: Math.round(c.ms),
    rawStatus: raw,
    suite: ['conformance', rule.area, `${rule.id} ${rule.level}: ${rule.text}`],
    tags: [rule.id, rule.level, rule.area],
    labels: { rule: rule.id, level: rule.level, area: rule.area, source: rule.source, outcome: c.outcome },
    ...(c.file ? { filePath: c.file } : {}),
    ...(c.reason ? { message: s(c.reason) } : {}),
    ...(trace.length > 0 ? { trace: s(trace.join('\n').trim()) } : {}),
    ...(status === 'other' ? { extra: { warning: `fails the run only with ${strictHint(door ?? 'cli')}` } } : {}),
  };
}

export function ctrfReport(result: RunResult, verdict: Verdict): string {
  const door = result.door ?? 'cli';
  const tests: Test[] = [];
  const requireAll = verdict.requireAll ?? verdict.strict;
  for (const m of result.missingOperations ?? []) {
    tests.push({
      name: `${MISSING_TEST}: ${m.operationId}`,
      status: requireAll ? 'failed' : 'skipped',
      duration: 0,
      rawStatus: 'MISSING',
      suite: ['conformance', 'missing operations'],
      message: `not built yet (declared missing): unlocks ${m.rules.length} rules${m.rules.length ? `: ${m.rules.join(', ')}` : ''}`,
    });
  }
  for (const rule of result.rules) {
    const checks = checksOrStandIn(rule);
    for (const c of checks) tests.push(checkTest(rule, c, verdict.strict, door));
  }
  const shortfall = cleanupShortfall(result.leftBehind);
  const left = describeLeftBehind(result.leftBehind, door);
  tests.push({
    name: CLEANUP_TEST,
    status: shortfall === undefined ? 'passed' : verdict.strict ? 'failed' : 'other',
    duration: 0,
    rawStatus: shortfall === undefined ? 'COMPLETE' : 'INCOMPLETE',
    suite: ['conformance', 'clean-up'],
    ...(shortfall === undefined ? {} : { message: s(cleanupPhrase(shortfall)) }),
    ...(left.length > 0 ? { trace: s(left.join('\n')) } : {}),
  });
  if (verdict.coverage) {
    tests.push({
      name: coverageLine(verdict.coverage),
      status: verdict.coverage.met ? 'passed' : 'failed',
      duration: 0,
      suite: ['conformance', 'API coverage'],
    });
  }
  const count = (status: TestStatus) => tests.filter((x) => x.status === status).length;
  const start = Date.parse(result.startedAt);
  const report: CTRFReport = {
    reportFormat: 'CTRF',
    specVersion: '0.0.0',
    timestamp: new Date(start + result.wallMs).toISOString(),
    generatedBy: '@task-management/conformance',
    results: {
      tool: { name: 'task-conformance', version: packageInfo(import.meta.url).version },
      summary: {
        tests: tests.length,
        passed: count('passed'),
        failed: count('failed'),
        skipped: count('skipped'),
        pending: count('pending'),
        other: count('other'),
        start,
        stop: start + Math.round(result.wallMs),
        duration: Math.round(result.wallMs),
        extra: {
          verdict: { failed: verdict.failed, reasons: verdict.reasons.map(s), warnings: verdict.warnings.map(s) },
          strict: verdict.strict,
        },
      },
      tests,
      environment: { reportName: 'conformance', extra: { baseUrl: s(result.baseUrl), marker: result.marker } },
      extra: {
        coverage: { exercised: result.coverage.exercised, declared: result.coverage.declared },
        missingOperations: result.missingOperations,
        unbuiltOperations: unbuiltOperations(result),
        leftBehind: describeLeftBehind(result.leftBehind, door).map(s),
        problems: result.problems.map(s),
      },
    },
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** The CTRF report of a run that ended before any rule was judged: one failed test saying why. */
export function ctrfFailure(why: string, code: number): string {
  const now = Date.now();
  const report: CTRFReport = {
    reportFormat: 'CTRF',
    specVersion: '0.0.0',
    timestamp: new Date(now).toISOString(),
    generatedBy: '@task-management/conformance',
    results: {
      tool: { name: 'task-conformance', version: packageInfo(import.meta.url).version },
      summary: { tests: 1, passed: 0, failed: 1, skipped: 0, pending: 0, other: 0, start: now, stop: now },
      tests: [
        {
          name: 'the run',
          status: 'failed',
          duration: 0,
          rawStatus: `exit ${code}`,
          message: s(why),
          suite: ['conformance'],
        },
      ],
    },
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
