// Makes text the target controls inert wherever the suite writes it (docs/conformance.md, "What the suite guarantees":
// safe to print): no control character or escape sequence, no line a CI runner acts on (GitHub Actions `::name` and
// `##[`, Azure Pipelines `##vso[`, TeamCity `##teamcity[`, GitLab `section_start:`), and no cut inside a surrogate
// pair. One module for every door: the console (CLI and Vitest), the JSON, JUnit and HAR reports.

/** Bidi embeddings, overrides and isolates, the direction marks, and U+2028/U+2029: text that lies about its order. */
const REORDERING = new Set([
  0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

/** C0 (but tab and newline), DEL, C1, a lone surrogate half, and what reorders text: never written as it is. */
const hidden = (code: number): boolean =>
  code < 0x20
    ? code !== 0x09 && code !== 0x0a
    : (code >= 0x7f && code <= 0x9f) || isSurrogate(code) || REORDERING.has(code);

const isSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdfff;

/**
 * The workflow-command markers of CI runners wherever they stand in a line: GitHub Actions' old `##[` and Azure's
 * `##vso[` (both agents look anywhere in a line), TeamCity's `##teamcity[`, and GitLab's `section_start:` and
 * `section_end:`. Writing the first `#` (or the `_`) escaped breaks each. Case does not matter to the runners, so it
 * does not here.
 */
const MARKER = /##(?=[a-z]*\[)|section_(?=(?:start|end):)/gi;
/** GitHub Actions' `::name` at the start of a line after any blanks (the runner trims them first). */
const LINE_COMMAND = /^(\s*):(?=:)/;

/** A line with every CI marker broken by writing one of its characters with `written`; the rest as it is. */
function defuse(line: string, written: (c: string) => string): string {
  const out = line.replace(MARKER, (found) =>
    found === '##' ? `${written('#')}#` : `${found.slice(0, 7)}${written('_')}`,
  );
  return out.replace(LINE_COMMAND, (_m, blanks: string) => `${blanks}${written(':')}`);
}

const hex = (code: number, width: number): string => code.toString(16).padStart(width, '0');

/** A character as the console shows it escaped: `\x1b`, `\x0d`, `\u202e`, and a newline `\n`. */
function consoleEscape(c: string): string {
  const code = c.codePointAt(0) as number;
  if (code === 0x0a) return '\\n';
  return code > 0xff ? `\\u${hex(code, 4)}` : `\\x${hex(code, 2)}`;
}

/** Every character of the text, a lone surrogate half as one (the string iterator yields it alone). */
function escapeHidden(text: string, keepNewline: boolean): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    out += hidden(code) || (code === 0x0a && !keepNewline) ? consoleEscape(c) : c;
  }
  return out;
}

/**
 * Text for the console that keeps its own line breaks (a report, a failure message): every control character but
 * newline and tab written as an escape (`\x1b`, `\x0d`, `\u202e`, a lone surrogate `\ud800`), and every CI marker in
 * each line broken by writing one character escaped (`\x23#vso[`, `\x3a:error`).
 */
export function inertConsoleText(text: string): string {
  return escapeHidden(text, true)
    .split('\n')
    .map((line) => defuse(line, consoleEscape))
    .join('\n');
}

/**
 * One piece of the target's text inside a line of ours (a body, a header, a status text, a field name): as
 * `inertConsoleText`, and a newline written `\n` too, so that nothing the target wrote can begin a line.
 */
export function inertLine(text: string): string {
  return defuse(escapeHidden(text, false), consoleEscape);
}

/**
 * A serialized JSON document (the JSON report, the HAR) with the same data, written so that no line holds a CI marker
 * or a character a terminal or a strict reader trips on: inside strings `#`, `_` and `:` of a marker, C1 controls, DEL,
 * U+2028/U+2029 and bidi controls are written as `\uXXXX` escapes (JSON.parse gives back the same text), and a lone
 * surrogate half as U+FFFD (it has no UTF-8 form; `jq` refuses its escape).
 */
export function inertJsonText(json: string): string {
  const unicode = (c: string) => `\\u${hex(c.charCodeAt(0), 4)}`;
  let out = '';
  for (const c of json) {
    const code = c.codePointAt(0) as number;
    out += isSurrogate(code) ? '\uFFFD' : code >= 0x7f && (code <= 0x9f || REORDERING.has(code)) ? unicode(c) : c;
  }
  // JSON.stringify writes a lone surrogate half as an escape: an odd run of backslashes before it makes it one.
  out = out.replace(LONE_ESCAPE, (m, even: string, escaped: string) => (escaped.length === 12 ? m : `${even}\\ufffd`));
  return out
    .split('\n')
    .map((line) => defuse(line, unicode))
    .join('\n');
}

/** An escaped surrogate pair (kept) or half (alone: replaced), after an even run of backslashes (so an escape). */
const LONE_ESCAPE = /(?<!\\)((?:\\\\)*)(\\ud[89ab][0-9a-f]{2}\\ud[c-f][0-9a-f]{2}|\\ud[89a-f][0-9a-f]{2})/gi;

/**
 * Text for an XML attribute or element, already free of markup and of what XML cannot hold: each line with its CI
 * markers broken by a character reference (`&#35;#vso[`, `&#58;:error`), C1 controls and reordering characters as
 * references too (`&#x1b;` cannot be written in XML 1.0, so the caller shows C0 controls as visible text).
 */
export function inertXmlText(text: string): string {
  const reference = (c: string) => `&#${c.codePointAt(0)};`;
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    out += (code >= 0x7f && code <= 0x9f) || REORDERING.has(code) ? `&#x${hex(code, 2)};` : c;
  }
  return out
    .split('\n')
    .map((line) => defuse(line, reference))
    .join('\n');
}

/**
 * The text cut to at most `limit` UTF-16 code units, never inside a surrogate pair (a cut pair is a lone half, which
 * no UTF-8 file can hold): the first half of a pair at the limit goes too.
 */
export function cutAtCodePoint(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const last = text.charCodeAt(limit - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? limit - 1 : limit);
}
