// Compiles ajv validators from the contract document: query parameters, JSON request bodies and responses (no I/O).
import type { Options, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openapiDocument } from '../generated/openapi-document.js';
import { type Contract, contractOf, type OperationSpec } from './document.js';
import {
  type FieldError,
  querySchemaOf,
  type RequestValidators,
  requestValidatorsOver,
  toFieldErrors,
  type Validated,
} from './request-checks.js';

export { type FieldError, toFieldErrors, type Validated };

/** The id the contract document has among ajv's schemas: `openapi.json#/components/…` names a schema in it. */
export const DOC_ID = 'openapi.json';

export interface ContractValidators extends RequestValidators {
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

/**
 * An ajv instance holding `document` under DOC_ID, with the options every validator of the contract is compiled with:
 * at run time here, and at build time into generated/request-validators.ts (generators/standalone-validators.ts), so
 * both judge alike. `code` adds ajv's code options (the build's standalone source).
 */
export function contractAjv(document: Record<string, unknown>, code?: Options['code']): Ajv2020 {
  // validateSchema: false skips checking the whole OpenAPI document against the JSON Schema meta-schema, which costs
  // most of the compilation's time; npm run lint (redocly) checks the contract, and every compile still fails loudly.
  // messages: false leaves ajv's own wording out of the compiled code: field-messages.ts words every error, and only
  // when a request fails.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    discriminator: true,
    validateFormats: true,
    validateSchema: false,
    messages: false,
    ...(code ? { code } : {}),
  });
  addFormats.default(ajv);
  ajv.addSchema(withoutDiscriminatorMappings(document) as Record<string, unknown>, DOC_ID);
  return ajv;
}

/**
 * Builds lazily compiled, cached validators over one contract (default: openapi.yaml as generated at build time). ajv
 * compiles schemas into functions here, at run time: for code in Node (the conformance suite, tests). The sandbox
 * checks requests with the same schemas compiled at build time (contract/request-validators.ts).
 */
export function createValidators(contract: Contract = contractOf(openapiDocument)): ContractValidators {
  const ajv = contractAjv(contract.document);

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
      fn = ajv.compile(querySchemaOf(op, DOC_ID));
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
    ...requestValidatorsOver(contract, { query: queryValidator, body: (_op, pointer) => compile(pointer) }),
    response(operationId, status, body) {
      const op = operation(operationId);
      const key = String(status);
      const declared = key in op.responses ? key : 'default' in op.responses ? 'default' : undefined;
      if (!declared) return undefined;
      const pointer = op.responses[declared];
      if (!pointer) return body === undefined || body === '' ? [] : [{ field: 'body', message: 'no body is declared' }];
      const fn = compile(pointer);
      return fn(body) ? [] : toFieldErrors(fn.errors, { root: 'body', document: contract.document, pointer });
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
