// Compiles ajv validators from the contract document: query parameters, JSON request bodies and responses (no I/O).
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiDocument } from '../generated/openapi-document.js';
import { type Contract, contractOf, type OperationSpec } from './document.js';

/** One field to correct, as the contract's error payload names it. */
export interface FieldError {
  field: string;
  message: string;
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: FieldError[] };

const DOC_ID = 'openapi.json';

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

export interface ContractValidators {
  contract: Contract;
  /** Validates and coerces the query of a request; unknown query keys are ignored. */
  query(operationId: string, params: URLSearchParams): Validated<Record<string, unknown>>;
  /** Validates a parsed JSON request body. */
  body(operationId: string, body: unknown): Validated<unknown>;
  /** Validates a response body; `undefined` when the status is not declared (nor `default`). */
  response(operationId: string, status: number, body: unknown): FieldError[] | undefined;
  /** Whether the operation declares this exact status (not counting `default`). */
  declares(operationId: string, status: number): boolean;
}

/**
 * A copy of the document without `discriminator.mapping`, which ajv refuses. ajv derives the same tag → branch map
 * from each branch's `const`; the mapping stays in openapi.yaml because OpenAPI's implicit mapping (and so
 * openapi-typescript) would otherwise take the schema names as the tag values.
 */
function withoutDiscriminatorMappings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDiscriminatorMappings);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'discriminator' && value && typeof value === 'object') {
      const { mapping: _mapping, ...rest } = value as Record<string, unknown>;
      out[key] = rest;
    } else {
      out[key] = withoutDiscriminatorMappings(value);
    }
  }
  return out;
}

/** Builds lazily compiled, cached validators over one contract (default: openapi.yaml as generated at build time). */
export function createValidators(contract: Contract = contractOf(openapiDocument)): ContractValidators {
  // validateSchema: false skips checking the whole OpenAPI document against the JSON Schema meta-schema, which costs
  // most of the sandbox's start-up; npm run lint (redocly) checks the contract, and every compile still fails loudly.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    discriminator: true,
    validateFormats: true,
    validateSchema: false,
  });
  addFormats.default(ajv);
  ajv.addSchema(withoutDiscriminatorMappings(contract.document) as Record<string, unknown>, DOC_ID);

  const byPointer = new Map<string, ValidateFunction>();
  const compile = (pointer: string): ValidateFunction => {
    let fn = byPointer.get(pointer);
    if (!fn) {
      fn = ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      byPointer.set(pointer, fn);
    }
    return fn;
  };

  const queryValidators = new Map<string, ValidateFunction>();
  const queryValidator = (op: OperationSpec): ValidateFunction => {
    let fn = queryValidators.get(op.operationId);
    if (!fn) {
      const params = op.parameters.filter((p) => p.in === 'query');
      fn = ajv.compile({
        type: 'object',
        properties: Object.fromEntries(params.map((p) => [p.name, { $ref: `${DOC_ID}#${p.schemaPointer}` }])),
        required: params.filter((p) => p.required).map((p) => p.name),
      });
      queryValidators.set(op.operationId, fn);
    }
    return fn;
  };

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
      const fn = queryValidator(op);
      return fn(value) ? { ok: true, value } : { ok: false, errors: toFieldErrors(fn.errors, 'query') };
    },
    body(operationId, body) {
      const op = operation(operationId);
      if (!op.requestBodyPointer) return { ok: true, value: body };
      const fn = compile(op.requestBodyPointer);
      return fn(body) ? { ok: true, value: body } : { ok: false, errors: toFieldErrors(fn.errors) };
    },
    response(operationId, status, body) {
      const op = operation(operationId);
      const key = String(status);
      const declared = key in op.responses ? key : 'default' in op.responses ? 'default' : undefined;
      if (!declared) return undefined;
      const pointer = op.responses[declared];
      if (!pointer) return body === undefined || body === '' ? [] : [{ field: 'body', message: 'no body is declared' }];
      const fn = compile(pointer);
      return fn(body) ? [] : toFieldErrors(fn.errors);
    },
    declares(operationId, status) {
      return String(status) in operation(operationId).responses;
    },
  };
}

/** Compiled once per process: every user in the process (each conformance run and check file) shares the schemas. */
let validators: ContractValidators | undefined;
export const sharedValidators = (): ContractValidators => {
  validators ??= createValidators();
  return validators;
};
