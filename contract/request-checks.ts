// Checks a request's query and JSON body with compiled schema validators and names each field to correct (no ajv
// runtime here: the functions come compiled, at build time for the sandbox or at run time for the conformance suite).
import type { ErrorObject } from 'ajv';
import type { Contract, OperationSpec } from './document.js';

/** One field to correct, as the contract's error payload names it. */
export interface FieldError {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

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
  query(operationId: string, params: URLSearchParams): Validated<Record<string, unknown>>;
  /** Validates a parsed JSON request body. */
  body(operationId: string, body: unknown): Validated<unknown>;
}

/** Turns ajv errors into the contract's `errors[]`: one entry per field to correct. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, root = 'body'): FieldError[] {
  const out: FieldError[] = [];
  // A Set, not a scan of `out`: a 1 MiB body can carry ~100k unknown keys, and a quadratic dedup stalls for seconds.
  const seen = new Set<string>();
  // A value of the wrong type also fails its format (`int64` on an id); the type error already names the field.
  const wrongType = new Set((errors ?? []).filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  for (const e of errors ?? []) {
    if (e.keyword === 'format' && wrongType.has(e.instancePath)) continue;
    const path = e.instancePath.split('/').filter(Boolean).join('.');
    let field = path;
    let message = e.message ?? 'is invalid';
    if (e.keyword === 'required') {
      const missing = (e.params as { missingProperty: string }).missingProperty;
      field = path ? `${path}.${missing}` : missing;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperty: string }).additionalProperty;
      field = path ? `${path}.${extra}` : extra;
      message = 'is not a known field';
    } else if (e.keyword === 'discriminator') {
      const params = e.params as { tag: string };
      field = path ? `${path}.${params.tag}` : params.tag;
      message = `must be one of the allowed values`;
    } else if (e.keyword === 'minProperties') {
      message = 'must contain at least one field';
    }
    if (!field) field = root;
    const id = `${field}\u0000${message}`;
    if (!seen.has(id)) {
      seen.add(id);
      out.push({ field, message });
    }
  }
  return out;
}

/** Coerces one raw query value to the type its schema declares, so ajv can judge it. */
function coerce(raw: string, schema: Record<string, unknown>): unknown {
  const type = schema.type ?? (schema.$ref ? 'integer' : undefined);
  if (type === 'integer' || type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
  return raw;
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
  return {
    contract,
    query(operationId, params) {
      const op = operation(operationId);
      const value: Record<string, unknown> = {};
      for (const p of op.parameters) {
        if (p.in !== 'query') continue;
        const raws = params.getAll(p.name);
        if (raws.length === 0) continue;
        if (p.schema.type === 'array') {
          const items = (p.schema.items ?? {}) as Record<string, unknown>;
          value[p.name] = raws.map((r) => coerce(r, items));
        } else {
          // A repeated scalar key is ambiguous: keep the list so that validation names the field.
          value[p.name] = raws.length === 1 ? coerce(raws[0] as string, p.schema) : raws;
        }
      }
      const fn = compiled.query(op);
      return fn(value) ? { ok: true, value } : { ok: false, errors: toFieldErrors(fn.errors, 'query') };
    },
    body(operationId, body) {
      const op = operation(operationId);
      if (!op.requestBodyPointer) return { ok: true, value: body };
      const fn = compiled.body(op, op.requestBodyPointer);
      return fn(body) ? { ok: true, value: body } : { ok: false, errors: toFieldErrors(fn.errors) };
    },
  };
}
