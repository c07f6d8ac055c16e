// Makes report text safe to print (docs/conformance.md, "What the suite guarantees"): a target's answer must not drive
// the reader's terminal, so every control character but newline and tab is shown as an escape such as `\x1b`, and
// so is every character that reorders or hides text (bidi controls, line and paragraph separators).

/** Bidi embeddings, overrides and isolates, the direction marks, and U+2028/U+2029: text that lies about its order. */
const REORDERING = new Set([
  0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

const shown = (code: number): boolean =>
  (code === 0x09 || code === 0x0a || (code >= 0x20 && code < 0x7f) || code > 0x9f) && !REORDERING.has(code);

/**
 * The text with C0 controls (but \n and \t), DEL and C1 controls written as `\xNN`, and reordering characters as
 * `\uNNNN`: an ESC sequence loses its ESC, and a U+202E cannot turn the rest of a line around.
 */
export function terminalSafe(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    if (shown(code)) out += c;
    else out += code > 0xff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}
