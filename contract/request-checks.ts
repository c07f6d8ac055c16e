// Checks a request's query and JSON body with compiled schema validators and names each field to correct (no ajv
// runtime here: the functions come compiled, at build time for the sandbox or at run time for the conformance suite).
import type { ErrorObject } from 'ajv';
import type { Contract, OperationSpec } from './document.js';
import { fieldMessage } from './field-messages.js';
import { dereference, nodeAt, unescapePointer } from './pointer.js';

/** One field to correct, as the contract's error payload names it. */
export interface FieldError {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

/** What the query check reads of a request's query: each name's values in order (URLSearchParams has it). */
export interface QueryParams {
  getAll(name: string): string[];
}

/** A compiled validator: ajv's, or ajv's standalone code; after a failure, `errors` holds why. */
export type CompiledCheck = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** Where a request's compiled validators come from: one per operation's query, one per JSON request body. */
export interface CompiledChecks {
  query(op: OperationSpec): CompiledCheck;
  body(op: OperationSpec, pointer: string): CompiledCheck;
}

export interface RequestValidators {
  contract: Contract;
  /** Validates and coerces the query of a request; unknown query keys are ignored. */
  query(operationId: string, params: QueryParams): Validated<Record<string, unknown>>;
  /** Validates a parsed JSON request body. */
  body(operationId: string, body: unknown): Validated<unknown>;
}

/** Where a validator's errors come from: a query (its keys are the fields) or a JSON body at `pointer` in `document`. */
export interface ErrorSource {
  root: 'query' | 'body';
  document?: unknown;
  /** JSON pointer of the body's schema in `document`: where a discriminator's tag values are read. */
  pointer?: string;
}

type Node = Record<string, unknown>;

/** The schema of the value at `segments` below `schema`, through `$ref`s, `allOf` and `items`; undefined when unknown. */
function schemaBelow(document: unknown, schema: unknown, segments: readonly string[]): Node | undefined {
  const node = dereference(document, schema) as Node | undefined;
  if (!node || typeof node !== 'object') return undefined;
  const [first, ...rest] = segments;
  if (first === undefined) return node;
  const properties = node.properties as Node | undefined;
  if (properties && first in properties) return schemaBelow(document, properties[first], rest);
  if (node.items && /^\d+$/.test(first)) return schemaBelow(document, node.items, segments.slice(1));
  for (const member of (node.allOf as unknown[] | undefined) ?? []) {
    const found = schemaBelow(document, member, segments);
    if (found) return found;
  }
  return undefined;
}

/** The keys of an instance path (`/metadata/a~1b` → `metadata`, `a/b`). */
const keysOf = (instancePath: string): string[] =>
  instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.includes('~') ? unescapePointer(segment) : segment));

/** The values the discriminator at `instancePath` accepts: its mapping's keys, or each branch's `const`. */
function tagValues(source: ErrorSource, instancePath: string): string[] {
  const { document, pointer } = source;
  if (pointer === undefined || !document || typeof document !== 'object') return [];
  const node = schemaBelow(document, nodeAt(document, pointer), keysOf(instancePath));
  const discriminator = node?.discriminator as { propertyName: string; mapping?: Node } | undefined;
  if (!node || !discriminator) return [];
  if (discriminator.mapping) return Object.keys(discriminator.mapping);
  return ((node.oneOf as unknown[] | undefined) ?? []).flatMap((branch) => {
    const tag = schemaBelow(document, branch, [discriminator.propertyName]);
    return typeof tag?.const === 'string' ? [tag.const] : [];
  });
}

/** Turns ajv errors into the contract's `errors[]`: one entry per field to correct, in the words of field-messages.ts. */
export function toFieldErrors(
  errors: ErrorObject[] | null | undefined,
  source: ErrorSource = { root: 'body' },
): FieldError[] {
  const out: FieldError[] = [];
  // A Set, not a scan of `out`: a 1 MiB body can carry ~100k unknown keys, and a quadratic dedup stalls for seconds.
  const seen = new Set<string>();
  // A value of the wrong type also fails its format (`int64` on an id); the type error already names the field.
  const wrongType = new Set((errors ?? []).filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const tags = (instancePath: string) => tagValues(source, instancePath);
  for (const e of errors ?? []) {
    if (e.keyword === 'format' && wrongType.has(e.instancePath)) continue;
    let segments = keysOf(e.instancePath);
    // A query's fields are its keys: an error about one value of a repeated key names the key, about every value.
    const each = source.root === 'query' && segments.length > 1;
    if (each) segments = segments.slice(0, 1);
    const params = e.params as { missingProperty?: string; additionalProperty?: string; unevaluatedProperty?: string };
    const named =
      e.keyword === 'discriminator'
        ? (e.params as { tag: string }).tag
        : (params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty);
    if (named !== undefined) segments.push(named);
    const field = segments.join('.') || source.root;
    const message = fieldMessage(e, { each, tags });
    const id = `${field}\u0000${message}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push({ field, message });
    }
  }
  return out;
}

/** How a raw query value is coerced for ajv: by the type its schema declares (a `$ref` is one of the contract's ids). */
type Coercion = 'number' | 'boolean' | 'none';

function coercionOf(schema: Record<string, unknown>): Coercion {
  const type = schema.type ?? (schema.$ref ? 'integer' : undefined);
  if (type === 'integer' || type === 'number') return 'number';
  return type === 'boolean' ? 'boolean' : 'none';
}

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39;

/** Whether `raw` is a decimal number as a query writes one: /^-?\d+(\.\d+)?$/, read without a regular expression. */
export function isDecimal(raw: string): boolean {
  let i = raw.charCodeAt(0) === 0x2d ? 1 : 0;
  const whole = i;
  while (i < raw.length && isDigit(raw.charCodeAt(i))) i++;
  if (i === whole) return false;
  if (i === raw.length) return true;
  if (raw.charCodeAt(i) !== 0x2e) return false;
  const fraction = ++i;
  while (i < raw.length && isDigit(raw.charCodeAt(i))) i++;
  return i > fraction && i === raw.length;
}

/** Coerces one raw query value to the type its schema declares, so ajv can judge it. */
function coerce(raw: string, coercion: Coercion): unknown {
  if (coercion === 'number') return isDecimal(raw) ? Number(raw) : raw;
  if (coercion === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
}

/** An operation's query parameters as the check reads them, worked out once per operation (the hot path's). */
interface QueryPlan {
  params: { name: string; array: boolean; coercion: Coercion }[];
  check: CompiledCheck;
}

/** The schema an operation's query is checked against: its query parameters as properties of one object. */
export function querySchemaOf(op: OperationSpec, documentId: string): Record<string, unknown> {
  const params = op.parameters.filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `${documentId}#${p.schemaPointer}` }])),
    required: params.filter((p) => p.required).map((p) => p.name),
  };
}

/** Query and body checks over `contract`, judged by the validators `compiled` gives. */
export function requestValidatorsOver(contract: Contract, compiled: CompiledChecks): RequestValidators {
  const operation = (operationId: string): OperationSpec => {
    const op = contract.byId.get(operationId);
    if (!op) throw new Error(`Unknown operationId ${operationId}`);
    return op;
  };
  const plans = new Map<string, QueryPlan>();
  const planOf = (operationId: string): QueryPlan => {
    let plan = plans.get(operationId);
    if (plan === undefined) {
      const op = operation(operationId);
      const params = op.parameters
        .filter((p) => p.in === 'query')
        .map((p) => {
          const array = p.schema.type === 'array';
          const schema = array ? ((p.schema.items ?? {}) as Record<string, unknown>) : p.schema;
          return { name: p.name, array, coercion: coercionOf(schema) };
        });
      plan = { params, check: compiled.query(op) };
      plans.set(operationId, plan);
    }
    return plan;
  };
  return {
    contract,
    query(operationId, params) {
      const plan = planOf(operationId);
      const value: Record<string, unknown> = {};
      for (const p of plan.params) {
        const raws = params.getAll(p.name);
        if (raws.length === 0) continue;
        if (p.array) value[p.name] = raws.map((r) => coerce(r, p.coercion));
        // A repeated scalar key is ambiguous: keep the list so that validation names the field.
        else value[p.name] = raws.length === 1 ? coerce(raws[0] as string, p.coercion) : raws;
      }
      const fn = plan.check;
      return fn(value) ? { ok: true, value } : { ok: false, errors: toFieldErrors(fn.errors, { root: 'query' }) };
    },
    body(operationId, body) {
      const op = operation(operationId);
      if (!op.requestBodyPointer) return { ok: true, value: body };
      const fn = compiled.body(op, op.requestBodyPointer);
      if (fn(body)) return { ok: true, value: body };
      const source = { root: 'body', document: contract.document, pointer: op.requestBodyPointer } as const;
      return { ok: false, errors: toFieldErrors(fn.errors, source) };
    },
  };
}
