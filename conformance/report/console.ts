// The console report of a run (docs/conformance.md, "Reading the report"): progress lines, one line per rule, failure
// details with the steps, what was sent and received and a curl line, what was left behind, and the coverage table.

import { allFailuresHint, allStepsHint, type Door, noRegisterHint } from '../engine/door.js';
import type { ExchangeRecord, LedgerEntry } from '../engine/exchange.js';
import { curlLine } from '../engine/redact.js';
import type { CheckResult, ProgressEvent, RuleResult, RunResult } from '../engine/result.js';
import { formatCoverage } from './coverage.js';
import { coverageLine, type Verdict, verdictOf } from './verdict.js';

/**
 * The progress line of a finished check file: its counts, its time and the run's counts so far. The mark is a tick
 * only when nothing failed and nothing is left not verified: `✗` for a failure, `!` for a check not verified.
 */
export function fileLine(
  file: string,
  checks: readonly CheckResult[],
  ms: number,
  soFar: { done: number; failed: number; unverified?: number },
): string {
  const count = (o: CheckResult['outcome']) => checks.filter((c) => c.outcome === o).length;
  const mark = count('FAIL') > 0 ? '✗' : count('UNVERIFIED') > 0 ? '!' : '✓';
  const unverified = soFar.unverified ? `, ${soFar.unverified} not verified` : '';
  return `  ${mark} ${file.padEnd(26)} ${String(count('PASS')).padStart(3)} passed, ${String(count('FAIL')).padStart(3)} failed, ${String(count('SKIP')).padStart(3)} skipped${count('UNVERIFIED') > 0 ? `, ${count('UNVERIFIED')} not verified` : ''}  (${Math.round(ms)} ms; ${soFar.done} checks so far, ${soFar.failed} failed${unverified})\n`;
}

/** A progress event as the line the CLI prints (with its newline), or nothing for events it does not show. */
export function progressLine(event: ProgressEvent): string {
  switch (event.kind) {
    case 'start':
      return `Running ${event.files} check files…\n`;
    case 'file':
      return fileLine(event.file, event.results, event.ms, event);
    case 'warning':
      return `warning: ${event.message}\n`;
    case 'stopping':
      return `stopping: ${event.reason}\n`;
  }
}

/** Failure details shown per rule at most; the JSON and JUnit reports hold them all. */
const DETAILS_PER_RULE = 3;

function indent(text: string, by: string): string {
  return text
    .split('\n')
    .map((l) => `${by}${l}`)
    .join('\n');
}

/** Steps shown per failed check at most (the last ones); the JSON report holds them all. */
const STEPS_SHOWN = 12;
/** The steps of a failed check (the last ones), aligned under the `sent:` and `received:` lines. */
export function describeSteps(steps: readonly string[], door: Door = 'cli'): string[] {
  const tail = steps.slice(-STEPS_SHOWN);
  const lines =
    steps.length > tail.length ? [`  … ${steps.length - tail.length} earlier requests (${allStepsHint(door)})`] : [];
  lines.push(...tail);
  return lines.map((l, i) => `${i === 0 ? 'steps:' : '      '}    ${l}`);
}

/** What was sent, what came back, and a curl line to repeat it; every part is already redacted. */
export function describeExchange(e: ExchangeRecord): string[] {
  const lines = [`sent:     ${e.method} ${e.url}`];
  if (e.requestHeaders.authorization) lines.push(`          Authorization: ${e.requestHeaders.authorization}`);
  if (e.requestBody) lines.push(`          ${e.requestBody}`);
  if (e.status === undefined) lines.push(`received: ${e.error ?? 'no answer'}`);
  else {
    const type = e.responseHeaders?.['content-type'];
    lines.push(`received: HTTP ${e.status}${type ? ` (${type})` : ''}`);
    if (e.responseBody) lines.push(`          ${e.responseBody}`);
  }
  lines.push(`curl:     ${curlLine(e.method, e.url, e.requestHeaders, e.requestBody)}`);
  return lines;
}

/** Whether the run fails and why, and which rules counted (`--strict` or not). */
export function verdictLines(verdict: Verdict): string[] {
  const lines: string[] = [];
  if (verdict.coverage) lines.push(`${coverageLine(verdict.coverage)}: ${verdict.coverage.met ? 'met' : 'NOT MET'}`);
  const mode = verdict.strict
    ? 'strict: SHOULD rules count like MUST rules'
    : 'not strict: only MUST rules count, a failed SHOULD rule is a warning';
  lines.push(`Verdict (${mode}): ${verdict.failed ? `FAIL: ${verdict.reasons.join('; ')}` : 'PASS'}`);
  return lines;
}

/**
 * The failed checks of a rule (or, for a rule not verified, the checks that were not): what went wrong, the steps,
 * the deciding exchange and its curl line (the first few); the hint names where the rest are for the door in use.
 */
export function failureDetails(r: RuleResult, shown = DETAILS_PER_RULE, door: Door = 'cli'): string[] {
  const out: string[] = [];
  const outcome = r.outcome === 'UNVERIFIED' ? 'UNVERIFIED' : 'FAIL';
  const failed = r.checks.filter((c) => c.outcome === outcome);
  for (const c of failed.slice(0, shown)) {
    out.push(`    ${outcome === 'FAIL' ? '✗' : '!'} ${c.name}`, indent(c.reason ?? 'failed', '      '));
    if (c.steps) out.push(...describeSteps(c.steps, door).map((l) => `      ${l}`));
    for (const e of c.exchanges) out.push(...describeExchange(e).map((l) => `      ${l}`));
  }
  if (failed.length > shown) {
    const what = outcome === 'FAIL' ? 'failed checks' : 'checks not verified';
    out.push(`    … and ${failed.length - shown} more ${what} of ${r.id} (${allFailuresHint(door)})`);
  }
  return out;
}

export function formatReport(result: RunResult, verdict: Verdict = verdictOf(result)): string[] {
  const out: string[] = ['', `Rules (${result.baseUrl}, run ${result.marker}):`];
  const idWidth = Math.max(...result.rules.map((r) => r.id.length));
  for (const r of result.rules) {
    const why = r.reason ? ` (${r.reason})` : '';
    out.push(`  ${r.id.padEnd(idWidth)}  ${r.level.padEnd(6)}  ${r.outcome}  ${r.text}${why}`);
  }
  const unverified = result.rules.filter((r) => r.outcome === 'UNVERIFIED');
  if (unverified.length > 0) {
    out.push('', 'Not verified (a step they need failed under another rule; fix that rule first):');
    for (const r of unverified) {
      const blockers = [...new Set(r.checks.flatMap((c) => (c.blockedBy ? [c.blockedBy] : [])))];
      out.push(`  ${r.id} ${r.level}: blocked by ${blockers.join(', ')}`);
    }
  }
  const door = result.door ?? 'cli';
  const failures = result.rules.filter((r) => r.outcome === 'FAIL');
  if (failures.length > 0) {
    out.push('', 'Failures:');
    for (const r of failures) {
      out.push('', `  ${r.id} ${r.level}: ${r.text}`, ...failureDetails(r, DETAILS_PER_RULE, door));
    }
  }
  if (result.problems.length > 0)
    out.push('', 'Problems outside the checks:', ...result.problems.map((p) => `  ! ${p}`));
  if (result.leftBehind.length > 0) {
    out.push('', 'Left behind on the target (no delete operation, or the delete failed):');
    for (const line of describeLeftBehind(result.leftBehind, door)) out.push(`  - ${line}`);
  }
  out.push('', ...formatCoverage(result.coverage));
  out.push('', `${result.exchanges} requests in ${(result.wallMs / 1000).toFixed(1)} s.`);
  out.push(...verdictLines(verdict), closingLine(result));
  return out;
}

/** One line per leftover; the linked tasks of one board share a line. */
export function describeLeftBehind(entries: readonly LedgerEntry[], door: Door = 'cli'): string[] {
  const lines: string[] = [];
  const tasks = new Map<string, number[]>();
  for (const e of entries) {
    if (e.kind !== 'task') lines.push(describeEntry(e, door));
    else {
      const board = `board ${e.boardId} of company ${e.companyId}`;
      tasks.set(board, [...(tasks.get(board) ?? []), e.id]);
    }
  }
  for (const [board, ids] of tasks) {
    lines.push(`tasks ${ids.join(', ')} on ${board} (linked to bug outcomes; the source shows no task delete)`);
  }
  return lines;
}

function describeEntry(e: LedgerEntry, door: Door): string {
  switch (e.kind) {
    case 'account':
      return `account ${e.username} (registered by LOGIN-08/LOGIN-09; the source shows no account delete; ${noRegisterHint(door)} avoids it)`;
    case 'token':
      return `named API token ${e.key}`;
    default:
      return `${e.kind} ${e.id} on board ${e.boardId} of company ${e.companyId}`;
  }
}

/** The closing line, exactly `N passed, N failed, N skipped`, and `, N not verified` when there are any. */
export const closingLine = (r: Pick<RunResult, 'passed' | 'failed' | 'skipped'> & { unverified?: number }): string =>
  `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.unverified ? `, ${r.unverified} not verified` : ''}`;
