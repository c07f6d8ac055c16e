// The sandbox's request checks (query and JSON body, docs/sandbox.md): the contract's schemas as compiled at build time
// into generated/request-validators.ts, so that no host compiles code at run time (a page needs no 'unsafe-eval').

import { openapiDocument } from '../generated/openapi-document.js';
import { bodyValidators, queryValidators } from '../generated/request-validators.js';
import { type Contract, contractOf } from './document.js';
import { type CompiledCheck, type RequestValidators, requestValidatorsOver } from './request-checks.js';

export type { FieldError, RequestValidators, Validated } from './request-checks.js';

function compiled(table: Readonly<Record<string, CompiledCheck>>, kind: string, operationId: string): CompiledCheck {
  const fn = table[operationId];
  if (!fn) {
    throw new Error(
      `generated/request-validators.ts has no ${kind} validator for ${operationId}: run npm run generate`,
    );
  }
  return fn;
}

/** Query and body checks of openapi.yaml's operations; `contract` must be openapi.yaml's (the default). */
export function compiledRequestValidators(contract: Contract = contractOf(openapiDocument)): RequestValidators {
  return requestValidatorsOver(contract, {
    query: (op) => compiled(queryValidators, 'query', op.operationId),
    body: (op) => compiled(bodyValidators, 'body', op.operationId),
  });
}
