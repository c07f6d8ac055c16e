// What a --json report records so that `task-conformance replay` can run a failed check again (docs/conformance.md,
// "Replaying a failure"): the run's settings (seed, budget, switches, the profile file) and, per failed check, the
// exact command that replays it.
import type { CheckResult, RuleResult } from '../engine/result.js';

/** The settings of a run that decide what its checks send: a replay runs with the same ones. */
export interface RunSettings {
  /** The profile file given with --target, as given (absent when CONFORMANCE_* variables supplied every value). */
  target?: string;
  seed: number;
  maxExamples: number;
  readOnly: boolean;
  register: boolean;
  preflight: boolean;
  timeoutMs: number;
  totalTimeoutMs: number;
}

/** Where the report is written and how its run was made: what a replay command names. */
export interface ReplayInfo {
  /** The --json file, as given. */
  file: string;
  run: RunSettings;
}

/** A word as a POSIX shell reads it: bare when it holds nothing the shell would act on, else single-quoted. */
export const shellWord = (word: string): string =>
  /^[\w./:@%+=,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;

/** The command that replays check `check` (1-based, in the rule's order) of `rule`. */
export function replayCommand(info: ReplayInfo, rule: string, check: number): string {
  const target = info.run.target === undefined ? '' : ` --target ${shellWord(info.run.target)}`;
  return `task-conformance replay ${shellWord(info.file)}${target} --rule ${rule} --check ${check}`;
}

/** The rule's checks as the report writes them: each failed one with its replay command. */
export function checksWithReplay(rule: RuleResult, info: ReplayInfo): (CheckResult & { replay?: string })[] {
  return rule.checks.map((c, i) => (c.outcome === 'FAIL' ? { ...c, replay: replayCommand(info, rule.id, i + 1) } : c));
}
