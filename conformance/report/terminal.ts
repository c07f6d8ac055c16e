// Makes report text safe to print (docs/conformance.md, "What the suite guarantees"): a target's answer must not drive
// the reader's terminal, so every control character but newline and tab is shown as an escape such as `\x1b`.

const shown = (code: number): boolean => code === 0x09 || code === 0x0a || (code >= 0x20 && code < 0x7f) || code > 0x9f;

/** The text with C0 controls (but \n and \t), DEL and C1 controls written as `\xNN`: an ESC sequence loses its ESC. */
export function terminalSafe(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    out += shown(code) ? c : `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}
