// The checks a run is given, and their selection (docs/conformance.md, "Flags"): each check file is a list of
// rule-named checks; a run picks the checks of the selected rules and says why it skips one (--only, --skip,
// --read-only, --no-register).
import type { Rule } from '../rules.js';
import { type EntryPoint, noRegisterHint } from './entry-points.js';
import type { RunSettings } from './settings.js';

/** What a check receives: a way to skip itself, saying why, and the run's stop signal. */
export interface CheckContext {
  readonly signal: AbortSignal;
  /** Ends the check as SKIP with this reason. */
  skip(reason: string): never;
  /**
   * Says what a passing check could not judge (some of its answers were refused for another cause): the check still
   * passes, and the report says it passed in part, and why.
   */
  partly(reason: string): void;
}

export type CheckFn = (t: CheckContext) => Promise<void>;

export interface RuleOptions {
  /** Overrides the rule's `writes`: this check sends a write (skipped in --read-only). */
  writes?: boolean;
  /** The check sends a registration request (skipped with --no-register). */
  registers?: boolean;
  /**
   * The operations the check cannot do without (operationIds), known when it is written: when the profile declares one
   * missing, the check is not applicable and never starts. Whatever else it calls is found at run time: a request for a
   * missing operation is never sent and ends the check as not applicable too.
   */
  needs?: readonly string[];
}

export interface RegisteredCheck {
  rule: string;
  /** Starts with the rule ID. */
  name: string;
  file: string;
  fn: CheckFn;
  writes: boolean;
  registers: boolean;
  needs: readonly string[];
}

/** Thrown by `skip()`: a skip, not a failure. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}

/**
 * What the member's account ends up holding more of, at most, while a check file's checks run against a server that
 * answers as the contract expects: named API tokens of the member, and scenarios and QA sessions on the profile's board
 * (the preflight compares it with the room the account has; test/conformance/creations.test.ts holds each file to it).
 */
export interface Creations {
  tokens: number;
  scenarios: number;
  sessions: number;
}

/** One check file: its name (the report groups by it), its checks in the order they run, and what they create. */
export interface CheckFile {
  file: string;
  checks: RegisteredCheck[];
  /** What a run of all of the file's checks creates, as the file declares it (`h.creates`); nothing when absent. */
  creates?: (settings: RunSettings) => Partial<Creations>;
}

export interface Selection {
  /** The rules the report shows. */
  selected: ReadonlySet<string>;
  readOnly: boolean;
  /** False with --no-register. */
  register: boolean;
  /** The entry point the run came through (`door`), for the reasons it gives (the CLI's when absent). */
  door?: EntryPoint;
  /** The operations the profile declares missing. */
  missing?: ReadonlySet<string>;
}

/**
 * The check files to run, in the order given (the check queues start them in that order: the slowest first keeps the run
 * short), each with the checks to run in order. Rules judged over exchanges need other checks to send
 * requests: selected alone, every check runs (and only they are reported).
 */
export function plan(files: readonly CheckFile[], rules: readonly Rule[], selection: Selection): CheckFile[] {
  const own = rules.filter((r) => selection.selected.has(r.id) && !r.overExchanges).map((r) => r.id);
  const run = new Set(own.length > 0 ? own : rules.filter((r) => !r.overExchanges).map((r) => r.id));
  return files
    .map((f) => ({ ...f, checks: f.checks.filter((c) => run.has(c.rule)) }))
    .filter((f) => f.checks.length > 0);
}

/** Why the run skips this check without starting it, or undefined. */
export function skipReason(check: RegisteredCheck, selection: Selection): string | undefined {
  if (check.writes && selection.readOnly) return 'read-only mode';
  if (check.registers && !selection.register) return noRegisterHint(selection.door ?? 'cli');
  return undefined;
}

/** The first operation the check needs that the profile declares missing, or undefined. */
export function waitsFor(check: RegisteredCheck, selection: Selection): string | undefined {
  return check.needs.find((op) => selection.missing?.has(op));
}
