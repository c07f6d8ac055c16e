// The console report of a run (docs/conformance.md, "Reading the report"): progress lines, one line per rule, failure
// details with the steps, what was sent and received and a curl line, what was left behind, and the coverage table.

import {
  allFailuresHint,
  allLeftBehindHint,
  allStepsHint,
  type EntryPoint,
  noRegisterHint,
  strictHint,
} from '../engine/entry-points.js';
import type { ExchangeRecord } from '../engine/exchange-record.js';
import { curlLine } from '../engine/redact.js';
import {
  type CheckResult,
  cleanupShortfall,
  type LeftBehind,
  type ProgressEvent,
  type RuleResult,
  type RunResult,
  UNDELETABLE,
} from '../engine/result.js';
import { formatCoverage } from './coverage-table.js';
import { inertConsoleText, inertLine } from './inert-text.js';
import { passedInPartLine } from './partial.js';
import { type ReplayInfo, replayCommand } from './replay-info.js';
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
  const more = [
    ...(count('UNVERIFIED') > 0 ? [`${count('UNVERIFIED')} not verified`] : []),
    ...(count('NOT_APPLICABLE') > 0 ? [`${count('NOT_APPLICABLE')} not applicable`] : []),
  ].map((p) => `, ${p}`);
  return `  ${mark} ${file.padEnd(26)} ${String(count('PASS')).padStart(3)} passed, ${String(count('FAIL')).padStart(3)} failed, ${String(count('SKIP')).padStart(3)} skipped${more.join('')}  (${Math.round(ms)} ms; ${soFar.done} checks so far, ${soFar.failed} failed${unverified})\n`;
}

/**
 * A progress event as the line the CLI prints (with its newline), or nothing for events it does not show; a warning
 * may quote the target, so the line is inert (report/inert-text.ts).
 */
export function progressLine(event: ProgressEvent): string {
  return inertConsoleText(progressText(event));
}

function progressText(event: ProgressEvent): string {
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
export function describeSteps(steps: readonly string[], door: EntryPoint = 'cli'): string[] {
  const tail = steps.slice(-STEPS_SHOWN);
  const lines =
    steps.length > tail.length ? [`  … ${steps.length - tail.length} earlier requests (${allStepsHint(door)})`] : [];
  // A step line quotes what the target sent back (an error text): one line each, whatever it holds.
  lines.push(...tail.map(inertLine));
  return lines.map((l, i) => `${i === 0 ? 'steps:' : '      '}    ${l}`);
}

/**
 * What was sent, what came back, and a curl line to repeat it; every part is already redacted. Each part the target
 * wrote or echoes (a body of several lines, a header, an error text) stays inside its line (report/inert-text.ts).
 */
export function describeExchange(e: ExchangeRecord): string[] {
  const lines = [`sent:     ${e.method} ${inertLine(e.url)}`];
  if (e.requestHeaders.authorization)
    lines.push(`          Authorization: ${inertLine(e.requestHeaders.authorization)}`);
  if (e.requestBody) lines.push(`          ${inertLine(e.requestBody)}`);
  if (e.status === undefined) lines.push(`received: ${inertLine(e.error ?? 'no answer')}`);
  else {
    const type = e.responseHeaders?.['content-type'];
    lines.push(`received: HTTP ${e.status}${type ? ` (${inertLine(type)})` : ''}`);
    if (e.responseBody) lines.push(`          ${inertLine(e.responseBody)}`);
  }
  lines.push(`curl:     ${inertLine(curlLine(e.method, e.url, e.requestHeaders, e.requestBody))}`);
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
 * the deciding exchange and its curl line (the first few); the hint names where the rest are for the entry point in use.
 */
export function failureDetails(
  r: RuleResult,
  shown = DETAILS_PER_RULE,
  door: EntryPoint = 'cli',
  replay?: ReplayInfo,
): string[] {
  const out: string[] = [];
  const outcome = r.outcome === 'UNVERIFIED' ? 'UNVERIFIED' : 'FAIL';
  const failed = r.checks.filter((c) => c.outcome === outcome);
  for (const c of failed.slice(0, shown)) {
    out.push(`    ${outcome === 'FAIL' ? '✗' : '!'} ${c.name}`, indent(c.reason ?? 'failed', '      '));
    if (replay && outcome === 'FAIL') out.push(`      replay: ${replayCommand(replay, r.id, r.checks.indexOf(c) + 1)}`);
    if (c.steps) out.push(...describeSteps(c.steps, door).map((l) => `      ${l}`));
    for (const e of c.exchanges) out.push(...describeExchange(e).map((l) => `      ${l}`));
  }
  if (failed.length > shown) {
    const what = outcome === 'FAIL' ? 'failed checks' : 'checks not verified';
    out.push(`    … and ${failed.length - shown} more ${what} of ${r.id} (${allFailuresHint(door)})`);
  }
  return out;
}

/**
 * The ladder of a run that declared operations missing: each operation, the one unlocking most rules first, with the
 * rules waiting for it; and what makes the list fail a run. Empty when nothing was declared.
 */
export function ladderLines(
  result: Pick<RunResult, 'missingOperations'>,
  requireAll: boolean,
  door: EntryPoint,
): string[] {
  const missing = result.missingOperations ?? [];
  if (missing.length === 0) return [];
  const flag = door === 'cli' ? '--require-all' : 'requireAll: true';
  const out = [
    `Not built yet (declared in missingOperations; ${requireAll ? 'the run fails for it' : `${flag} fails the run for it`}): what each operation unlocks`,
  ];
  const width = Math.max(...missing.map((m) => m.operationId.length));
  for (const m of missing) {
    const n = m.rules.length;
    out.push(
      `  ${m.operationId.padEnd(width)}  ${n} ${n === 1 ? 'rule' : 'rules'}${n ? `: ${m.rules.join(', ')}` : ''}`,
    );
  }
  return out;
}

/**
 * The console report, line by line, every line inert (report/inert-text.ts); with `replay` (the CLI's --json), each
 * failure shown names the command that replays it.
 */
export function formatReport(result: RunResult, verdict: Verdict = verdictOf(result), replay?: ReplayInfo): string[] {
  const ladder = ladderLines(result, verdict.requireAll ?? verdict.strict, result.door ?? 'cli');
  const warned = result.warnings ?? [];
  const out: string[] = [
    ...(warned.length
      ? ['', 'Warnings before any rule ran (the probe and the preflight):', ...warned.map((w) => `  ! ${w}`)]
      : []),
    ...(ladder.length ? ['', ...ladder] : []),
    '',
    `Rules (${result.baseUrl}, run ${result.marker}):`,
  ];
  const idWidth = Math.max(...result.rules.map((r) => r.id.length));
  for (const r of result.rules) {
    const why = r.reason ? ` (${r.reason})` : '';
    out.push(`  ${r.id.padEnd(idWidth)}  ${r.level.padEnd(6)}  ${r.outcome}  ${r.text}${why}`);
  }
  const inPart = result.rules.flatMap((r) => passedInPartLine(r) ?? []);
  if (inPart.length > 0) {
    out.push('', 'Passed in part (each holds for the checks that ran; the rest could not be judged, and why):');
    for (const line of inPart) out.push(`  ${line}`);
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
      out.push('', `  ${r.id} ${r.level}: ${r.text}`, ...failureDetails(r, DETAILS_PER_RULE, door, replay));
    }
  }
  if (result.problems.length > 0)
    out.push('', 'Problems outside the checks:', ...result.problems.map((p) => `  ! ${p}`));
  if (result.leftBehind.length > 0) {
    out.push(
      '',
      'Left behind on the target (the API has no delete for it, or the clean-up could not remove it or look):',
    );
    for (const line of describeLeftBehind(result.leftBehind, door)) out.push(`  - ${line}`);
  }
  out.push('', ...formatCoverage(result.coverage));
  out.push('', `${result.exchanges} requests in ${(result.wallMs / 1000).toFixed(1)} s.`);
  out.push(cleanupLine(result.leftBehind, verdict.strict, door), ...verdictLines(verdict), closingLine(result));
  // Reasons, problems and warnings quote the target: the lines are printable as they are (report/inert-text.ts).
  return out.map(inertConsoleText);
}

/** Leftover lines the console shows at most; the JSON report holds them all. */
const LEFT_BEHIND_SHOWN = 20;

/**
 * One line per leftover, and per list the clean-up could not search; objects of a board left for the same reason (the
 * linked tasks, say) share a line.
 */
export function describeLeftBehind(entries: readonly LeftBehind[], door: EntryPoint = 'cli'): string[] {
  const lines: string[] = [];
  const grouped = new Map<string, { kind: string; ids: string[]; where: string; why: string }>();
  for (const e of entries) {
    if ('notSearched' in e) {
      const list =
        e.kind === 'token'
          ? `the token list of the ${e.actor}`
          : `the ${e.kind} list of board ${e.boardId} of company ${e.companyId} (as the ${e.actor})`;
      lines.push(`${list} could NOT be searched for the run's objects: ${e.why}`);
    } else if (e.kind === 'token') {
      const named = e.key === undefined ? JSON.stringify(e.title ?? '') : `${e.key}`;
      lines.push(`named API token ${named} of the ${e.actor}: ${e.why}`);
    } else if (e.kind === 'account') {
      lines.push(`account ${e.username}: ${e.why} (${noRegisterHint(door)} sends no registration)`);
    } else {
      const where = `board ${e.boardId} of company ${e.companyId}`;
      const key = `${e.kind}|${where}|${e.why}`;
      const group = grouped.get(key) ?? { kind: e.kind, ids: [], where, why: e.why };
      group.ids.push(e.id === undefined ? JSON.stringify(e.title ?? '') : `${e.id}`);
      grouped.set(key, group);
    }
  }
  for (const g of grouped.values()) {
    const kind = g.ids.length === 1 ? g.kind : `${g.kind}s`;
    lines.push(`${kind} ${g.ids.join(', ')} on ${g.where}: ${g.why}`);
  }
  if (lines.length <= LEFT_BEHIND_SHOWN) return lines;
  const rest = lines.length - LEFT_BEHIND_SHOWN;
  return [...lines.slice(0, LEFT_BEHIND_SHOWN), `… and ${rest} more (${allLeftBehindHint(door)})`];
}

/**
 * Whether the clean-up removed everything the API can delete and searched every list it had to: `INCOMPLETE` says
 * what it left or could not look at, and what makes that fail the run.
 */
export function cleanupLine(leftBehind: readonly LeftBehind[], strict: boolean, door: EntryPoint = 'cli'): string {
  const shortfall = cleanupShortfall(leftBehind);
  if (shortfall !== undefined) {
    const counts = strict ? 'it fails the run (strict)' : `${strictHint(door)} fails the run for it`;
    return `Clean-up: INCOMPLETE: ${shortfall} (see "Left behind"; ${counts})`;
  }
  const kept = new Map<string, number>();
  for (const e of leftBehind) if (UNDELETABLE.has(e.kind)) kept.set(e.kind, (kept.get(e.kind) ?? 0) + 1);
  const what = [...kept].map(([kind, n]) => `${n} ${n === 1 ? kind : `${kind}s`}`).join(', ');
  return `Clean-up: complete${what ? ` (left only what the API has no delete for: ${what})` : ''}`;
}

/** The closing line, exactly `N passed, N failed, N skipped`, and `, N not verified` when there are any. */
export const closingLine = (
  r: Pick<RunResult, 'passed' | 'failed' | 'skipped'> & { unverified?: number; notApplicable?: number },
): string =>
  `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.unverified ? `, ${r.unverified} not verified` : ''}${r.notApplicable ? `, ${r.notApplicable} not applicable` : ''}`;
