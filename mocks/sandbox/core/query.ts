// A request's query as the sandbox's checks read it (docs/sandbox.md "Field errors"): the WHATWG URL standard's
// application/x-www-form-urlencoded parsing, which URLSearchParams implements.
import type { QueryParams } from '../../../contract/request-checks.js';

// The parser turns '+' into a space, decodes percent escapes and replaces a lone surrogate with U+FFFD: a query with
// none of them is its own decoding, so splitting it is the whole parse.
const DECODED_BY_PARSER = /[%+\uD800-\uDFFF]/;

/**
 * Each name's values in order, of a query that needs no decoding, read from where its pairs lie (found once): a check
 * asks for a few names, so no table of every pair's text is built.
 */
class PlainQuery implements QueryParams {
  /** For each non-empty pair: where it starts, where its name ends (its first '=', else its end), where it ends. */
  constructor(
    private readonly search: string,
    private readonly bounds: number[],
  ) {}

  getAll(name: string): string[] {
    const text = this.search;
    const bounds = this.bounds;
    let values: string[] | undefined;
    for (let k = 0; k < bounds.length; k += 3) {
      const start = bounds[k] as number;
      const nameEnd = bounds[k + 1] as number;
      // A pair's name has no '=': a name with one names no pair.
      if (nameEnd - start !== name.length || !text.startsWith(name, start)) continue;
      const end = bounds[k + 2] as number;
      const value = nameEnd === end ? '' : text.slice(nameEnd + 1, end);
      if (values === undefined) values = [value];
      else values.push(value);
    }
    return values ?? [];
  }
}

/**
 * The query `search` (without its `?`) as URLSearchParams reads it, without building one where splitting gives the
 * same (the common query: ids and words), since URLSearchParams decodes every character on its way. Native searches
 * find the pairs: a loop over the characters in JavaScript costs more on a query of a few dozen.
 */
export function queryParams(search: string): QueryParams {
  if (DECODED_BY_PARSER.test(search)) return new URLSearchParams(search);
  const bounds: number[] = [];
  // The first '=' at or after the pair being read (-1: none is left): searched again only once a pair has passed it,
  // so the query is read once however many of its pairs have none.
  let equals = search.indexOf('=');
  for (let start = 0; start < search.length; ) {
    let end = search.indexOf('&', start);
    if (end < 0) end = search.length;
    // An empty pair (`&&`, a trailing '&') is no pair.
    if (end > start) {
      if (equals >= 0 && equals < start) equals = search.indexOf('=', start);
      bounds.push(start, equals < 0 || equals > end ? end : equals, end);
    }
    start = end + 1;
  }
  return new PlainQuery(search, bounds);
}
