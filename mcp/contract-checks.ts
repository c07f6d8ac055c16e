// The `check_request` and `check_response` tools (mcp/README.md): a request's query and JSON body judged with the
// sandbox's own compiled validators, so the field messages are the sandbox's 400 (docs/sandbox.md, "Field errors");
// an answer's body judged against the schema its status declares, as the conformance suite's CONTRACT rules judge it.

import type { FieldError, RequestValidators } from '../contract/request-checks.js';
import { compiledRequestValidators } from '../contract/request-validators.js';
import type { ContractValidators } from '../contract/validators.js';
import { createValidators } from '../contract/validators.js';
import { findOperation } from './operation-lookup.js';
import { ToolInputError } from './tool-errors.js';

let requests: RequestValidators | undefined;
let responses: ContractValidators | undefined;

export interface Verdict {
  operationId: string;
  valid: boolean;
  /** Each field to correct, with the sandbox's words. */
  errors: FieldError[];
}

/** A query as the tool takes it: a name → a value or its repeated values. */
export type QueryInput = Record<string, string | string[]>;

const paramsOf = (query: QueryInput) => ({
  getAll: (name: string): string[] => {
    const value = query[name];
    return value === undefined ? [] : Array.isArray(value) ? value : [value];
  },
});

/**
 * The request's query and body as the sandbox checks them before any handler runs. `hasBody` tells an absent body
 * (undefined) from a JSON `null`.
 */
export function checkRequest(operationId: string, query: QueryInput, body: unknown, hasBody: boolean): Verdict {
  const op = findOperation({ operationId });
  requests ??= compiledRequestValidators();
  const errors: FieldError[] = [];
  // As the sandbox's core does (mocks/sandbox/core/app.ts): an operation without query parameters names each one
  // sent; one with them checks them; a missing required body is named before any schema check.
  if (op.parameters.some((p) => p.in === 'query')) {
    const q = requests.query(op.operationId, paramsOf(query));
    if (!q.ok) errors.push(...q.errors);
  } else {
    const names = Object.keys(query);
    // The sandbox answers these alone, before it reads the body.
    if (names.length > 0) {
      const named = names.map((name) => ({
        field: name.slice(0, 200),
        message: 'is not a query parameter of this operation',
      }));
      return { operationId: op.operationId, valid: false, errors: named };
    }
  }
  if (op.requestBodyPointer !== undefined) {
    if (!hasBody) {
      if (op.requestBodyRequired) errors.push({ field: 'body', message: 'is required: send a JSON object' });
    } else {
      const b = requests.body(op.operationId, body);
      if (!b.ok) errors.push(...b.errors);
    }
  } else if (hasBody) {
    throw new ToolInputError('body', `${op.operationId} takes no request body; leave body out`);
  }
  return { operationId: op.operationId, valid: errors.length === 0, errors };
}

/** An answer's body against the schema the operation declares for its status (or `default`). */
export function checkResponse(operationId: string, status: number, body: unknown): Verdict & { declared: string } {
  const op = findOperation({ operationId });
  responses ??= createValidators();
  const errors = responses.response(op.operationId, status, body);
  if (errors === undefined) {
    throw new ToolInputError(
      'status',
      `${op.operationId} declares no ${status} answer (it declares ${Object.keys(op.responses).join(', ')})`,
    );
  }
  const declared = String(status) in op.responses ? String(status) : 'default';
  return { operationId: op.operationId, declared, valid: errors.length === 0, errors };
}
