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
const NOTHING: Judgement = { verdicts: {}, judged: {} };

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

/** Every member name and every string value of an error payload, at any depth, but the envelope's own `status`. */
function payloadWords(answer: Answer): { keys: Set<string>; texts: string[] } {
  const keys = new Set<string>();
  const texts: string[] = [];
  const walk = (value: unknown, key?: string) => {
    if (typeof value === 'string') {
      if (key !== 'status') texts.push(value);
    } else if (Array.isArray(value)) {
      for (const v of value) walk(v);
    } else if (isObject(value))
      for (const [k, v] of Object.entries(value)) {
        if (!(k === 'status' && typeof v === 'string')) keys.add(k);
        walk(v, k);
      }
  };
  walk(answer.body);
  return { keys, texts };
}

/** Words of a refusal for a state of the target (a name taken, an object that exists, a limit, a finished session). */
const STATE_WORDS =
  /\b(taken|exists?|already|duplicate|unique|in use|limit|limits|reached|finished|closed|locked|conflicts?)\b/i;
/** Words of a refusal for a page past the last one. */
const PAGE_WORDS = /\bpages?\b/i;

const quoted = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * What a refusal of a broken request names other than the break, if anything: another field of the request, a state
 * of the target, or a page. Such a refusal is no evidence about the break (docs/generated-cases.md, "Attributing a
 * refusal"): the rules that judge the break leave it not verified, saying what it named.
 */
export function otherCause(answer: Answer, request: NegativeRequest): string | undefined {
  const status = answer.status;
  if (status === undefined || isSuccess(status) || status >= 500) return undefined;
  const field = request.breakage.field;
  const { keys, texts } = payloadWords(answer);
  // Named as a field (errors[].field, a member of its own) first; a word of a message after the words of a state.
  const asField = (name: string) => names(fieldsOf(answer), name) || keys.has(name);
  if (asField(field)) return undefined;
  const fields = requestFields(request).filter((name) => name !== field);
  const others = fields.filter(asField);
  if (others.length > 0) return `another field (${others.join(', ')})`;
  const state = texts.find((t) => STATE_WORDS.test(t));
  if (state !== undefined) return `a state (${quoted(state)})`;
  const page = texts.find((t) => PAGE_WORDS.test(t));
  if (page !== undefined) return `a page (${quoted(page)})`;
  if (payloadNames(answer, field)) return undefined;
  const inWords = fields.filter((name) => payloadNames(answer, name));
  return inWords.length > 0 ? `another field (${inWords.join(', ')})` : undefined;
}

/** What a rule says of one answer: the problems, what it judged, and why it could not judge the break, if so. */
export interface Judgement {
  verdicts: Verdicts;
  judged: Judged;
  /** The rules that could not judge this answer, and why: it was refused for another cause than the break. */
  notVerified?: { rules: readonly GeneratedRule[]; why: string };
}

/**
 * A request broken in exactly one place, made from a valid request the target has just accepted. GEN-01 asks only
 * what source §7 asks: the payload names the field to correct. A refusal that names another field, a state or a page
 * is about something else (`otherCause`): neither rule on the break judges it. A 2xx is a choice the source leaves
 * open (a server may coerce `1.5` to "1.5"): only the contract's GEN-02 says no.
 */
export function judgeBroken(answer: Answer, request: NegativeRequest): Judgement {
  const status = answer.status;
  if (status === undefined) return NOTHING;
  const verdicts: Verdicts = {};
  const field = request.breakage.field;
  const crashed = serverError(answer);
  if (crashed) verdicts['GEN-04'] = crashed;
  const other = otherCause(answer, request);
  if (other !== undefined) {
    return {
      verdicts,
      judged: { 'GEN-04': true },
      notVerified: { rules: ['GEN-01', 'GEN-02'], why: `${statusOf(answer)} refused for ${other}, not for ${field}` },
    };
  }
  // GEN-01: a refusal that is not about credentials, scope, a missing object or a state is a validation failure.
  const validationFailure = !isSuccess(status) && !NOT_VALIDATION.has(status);
  if (validationFailure && !payloadNames(answer, field)) {
    const shown = isObject(answer.body) ? `${fieldsOf(answer).join(', ') || 'no errors[].field'}` : 'no JSON payload';
    verdicts['GEN-01'] =
      `${statusOf(answer)} whose error payload names neither the broken field ${field} nor another cause (${shown})`;
  }
  if (status !== 400) {
    verdicts['GEN-02'] = isSuccess(status)
      ? `${statusOf(answer)}: the broken request was accepted`
      : `${statusOf(answer)}, not 400`;
  } else if (!names(fieldsOf(answer), field)) {
    verdicts['GEN-02'] = `400 whose errors[].field does not name ${field} (${fieldsOf(answer).join(', ') || 'none'})`;
  }
  return { verdicts, judged: { 'GEN-01': validationFailure, 'GEN-02': true, 'GEN-04': true } };
}

/**
 * A request valid under the contract: a 2xx, or a refusal for a state reason (409; 404 when it names an object the
 * run could not provide). `missing` says whether the request names such an object.
 */
export function judgeValid(answer: Answer, missing: boolean): Judgement {
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
