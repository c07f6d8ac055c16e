// Whatever a check throws becomes a plain failure message with every secret masked (docs/conformance.md, "Reading the
// report"): the client's errors say what went wrong, an assertion says only what it found, and nothing crashes.
import { describe, expect, it } from 'vitest';
import { ApiError, OutcomeUnknownError, PaginationError } from '../../client/index.js';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import {
  CheckFailure,
  explain,
  LimitReached,
  limitAnswerIn,
  NotApplicable,
  NotVerified,
  notApplicableIn,
} from '../../conformance/engine/explain.js';
import { createRedactor, MASK } from '../../conformance/engine/redact.js';

const SECRET = 'tmk_secret_value';

class NoAnswerError extends Error {
  override readonly name = 'NoAnswerError';
}

const assertion = (message: string): Error => Object.assign(new Error(message), { name: 'AssertionError' });

describe('explain', () => {
  it.each([
    ['a check failure, as it is', new CheckFailure(`got ${SECRET}`), `got ${MASK}`],
    [
      'a rule not verified, by its own message',
      new NotVerified('AUTH-01', `login ${SECRET} failed`),
      `login ${MASK} failed`,
    ],
    [
      'an outcome unknown, saying it was not repeated and where its objects are looked for',
      new OutcomeUnknownError('createTask', new Error('reset'), `sent ${SECRET}`),
      `createTask: outcome unknown (sent ${MASK}); not repeated, check whether it took effect before retrying. The suite did not repeat it; anything it may have created carries the run marker and is looked for at clean-up.`,
    ],
    [
      'an unexpected answer',
      new ApiError('getTask', 500, undefined, `said ${SECRET}`, new Headers()),
      `unexpected answer: getTask: HTTP 500, said ${MASK}`,
    ],
    [
      'a paging failure',
      new PaginationError('listTasks', 3, `cursor ${SECRET}`),
      `paging failed: listTasks: page 3: cursor ${MASK}`,
    ],
    [
      'an assertion, without its class name',
      assertion(`expected 401, got 200 for ${SECRET}`),
      `expected 401, got 200 for ${MASK}`,
    ],
    ['no answer, without its class name', new NoAnswerError('no answer within 500 ms'), 'no answer within 500 ms'],
    ['any other error, by its class name', new TypeError(`x of ${SECRET}`), `TypeError: x of ${MASK}`],
    [
      'an error with its cause',
      new Error('fetch failed', { cause: new Error(`ECONNRESET ${SECRET}`) }),
      `Error: fetch failed (ECONNRESET ${MASK})`,
    ],
    [
      'an error whose cause is no Error, without it',
      new Error('fetch failed', { cause: 'gone' }),
      'Error: fetch failed',
    ],
    ['a thrown string', `raw ${SECRET}`, `raw ${MASK}`],
    ['a thrown number', 42, '42'],
  ])('explains %s, masked', (_, error, message) => {
    const failure = explain(error, createRedactor([SECRET]));
    expect(failure).toBeInstanceOf(CheckFailure);
    expect(failure.message).toBe(message);
  });

  it('keeps the offenders of a check failure, each masked, and none when it had none', () => {
    const redactor = createRedactor([SECRET]);
    const failure = explain(new CheckFailure('3 of 9 answers', ['GET /a → 200', `GET /b?k=${SECRET} → 500`]), redactor);
    expect(failure.offenders).toEqual(['GET /a → 200', `GET /b?k=${MASK} → 500`]);
    expect(explain(new CheckFailure('one'), redactor).offenders).toBeUndefined();
  });

  it('turns a rule not verified into a failure of its own, without the blocking rule', () => {
    const failure = explain(new NotVerified('AUTH-01', 'login failed'), createRedactor());
    expect(failure).not.toBeInstanceOf(NotVerified);
    expect(failure.offenders).toBeUndefined();
  });
});

describe('what a set-up step threw, however it was wrapped', () => {
  // Built inside each test: what a file does while Vitest collects it counts for no test (docs/testing.md).
  const full = (): Answer => ({
    record: { method: 'POST', path: '/features/qa/scenarios/', status: 429 } as Answer['record'],
    status: 429,
    body: { status: 'error', message: 'Scenario limit reached' },
    json: true,
  });
  const wrapped = (inner: Error): Error =>
    new Error('set-up failed', { cause: new NotVerified('QA-01', 'no scenario to work on', { cause: inner }) });

  it('a check waiting for an operation declared missing names it, and is found behind the steps that wrapped it', () => {
    const missing = new NotApplicable('createScenario');
    expect(missing.message).toBe('not applicable: waits for createScenario (declared missing)');
    expect(notApplicableIn(missing)).toBe(missing);
    expect(notApplicableIn(wrapped(missing))).toBe(missing);
    expect(limitAnswerIn(wrapped(missing))).toBeUndefined();
  });

  it("a step that met the account's limit gives the server's answer, behind the steps that wrapped it", () => {
    const answer = full();
    const limit = new LimitReached(answer, 'POST /features/qa/scenarios/ got 429');
    expect(limitAnswerIn(limit)).toBe(answer);
    expect(limitAnswerIn(wrapped(limit))).toBe(answer);
    expect(notApplicableIn(wrapped(limit))).toBeUndefined();
  });

  const ownCause = (): Error => {
    const error = new Error('loops');
    error.cause = error;
    return error;
  };
  it.each([
    ['an error whose causes hold neither', () => new Error('fetch failed', { cause: new TypeError('reset') })],
    ['an error that is its own cause', ownCause],
    ['a thrown string', () => 'gone'],
    ['nothing', () => undefined],
  ])('finds neither in %s', (_, thrown) => {
    const error = thrown();
    expect(notApplicableIn(error)).toBeUndefined();
    expect(limitAnswerIn(error)).toBeUndefined();
  });
});
