// The checks of a run (docs/conformance.md, "How a run works"): check files side by side, each file's checks in order,
// each check's outcome decided here (PASS, FAIL, SKIP, UNVERIFIED when a step of another rule failed, or NOT_APPLICABLE
// when it needs an operation the profile declares missing).
import { type CheckState, current, type RunState } from './context.js';
import { type ExchangeRecord, stepLine } from './exchange-record.js';
import { ACCOUNT_LIMIT, explain, limitAnswerIn, NotApplicable, NotVerified, notApplicableIn } from './explain.js';
import { limitReachedIn } from './payload.js';
import type { Redactor } from './redact.js';
import {
  type CheckFile,
  CheckSkipped,
  type RegisteredCheck,
  type Selection,
  skipReason,
  waitsFor,
} from './registry.js';
import type { CheckResult, ProgressEvent } from './result.js';
import { limitReason, roomOf } from './room.js';
import { until } from './send.js';

/** Check files run side by side: they mostly wait for the target. */
const CONCURRENCY = 4;

export interface Stopper {
  signal: AbortSignal;
  /** Why the run stopped early, once it has. */
  readonly reason: string | undefined;
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

async function runCheck(
  check: RegisteredCheck,
  state: RunState,
  stopper: Stopper,
  redactor: Redactor,
): Promise<CheckResult> {
  const base = { rule: check.rule, name: check.name, file: check.file };
  const started = performance.now();
  const mine: CheckState = { name: check.name, answers: [] };
  const partly: string[] = [];
  const context = {
    signal: stopper.signal,
    skip(reason: string): never {
      throw new CheckSkipped(reason);
    },
    partly(reason: string): void {
      partly.push(reason);
    },
  };
  const body = current.run({ run: state, file: check.file, check: mine }, () => check.fn(context));
  // A check the stopped run stops waiting for may still fail later: nobody waits for that any more.
  body.catch(() => undefined);
  let outcome: CheckResult['outcome'] = 'PASS';
  let reason: string | undefined;
  let inPart: string | undefined;
  let blockedBy: string | undefined;
  let offenders: readonly string[] | undefined;
  let waiting: string | undefined;
  let thrown: unknown;
  try {
    await until(body, stopper.signal);
    if (partly.length > 0) inPart = redactor.text(partly.join('; '));
  } catch (error) {
    thrown = error;
    const missing = stopper.reason ? undefined : notApplicableIn(error);
    if (missing) {
      outcome = 'NOT_APPLICABLE';
      waiting = missing.operation;
      reason = missing.message;
    } else if (error instanceof CheckSkipped) {
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
      const failure = stopper.reason ? undefined : explain(error, redactor);
      reason = failure ? failure.message : `did not finish: ${stopper.reason}`;
      offenders = failure?.offenders;
    }
  }
  // A documented limit answer (409/429 naming a limit) means the account is full, perhaps by someone else's doing: the
  // rule could be judged neither way, and the server is not blamed for it. The answer is the check's own, or one a
  // fixture it waited for got; the preflight's count gives the numbers.
  const limited =
    outcome === 'FAIL' || outcome === 'UNVERIFIED'
      ? (mine.answers.findLast((a) => limitReachedIn(a) !== undefined) ?? limitAnswerIn(thrown))
      : undefined;
  const limit = limited && limitReachedIn(limited);
  if (limited && limit && !stopper.reason) {
    outcome = 'UNVERIFIED';
    blockedBy = ACCOUNT_LIMIT;
    reason = redactor.text(limitReason(limit, roomOf(state.room, limited)));
  }
  const ms = Math.round(performance.now() - started);
  const noted = mine.notes?.length ? { notes: mine.notes.map(redactor.text) } : {};
  // Blamed by this check (`call` blames each answer; `blame` may name one an earlier check of the file got).
  const shown = mine.blamed ?? mine.answers.at(-1);
  // Masked again with what the run knows now: a token's secret is known only once a check has found it.
  const exchanges = shown ? [redactor.json(shown.record) as ExchangeRecord] : [];
  if (outcome === 'UNVERIFIED') return { ...base, outcome, blockedBy, reason, exchanges, ...noted, ms };
  if (waiting) return { ...base, outcome, waitsFor: waiting, ...(reason ? { reason } : {}), exchanges: [], ms };
  if (outcome === 'PASS' && inPart)
    return { ...base, outcome, reason: inPart, partly: true, exchanges: [], ...noted, ms };
  if (outcome !== 'FAIL') return { ...base, outcome, ...(reason ? { reason } : {}), exchanges: [], ...noted, ms };
  return {
    ...base,
    outcome,
    ...noted,
    ...(reason ? { reason } : {}),
    ...(offenders ? { offenders: [...offenders] } : {}),
    exchanges,
    // The steps are worth showing when there is more than the exchange shown in full.
    ...(mine.answers.length > 1
      ? { steps: mine.answers.map((a) => `${a === shown ? '▶' : ' '} ${redactor.text(stepLine(a.record))}`) }
      : {}),
    ms,
  };
}

export interface CheckQueuesInput {
  files: readonly CheckFile[];
  selection: Selection;
  state: RunState;
  stopper: Stopper;
  redactor: Redactor;
  onProgress: (event: ProgressEvent) => void;
}

/** Runs every planned check file, a few side by side; returns every check's result. */
export async function runCheckQueues(input: CheckQueuesInput): Promise<CheckResult[]> {
  const { files, selection, state, stopper, redactor, onProgress } = input;
  const total = files.reduce((n, f) => n + f.checks.length, 0);
  onProgress({ kind: 'start', files: files.length, checks: total });
  const checks: CheckResult[] = [];
  const queue = [...files];
  const soFar = { done: 0, failed: 0, unverified: 0 };
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const fileStarted = performance.now();
      const results: CheckResult[] = [];
      for (const check of next.checks) {
        const skip = skipReason(check, selection);
        const missing = skip ? undefined : waitsFor(check, selection);
        const result = skip
          ? notRun(check, 'SKIP', skip)
          : missing
            ? { ...notRun(check, 'NOT_APPLICABLE', new NotApplicable(missing).message), waitsFor: missing }
            : stopper.reason
              ? notRun(check, 'FAIL', `did not finish: ${stopper.reason}`)
              : await runCheck(check, state, stopper, redactor);
        results.push(result);
        soFar.done++;
        if (result.outcome === 'FAIL') soFar.failed++;
        if (result.outcome === 'UNVERIFIED') soFar.unverified++;
      }
      checks.push(...results);
      onProgress({
        kind: 'file',
        file: next.file,
        results,
        ms: performance.now() - fileStarted,
        done: soFar.done,
        failed: soFar.failed,
        unverified: soFar.unverified,
        total,
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, files.length) }, lane));
  return checks;
}
