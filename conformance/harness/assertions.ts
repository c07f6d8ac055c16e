// The assertions of a check (docs/conformance.md, "Writing a check"): fail with a message, stop a check whose set-up
// failed (not verified, blocked by the rule of the step), and judge an answer's status or error payload. The source
// shows no success status codes (§1): a success is any 2xx.
import { isObject } from '../../contract/json.js';
import { pageOf } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { CheckFailure, LimitReached, NotVerified } from '../engine/explain.js';
import { fieldsOf, isSuccess, limitReachedIn, payloadNames } from '../engine/payload.js';
import { inertLine } from '../report/inert-text.js';
import type { Harness } from './harness.js';

export { NotVerified };

/** Fails a check with a message; the harness shows the exchange blamed last. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Shows, should the check fail now, the list page a row was read from (the exchange that decided). */
export function blameRow(h: Harness, row: unknown): void {
  const page = pageOf<Answer>(row);
  if (page) h.blame(page);
}

/** Fails, showing the page it was listed on, when a row matches: the list holds what it must not. */
export function ensureNone<T>(h: Harness, rows: readonly T[], matches: (row: T) => boolean, message: string): void {
  const row = rows.find(matches);
  if (row === undefined) return;
  blameRow(h, row);
  throw new CheckFailure(message);
}

/** Stops a check whose setup step failed: the rule is not verified, and `blockedBy` is the rule that covers the step. */
export function ensureSetup(condition: unknown, blockedBy: string, message: string): asserts condition {
  if (!condition) throw new NotVerified(blockedBy, message);
}

/**
 * The status, or why there was none; a redirect the suite did not follow (engine/send.ts) is the server's answer: its
 * status and where it pointed. The target's words stay on one line (report/inert-text.ts).
 */
const statusText = (a: Answer): string => {
  if (a.status === undefined) return inertLine(a.record.error ?? 'no answer');
  const location = a.status >= 300 && a.status < 400 ? a.record.responseHeaders?.location : undefined;
  return location === undefined
    ? `HTTP ${a.status}`
    : `HTTP ${a.status} to ${inertLine(location)} (a redirect the suite did not follow)`;
};

/**
 * The answer is a success (any 2xx): the source shows no success status codes, so a MUST check must not demand 200 or
 * 201 (CONTRACT-02 holds the contract's exact codes).
 */
export function expectSuccess(answer: Answer, what: string): void {
  ensure(
    isSuccess(answer.status),
    `${what}: expected a 2xx success, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
}

/**
 * A setup step succeeded (any 2xx); otherwise the check is not verified, blocked by `blockedBy`, or by the account's
 * limit when the answer is a documented limit answer. A step that got no answer at all fails the check instead: the
 * target did not answer, whichever rule the step belongs to.
 */
export function setupSuccess(answer: Answer, blockedBy: string, what: string): void {
  ensure(answer.status !== undefined, `${what}: ${statusText(answer)} (${answer.record.method} ${answer.record.path})`);
  if (isSuccess(answer.status)) return;
  const message = `${what}: expected a 2xx success, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`;
  if (limitReachedIn(answer)) throw new LimitReached(answer, message);
  throw new NotVerified(blockedBy, message);
}

/** The answer is one of `statuses`. */
export function expectStatus(answer: Answer, statuses: readonly number[], what: string): void {
  ensure(
    answer.status !== undefined && statuses.includes(answer.status),
    `${what}: expected ${statuses.join(' or ')}, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
}

/** The answer is a 4xx error payload; with `field`, the payload names it. */
export function expectRejected(answer: Answer, what: string, field?: string): void {
  const status = answer.status;
  ensure(
    status !== undefined && status >= 400 && status < 500,
    `${what}: expected a 4xx rejection, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
  const body = answer.body;
  ensure(isObject(body) && body.status !== 'success', `${what}: the ${status} carries no error payload`);
  if (field !== undefined) {
    const fields = fieldsOf(answer);
    ensure(
      payloadNames(answer, field),
      `${what}: the ${status} error payload does not name ${field}, neither in errors[].field (${fields.length ? fields.map(inertLine).join(', ') : 'none'}) nor as a member name or a word of a message`,
    );
  }
}
