// The five ways a generated request breaks its operation's schema in exactly one place, each naming the field it
// breaks (docs/generated-cases.md; source §7: a validation failure names the fields to correct).
import { isObject } from '../../contract/json.js';
import type { OperationSpec } from '../../contract/openapi.js';
import { branchOf, type Document, resolveSchema, type Schema, typesOf } from './arbitraries.js';
import type { CredentialKind } from './plan.js';

/** A request as generated: typed query values (a `Placed` where a real object goes) and a JSON body. */
export interface GeneratedRequest {
  operationId: string;
  credential: CredentialKind;
  query: Record<string, unknown>;
  body?: unknown;
}

export type BreakageKind = 'missing' | 'wrong-type' | 'out-of-bounds' | 'unknown-field' | 'bad-enum';

export interface Breakage {
  kind: BreakageKind;
  location: 'query' | 'body';
  /** The field the payload must name: a parameter or body member name. */
  field: string;
  /** What was done, in a few words, e.g. "limit = 101 (maximum 100)". */
  what: string;
}

export interface Mutation {
  breakage: Breakage;
  apply(request: GeneratedRequest): GeneratedRequest;
}

/** A member no schema of openapi.yaml declares: refused where the contract forbids unknown members. */
export const UNKNOWN_FIELD = 'unexpected_field';

/** A string no enum or const of openapi.yaml allows. */
export const NOT_A_CHOICE = 'not-a-choice';

/** JSON type of a value, as JSON Schema names it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Values of a type the schema does not allow, most telling first; `pick` chooses one (fast-check shrinks it to 0). */
function wrongTypeValue(schema: Schema, pick: number): unknown | undefined {
  const allowed = new Set(typesOf(schema));
  if ('const' in schema) allowed.add(jsonType(schema.const));
  if (allowed.has('number')) allowed.add('integer');
  const candidates: unknown[] = [12345, 'not-a-number', true, 1.5, ['x'], { x: 1 }, null].filter((v) => {
    const t = jsonType(v);
    return !allowed.has(t) && !(t === 'integer' && allowed.has('number'));
  });
  return candidates.length === 0 ? undefined : candidates[pick % candidates.length];
}

/** The out-of-bounds values of a schema, each with a note: one below its minimum, one above its maximum, and so on. */
function outOfBounds(schema: Schema, current: unknown): { value: unknown; note: string }[] {
  const out: { value: unknown; note: string }[] = [];
  if (typeof schema.minimum === 'number') out.push({ value: schema.minimum - 1, note: `minimum ${schema.minimum}` });
  if (typeof schema.maximum === 'number') out.push({ value: schema.maximum + 1, note: `maximum ${schema.maximum}` });
  if (typeof schema.maxLength === 'number') {
    // Padded in front, so that a title keeps the run marker at its end even when a broken server stores it.
    // Lengths in code points, as JSON Schema counts them.
    const keep = typeof current === 'string' && [...current].length <= schema.maxLength ? current : '';
    const pad = 'x'.repeat(schema.maxLength + 1 - [...keep].length);
    const value = schema.format === 'email' ? `${pad.slice('@example.com'.length)}@example.com` : `${pad}${keep}`;
    out.push({ value, note: `maxLength ${schema.maxLength}` });
  }
  if (typeof schema.minLength === 'number' && schema.minLength > 0) {
    out.push({ value: 'x'.repeat(schema.minLength - 1), note: `minLength ${schema.minLength}` });
  }
  return out;
}

const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 20)}…(${text.length} characters)` : text;
};

/** A query value as it travels: every value is text, so a wrong type is text that does not parse. */
function queryWrongType(schema: Schema): string | undefined {
  const types = typesOf(schema);
  if (types.includes('integer') || types.includes('number')) return 'not-a-number';
  if (types.includes('boolean')) return 'not-a-boolean';
  return undefined;
}

function queryMutations(op: OperationSpec, request: GeneratedRequest, document: Document): Mutation[] {
  const out: Mutation[] = [];
  for (const p of op.parameters) {
    if (p.in !== 'query') continue;
    const schema = resolveSchema(p.schema, document);
    const set = (value: unknown, kind: BreakageKind, what: string): Mutation => ({
      breakage: { kind, location: 'query', field: p.name, what },
      apply: (r) => ({ ...r, query: { ...r.query, [p.name]: value } }),
    });
    if (p.required && p.name in request.query) {
      out.push({
        breakage: { kind: 'missing', location: 'query', field: p.name, what: `${p.name} left out (required)` },
        apply: (r) => {
          const { [p.name]: _gone, ...query } = r.query;
          return { ...r, query };
        },
      });
    }
    const item = typesOf(schema).includes('array') ? resolveSchema((schema.items as Schema) ?? {}, document) : schema;
    const asList = item !== schema;
    const wrap = (v: unknown) => (asList ? [v] : v);
    const wrong = queryWrongType(item);
    if (wrong !== undefined)
      out.push(set(wrap(wrong), 'wrong-type', `${p.name} = ${show(wrong)} (${typesOf(item).join(' or ')})`));
    for (const { value, note } of outOfBounds(item, request.query[p.name])) {
      out.push(set(wrap(value), 'out-of-bounds', `${p.name} = ${show(value)} (${note})`));
    }
    if (Array.isArray(item.enum))
      out.push(set(wrap(NOT_A_CHOICE), 'bad-enum', `${p.name} = "${NOT_A_CHOICE}" (one of ${item.enum.join(', ')})`));
  }
  return out;
}

/** The object schema that governs a body: for a `oneOf` with a discriminator, the branch its tag selects. */
function governing(schema: Schema, body: unknown, document: Document): Schema {
  const s = resolveSchema(schema, document);
  return branchOf(s, body, document) ?? s;
}

function bodyMutations(op: OperationSpec, request: GeneratedRequest, document: Document, pick: number): Mutation[] {
  if (!op.requestBodyPointer || !isObject(request.body)) return [];
  const root = resolveSchema({ $ref: `#${op.requestBodyPointer}` }, document);
  const schema = governing(root, request.body, document);
  const body = request.body;
  const properties = (schema.properties as Record<string, Schema> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Mutation[] = [];
  const set = (field: string, value: unknown, kind: BreakageKind, what: string): Mutation => ({
    breakage: { kind, location: 'body', field, what },
    apply: (r) => ({ ...r, body: { ...(r.body as Record<string, unknown>), [field]: value } }),
  });
  for (const [name, raw] of Object.entries(properties)) {
    const sub = resolveSchema(raw, document);
    if (required.has(name) && name in body) {
      out.push({
        breakage: { kind: 'missing', location: 'body', field: name, what: `${name} left out (required)` },
        apply: (r) => {
          const { [name]: _gone, ...rest } = r.body as Record<string, unknown>;
          return { ...r, body: rest };
        },
      });
    }
    const wrong = wrongTypeValue(sub, pick);
    if (wrong !== undefined) {
      const expected = typesOf(sub).join(' or ') || `the constant ${show(sub.const)}`;
      out.push(set(name, wrong, 'wrong-type', `${name} = ${show(wrong)} (${expected})`));
    }
    for (const { value, note } of outOfBounds(sub, body[name])) {
      out.push(set(name, value, 'out-of-bounds', `${name} = ${show(value)} (${note})`));
    }
    const choices = Array.isArray(sub.enum) ? (sub.enum as unknown[]) : 'const' in sub ? [sub.const] : undefined;
    if (choices?.every((c) => typeof c === 'string')) {
      out.push(set(name, NOT_A_CHOICE, 'bad-enum', `${name} = "${NOT_A_CHOICE}" (one of ${choices.join(', ')})`));
    }
  }
  if (schema.additionalProperties === false) {
    out.push(set(UNKNOWN_FIELD, 'x', 'unknown-field', `${UNKNOWN_FIELD} added (unknown members are refused)`));
  }
  return out;
}

/**
 * Every way to break this request in one place. Callers keep only the results that the contract's validators refuse
 * for that field alone (a left-out member of a body that must hold one member breaks two rules at once).
 */
export function mutationsOf(op: OperationSpec, request: GeneratedRequest, document: Document, pick = 0): Mutation[] {
  return [...queryMutations(op, request, document), ...bodyMutations(op, request, document, pick)];
}
