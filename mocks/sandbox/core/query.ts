// A request's query as the sandbox's checks read it (docs/sandbox.md "Limits and hostile input"): the WHATWG URL
// standard's application/x-www-form-urlencoded parsing, which URLSearchParams implements.
import type { QueryParams } from '../../../contract/request-checks.js';

// The parser turns '+' into a space, decodes percent escapes and replaces a lone surrogate with U+FFFD: a query with
// none of them is its own decoding, so splitting it is the whole parse.
const DECODED_BY_PARSER = /[%+\uD800-\uDFFF]/;

/** Each name's values in order, of a query that needs no decoding. */
class PlainQuery implements QueryParams {
  private readonly values = new Map<string, string[]>();

  constructor(search: string) {
    for (const pair of search.split('&')) {
      if (pair === '') continue;
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      const list = this.values.get(name);
      if (list) list.push(value);
      else this.values.set(name, [value]);
    }
  }

  getAll(name: string): string[] {
    return this.values.get(name) ?? [];
  }
}

/**
 * The query `search` (without its `?`) as URLSearchParams reads it, without building one where splitting gives the
 * same (the common query: ids and words), since URLSearchParams decodes every character on its way.
 */
export function queryParams(search: string): QueryParams {
  return DECODED_BY_PARSER.test(search) ? new URLSearchParams(search) : new PlainQuery(search);
}
