// A request's query as the sandbox's checks read it (docs/sandbox.md "Field errors"): the WHATWG URL standard's
// application/x-www-form-urlencoded parsing, which URLSearchParams implements.
import type { QueryParams } from '../../../contract/request-checks.js';

// The parser turns '+' into a space, decodes percent escapes and replaces a lone surrogate with U+FFFD: a query with
// none of them is its own decoding, so splitting it is the whole parse.
const DECODED_BY_PARSER = /[%+\uD800-\uDFFF]/;

const AMPERSAND = 0x26;
const EQUALS = 0x3d;

/**
 * Each name's values in order, of a query that needs no decoding, read where the name is found: a check asks for a few
 * names, each found by a native search of the text, so nothing is split or tabled for the names it never asks for.
 */
class PlainQuery implements QueryParams {
  constructor(private readonly search: string) {}

  getAll(name: string): string[] {
    const text = this.search;
    // A pair's name is its text up to its first '=' and holds no '&': a name with either names no pair, and the empty
    // name is every pair that begins with '='.
    if (name === '' || name.includes('=') || name.includes('&')) return name === '' ? this.unnamed() : [];
    let values: string[] | undefined;
    for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
      // A pair begins the query or follows an '&', and its name ends with its '=' or with the pair.
      if (at > 0 && text.charCodeAt(at - 1) !== AMPERSAND) continue;
      const after = at + name.length;
      let value: string;
      if (after === text.length || text.charCodeAt(after) === AMPERSAND) value = '';
      else if (text.charCodeAt(after) === EQUALS) {
        const end = text.indexOf('&', after);
        value = text.slice(after + 1, end < 0 ? text.length : end);
      } else continue;
      if (values === undefined) values = [value];
      else values.push(value);
    }
    return values ?? [];
  }

  /** The values of the pairs whose name is empty (`=v`): no check asks for them, URLSearchParams gives them. */
  private unnamed(): string[] {
    const values: string[] = [];
    for (const pair of this.search.split('&')) if (pair.charCodeAt(0) === EQUALS) values.push(pair.slice(1));
    return values;
  }
}

/**
 * The query `search` (without its `?`) as URLSearchParams reads it, without building one where the text is its own
 * decoding (the common query: ids and words), since URLSearchParams decodes every character on its way.
 */
export function queryParams(search: string): QueryParams {
  return DECODED_BY_PARSER.test(search) ? new URLSearchParams(search) : new PlainQuery(search);
}
