// The rules judged over every exchange of a run (docs/conformance.md, "Exchange rules"; source §1 envelope, §7
// errors; openapi.yaml): one named property per rule, judged once by the runner over all recorded answers. A rule with
// nothing to judge is SKIP, saying why, never PASS on nothing.
import { isObject } from '../../contract/json.js';
import type { Answer } from '../engine/exchange-record.js';
import type { ExchangeRule } from '../engine/exchange-rule-judge.js';
import { isSuccess } from '../engine/payload.js';

const hasBody = (a: Answer): boolean => a.body !== undefined;
const jsonType = (contentType: string | undefined): boolean =>
  /^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '');
/**
 * An answer to an operation of the API. The suite sends one kind of request outside it on purpose: a path without its
 * trailing slash (CONV-02), which a framework may answer with its own 404 page or redirect; the envelope and the
 * error payload of source §1 and §7 are the API's, so those answers are CONV-02's alone.
 */
const ofTheApi = (a: Answer): boolean => a.record.operationId !== undefined;
const isRedirect = (a: Answer): boolean => (a.status ?? 0) >= 300 && (a.status ?? 0) < 400;

/** ENV-01: a 2xx answer is `{ "status": "success", "data": { … } }` (data may be absent). */
export const successIsEnveloped: ExchangeRule = {
  id: 'ENV-01',
  name: 'every 2xx answer has the success envelope',
  what: '2xx answer',
  // Source §1: "Some operations, such as deletion, may return no data object"; 204 No Content is the HTTP way to
  // return nothing, so an empty 204 is no envelope violation (CONTRACT-01/02 judge it against the contract).
  picks: (a) => ofTheApi(a) && isSuccess(a.status) && !(a.status === 204 && !hasBody(a)),
  problem(a) {
    if (!a.json || !isObject(a.body)) return hasBody(a) ? 'the body is not a JSON object' : 'the body is empty';
    if (a.body.status !== 'success') return `status is ${JSON.stringify(a.body.status)}, not "success"`;
    if (a.body.data !== undefined && !isObject(a.body.data)) return 'data is not an object';
    return undefined;
  },
};

/** ENV-02: a 4xx or 5xx answer carries an error payload, not a success. */
export const failureCarriesErrorPayload: ExchangeRule = {
  id: 'ENV-02',
  name: 'every 4xx/5xx answer carries an error payload',
  what: '4xx/5xx answer',
  picks: (a) => ofTheApi(a) && (a.status ?? 0) >= 400,
  problem(a) {
    if (!a.json || !isObject(a.body)) return hasBody(a) ? 'the body is not a JSON object' : 'the body is empty';
    if (a.body.status === 'success') return 'a failure says status "success"';
    return undefined;
  },
};

/** ENV-07: no answer is a server error. */
export const noServerError: ExchangeRule = {
  id: 'ENV-07',
  name: 'no answer is a 5xx',
  what: 'answer',
  picks: () => true,
  problem: (a) => ((a.status ?? 0) >= 500 ? `HTTP ${a.status}` : undefined),
};

/** CONV-03: a body comes with a JSON Content-Type; a redirect's body is no answer of the API (CONV-02 accepts it). */
export const bodyIsLabelledJson: ExchangeRule = {
  id: 'CONV-03',
  name: 'every answer with a body has a JSON Content-Type',
  what: 'answer with a body',
  picks: (a) => ofTheApi(a) && hasBody(a) && !isRedirect(a),
  problem(a) {
    const type = a.record.responseHeaders?.['content-type'];
    return jsonType(type) ? undefined : `Content-Type is ${type ?? 'missing'}`;
  },
};

/** CONTRACT-01: the body matches the schema openapi.yaml declares for the operation and status. */
export const bodyMatchesContract: ExchangeRule = {
  id: 'CONTRACT-01',
  name: 'every response body matches openapi.yaml',
  what: 'answer to a contract operation',
  picks: (a) => a.record.operationId !== undefined,
  problem(a, validators) {
    const operationId = a.record.operationId as string;
    const status = a.status as number;
    if (hasBody(a) && !a.json) return 'body: is not JSON';
    const found = validators.response(operationId, status, a.body);
    if (found === undefined) return `status ${status} is not declared`;
    const messages = found.map((e) => `${e.field ? `${e.field}: ` : ''}${e.message}`);
    return messages.length ? messages.slice(0, 3).join('; ') : undefined;
  },
};

/** CONTRACT-02: a success status is one the operation declares explicitly. */
export const successStatusIsDeclared: ExchangeRule = {
  id: 'CONTRACT-02',
  name: 'every 2xx status is declared explicitly',
  what: '2xx answer to a contract operation',
  picks: (a) => isSuccess(a.status) && a.record.operationId !== undefined,
  problem: (a, validators) =>
    validators.declares(a.record.operationId as string, a.status as number)
      ? undefined
      : `${a.status} is not a success status of ${a.record.operationId}`,
};

export const EXCHANGE_RULES: readonly ExchangeRule[] = [
  successIsEnveloped,
  failureCarriesErrorPayload,
  noServerError,
  bodyIsLabelledJson,
  bodyMatchesContract,
  successStatusIsDeclared,
];
