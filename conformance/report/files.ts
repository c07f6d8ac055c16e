// The --junit and --json report files (docs/conformance.md, "Reading the report"): one JUnit test suite per rule, one
// test case per check.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describeExchange, describeSteps } from './console.js';
import type { RunResult } from './outcome.js';

/** Control characters other than tab, newline and carriage return: XML 1.0 cannot hold them at all. */
const forbidden = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
};

const xml = (s: string): string =>
  [...s]
    .filter((c) => !forbidden(c))
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

export function junitReport(result: RunResult): string {
  const checks = result.rules.flatMap((r) => r.checks);
  const count = (o: string) => checks.filter((c) => c.outcome === o).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="conformance" tests="${checks.length}" failures="${count('FAIL')}" skipped="${count('SKIP')}" errors="${count('UNVERIFIED')}" time="${seconds(result.wallMs)}">`,
  ];
  for (const rule of result.rules) {
    const time = rule.checks.reduce((sum, c) => sum + c.ms, 0);
    lines.push(
      `  <testsuite name="${xml(`${rule.id} ${rule.level}: ${rule.text}`)}" tests="${rule.checks.length}" failures="${rule.failed}" skipped="${rule.skipped}" errors="${rule.unverified}" time="${seconds(time)}">`,
    );
    lines.push(
      '    <properties>',
      `      <property name="level" value="${rule.level}"/>`,
      `      <property name="area" value="${xml(rule.area)}"/>`,
      `      <property name="source" value="${xml(rule.source)}"/>`,
      `      <property name="outcome" value="${rule.outcome}"/>`,
      '    </properties>',
    );
    if (rule.checks.length === 0) {
      lines.push(
        `    <testcase classname="${rule.id}" name="${xml(`${rule.id} ${rule.text}`)}" time="0">`,
        `      <skipped message="${xml(rule.reason ?? 'no check ran')}"/>`,
        '    </testcase>',
      );
    }
    for (const c of rule.checks) {
      lines.push(
        `    <testcase classname="${rule.id}" name="${xml(c.name)}" file="${xml(c.file)}" time="${seconds(c.ms)}">`,
      );
      if (c.outcome === 'SKIP') lines.push(`      <skipped message="${xml(c.reason ?? 'skipped')}"/>`);
      // A check that could not be set up is an error, not a skip: CI must not show it green.
      if (c.outcome === 'UNVERIFIED') lines.push(`      <error message="${xml(c.reason ?? 'not verified')}"/>`);
      if (c.outcome === 'FAIL') {
        const detail = [
          c.reason ?? 'failed',
          ...(c.steps ? ['', ...describeSteps(c.steps)] : []),
          ...c.exchanges.flatMap((e) => ['', ...describeExchange(e)]),
        ].join('\n');
        const type = rule.level === 'MUST' ? 'MUST' : 'SHOULD';
        lines.push(
          `      <failure message="${xml((c.reason ?? 'failed').split('\n')[0] as string)}" type="${type}">${xml(detail)}</failure>`,
        );
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

export function jsonReport(result: RunResult): string {
  return `${JSON.stringify(
    {
      baseUrl: result.baseUrl,
      marker: result.marker,
      startedAt: result.startedAt,
      wallMs: result.wallMs,
      summary: {
        passed: result.passed,
        failed: result.failed,
        skipped: result.skipped,
        unverified: result.unverified,
        mustFailed: result.mustFailed,
        mustUnverified: result.mustUnverified,
        exchanges: result.exchanges,
      },
      rules: result.rules,
      coverage: result.coverage,
      problems: result.problems,
      leftBehind: result.leftBehind,
    },
    null,
    2,
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
  return `${JSON.stringify({ error: { exitCode, reason: why }, rules: [] }, null, 2)}\n`;
}

export function writeReport(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}
