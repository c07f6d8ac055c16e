// The outcome of a run (issue 3 §3): per check, per rule, and the console report built from them.
import type { Coverage } from './coverage.js';
import { formatCoverage } from './coverage.js';
import type { ExchangeRecord, LedgerEntry } from './exchange.js';
import { curlLine } from './redact.js';
import { type Level, RULES, type Rule } from './rules.js';

/** UNVERIFIED: a step the rule needs failed under another rule, so the rule could be judged neither way. */
export type Outcome = 'PASS' | 'FAIL' | 'SKIP' | 'UNVERIFIED';

export interface CheckResult {
  rule: string;
  /** The vitest test name, starting with the rule ID. */
  name: string;
  file: string;
  outcome: Outcome;
  /** Why it was skipped or not verified, or what failed. */
  reason?: string;
  /** For UNVERIFIED: the rule covering the step that failed. */
  blockedBy?: string;
  /** The exchanges to show for a failure, redacted. */
  exchanges: ExchangeRecord[];
  /**
   * For a failure: every request the check sent, one line each (`stepLine`), when it sent more than one; the one shown
   * in full below starts with `▶`.
   */
  steps?: string[];
  ms: number;
}

export interface RuleResult {
  id: string;
  level: Level;
  area: string;
  source: string;
  text: string;
  outcome: Outcome;
  reason?: string;
  passed: number;
  failed: number;
  skipped: number;
  unverified: number;
  checks: CheckResult[];
}

export interface RunResult {
  baseUrl: string;
  marker: string;
  startedAt: string;
  wallMs: number;
  rules: RuleResult[];
  passed: number;
  failed: number;
  skipped: number;
  /** Rules that could be judged neither way because a step they need failed under another rule. */
  unverified: number;
  /** True when at least one MUST rule failed: the CLI then exits 1. */
  mustFailed: boolean;
  /** True when at least one MUST rule is not verified: the CLI then exits 1 too (nothing proves the server holds it). */
  mustUnverified: boolean;
  coverage: Coverage;
  exchanges: number;
  /** Errors outside any check (a check file that did not load, the overall bound, Ctrl-C). */
  problems: string[];
  /** What the run created and could not delete (accounts always: the source shows no account delete). */
  leftBehind: LedgerEntry[];
}

/**
 * One outcome per rule: FAIL if any check failed, else UNVERIFIED if any check could not be set up, PASS if some
 * passed, else SKIP with the skip reasons. A rule none of
 * whose checks ran fails when the run was stopped (`stopped` says why), and is skipped otherwise.
 */
export function judgeRules(
  checks: readonly CheckResult[],
  selected: ReadonlySet<string>,
  stopped?: string,
): RuleResult[] {
  return RULES.filter((r) => selected.has(r.id)).map((rule: Rule) => {
    const mine = checks.filter((c) => c.rule === rule.id);
    const passed = mine.filter((c) => c.outcome === 'PASS').length;
    const failed = mine.filter((c) => c.outcome === 'FAIL').length;
    const skipped = mine.filter((c) => c.outcome === 'SKIP').length;
    const unverified = mine.filter((c) => c.outcome === 'UNVERIFIED').length;
    const unreached = mine.length === 0 && stopped !== undefined;
    const outcome: Outcome =
      failed > 0 || unreached ? 'FAIL' : unverified > 0 ? 'UNVERIFIED' : passed > 0 ? 'PASS' : 'SKIP';
    let reason: string | undefined;
    if (mine.length === 0) reason = unreached ? `did not run: ${stopped}` : 'no check ran';
    else if (outcome === 'UNVERIFIED') {
      const causes = [...new Set(mine.filter((c) => c.outcome === 'UNVERIFIED').map((c) => c.reason))];
      reason = `${unverified} of ${mine.length} checks not verified: ${causes.join('; ')}`;
    } else if (outcome === 'SKIP') reason = [...new Set(mine.map((c) => c.reason ?? 'skipped'))].join('; ');
    else if (outcome === 'FAIL') reason = `${failed} of ${mine.length} checks failed`;
    else if (skipped > 0)
      reason = `${skipped} of ${mine.length} checks skipped: ${[...new Set(mine.filter((c) => c.outcome === 'SKIP').map((c) => c.reason))].join('; ')}`;
    return {
      id: rule.id,
      level: rule.level,
      area: rule.area,
      source: rule.source,
      text: rule.text,
      outcome,
      ...(reason ? { reason } : {}),
      passed,
      failed,
      skipped,
      unverified,
      checks: mine,
    };
  });
}

/** The closing line, exactly `N passed, N failed, N skipped`, and `, N not verified` when there are any. */
export const closingLine = (r: Pick<RunResult, 'passed' | 'failed' | 'skipped'> & { unverified?: number }): string =>
  `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${r.unverified ? `, ${r.unverified} not verified` : ''}`;

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
/** Request bodies in a step line are cut at this length. */
const STEP_BODY = 100;

/** One request of a check as a line: method, path and query, body, and what came back. Parts are already redacted. */
export function stepLine(e: ExchangeRecord): string {
  let query = '';
  try {
    query = new URL(e.url).search;
  } catch {
    query = '';
  }
  const body = e.requestBody
    ? ` ${e.requestBody.length > STEP_BODY ? `${e.requestBody.slice(0, STEP_BODY)}…` : e.requestBody}`
    : '';
  const auth = e.requestHeaders.authorization ? ` [${e.requestHeaders.authorization}]` : '';
  const got = e.status === undefined ? (e.error ?? 'no answer') : String(e.status);
  return `${e.method} ${e.path}${query}${auth}${body} → ${got}`;
}

/** The steps of a failed check (the last ones), aligned under the `sent:` and `received:` lines. */
export function describeSteps(steps: readonly string[]): string[] {
  const tail = steps.slice(-STEPS_SHOWN);
  const lines = steps.length > tail.length ? [`  … ${steps.length - tail.length} earlier requests (in --json)`] : [];
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

export function formatReport(result: RunResult): string[] {
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
  const failures = result.rules.filter((r) => r.outcome === 'FAIL');
  if (failures.length > 0) {
    out.push('', 'Failures:');
    for (const r of failures) {
      out.push('', `  ${r.id} ${r.level}: ${r.text}`);
      const failed = r.checks.filter((c) => c.outcome === 'FAIL');
      for (const c of failed.slice(0, DETAILS_PER_RULE)) {
        out.push(`    ✗ ${c.name}`, indent(c.reason ?? 'failed', '      '));
        if (c.steps) out.push(...describeSteps(c.steps).map((l) => `      ${l}`));
        for (const e of c.exchanges) out.push(...describeExchange(e).map((l) => `      ${l}`));
      }
      if (failed.length > DETAILS_PER_RULE) {
        out.push(
          `    … and ${failed.length - DETAILS_PER_RULE} more failed checks of ${r.id} (all of them are in --json and --junit)`,
        );
      }
    }
  }
  if (result.problems.length > 0)
    out.push('', 'Problems outside the checks:', ...result.problems.map((p) => `  ! ${p}`));
  if (result.leftBehind.length > 0) {
    out.push('', 'Left behind on the target (no delete operation, or the delete failed):');
    for (const line of describeLeftBehind(result.leftBehind)) out.push(`  - ${line}`);
  }
  out.push('', ...formatCoverage(result.coverage));
  out.push('', `${result.exchanges} requests in ${(result.wallMs / 1000).toFixed(1)} s.`, closingLine(result));
  return out;
}

/** One line per leftover; the linked tasks of one board share a line. */
export function describeLeftBehind(entries: readonly LedgerEntry[]): string[] {
  const lines: string[] = [];
  const tasks = new Map<string, number[]>();
  for (const e of entries) {
    if (e.kind !== 'task') lines.push(describeEntry(e));
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

function describeEntry(e: LedgerEntry): string {
  switch (e.kind) {
    case 'account':
      return `account ${e.username} (registered by LOGIN-08/LOGIN-09; the source shows no account delete; --no-register avoids it)`;
    case 'token':
      return `named API token ${e.shownKey ?? e.key}`;
    default:
      return `${e.kind} ${e.id} on board ${e.boardId} of company ${e.companyId}`;
  }
}
