// Runs the conformance suite against a target and builds the result (docs/conformance.md, "How a run works"): check
// files side by side, each file's checks in order, the exchange rules over every answer, one clean-up, one report.
// `runConformance` is what the CLI, the tests and the bench call.

import { randomBytes } from 'node:crypto';
import type { FetchHandler } from '../../contract/http.js';
import '../checks/index.js';
import { type Profile, profileSecrets } from '../profile.js';
import { fileLine, stepLine } from '../report/console.js';
import { coverageOf } from '../report/coverage.js';
import { harOf } from '../report/har.js';
import { type CheckResult, judgeRules, type RunResult } from '../report/outcome.js';
import { RULES, selectRules } from '../rules.js';
import { createActors } from './actors.js';
import { cleanUp } from './cleanup.js';
import { type CheckState, current, type RunSettings, type RunState } from './context.js';
import { DEFAULT_TIMEOUT_MS, DEFAULT_TOTAL_TIMEOUT_MS } from './defaults.js';
import { EXCHANGE_RULES, judgeExchanges } from './exchange-rules.js';
import { explain, NotVerified } from './explain.js';
import { sharedValidators } from './harness.js';
import { PreflightError, preflight } from './preflight.js';
import { type Answer, createRecorder } from './recorder.js';
import { createRedactor, type Redactor } from './redact.js';
import { CheckSkipped, plan, type RegisteredCheck, type Selection, skipReason } from './registry.js';
import { NoAnswerError, send } from './send.js';

/** Check files run side by side: they mostly wait for the target. */
const CONCURRENCY = 4;
/**
 * The checks stop this long before the overall bound (at most half of it), so that the requests still in flight
 * and the clean-up fit inside the bound; the clean-up gets what is left, and never less than CLEANUP_MIN_MS.
 */
const CLEANUP_RESERVE_MS = 8_000;
const CLEANUP_MIN_MS = 1_000;
/** The reachability probe waits at least this long: a slow first answer (a cold start) is not an unreachable target. */
const PROBE_MIN_MS = 5_000;

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export interface ConformanceOptions {
  profile: Profile;
  /** Where requests go instead of the network (an in-process handler such as the sandbox's); default global fetch. */
  fetch?: FetchHandler;
  /** Rule IDs, areas or ID prefixes (`--only`); every rule when absent or empty. */
  only?: readonly string[];
  /** Skip every check that writes (`--read-only`). */
  readOnly?: boolean;
  /** Send registration requests (default true; `--no-register` turns it off). */
  register?: boolean;
  /** Per request, in ms. */
  timeoutMs?: number;
  /** For the whole run, in ms: what has not finished by then fails; the clean-up then gets at least a few seconds. */
  totalTimeoutMs?: number;
  /** Seed of the generated cases (`--seed`). */
  seed?: number;
  /** Requests per operation and polarity in the generated cases (`--max-examples`). */
  maxExamples?: number;
  /** Receives progress text while the run goes on. */
  progress?: (text: string) => void;
  /** Aborting it (Ctrl-C) stops the run, cleans up and reports what ran. */
  signal?: AbortSignal;
  /**
   * Confirm the profile before any rule runs (default true; `--no-preflight` turns it off): a profile the target
   * refuses throws a PreflightError instead of failing rules.
   */
  preflight?: boolean;
  /** Keep every exchange of the checks and return them as an HTTP Archive (`--har`), secrets masked. */
  har?: boolean;
}

/** The target did not answer at all: nothing can be checked. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
}

/** Unknown `--only` items. */
export class SelectionError extends Error {
  override readonly name = 'SelectionError';
}

/**
 * One unauthenticated GET /member/me/: any HTTP answer means the target is up. Returns a hint when the answer
 * suggests a wrong base URL.
 */
export async function checkReachable(
  fetch: FetchHandler,
  baseUrl: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<string | undefined> {
  let status: number;
  try {
    const request = new Request(`${baseUrl}/member/me/`, { redirect: 'manual' });
    status = (await send(fetch, request, { timeoutMs, signal })).response.status;
  } catch (error) {
    if (!(error instanceof NoAnswerError) || error.kind === 'stopped') throw error;
    const why = error.message.replace(/^GET \S+: (network error: )?/, '');
    throw new TargetUnreachableError(
      `the target ${baseUrl} is unreachable: ${why}; is the server running there? Give its REST base address with --base-url <url>, or only its port with --port <n>`,
    );
  }
  if (status === 404) {
    return `GET ${baseUrl}/member/me/ answered 404: is the base URL the REST base address (ending in /api)?`;
  }
  return undefined;
}

/** Settles when `promise` does, or rejects with the signal's reason as soon as it aborts. */
function unlessStopped<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

/** A check the run did not start: skipped by the options, or not reached before the run stopped. */
const notRun = (check: RegisteredCheck, outcome: CheckResult['outcome'], reason: string): CheckResult => ({
  rule: check.rule,
  name: check.name,
  file: check.file,
  outcome,
  reason,
  exchanges: [],
  ms: 0,
});

interface Stopper {
  signal: AbortSignal;
  /** Why the run stopped early, once it has. */
  readonly reason: string | undefined;
}

async function runCheck(
  check: RegisteredCheck,
  state: RunState,
  stopper: Stopper,
  redactor: Redactor,
): Promise<CheckResult> {
  const base = { rule: check.rule, name: check.name, file: check.file };
  const started = performance.now();
  const mine: CheckState = { name: check.name, answers: [] };
  const context = {
    signal: stopper.signal,
    skip(reason: string): never {
      throw new CheckSkipped(reason);
    },
  };
  const body = current.run({ run: state, file: check.file, check: mine }, () => check.fn(context));
  // A check the stopped run stops waiting for may still fail later: nobody waits for that any more.
  body.catch(() => undefined);
  let outcome: CheckResult['outcome'] = 'PASS';
  let reason: string | undefined;
  let blockedBy: string | undefined;
  try {
    await unlessStopped(body, stopper.signal);
  } catch (error) {
    if (error instanceof CheckSkipped) {
      outcome = 'SKIP';
      reason = error.message;
    } else if (error instanceof NotVerified && error.blockedBy !== check.rule && !stopper.reason) {
      // Neither a pass nor a failure of this rule: the step that failed belongs to another rule.
      outcome = 'UNVERIFIED';
      blockedBy = error.blockedBy;
      reason = redactor.text(`not verified, blocked by ${error.blockedBy}: ${error.message}`);
    } else {
      outcome = 'FAIL';
      // A check cut short by the stop fails for that reason, whatever its last request then said.
      reason = stopper.reason ? `did not finish: ${stopper.reason}` : explain(error, redactor).message;
    }
  }
  const ms = Math.round(performance.now() - started);
  if (outcome === 'UNVERIFIED') {
    const shown = mine.blamed ?? mine.answers.at(-1);
    return { ...base, outcome, blockedBy, reason, exchanges: shown ? [shown.record] : [], ms };
  }
  if (outcome !== 'FAIL') return { ...base, outcome, ...(reason ? { reason } : {}), exchanges: [], ms };
  // Blamed by this check (`call` blames each answer; `blame` may name one an earlier check of the file got).
  const shown = mine.blamed ?? mine.answers.at(-1);
  return {
    ...base,
    outcome,
    ...(reason ? { reason } : {}),
    exchanges: shown ? [shown.record] : [],
    // The steps are worth showing when there is more than the exchange shown in full.
    ...(mine.answers.length > 1
      ? { steps: mine.answers.map((a) => `${a === shown ? '▶' : ' '} ${stepLine(a.record)}`) }
      : {}),
    ms,
  };
}

/** Runs the suite once: reachability, preflight, checks, exchange rules, clean-up and report. */
export async function runConformance(options: ConformanceOptions): Promise<RunResult> {
  const started = Date.now();
  const { profile } = options;
  const fetch: FetchHandler = options.fetch ?? ((request) => globalThis.fetch(request));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const progress = options.progress ?? (() => undefined);
  const { selected, unknown } = selectRules(options.only?.length ? options.only : RULES.map((r) => r.id));
  if (unknown.length > 0) throw new SelectionError(`--only names no rule or area: ${unknown.join(', ')}`);

  const controller = new AbortController();
  let stopReason: string | undefined;
  const stopper: Stopper = {
    signal: controller.signal,
    get reason() {
      return stopReason;
    },
  };
  const stop = (reason: string) => {
    if (stopReason) return;
    stopReason = reason;
    progress(`stopping: ${reason}\n`);
    // No request is sent after this, and the checks still running are failed now; the requests in flight finish
    // within their own timeout before the clean-up.
    controller.abort(new Error(reason));
  };
  const reserveMs = Math.min(CLEANUP_RESERVE_MS, Math.floor(totalTimeoutMs / 2));
  const timer = setTimeout(
    () => stop(`the overall bound of ${totalTimeoutMs} ms was reached`),
    totalTimeoutMs - reserveMs,
  );
  const onAbort = () => stop('interrupted');
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) onAbort();

  const redactor = createRedactor(profileSecrets(profile));
  const validators = sharedValidators();
  const selection: Selection = {
    selected,
    readOnly: options.readOnly ?? false,
    register: (options.register ?? true) && !options.readOnly,
  };
  const settings: RunSettings = {
    profile,
    marker: `cf${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
    readOnly: selection.readOnly,
    register: selection.register,
    timeoutMs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.maxExamples === undefined ? {} : { maxExamples: options.maxExamples }),
  };
  const recorder = createRecorder({
    baseUrl: profile.baseUrl,
    contract: validators.contract,
    timeoutMs,
    redactor,
    fetch,
    signal: controller.signal,
    sender: () => {
      const s = current.getStore();
      return { file: s?.file ?? 'setup', ...(s?.check ? { check: s.check } : {}) };
    },
    board: { companyId: profile.companyId, boardId: profile.boardId },
    keepWire: options.har ?? false,
  });
  const actorsByFile = new Map<string, ReturnType<typeof createActors>>();
  const state: RunState = {
    settings,
    recorder,
    redactor,
    onces: new Map(),
    actors(file) {
      let actors = actorsByFile.get(file);
      if (!actors) {
        actors = createActors(settings, recorder, redactor);
        actorsByFile.set(file, actors);
      }
      return actors;
    },
  };

  const checks: CheckResult[] = [];
  try {
    try {
      // Only Ctrl-C cuts the probe short: an unreachable target is exit 2 even when the overall bound falls first.
      const probeSignal = options.signal ?? new AbortController().signal;
      const hint = await checkReachable(fetch, profile.baseUrl, Math.max(timeoutMs, PROBE_MIN_MS), probeSignal);
      if (hint) progress(`warning: ${hint}\n`);
      if (options.preflight ?? true) {
        const answers: Answer[] = [];
        const confirmed = await current.run(
          { run: state, file: 'preflight', check: { name: 'preflight', answers } },
          () => preflight({ profile, actors: createActors(settings, recorder, redactor), answers, redactor }),
        );
        for (const warning of confirmed.warnings) progress(`warning: ${warning}\n`);
      }
    } catch (error) {
      // Interrupted or out of time before anything ran: the report still comes, every rule unreached.
      if (!(error instanceof NoAnswerError) && !(error instanceof PreflightError && stopReason)) throw error;
    }
    const files = plan(selection);
    progress(`Running ${files.length} check files…\n`);
    const queue = [...files];
    const soFar = { done: 0, failed: 0 };
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const fileStarted = performance.now();
        const results: CheckResult[] = [];
        for (const check of next.checks) {
          const skip = skipReason(check, selection);
          const result = skip
            ? notRun(check, 'SKIP', skip)
            : stopReason
              ? notRun(check, 'FAIL', `did not finish: ${stopReason}`)
              : await runCheck(check, state, stopper, redactor);
          results.push(result);
          soFar.done++;
          if (result.outcome === 'FAIL') soFar.failed++;
        }
        checks.push(...results);
        progress(fileLine(next.file, results, performance.now() - fileStarted, soFar));
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, lane));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  // What a request still in flight creates must be in the ledger before the clean-up reads it; a stopped run waits for
  // them only within half of what is left of the bound, so that a hung target cannot stretch the run past it.
  const left = () => totalTimeoutMs - (Date.now() - started);
  if (stopReason) await Promise.race([recorder.settled(), delay(Math.max(left() / 2, 0))]);
  else await recorder.settled();
  for (const rule of EXCHANGE_RULES) {
    if (!selected.has(rule.id)) continue;
    const result = judgeExchanges(rule, recorder.answers, validators);
    checks.push(result.reason === undefined ? result : { ...result, reason: redactor.text(result.reason) });
  }

  const problems: string[] = [];
  if (stopReason) problems.push(`the run stopped early: ${stopReason}`);
  const cleanup = settings.readOnly
    ? { leftBehind: [], problems: [] }
    : await cleanUp({
        profile,
        marker: settings.marker,
        ledger: recorder.ledger,
        fetch,
        timeoutMs,
        budgetMs: Math.max(left(), CLEANUP_MIN_MS),
      });
  problems.push(...cleanup.problems);

  const rules = judgeRules(checks, selected, stopReason);
  const records = recorder.answers.map((a) => a.record);
  const result: RunResult = {
    baseUrl: profile.baseUrl,
    marker: settings.marker,
    startedAt: new Date(started).toISOString(),
    wallMs: Date.now() - started,
    rules,
    passed: rules.filter((r) => r.outcome === 'PASS').length,
    failed: rules.filter((r) => r.outcome === 'FAIL').length,
    skipped: rules.filter((r) => r.outcome === 'SKIP').length,
    unverified: rules.filter((r) => r.outcome === 'UNVERIFIED').length,
    mustFailed: rules.some((r) => r.outcome === 'FAIL' && r.level === 'MUST'),
    mustUnverified: rules.some((r) => r.outcome === 'UNVERIFIED' && r.level === 'MUST'),
    coverage: coverageOf(validators.contract, records),
    exchanges: records.length,
    problems,
    leftBehind: cleanup.leftBehind,
    // Built once every secret of the run is known; the pass below masks it once more.
    ...(options.har ? { har: harOf(recorder.answers, redactor) } : {}),
  };
  // A last pass over everything the result holds: every secret the run learned, and anything JWT-shaped.
  return redactor.json(result) as RunResult;
}
