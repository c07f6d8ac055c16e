// What each generated-case rule says about one answer (conformance/rules.ts, area generated; source §7): a problem in
// words, or nothing when the answer holds or the rule does not judge it.
import { isObject } from '../../contract/json.js';
import type { Answer } from '../engine/exchange-record.js';
import { fieldsOf, isSuccess, names, payloadNames } from '../engine/payload.js';
import type { NegativeRequest } from './generated-requests.js';
import type { GeneratedRequest } from './mutations.js';

export const GENERATED_RULES = ['GEN-01', 'GEN-02', 'GEN-03', 'GEN-04'] as const;
export type GeneratedRule = (typeof GENERATED_RULES)[number];

/** The problem each rule finds in an answer; a rule absent from it holds or does not judge this answer. */
export type Verdicts = Partial<Record<GeneratedRule, string>>;

/** What each rule judges: whether this answer is one it looks at at all (a rule that judged nothing skips). */
export type Judged = Partial<Record<GeneratedRule, boolean>>;

const statusOf = (a: Answer): string => (a.status === undefined ? (a.record.error ?? 'no answer') : `HTTP ${a.status}`);

/**
 * Statuses whose meaning source §7 gives apart from a validation failure (401, 403, 404), and the contract's state
 * conflict (409): a refusal with one of them is not judged as a validation failure.
 */
const NOT_VALIDATION = new Set([401, 403, 404, 409]);

const serverError = (answer: Answer): string | undefined =>
  (answer.status ?? 0) >= 500 ? statusOf(answer) : undefined;

/** No rule judges a request that got no answer (a dropped connection): the exchange rules skip those alike. */
const NOTHING = { verdicts: {}, judged: {} };

/** Every member name of a request, at any depth: its query parameters and its body's members. */
function requestFields(request: GeneratedRequest): string[] {
  const found = new Set(Object.keys(request.query));
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) {
      for (const [k, v] of Object.entries(value)) {
        found.add(k);
        walk(v);
      }
    }
  };
  walk(request.body);
  return [...found];
}

/**
 * A request broken in exactly one place. GEN-01 asks only what source §7 asks: the payload names a field to correct,
 * any field of the request (a server may also refuse, say, an empty string the same request carries); naming the
 * broken field itself is GEN-02's question.
 */
export function judgeBroken(answer: Answer, request: NegativeRequest): { verdicts: Verdicts; judged: Judged } {
  const status = answer.status;
  if (status === undefined) return NOTHING;
  const verdicts: Verdicts = {};
  const field = request.breakage.field;
  // GEN-01: a refusal that is not about credentials, scope, a missing object or a state is a validation failure.
  const validationFailure = !isSuccess(status) && !NOT_VALIDATION.has(status);
  const candidates = [...new Set([field, ...requestFields(request)])];
  if (validationFailure && !candidates.some((name) => payloadNames(answer, name))) {
    const shown = isObject(answer.body) ? `${fieldsOf(answer).join(', ') || 'no errors[].field'}` : 'no JSON payload';
    verdicts['GEN-01'] =
      `${statusOf(answer)} whose error payload names no field of the request (${shown}; the broken one is ${field})`;
  }
  if (status !== 400) {
    verdicts['GEN-02'] = isSuccess(status)
      ? `${statusOf(answer)}: the broken request was accepted`
      : `${statusOf(answer)}, not 400`;
  } else if (!names(fieldsOf(answer), field)) {
    verdicts['GEN-02'] = `400 whose errors[].field does not name ${field} (${fieldsOf(answer).join(', ') || 'none'})`;
  }
  const crashed = serverError(answer);
  if (crashed) verdicts['GEN-04'] = crashed;
  return { verdicts, judged: { 'GEN-01': validationFailure, 'GEN-02': true, 'GEN-04': true } };
}

/**
 * A request valid under the contract: a 2xx, or a refusal for a state reason (409; 404 when it names an object the
 * run could not provide). `missing` says whether the request names such an object.
 */
export function judgeValid(answer: Answer, missing: boolean): { verdicts: Verdicts; judged: Judged } {
  const status = answer.status;
  if (status === undefined) return NOTHING;
  const verdicts: Verdicts = {};
  const accepted = isSuccess(status) || status === 409 || (status === 404 && missing);
  if (!accepted) {
    const fields = fieldsOf(answer);
    const naming = status === 400 && fields.length ? ` naming ${fields.join(', ')}, although the request is valid` : '';
    verdicts['GEN-03'] = `${statusOf(answer)}${naming}`;
  }
  const crashed = serverError(answer);
  if (crashed) verdicts['GEN-04'] = crashed;
  return { verdicts, judged: { 'GEN-03': true, 'GEN-04': true } };
}
