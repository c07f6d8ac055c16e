// Check registration and selection (docs/conformance.md, "Flags"): check files register rule-named checks when they
// are imported; a run picks the checks of the selected rules and says why it skips one (--only, --read-only,
// --no-register).
import { RULES, ruleById } from '../rules.js';

/** What a check receives: a way to skip itself, saying why, and the run's stop signal. */
export interface CheckContext {
  readonly signal: AbortSignal;
  /** Ends the check as SKIP with this reason. */
  skip(reason: string): never;
}

export type CheckFn = (t: CheckContext) => Promise<void>;

export interface RuleOptions {
  /** Overrides the rule's `writes`: this check sends a write (skipped in --read-only). */
  writes?: boolean;
  /** The check sends a registration request (skipped with --no-register). */
  registers?: boolean;
}

export interface RegisteredCheck {
  rule: string;
  /** Starts with the rule ID. */
  name: string;
  file: string;
  fn: CheckFn;
  writes: boolean;
  registers: boolean;
}

/** Thrown by `skip()`: a skip, not a failure. */
export class CheckSkipped extends Error {
  override readonly name = 'CheckSkipped';
}

/** Check file → its checks in the order they were registered. */
const registered = new Map<string, RegisteredCheck[]>();

/** Registers a check of `file`; a check of an unknown or over-exchanges rule is a mistake in the check file. */
export function registerCheck(file: string, id: string, name: string, fn: CheckFn, options: RuleOptions = {}): void {
  const rule = ruleById(id);
  if (rule.overExchanges) throw new Error(`${file}: ${id} is judged over the exchanges by the runner, not by a check`);
  const checks = registered.get(file) ?? [];
  registered.set(file, checks);
  checks.push({
    rule: id,
    name: `${id} ${name}`,
    file,
    fn,
    writes: options.writes ?? rule.writes,
    registers: options.registers ?? false,
  });
}

export interface Selection {
  /** The rules the report shows. */
  selected: ReadonlySet<string>;
  readOnly: boolean;
  /** False with --no-register. */
  register: boolean;
}

/**
 * The check files to run, each with the checks to run in order. Rules judged over exchanges need other checks to send
 * requests: selected alone, every check runs (and only they are reported).
 */
export function plan(selection: Selection): { file: string; checks: RegisteredCheck[] }[] {
  const own = RULES.filter((r) => selection.selected.has(r.id) && !r.overExchanges).map((r) => r.id);
  const run = new Set(own.length > 0 ? own : RULES.filter((r) => !r.overExchanges).map((r) => r.id));
  return [...registered.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([file, checks]) => ({ file, checks: checks.filter((c) => run.has(c.rule)) }))
    .filter((f) => f.checks.length > 0);
}

/** Why the run skips this check without starting it, or undefined. */
export function skipReason(check: RegisteredCheck, selection: Selection): string | undefined {
  if (check.writes && selection.readOnly) return 'read-only mode';
  if (check.registers && !selection.register) return '--no-register';
  return undefined;
}
