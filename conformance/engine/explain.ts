// Error explanation (docs/conformance.md, "Reading the report"): whatever a check throws becomes a failure of the
// target with a plain, redacted message, never a crash of the suite.
import { ApiError, OutcomeUnknownError, PaginationError } from '../../client/index.js';
import type { Answer } from './exchange-record.js';
import type { Redactor } from './redact.js';

/**
 * A check that did not hold; its message is shown as is (already free of secrets). `offenders` names every operation
 * or answer that broke the rule, when the message shows only the first few: the JSON report keeps them all.
 */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';
  constructor(
    message: string,
    readonly offenders?: readonly string[],
  ) {
    super(message);
  }
}

/**
 * A rule that could not be judged because a step before it failed: the rule `blockedBy` covers that step. The runner
 * reports the rule as not verified, never as passed or failed; when the check belongs to `blockedBy` itself, it fails.
 */
export class NotVerified extends Error {
  override readonly name: string = 'NotVerified';
  constructor(
    readonly blockedBy: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What blocks a check that met a documented limit answer, where other blocked checks name a rule. */
export const ACCOUNT_LIMIT = "the account's limit";

/**
 * A set-up step refused with a documented limit answer (engine/payload.ts `limitReachedIn`): the account is full, so
 * the check is not verified whichever rule the step belongs to, and `answer` gives the server's words.
 */
export class LimitReached extends NotVerified {
  override readonly name = 'LimitReached';
  constructor(
    readonly answer: Answer,
    message: string,
  ) {
    super(ACCOUNT_LIMIT, message);
  }
}

/**
 * A check that needs an operation the profile declared missing (`missingOperations`): the request is never sent, and
 * the check is not applicable, neither passed nor failed nor unverified.
 */
export class NotApplicable extends Error {
  override readonly name = 'NotApplicable';
  constructor(readonly operation: string) {
    super(`not applicable: waits for ${operation} (declared missing)`);
  }
}

/** The first error of a class behind an error, however a client or a set-up step wrapped it (its `cause` chain). */
function foundIn<T extends Error>(error: unknown, kind: abstract new (...args: never[]) => T): T | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 8; e = e.cause, depth++) {
    if (e instanceof kind) return e;
  }
  return undefined;
}

/** The NotApplicable behind an error, however a client or a set-up step wrapped it. */
export const notApplicableIn = (error: unknown): NotApplicable | undefined => foundIn(error, NotApplicable);

/** The limit answer behind an error: a set-up step, perhaps of a fixture another check ran, met the account's limit. */
export const limitAnswerIn = (error: unknown): Answer | undefined => foundIn(error, LimitReached)?.answer;

export function explain(error: unknown, redactor: Redactor): CheckFailure {
  if (error instanceof CheckFailure) {
    return new CheckFailure(
      redactor.text(error.message),
      error.offenders?.map((o) => redactor.text(o)),
    );
  }
  if (error instanceof NotVerified) return new CheckFailure(redactor.text(error.message));
  if (error instanceof OutcomeUnknownError) {
    return new CheckFailure(
      redactor.text(
        `${error.message}. The suite did not repeat it; anything it may have created carries the run marker and is looked for at clean-up.`,
      ),
    );
  }
  if (error instanceof ApiError) return new CheckFailure(redactor.text(`unexpected answer: ${error.message}`));
  if (error instanceof PaginationError) return new CheckFailure(redactor.text(`paging failed: ${error.message}`));
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    const kind = error.name === 'AssertionError' || error.name === 'NoAnswerError' ? '' : `${error.name}: `;
    return new CheckFailure(redactor.text(`${kind}${error.message}${cause}`));
  }
  return new CheckFailure(redactor.text(String(error)));
}
