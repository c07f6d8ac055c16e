// A request's query as the sandbox's checks read it (docs/sandbox.md "Field errors"): the WHATWG URL standard's
// application/x-www-form-urlencoded parsing, which URLSearchParams implements.
import type { QueryParams } from '../../../contract/request-checks.js';

const AMPERSAND = 0x26;
const EQUALS = 0x3d;
const PERCENT = 0x25;
const PLUS = 0x2b;

/**
 * Each name's values in order, of a query that needs no decoding, read from where its pairs lie (found in one pass):
 * a check asks for a few names, so no table of every pair's text is built.
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
      if (nameEnd - start !== name.length || !named(text, start, name)) continue;
      const end = bounds[k + 2] as number;
      const value = nameEnd === end ? '' : text.slice(nameEnd + 1, end);
      if (values === undefined) values = [value];
      else values.push(value);
    }
    return values ?? [];
  }
}

/** Whether `text` holds `name` at `start` (compared here: startsWith is a call for a name of a few characters). */
function named(text: string, start: number, name: string): boolean {
  for (let j = 0; j < name.length; j++) if (text.charCodeAt(start + j) !== name.charCodeAt(j)) return false;
  return true;
}

/**
 * The query `search` (without its `?`) as URLSearchParams reads it, without building one where splitting gives the
 * same (the common query: ids and words), since URLSearchParams decodes every character on its way. The parser turns
 * '+' into a space, decodes percent escapes and replaces a lone surrogate with U+FFFD: a query with none of them is
 * its own decoding, so splitting it is the whole parse. One pass finds both.
 */
export function queryParams(search: string): QueryParams {
  const bounds: number[] = [];
  let start = 0;
  let nameEnd = -1;
  for (let i = 0; i <= search.length; i++) {
    const c = i === search.length ? AMPERSAND : search.charCodeAt(i);
    if (c === AMPERSAND) {
      // An empty pair (`&&`, a trailing '&') is no pair.
      if (i > start) bounds.push(start, nameEnd < 0 ? i : nameEnd, i);
      start = i + 1;
      nameEnd = -1;
    } else if (c === EQUALS) {
      if (nameEnd < 0) nameEnd = i;
    } else if (c === PERCENT || c === PLUS || (c >= 0xd800 && c <= 0xdfff)) {
      return new URLSearchParams(search);
    }
  }
  return new PlainQuery(search, bounds);
}
