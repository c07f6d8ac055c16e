// A request's query as the sandbox's checks read it (docs/sandbox.md "Field errors"): the WHATWG URL standard's
// application/x-www-form-urlencoded parsing, which URLSearchParams implements.
import type { QueryParams } from '../../../contract/request-checks.js';

// The parser turns '+' into a space, decodes percent escapes and replaces a lone surrogate with U+FFFD: a query with
// none of them is its own decoding, so splitting it is the whole parse.
const DECODED_BY_PARSER = /[%+\uD800-\uDFFF]/;
const EQUALS = 0x3d;

/**
 * Each name's values in order, of a query that needs no decoding, read from the text when asked: a check asks for a
 * few names, so no table of every pair is built.
 */
class PlainQuery implements QueryParams {
  constructor(private readonly search: string) {}

  getAll(name: string): string[] {
    const text = this.search;
    const values: string[] = [];
    // A pair's name ends at its first '=', so no pair is named with one.
    if (name.includes('=')) return values;
    // One pass, each pair looked at up to the length of `name`: a long query costs its length, whatever it holds.
    for (let start = 0; start < text.length; ) {
      let end = text.indexOf('&', start);
      if (end < 0) end = text.length;
      const after = start + name.length;
      // The pair (an empty one is skipped) is named `name`: all of it (its value is empty), or up to an '='.
      if (end > start && after <= end && text.startsWith(name, start)) {
        if (after === end) values.push('');
        else if (text.charCodeAt(after) === EQUALS) values.push(text.slice(after + 1, end));
      }
      start = end + 1;
    }
    return values;
  }
}

/**
 * The query `search` (without its `?`) as URLSearchParams reads it, without building one where splitting gives the
 * same (the common query: ids and words), since URLSearchParams decodes every character on its way.
 */
export function queryParams(search: string): QueryParams {
  return DECODED_BY_PARSER.test(search) ? new URLSearchParams(search) : new PlainQuery(search);
}
