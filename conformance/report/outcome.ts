// The outcome of a run (docs/conformance.md, "Reading the report"): per check, per rule, and the closing line.
import type { ExchangeRecord, LedgerEntry } from '../engine/exchange.js';
import { type Level, RULES, type Rule } from '../rules.js';
import type { Coverage } from './coverage.js';
import type { HarLog } from './har.js';

/** UNVERIFIED: a step the rule needs failed under another rule, so the rule could be judged neither way. */
export type Outcome = 'PASS' | 'FAIL' | 'SKIP' | 'UNVERIFIED';

export interface CheckResult {
  rule: string;
  /** The check's name, starting with the rule ID. */
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
  /** Errors outside any check (the overall bound, Ctrl-C, a clean-up that ran out of time). */
  problems: string[];
  /** What the run created and could not delete (accounts always: the source shows no account delete). */
  leftBehind: LedgerEntry[];
  /** Every exchange of the checks as an HTTP Archive, when the run was asked for it (`har`). */
  har?: HarLog;
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
