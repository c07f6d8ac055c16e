// Generated requests of one operation (docs/generated-cases.md): valid ones, ones broken in exactly one place, the
// per-operation seed, and how a request is placed on real objects and shown (with curl).
import fc from 'fast-check';
import type { ContractValidators, FieldError } from '../../contract/validators.js';
import { type Document, resolveSchema, type Schema, schemaArbitrary, typesOf } from './arbitraries.js';
import { type Breakage, type GeneratedRequest, mutationsOf } from './mutations.js';
import { isPlaced, type OperationPlan, type Placed, type PlaceName, SECRET_PLACES } from './plan.js';

export type { GeneratedRequest };

export interface NegativeRequest extends GeneratedRequest {
  breakage: Breakage;
  /**
   * The valid request it was made from: sent first, and the broken one only once the target has accepted it, so that a
   * refusal of the broken one is evidence about the break and not about a value the target refuses anyway.
   */
  base: GeneratedRequest;
}

/** The request as it travels, without what the suite knows about how it was made. */
export function plainRequest(request: GeneratedRequest): GeneratedRequest {
  const { operationId, credential, query, body } = request;
  return { operationId, credential, query, ...(body === undefined ? {} : { body }) };
}

/** The value of every place for one request. */
export type Places = Readonly<Record<PlaceName, string | number>>;

/** Values valid under the contract, used to judge a generated request before any real object exists. */
const STAND_INS: Places = {
  company_id: 1,
  board_id: 1,
  scenario_id: 1,
  case_id: 1,
  case_report_id: 1,
  sessions_id: 1,
  key: 'key',
  username: 'username',
  password: 'password',
  captcha_token: 'captcha',
  refresh_token: 'refresh',
  new_username: 'username',
  new_email: 'someone@example.com',
};

const placed = (name: PlaceName): Placed => ({ $place: name });

/** The request with every `Placed` value replaced (deeply) by `resolve`. */
export function placeValues<T>(value: T, resolve: (name: PlaceName) => unknown): T {
  if (isPlaced(value)) return resolve(value.$place) as T;
  if (Array.isArray(value)) return value.map((v) => placeValues(v, resolve)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, placeValues(v, resolve)])) as T;
  }
  return value;
}

/** Query values as they travel: text, a list as repeated keys. */
export function searchParamsOf(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      params.append(name, typeof v === 'string' ? v : JSON.stringify(v));
    }
  }
  return params;
}

/** The contract's verdict on a request, with stand-ins for the places: the field errors of its query and body. */
export function contractErrors(validators: ContractValidators, request: GeneratedRequest): FieldError[] {
  const r = placeValues(request, (name) => STAND_INS[name]);
  const query = validators.query(r.operationId, searchParamsOf(r.query));
  const errors = query.ok ? [] : query.errors;
  if (r.body !== undefined) {
    const body = validators.body(r.operationId, r.body);
    if (!body.ok) errors.push(...body.errors);
  }
  return errors;
}

/** Whether a field error names `field` (`assignee_ids.0` and `body.status` name their member). */
const namesField = (e: FieldError, field: string): boolean =>
  e.field === field || e.field.split(/[.[\]]/).includes(field);

/** A free-text title that ends with the run marker and still fits the schema's lengths. */
function titleArbitrary(schema: Schema, marker: string): fc.Arbitrary<string> {
  const suffix = ` [${marker}]`;
  const max = (typeof schema.maxLength === 'number' ? schema.maxLength : 200) - suffix.length;
  const min = Math.max(0, (typeof schema.minLength === 'number' ? schema.minLength : 0) - suffix.length);
  return schemaArbitrary({ type: 'string', minLength: min, maxLength: Math.max(min, max) }, {}).map(
    (s) => `${s}${suffix}`,
  );
}

/** The marker as a member of its own in free-form data (a JSON object): clean-up and readers find it there too. */
const DATA_MARKER_MEMBER = 'conformance_run';

function markedDataArbitrary(schema: Schema, document: Document, marker: string): fc.Arbitrary<unknown> {
  return schemaArbitrary(schema, document).map((value) =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ...value, [DATA_MARKER_MEMBER]: marker }
      : value,
  );
}

/**
 * Requests of `plan.op` valid under the contract, placed on the run's objects, titled with the run marker; the body
 * members of `fixed` carry the value it gives.
 */
export function positiveArbitrary(
  plan: OperationPlan,
  document: Document,
  validators: ContractValidators,
  marker: string,
  fixed: Readonly<Record<string, string>> = {},
): fc.Arbitrary<GeneratedRequest> {
  const { op } = plan;
  const queryModel: Record<string, fc.Arbitrary<unknown>> = {};
  const requiredKeys: string[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const place = plan.query[p.name];
    queryModel[p.name] = place ? fc.constant(placed(place)) : schemaArbitrary(p.schema, document);
    if (p.required) requiredKeys.push(p.name);
  }
  const property = (name: string, schema: Schema): fc.Arbitrary<unknown> | undefined => {
    const place = plan.body[name];
    if (place) {
      const nullable = typesOf(resolveSchema(schema, document)).includes('null');
      return nullable ? fc.oneof(fc.constant(null), fc.constant(placed(place))) : fc.constant(placed(place));
    }
    if (plan.titles.includes(name)) return titleArbitrary(resolveSchema(schema, document), marker);
    if (plan.markedData.includes(name)) return markedDataArbitrary(schema, document, marker);
    const value = fixed[name];
    return value === undefined ? undefined : fc.constant(value);
  };
  const body = op.requestBodyPointer
    ? schemaArbitrary({ $ref: `#${op.requestBodyPointer}` }, document, { property })
    : fc.constant(undefined);
  return fc
    .record({
      credential: fc.constantFrom(...plan.credentials),
      query: fc.record(queryModel, { requiredKeys }),
      body,
    })
    .map(({ credential, query, body: b }) => ({
      operationId: op.operationId,
      credential,
      query,
      ...(b === undefined ? {} : { body: b }),
    }))
    .filter((r) => contractErrors(validators, r).length === 0);
}

/** Whether the operation takes any input that a request could get wrong. */
export const takesInput = (plan: OperationPlan): boolean =>
  plan.op.parameters.some((p) => p.in === 'query') || plan.op.requestBodyPointer !== undefined;

/**
 * Valid requests broken in exactly one place: one mutation, kept only when the contract's validators refuse the
 * result and every field error they give names the broken field.
 */
export function negativeArbitrary(
  plan: OperationPlan,
  document: Document,
  validators: ContractValidators,
  marker: string,
  fixed: Readonly<Record<string, string>> = {},
): fc.Arbitrary<NegativeRequest> {
  return fc
    .tuple(positiveArbitrary(plan, document, validators, marker, fixed), fc.nat(), fc.nat(), fc.nat())
    .map(([request, kindIndex, siteIndex, pick]): NegativeRequest | undefined => {
      // The kind of breakage first, then the place: a body with one unknown-member site and twenty wrong-type sites
      // still gets an unknown member as often as a wrong type.
      const mutations = mutationsOf(plan.op, request, document, pick);
      const kinds = [...new Set(mutations.map((m) => m.breakage.kind))];
      const kind = kinds[kindIndex % Math.max(1, kinds.length)];
      const sites = mutations.filter((m) => m.breakage.kind === kind);
      const mutation = sites[siteIndex % Math.max(1, sites.length)];
      return mutation ? { ...mutation.apply(request), breakage: mutation.breakage, base: request } : undefined;
    })
    .filter((r): r is NegativeRequest => {
      if (!r) return false;
      const errors = contractErrors(validators, r);
      return errors.length > 0 && errors.every((e) => namesField(e, r.breakage.field));
    });
}

/** The seed of one operation's cases: a run's seed replays each operation alike, whatever else `--only` selects. */
export function seedFor(runSeed: number, operationId: string, polarity: 'positive' | 'negative'): number {
  let hash = runSeed | 0;
  for (const ch of `${operationId}/${polarity}`) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash | 0;
}

/** The request with secrets shown by their place name, ids by their value. */
export function shownRequest(request: GeneratedRequest, places: Places): GeneratedRequest {
  return placeValues(request, (name) => (SECRET_PLACES.has(name) ? `<${name}>` : places[name]));
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl line that repeats the request; the credential is a shell variable, never the secret itself. */
export function curlLine(baseUrl: string, method: string, path: string, request: GeneratedRequest): string {
  const search = searchParamsOf(request.query).toString();
  const parts = [
    'curl',
    '-sS',
    '-X',
    method.toUpperCase(),
    shellQuote(`${baseUrl}${path}${search ? `?${search}` : ''}`),
  ];
  // Double quotes: the shell fills in the variable.
  if (request.credential === 'session') parts.push('-H', '"Authorization: JWT $ACCESS_TOKEN"');
  if (request.credential === 'apiToken') parts.push('-H', '"Authorization: Bearer $API_TOKEN"');
  if (request.body !== undefined) {
    parts.push(
      '-H',
      shellQuote('Content-Type: application/json'),
      '--data-raw',
      shellQuote(JSON.stringify(request.body)),
    );
  }
  return parts.join(' ');
}
