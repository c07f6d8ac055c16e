// The outcome of a run (docs/conformance.md, "Reading the report"): per check and per rule, as the engine returns it.

import type { Level, Rule } from '../rules.js';
import type { Coverage } from './coverage.js';
import type { WorkspaceId } from './discovery.js';
import type { EntryPoint } from './entry-points.js';
import type { ExchangeRecord } from './exchange-record.js';

/**
 * UNVERIFIED: a step the rule needs failed under another rule, so the rule could be judged neither way.
 * NOT_APPLICABLE: the rule needs an operation the profile declares missing; it is neither passed nor failed.
 */
export type Outcome = 'PASS' | 'FAIL' | 'SKIP' | 'UNVERIFIED' | 'NOT_APPLICABLE';

export interface CheckResult {
  rule: string;
  /** The check's name, starting with the rule ID. */
  name: string;
  file: string;
  outcome: Outcome;
  /** Why it was skipped or not verified, or what failed; for a pass in part, what it could not judge. */
  reason?: string;
  /** A pass in part: the check passed on what it could judge, and `reason` says what it could not. */
  partly?: boolean;
  /** For a failure: every operation or answer that broke the rule, when the reason shows only the first few. */
  offenders?: string[];
  /** For UNVERIFIED: the rule covering the step that failed. */
  blockedBy?: string;
  /** For NOT_APPLICABLE: the operation declared missing that the check waits for. */
  waitsFor?: string;
  /** The exchanges to show for a failure, redacted. */
  exchanges: ExchangeRecord[];
  /**
   * For a failure: every request the check sent, one line each (`stepLine`), when it sent more than one; the one shown
   * in full below starts with `▶`.
   */
  steps?: string[];
  /** What the check found worth saying whatever its outcome (a server that reused a deleted id); the rule's reason repeats it. */
  notes?: string[];
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
  notApplicable: number;
  checks: CheckResult[];
}

/** A rule's checks; a rule with none (skipped, or unreached by a stopped run) as one stand-in carrying its outcome. */
export function checksOrStandIn(rule: RuleResult): CheckResult[] {
  if (rule.checks.length > 0) return rule.checks;
  const reason = rule.reason ?? 'no check ran';
  return [
    { rule: rule.id, name: `${rule.id} ${rule.text}`, file: '', outcome: rule.outcome, reason, exchanges: [], ms: 0 },
  ];
}

/** An operation the profile declares missing, and the rules with a check waiting for it: what building it unlocks. */
export interface MissingOperation {
  operationId: string;
  rules: string[];
}

export interface RunResult {
  /** The entry point the run came through (`door`): hints in its reports name what that entry point offers (the CLI's when absent). */
  door?: EntryPoint;
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
  /** Rules every check of which waits for an operation declared missing. */
  notApplicable: number;
  /**
   * The ladder: every operation the profile declares missing, the one unlocking most rules first, with the rules that
   * wait for it.
   */
  missingOperations: MissingOperation[];
  /** True when at least one MUST rule failed: the CLI then exits 1. */
  mustFailed: boolean;
  /** True when at least one MUST rule is not verified: the CLI then exits 1 too (nothing proves the server holds it). */
  mustUnverified: boolean;
  coverage: Coverage;
  exchanges: number;
  /** Errors outside any check (the overall bound, Ctrl-C, a clean-up that ran out of time). */
  problems: string[];
  /**
   * What the preflight and the reachability probe warned about before any rule ran (a board it could not confirm, a run
   * that does not fit in the member's room); the CLI prints each as the run starts. Absent when there was none.
   */
  warnings?: string[];
  /**
   * What the run created and could not remove, each with why (accounts and linked tasks always: the API has no delete
   * for them), and each list the clean-up could not search for the run's objects.
   */
  leftBehind: LeftBehind[];
}

/** Who a leftover belongs to: the account whose credential created it (or whose list showed it). */
interface Owned {
  actor: string;
  /** Why it is still there: the answer that refused its delete, the API having no delete for it, … */
  why: string;
}

/** An object on a board: a scenario, a case, a session, or a linked task. */
export interface LeftOnBoard extends Owned {
  kind: 'scenario' | 'case' | 'session' | 'task';
  /** Absent when the row showed none the clean-up could delete it by (`title` names it then). */
  id?: number;
  title?: string;
  companyId: WorkspaceId;
  boardId: WorkspaceId;
}

/** A named API token, by what its detail operations take as `key` (masked should it be a secret). */
export interface LeftToken extends Owned {
  kind: 'token';
  /** Absent when the row showed none the clean-up could delete it by (`title` names it then). */
  key?: string | number;
  title?: string;
}

export interface LeftAccount extends Owned {
  kind: 'account';
  username: string;
}

/** A list the clean-up could not search: what the run left there is unknown. */
export interface NotSearched extends Owned {
  kind: 'token' | 'scenario' | 'task';
  notSearched: true;
  /** For scenarios and tasks: the board whose list it could not read. */
  companyId?: WorkspaceId;
  boardId?: WorkspaceId;
}

/** An object the run created and could not remove, or a list it could not search (docs/conformance.md). */
export type LeftBehind = LeftOnBoard | LeftToken | LeftAccount | NotSearched;

/** Kinds the API has no delete for: left behind by every run that makes them, which no clean-up can help. */
export const UNDELETABLE: ReadonlySet<LeftBehind['kind']> = new Set(['account', 'task', 'session']);

const counted = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** `a`, `a and b`, `a, b and c`. */
const listed = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

const PLURALS: Record<string, string> = { token: 'tokens', scenario: 'scenarios', case: 'cases' };

/**
 * What keeps a clean-up from being complete, in one phrase: the objects left that the API could delete, and the lists
 * of them it could not search (by account for tokens, by board for scenarios); undefined when there is none. Accounts,
 * linked tasks and sessions, and the task lists (no delete in the API for any of them), do not count.
 */
export function cleanupShortfall(leftBehind: readonly LeftBehind[]): string | undefined {
  const left = new Map<string, number>();
  const unsearched = new Map<string, string[]>();
  for (const e of leftBehind) {
    if (UNDELETABLE.has(e.kind)) continue;
    if ('notSearched' in e) {
      const where = e.kind === 'token' ? `the ${e.actor}` : `board ${e.boardId}`;
      unsearched.set(e.kind, [...(unsearched.get(e.kind) ?? []), where]);
    } else left.set(e.kind, (left.get(e.kind) ?? 0) + 1);
  }
  const parts: string[] = [];
  const objects = Object.keys(PLURALS)
    .filter((k) => left.has(k))
    .map((k) => counted(left.get(k) ?? 0, k, PLURALS[k] as string));
  if (objects.length > 0) parts.push(`${listed(objects)} left behind`);
  for (const [kind, where] of unsearched) {
    parts.push(`the ${PLURALS[kind]} of ${listed([...new Set(where)])} not searched`);
  }
  return parts.length > 0 ? parts.join('; ') : undefined;
}

/**
 * The ladder of a run that declared operations missing: each with the rules (of those reported) that have a check
 * waiting for it, the one unlocking most first, then in the order declared.
 */
export function ladderOf(declared: readonly string[], rules: readonly RuleResult[]): MissingOperation[] {
  return declared
    .map((operationId) => ({
      operationId,
      rules: rules.filter((r) => r.checks.some((c) => c.waitsFor === operationId)).map((r) => r.id),
    }))
    .sort((a, b) => b.rules.length - a.rules.length);
}

/** `waits for createScenario (2 checks), listScenarios`: the operations a rule's checks wait for (only a check not applicable names one). */
function waitingFor(checks: readonly CheckResult[]): string {
  const ops = new Map<string, number>();
  for (const c of checks) if (c.waitsFor) ops.set(c.waitsFor, (ops.get(c.waitsFor) ?? 0) + 1);
  return `waits for ${[...ops].map(([op, n]) => (n > 1 ? `${op} (${n} checks)` : op)).join(', ')} (declared missing)`;
}

/**
 * One outcome per rule: FAIL if any check failed, else UNVERIFIED if any check could not be set up, PASS if some
 * passed, else NOT_APPLICABLE if some wait for a missing operation, else SKIP with the skip reasons. A rule none of
 * whose checks ran fails when the run was stopped (`stopped` says why), and is skipped otherwise.
 */
export function judgeRules(
  rules: readonly Rule[],
  checks: readonly CheckResult[],
  selected: ReadonlySet<string>,
  stopped?: string,
): RuleResult[] {
  return rules
    .filter((r) => selected.has(r.id))
    .map((rule: Rule) => {
      const mine = checks.filter((c) => c.rule === rule.id);
      const passed = mine.filter((c) => c.outcome === 'PASS').length;
      const failed = mine.filter((c) => c.outcome === 'FAIL').length;
      const skipped = mine.filter((c) => c.outcome === 'SKIP').length;
      const unverified = mine.filter((c) => c.outcome === 'UNVERIFIED').length;
      const notApplicable = mine.filter((c) => c.outcome === 'NOT_APPLICABLE').length;
      const unreached = mine.length === 0 && stopped !== undefined;
      const outcome: Outcome =
        failed > 0 || unreached
          ? 'FAIL'
          : unverified > 0
            ? 'UNVERIFIED'
            : passed > 0
              ? 'PASS'
              : notApplicable > 0
                ? 'NOT_APPLICABLE'
                : 'SKIP';
      let reason: string | undefined;
      if (mine.length === 0) reason = unreached ? `did not run: ${stopped}` : 'no check ran';
      else if (outcome === 'UNVERIFIED') {
        const causes = [...new Set(mine.filter((c) => c.outcome === 'UNVERIFIED').map((c) => c.reason))];
        reason = `${unverified} of ${mine.length} checks not verified: ${causes.join('; ')}`;
      } else if (outcome === 'NOT_APPLICABLE') reason = `not applicable: ${waitingFor(mine)}`;
      else if (outcome === 'SKIP') reason = [...new Set(mine.map((c) => c.reason ?? 'skipped'))].join('; ');
      else if (outcome === 'FAIL') reason = `${failed} of ${mine.length} checks failed`;
      else {
        const parts: string[] = [];
        if (skipped > 0)
          parts.push(
            `${skipped} of ${mine.length} checks skipped: ${[...new Set(mine.filter((c) => c.outcome === 'SKIP').map((c) => c.reason))].join('; ')}`,
          );
        if (notApplicable > 0)
          parts.push(`${notApplicable} of ${mine.length} checks not applicable: ${waitingFor(mine)}`);
        const inPart = mine.filter((c) => c.outcome === 'PASS' && c.partly);
        const inPartWhy = inPart.map((c) => c.reason).join('; ');
        // A rule of one check says what that check could not judge; otherwise how many of its checks passed in part.
        if (inPart.length > 0)
          parts.push(
            mine.length === 1 ? inPartWhy : `${inPart.length} of ${mine.length} checks passed in part: ${inPartWhy}`,
          );
        if (parts.length > 0) reason = parts.join('; ');
      }
      const notes = [...new Set(mine.flatMap((c) => c.notes ?? []))];
      if (notes.length > 0) reason = [reason, ...notes].filter(Boolean).join('; ');
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
        notApplicable,
        checks: mine,
      };
    });
}

/** What a run reports while it goes on (`onProgress`); the CLI prints each as a line (report/console.ts). */
export type ProgressEvent =
  | { kind: 'start'; files: number; checks: number }
  /** A check file finished: its results, its time, and the run's counts so far. */
  | {
      kind: 'file';
      file: string;
      results: readonly CheckResult[];
      ms: number;
      done: number;
      failed: number;
      unverified: number;
      total: number;
    }
  /** Something the team should know that fails no rule (a base URL that looks wrong, a profile detail). */
  | { kind: 'warning'; message: string }
  /** The run stops early (the overall bound, the signal), and says why. */
  | { kind: 'stopping'; reason: string };
