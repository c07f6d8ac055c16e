// `task-conformance replay <report.json>` (docs/conformance.md, "Replaying a failure"): reads a --json report, runs the
// rules of its failed checks again with the report's settings (set-up included, fresh objects, the same seed) against
// the report's base URL or the one named now, and says check by check: fixed, still failing, or not judged.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PreflightError } from '../engine/preflight.js';
import { TargetUnreachableError } from '../engine/reachable.js';
import { createRedactor } from '../engine/redact.js';
import type { CheckResult } from '../engine/result.js';
import { loadProfile, type Profile, ProfileError, profileSecrets } from '../profile.js';
import { describeExchange } from '../report/console.js';
import { inertConsoleText } from '../report/inert-text.js';
import type { RunSettings } from '../report/replay-info.js';
import { RULES } from '../rules.js';
import { OptionsError, runThrough } from '../run-conformance.js';
import { TargetError } from '../target.js';
import { ArgsError, type CliArgs } from './args.js';
import { parseReplayArgs, REPLAY_USAGE, type ReplayArgs } from './replay-args.js';

/** The subcommand's name, the CLI's first argument. */
export const REPLAY_COMMAND = 'replay';

const EXIT = { fixed: 0, failing: 1, usage: 2, internal: 3 } as const;

interface IoLike {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** The settings a run's --json report records (`run`), from its arguments. */
export function runSettings(args: CliArgs): RunSettings {
  return {
    ...(args.target === undefined ? {} : { target: args.target }),
    seed: args.seed,
    maxExamples: args.maxExamples,
    readOnly: args.readOnly,
    register: args.register,
    preflight: args.preflight,
    timeoutMs: args.timeoutMs,
    totalTimeoutMs: args.totalTimeoutMs,
  };
}

/** A report that cannot be replayed: the message names the file and what to do. */
class ReportError extends Error {
  override readonly name = 'ReportError';
}

interface ReportCheck {
  name: string;
  outcome: string;
}

interface ReportRule {
  id: string;
  outcome: string;
  checks: ReportCheck[];
}

interface Report {
  baseUrl: string;
  run: RunSettings;
  rules: ReportRule[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const SETTING_TYPES: Record<keyof RunSettings, 'string' | 'number' | 'boolean'> = {
  target: 'string',
  seed: 'number',
  maxExamples: 'number',
  readOnly: 'boolean',
  register: 'boolean',
  preflight: 'boolean',
  timeoutMs: 'number',
  totalTimeoutMs: 'number',
};

/** The report's parts replay needs, or a ReportError saying what the file is instead. */
function readReport(file: string): Report {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ReportError(`the report ${file} does not exist: pass the file a run wrote with --json`);
    }
    throw new ReportError(`cannot read the report ${file}: ${code ?? 'error'}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ReportError(`${file} is not a report (not JSON): pass the file a run wrote with --json`);
  }
  const notReport = `${file} is not a conformance report (no baseUrl and rules): pass the file a run wrote with --json`;
  if (!isRecord(json)) throw new ReportError(notReport);
  if (isRecord(json.error)) {
    throw new ReportError(
      `${file} records a run that ended before any rule ran (exit ${String(json.error.exitCode)}): nothing to replay; run the suite again`,
    );
  }
  if (typeof json.baseUrl !== 'string' || !Array.isArray(json.rules)) throw new ReportError(notReport);
  const rules: ReportRule[] = [];
  for (const rule of json.rules) {
    if (!isRecord(rule) || typeof rule.id !== 'string' || !Array.isArray(rule.checks)) throw new ReportError(notReport);
    const checks = rule.checks.map((c: unknown) =>
      isRecord(c) && typeof c.name === 'string' && typeof c.outcome === 'string'
        ? { name: c.name, outcome: c.outcome }
        : undefined,
    );
    if (checks.includes(undefined)) throw new ReportError(notReport);
    rules.push({ id: rule.id, outcome: String(rule.outcome), checks: checks as ReportCheck[] });
  }
  if (!isRecord(json.run)) {
    throw new ReportError(
      `${file} has no run settings ("run"; written by describeConformance, runConformance or a version before replay): run the suite again with task-conformance --json`,
    );
  }
  for (const [key, type] of Object.entries(SETTING_TYPES)) {
    const value = json.run[key];
    if (value === undefined && key === 'target') continue;
    if (typeof value !== type) throw new ReportError(`${file}: run.${key} must be a ${type}; the report was changed`);
  }
  return { baseUrl: json.baseUrl, run: json.run as unknown as RunSettings, rules };
}

/** A failed check to replay: its rule, its place in the rule (1-based) and its name. */
interface Failure {
  rule: string;
  check: number;
  name: string;
}

const failuresOf = (rule: ReportRule): Failure[] =>
  rule.checks.flatMap((c, i) => (c.outcome === 'FAIL' ? [{ rule: rule.id, check: i + 1, name: c.name }] : []));

/** The failures `--rule` and `--check` pick, or an ArgsError naming the flag and what the report holds. */
function pick(report: Report, file: string, args: ReplayArgs): Failure[] {
  if (args.rule === undefined) return report.rules.flatMap(failuresOf);
  const id = args.rule;
  const failedRules = report.rules.filter((r) => failuresOf(r).length > 0).map((r) => r.id);
  const failedList = failedRules.length ? `its failed rules: ${failedRules.join(', ')}` : 'it has no failed check';
  if (!RULES.some((r) => r.id === id)) {
    throw new ArgsError(`--rule ${id} names no rule of the suite (IDs such as AUTH-03; ${failedList})`);
  }
  const rule = report.rules.find((r) => r.id === id);
  if (rule === undefined) throw new ArgsError(`--rule ${id} did not run in ${file} (${failedList})`);
  const failures = failuresOf(rule);
  if (args.check === undefined) {
    if (failures.length === 0) throw new ArgsError(`--rule ${id} has no failed check in ${file} (${failedList})`);
    return failures;
  }
  const n = rule.checks.length;
  if (args.check > n) {
    throw new ArgsError(
      `--check ${args.check} is out of range: ${id} has ${n === 0 ? 'no check' : `checks 1 to ${n}`} in ${file}`,
    );
  }
  const chosen = failures.find((f) => f.check === args.check);
  if (chosen === undefined) {
    const failed = failures.length ? `its failed checks: ${failures.map((f) => f.check).join(', ')}` : failedList;
    const outcome = rule.checks[args.check - 1]?.outcome;
    throw new ArgsError(`--check ${args.check} of ${id} did not fail in ${file} (it is ${outcome}; ${failed})`);
  }
  return [chosen];
}

/**
 * The base URL to replay against: the one named now (`--base-url`, `CONFORMANCE_BASE_URL`, a `--target` profile other
 * than the report's run's), else the report's. `--port` applies after, in loadProfile.
 */
function baseUrlOverride(args: ReplayArgs, report: Report, env: NodeJS.ProcessEnv): string | undefined {
  if (args.baseUrl !== undefined) return args.baseUrl;
  if (env.CONFORMANCE_BASE_URL) return undefined;
  const otherProfile =
    args.target !== undefined &&
    (report.run.target === undefined || resolve(args.target) !== resolve(report.run.target));
  return otherProfile ? undefined : report.baseUrl;
}

/** How the replay judged one check: the report's failure now passes, still fails, or could not be judged. */
type Judged =
  | { failure: Failure; state: 'fixed' }
  | { failure: Failure; state: 'still failing' | 'not judged'; check?: CheckResult; why: string };

function judge(failure: Failure, checks: readonly CheckResult[]): Judged {
  const same = checks[failure.check - 1];
  const check = same?.name === failure.name ? same : checks.find((c) => c.name === failure.name);
  if (check === undefined) return { failure, state: 'not judged', why: 'the replay ran no check of this name' };
  if (check.outcome === 'PASS') return { failure, state: 'fixed' };
  if (check.outcome === 'FAIL') return { failure, state: 'still failing', check, why: check.reason ?? 'failed' };
  return { failure, state: 'not judged', check, why: `${check.outcome}: ${check.reason ?? 'no reason given'}` };
}

const indent = (text: string, prefix: string): string =>
  text
    .split('\n')
    .map((l) => prefix + l)
    .join('\n');

export async function replayMain(argv: readonly string[], io: IoLike): Promise<number> {
  let redactor = createRedactor();
  const out = (text: string) => io.out(inertConsoleText(redactor.text(text)));
  const err = (text: string) => io.err(inertConsoleText(redactor.text(text)));
  let args: ReplayArgs;
  try {
    args = parseReplayArgs(argv);
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    err(`conformance replay: ${error.message}\n\n${REPLAY_USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    out(`${REPLAY_USAGE}\n`);
    return EXIT.fixed;
  }
  const file = args.report as string;
  let report: Report;
  let failures: Failure[];
  try {
    report = readReport(file);
    failures = pick(report, file, args);
  } catch (error) {
    if (!(error instanceof ReportError || error instanceof ArgsError)) throw error;
    err(`conformance replay: ${error.message}\n`);
    return EXIT.usage;
  }
  if (failures.length === 0) {
    out(`Nothing to replay: ${file} has no failed check.\n`);
    return EXIT.fixed;
  }
  let profile: Profile;
  try {
    profile = loadProfile(args.target ?? report.run.target, io.env, baseUrlOverride(args, report, io.env), args.port);
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    err(`conformance replay: ${error.message}\n`);
    return EXIT.usage;
  }
  redactor = createRedactor(profileSecrets(profile));
  const rules = [...new Set(failures.map((f) => f.rule))];
  const n = failures.length;
  out(
    `Replaying ${n} failed ${n === 1 ? 'check' : 'checks'} of ${file} (${rules.join(', ')}) against ${profile.baseUrl}, seed ${report.run.seed}\n`,
  );
  let result: Awaited<ReturnType<typeof runThrough>>;
  try {
    result = await runThrough('cli', {
      target: profile.baseUrl,
      profile,
      only: rules,
      readOnly: report.run.readOnly,
      register: report.run.register,
      timeoutMs: report.run.timeoutMs,
      totalTimeoutMs: report.run.totalTimeoutMs,
      seed: report.run.seed,
      maxExamples: report.run.maxExamples,
      preflight: report.run.preflight,
      ...(io.signal ? { signal: io.signal } : {}),
    });
  } catch (error) {
    const usage =
      error instanceof OptionsError ||
      error instanceof TargetError ||
      error instanceof TargetUnreachableError ||
      error instanceof PreflightError;
    err(`conformance replay: ${usage ? '' : 'the suite failed: '}${String((error as Error)?.message ?? error)}\n`);
    return usage ? EXIT.usage : EXIT.internal;
  }
  const judged = failures.map((f) => judge(f, result.rules.find((r) => r.id === f.rule)?.checks ?? []));
  const lines: string[] = [''];
  for (const j of judged) {
    lines.push(
      `  ${j.state === 'fixed' ? '✓' : '✗'} ${j.failure.rule} check ${j.failure.check}: ${j.state}: ${j.failure.name}`,
    );
    if (j.state === 'fixed') continue;
    lines.push(indent(j.why, '      '));
    for (const e of j.check?.exchanges.slice(-1) ?? []) lines.push(...describeExchange(e).map((l) => `      ${l}`));
  }
  const count = (state: Judged['state']) => judged.filter((j) => j.state === state).length;
  lines.push(
    '',
    `Replay: ${count('fixed')} fixed, ${count('still failing')} still failing, ${count('not judged')} not judged.`,
  );
  if (result.problems.length > 0) lines.push(...result.problems.map((p) => `  ! ${p}`));
  out(`${lines.join('\n')}\n`);
  return judged.every((j) => j.state === 'fixed') ? EXIT.fixed : EXIT.failing;
}
