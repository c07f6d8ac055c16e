// One run of given checks against one target (docs/conformance.md, "How a run works"): reachability and preflight,
// the check files, the exchange rules over every answer, one clean-up, one result. The engine knows no rule and no
// check of its own: conformance/run-conformance.ts passes the catalogue and the checks in.
import { randomBytes } from 'node:crypto';
import type { FetchHandler } from '../../contract/http.js';
import { sharedValidators } from '../../contract/validators.js';
import type { Profile } from '../profile.js';
import type { Rule } from '../rules.js';
import { createActors } from './actors.js';
import { runCheckQueues, type Stopper } from './check-queues.js';
import { cleanUp } from './cleanup.js';
import { current, type RunState } from './context.js';
import { coverageOf } from './coverage.js';
import type { EntryPoint } from './entry-points.js';
import type { Answer } from './exchange-record.js';
import { type ExchangeRule, judgeExchanges } from './exchange-rule-judge.js';
import { PreflightError, preflight } from './preflight.js';
import { checkReachable } from './reachable.js';
import { createRecorder, type Recorder } from './recorder.js';
import { createRedactor, type Redactor } from './redact.js';
import { type CheckFile, plan, type Selection } from './registry.js';
import { type CheckResult, judgeRules, ladderOf, type ProgressEvent, type RunResult } from './result.js';
import { runCreations } from './room.js';
import { NoAnswerError } from './send.js';
import type { RunSettings } from './settings.js';

/**
 * The checks stop this long before the overall bound (at most half of it), so that the requests still in flight
 * and the clean-up fit inside the bound; the clean-up gets what is left, and never less than CLEANUP_MIN_MS. A run
 * stopped by its signal (Ctrl-C, SIGTERM, an AbortSignal) gets the same time from then on, whatever the target does.
 */
const CLEANUP_RESERVE_MS = 8_000;
const CLEANUP_MIN_MS = 1_000;
/** After a stop, how long the clean-up waits before looking for the marker again (writes the target applied late). */
const LATE_WRITES_MS = 500;
/** The reachability probe waits at least this long: a slow first answer (a cold start) is not an unreachable target. */
const PROBE_MIN_MS = 5_000;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything a run is given: what to judge, with which checks, against what, within which bounds. */
export interface SuiteInput {
  /** The entry point the run came through (`door`): hints in its messages and reports name what that entry point offers. */
  door: EntryPoint;
  rules: readonly Rule[];
  files: readonly CheckFile[];
  exchangeRules: readonly ExchangeRule[];
  /** The rules the result reports (already resolved from --only/--skip). */
  selected: ReadonlySet<string>;
  profile: Profile;
  fetch: FetchHandler;
  /** Secrets to mask besides the profile's. */
  secrets: readonly string[];
  readOnly: boolean;
  register: boolean;
  timeoutMs: number;
  totalTimeoutMs: number;
  seed?: number;
  maxExamples?: number;
  preflight: boolean;
  /** Keep the wire form of every exchange (for an HTTP Archive). */
  keepWire: boolean;
  /** Origins besides the target's that a read may follow a redirect to (`--follow-redirects-to`); none when absent. */
  followRedirectsTo?: readonly string[];
  onProgress: (event: ProgressEvent) => void;
  signal?: AbortSignal;
}

/** The result, with what a report may still need: the answers (for a HAR file) and the run's redactor. */
export interface SuiteRun {
  result: RunResult;
  answers: readonly Answer[];
  redactor: Redactor;
}

interface Started {
  state: RunState;
  recorder: Recorder;
  stopper: Stopper;
  /** When the run must be over, in ms since the epoch: the overall bound, or sooner once the signal stopped it. */
  deadline(): number;
  stop(reason: string): void;
  /** Removes the timer and the signal listener. */
  release(): void;
}

/** The run's state, its stop (overall bound, signal) and its recorder. */
function start(input: SuiteInput, redactor: Redactor, startedAt: number): Started {
  const controller = new AbortController();
  let stopReason: string | undefined;
  const stopper: Stopper = {
    signal: controller.signal,
    get reason() {
      return stopReason;
    },
  };
  let deadline = startedAt + input.totalTimeoutMs;
  const stop = (reason: string) => {
    if (stopReason) return;
    stopReason = reason;
    input.onProgress({ kind: 'stopping', reason });
    // No request is sent after this, and the checks still running are failed now; the requests in flight finish
    // within their own timeout before the clean-up.
    controller.abort(new Error(reason));
  };
  const reserveMs = Math.min(CLEANUP_RESERVE_MS, Math.floor(input.totalTimeoutMs / 2));
  const timer = setTimeout(
    () => stop(`the overall bound of ${input.totalTimeoutMs} ms was reached`),
    Math.max(input.totalTimeoutMs - reserveMs - (Date.now() - startedAt), 0),
  );
  const onAbort = () => {
    deadline = Math.min(deadline, Date.now() + reserveMs);
    stop('interrupted');
  };
  input.signal?.addEventListener('abort', onAbort);
  if (input.signal?.aborted) onAbort();

  const { profile } = input;
  const settings: RunSettings = {
    door: input.door,
    profile,
    marker: `cf${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    readOnly: input.readOnly,
    register: input.register,
    timeoutMs: input.timeoutMs,
    ...(input.seed === undefined ? {} : { seed: input.seed }),
    ...(input.maxExamples === undefined ? {} : { maxExamples: input.maxExamples }),
  };
  const recorder = createRecorder({
    baseUrl: profile.baseUrl,
    contract: sharedValidators().contract,
    timeoutMs: input.timeoutMs,
    redactor,
    fetch: input.fetch,
    ...(input.followRedirectsTo ? { followTo: input.followRedirectsTo } : {}),
    signal: controller.signal,
    sender: () => {
      const s = current.getStore();
      return {
        file: s?.file ?? 'setup',
        ...(s?.check ? { check: s.check } : {}),
        ...(s?.label ? { label: s.label } : {}),
      };
    },
    board: { companyId: profile.companyId, boardId: profile.boardId },
    keepWire: input.keepWire,
    missing: new Set(profile.missingOperations),
  });
  const actorsByFile = new Map<string, ReturnType<typeof createActors>>();
  let titles = 0;
  const state: RunState = {
    settings,
    recorder,
    redactor,
    onces: new Map(),
    room: [],
    nextTitle: () => ++titles,
    actors(file) {
      let actors = actorsByFile.get(file);
      if (!actors) {
        actors = createActors(settings, recorder, redactor);
        actorsByFile.set(file, actors);
      }
      return actors;
    },
  };
  return {
    state,
    recorder,
    stopper,
    deadline: () => deadline,
    stop,
    release() {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The probe and the preflight: a target that is not there, or refuses the profile, throws before any rule runs. The
 * warnings go out as progress and are returned for the result.
 */
async function open(
  input: SuiteInput,
  run: Started,
  files: readonly CheckFile[],
  selection: Selection,
): Promise<string[]> {
  const warnings: string[] = [];
  const warn = (message: string) => {
    warnings.push(message);
    input.onProgress({ kind: 'warning', message });
  };
  try {
    // Only the caller's signal cuts the probe short: an unreachable target is an error even when the bound falls first.
    const probeSignal = input.signal ?? new AbortController().signal;
    const probeMs = Math.max(input.timeoutMs, PROBE_MIN_MS);
    const hint = await checkReachable(
      input.fetch,
      input.profile.baseUrl,
      probeMs,
      probeSignal,
      input.door,
      input.followRedirectsTo,
    );
    if (hint) warn(hint);
    if (input.preflight) {
      const { state } = run;
      const answers: Answer[] = [];
      const actors = createActors(state.settings, state.recorder, state.redactor);
      const creations = runCreations(files, selection, state.settings);
      const confirmed = await current.run(
        { run: state, file: 'preflight', check: { name: 'preflight', answers } },
        () =>
          preflight({
            profile: input.profile,
            actors,
            answers,
            redactor: state.redactor,
            door: input.door,
            creations,
          }),
      );
      state.room = confirmed.room;
      for (const warning of confirmed.warnings) warn(warning);
    }
  } catch (error) {
    // Interrupted or out of time before anything ran: the result still comes, every rule unreached.
    if (!(error instanceof NoAnswerError) && !(error instanceof PreflightError && run.stopper.reason)) throw error;
  }
  return warnings;
}

/** The exchange rules, the clean-up and the result, once the checks are done or stopped. */
async function finish(
  input: SuiteInput,
  run: Started,
  checks: CheckResult[],
  startedAt: number,
  warnings: readonly string[],
): Promise<RunResult> {
  const { recorder, stopper, state } = run;
  // What a request still in flight creates must be in the ledger before the clean-up reads it; a stopped run waits for
  // them only within half of what is left of the bound, so that a hung target cannot stretch the run past it.
  const left = () => run.deadline() - Date.now();
  if (stopper.reason) await Promise.race([recorder.settled(), delay(Math.max(left() / 2, 0))]);
  else await recorder.settled();
  const validators = sharedValidators();
  for (const rule of input.exchangeRules) {
    if (!input.selected.has(rule.id)) continue;
    const result = judgeExchanges(rule, recorder.answers, validators);
    checks.push(result.reason === undefined ? result : { ...result, reason: state.redactor.text(result.reason) });
  }

  const problems: string[] = [];
  if (stopper.reason) problems.push(`the run stopped early: ${stopper.reason}`);
  const cleanup = input.readOnly
    ? { leftBehind: [], problems: [] }
    : await cleanUp({
        profile: input.profile,
        marker: state.settings.marker,
        ledger: recorder.ledger,
        places: recorder.places,
        fetch: input.fetch,
        ...(input.followRedirectsTo ? { followTo: input.followRedirectsTo } : {}),
        timeoutMs: input.timeoutMs,
        budgetMs: Math.max(left(), CLEANUP_MIN_MS),
        ...(stopper.reason ? { lateWritesMs: LATE_WRITES_MS } : {}),
      });
  problems.push(...cleanup.problems);

  const rules = judgeRules(input.rules, checks, input.selected, stopper.reason);
  const records = recorder.answers.map((a) => a.record);
  return {
    door: input.door,
    baseUrl: input.profile.baseUrl,
    marker: state.settings.marker,
    startedAt: new Date(startedAt).toISOString(),
    wallMs: Date.now() - startedAt,
    rules,
    passed: rules.filter((r) => r.outcome === 'PASS').length,
    failed: rules.filter((r) => r.outcome === 'FAIL').length,
    skipped: rules.filter((r) => r.outcome === 'SKIP').length,
    unverified: rules.filter((r) => r.outcome === 'UNVERIFIED').length,
    notApplicable: rules.filter((r) => r.outcome === 'NOT_APPLICABLE').length,
    missingOperations: ladderOf(input.profile.missingOperations, rules),
    mustFailed: rules.some((r) => r.outcome === 'FAIL' && r.level === 'MUST'),
    mustUnverified: rules.some((r) => r.outcome === 'UNVERIFIED' && r.level === 'MUST'),
    coverage: coverageOf(validators.contract, records),
    exchanges: records.length,
    problems,
    ...(warnings.length > 0 ? { warnings: [...warnings] } : {}),
    leftBehind: cleanup.leftBehind,
  };
}

/** Runs the given checks once against the target; the result is redacted of every secret the run learned. */
export async function runSuite(input: SuiteInput): Promise<SuiteRun> {
  const startedAt = Date.now();
  const redactor = createRedactor(input.secrets);
  const run = start(input, redactor, startedAt);
  const selection: Selection = {
    selected: input.selected,
    readOnly: input.readOnly,
    register: input.register,
    door: input.door,
    missing: new Set(input.profile.missingOperations),
  };
  let checks: CheckResult[];
  let warnings: string[];
  try {
    const files = plan(input.files, input.rules, selection);
    warnings = await open(input, run, files, selection);
    checks = await runCheckQueues({
      files,
      selection,
      state: run.state,
      stopper: run.stopper,
      redactor,
      onProgress: input.onProgress,
    });
  } finally {
    run.release();
  }
  const result = await finish(input, run, checks, startedAt, warnings);
  return { result: maskedResult(result, redactor), answers: run.recorder.answers, redactor };
}

/**
 * A last pass over what the result holds from the target (reasons, exchanges, problems, leftovers): every credential
 * the run learned, and anything JWT-shaped. The catalogue's own words (rule and check names) are left as written.
 */
export function maskedResult<T extends RunResult>(result: T, redactor: Redactor): T {
  const check = (c: CheckResult): CheckResult => ({
    ...c,
    ...(c.reason === undefined ? {} : { reason: redactor.text(c.reason) }),
    ...(c.offenders ? { offenders: c.offenders.map(redactor.text) } : {}),
    ...(c.steps ? { steps: c.steps.map(redactor.text) } : {}),
    exchanges: redactor.json(c.exchanges) as CheckResult['exchanges'],
  });
  return {
    ...result,
    baseUrl: redactor.text(result.baseUrl),
    rules: result.rules.map((r) => ({
      ...r,
      ...(r.reason === undefined ? {} : { reason: redactor.text(r.reason) }),
      checks: r.checks.map(check),
    })),
    problems: result.problems.map(redactor.text),
    ...(result.warnings ? { warnings: result.warnings.map(redactor.text) } : {}),
    leftBehind: redactor.json(result.leftBehind) as RunResult['leftBehind'],
  };
}
