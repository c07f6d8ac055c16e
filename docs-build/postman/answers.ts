// What the Postman collection reads from each operation's documented answers: the success status it tests, with its
// example and schema, and the values a request hands on to later ones (the contract's links, and the credentials).
import { isObject } from '../../contract/json.js';
import { linkBodyExpressions } from '../../contract/links.js';
import { ContractReadError, type ResolvedOperation } from '../../contract/resolved.js';

/** Credentials handed on from an answer (no link carries a credential): variable ← JSON pointer into the answer. */
export const CREDENTIAL_CAPTURES: Record<string, Record<string, string>> = {
  login: { access_token: '/data/access_token' },
  refreshToken: { access_token: '/data/access_token' },
  createApiToken: { api_token: '/data/token/token' },
};

/** A JSON object of the contract. */
export type Node = Record<string, unknown>;

/** `$response.body#/…` values of the links of `response`, by the parameter or body field they fill. */
export function linkCaptures(file: string, op: ResolvedOperation, status: string): Record<string, string> {
  const response = (op.node.responses as Node)[status];
  const links = isObject(response) && isObject(response.links) ? response.links : {};
  const captures: Record<string, string> = {};
  for (const [name, link] of Object.entries(links)) {
    if (!isObject(link)) continue;
    const fields = {
      ...(isObject(link.parameters) ? link.parameters : {}),
      ...linkBodyExpressions(link.requestBody),
    };
    for (const [field, expression] of Object.entries(fields)) {
      if (typeof expression !== 'string' || !expression.startsWith('$response.body#')) continue;
      const pointer = expression.slice('$response.body#'.length);
      if (captures[field] !== undefined && captures[field] !== pointer) {
        throw new ContractReadError(
          file,
          `${op.pointer}/responses/${status}/links/${name}`,
          `${field} is taken from two places`,
        );
      }
      captures[field] = pointer;
    }
  }
  return captures;
}

/** The first 2xx response the contract documents for `op`, with its JSON example and schema. */
export function successOf(file: string, op: ResolvedOperation): { status: string; schema?: Node; example: unknown } {
  const status = Object.keys(op.responses).find((code) => /^2\d\d$/.test(code));
  if (!status)
    throw new ContractReadError(file, op.pointer, 'documents no 2xx response: the collection has no status to test');
  const json = op.responses[status]?.content['application/json'];
  return { status, schema: json?.schema, example: Object.values(json?.examples ?? {})[0] };
}
