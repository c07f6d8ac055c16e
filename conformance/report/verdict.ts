// Whether a run fails (docs/conformance.md, "Exit codes" and "Reading the report"): a failed or not-verified MUST rule,
// the same of a SHOULD rule and an incomplete clean-up under --strict, operations declared missing under
// --require-all (or --strict), and a coverage below --min-coverage. A rule not applicable never fails a run.
import type { Coverage } from '../engine/coverage.js';
import { cleanupShortfall, type RunResult } from '../engine/result.js';

export interface VerdictOptions {
  /** `--strict`: SHOULD rules count like MUST rules. */
  strict?: boolean;
  /** `--min-coverage`, in percent. */
  minCoverage?: number;
  /** `--require-all` (implied by `strict`): a run that declared operations missing fails. */
  requireAll?: boolean;
}

export interface CoverageGate {
  /** Exercised of declared responses, in percent, unrounded. */
  percent: number;
  minimum: number;
  met: boolean;
}

export interface Verdict {
  strict: boolean;
  /** Operations declared missing fail the run (`--require-all`, or strict). */
  requireAll?: boolean;
  /** True when the run fails: the CLI exits 1. */
  failed: boolean;
  /** Why it fails, one phrase each; empty when it passes. */
  reasons: string[];
  /** What the team should know that does not fail the run without --strict (an incomplete clean-up). */
  warnings: string[];
  coverage?: CoverageGate;
}

/** The share of declared responses exercised, in percent; 0 when nothing is declared. */
export const coveragePercent = (c: Pick<Coverage, 'exercised' | 'declared'>): number =>
  c.declared ? (100 * c.exercised) / c.declared : 0;

/**
 * A percentage as shown: cut (never rounded up) to one decimal, so that 79.96 % reads 79.9 % and never seems to
 * reach a minimum of 80 % that it misses.
 */
export const shownPercent = (p: number): string => `${Math.floor(p * 10) / 10}%`;

export function coverageGate(coverage: Pick<Coverage, 'exercised' | 'declared'>, minimum: number): CoverageGate {
  const percent = coveragePercent(coverage);
  return { percent, minimum, met: percent >= minimum };
}

/** The one line the console, JUnit and JSON reports give the gate. */
export const coverageLine = (gate: CoverageGate): string =>
  `COVERAGE: ${shownPercent(gate.percent)} of declared responses exercised (minimum ${shownPercent(gate.minimum)})`;

/** The phrase of an incomplete clean-up, in the reasons (strict) or the warnings. */
export const cleanupPhrase = (shortfall: string): string => `clean-up incomplete: ${shortfall}`;

/** The phrase of a run that declared operations missing, in the reasons (require-all) or the warnings. */
export const missingPhrase = (missing: readonly { operationId: string }[]): string =>
  `operations declared missing: ${missing.map((m) => m.operationId).join(', ')}`;

export function verdictOf(
  result: Pick<RunResult, 'rules' | 'coverage'> & Partial<Pick<RunResult, 'leftBehind' | 'missingOperations'>>,
  options: VerdictOptions = {},
): Verdict {
  const strict = options.strict ?? false;
  const requireAll = options.requireAll ?? strict;
  const counted = result.rules.filter((r) => r.level === 'MUST' || strict);
  const reasons: string[] = [];
  const failed = counted.filter((r) => r.outcome === 'FAIL').map((r) => r.id);
  const unverified = counted.filter((r) => r.outcome === 'UNVERIFIED').map((r) => r.id);
  const kind = strict ? 'MUST or SHOULD' : 'MUST';
  if (failed.length > 0) reasons.push(`${kind} rules failed: ${failed.join(', ')}`);
  if (unverified.length > 0) reasons.push(`${kind} rules not verified: ${unverified.join(', ')}`);
  const gate = options.minCoverage === undefined ? undefined : coverageGate(result.coverage, options.minCoverage);
  if (gate && !gate.met) {
    reasons.push(`coverage ${shownPercent(gate.percent)} is below the minimum ${shownPercent(gate.minimum)}`);
  }
  // A clean-up that left what it could have removed, or could not look, fails no rule: the server may hold every one.
  // It is a warning, and fails the run only with --strict, as a SHOULD rule does.
  const shortfall = cleanupShortfall(result.leftBehind ?? []);
  const warnings: string[] = [];
  if (shortfall !== undefined) (strict ? reasons : warnings).push(cleanupPhrase(shortfall));
  // Declared missing operations excuse the rules that need them, unless the run must judge the whole API.
  const missing = result.missingOperations ?? [];
  if (missing.length > 0) (requireAll ? reasons : warnings).push(missingPhrase(missing));
  return { strict, requireAll, failed: reasons.length > 0, reasons, warnings, ...(gate ? { coverage: gate } : {}) };
}
