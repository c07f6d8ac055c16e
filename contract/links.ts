// OpenAPI links (OpenAPI 3.1 §4.8.20, "Link Object"): the request-body members a link sets, read from either form the
// contract may use: an object whose members are runtime expressions, or the JSON text to send with `{$…}` embedded.
import { isObject } from './json.js';

/** An embedded runtime expression in a link's JSON text: `{$response.body#/data/refresh_token}`. */
const EMBEDDED = /\{(\$[^}]+)\}/g;

/**
 * Each top-level member of a link's request body whose whole value is one runtime expression, with that expression.
 * JSON text is read with each embedded expression in place of its value; members of any other value are left out.
 */
export function linkBodyExpressions(body: unknown): Record<string, string> {
  let members: unknown = body;
  if (typeof body === 'string' && !body.startsWith('$')) {
    // Each embedded expression stands in the text as a placeholder no JSON value of the contract holds.
    const expressions = new Map<string, string>();
    const text = body.replace(EMBEDDED, (whole: string, inner: string, at: number) => {
      const placeholder = `@@link-expression-${expressions.size}@@`;
      expressions.set(placeholder, inner);
      // Inside quotes the value is text; bare, it is written as JSON (a number): a placeholder is a string either way.
      const quoted = body[at - 1] === '"' && body[at + whole.length] === '"';
      return quoted ? placeholder : `"${placeholder}"`;
    });
    try {
      members = JSON.parse(text);
    } catch {
      return {};
    }
    if (!isObject(members)) return {};
    members = Object.fromEntries(
      Object.entries(members).map(([name, value]) => [
        name,
        typeof value === 'string' ? expressions.get(value) : undefined,
      ]),
    );
  }
  if (!isObject(members)) return {};
  return Object.fromEntries(
    Object.entries(members).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}
