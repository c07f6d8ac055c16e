// The encodings a server may echo a secret in (docs/conformance.md, "No secrets in its output"): JSON escapes of any
// character (`\u003c` as Go writes `<`, `\u00f6` as Python writes `ö`, a surrogate pair), HTML entities (named,
// decimal, hex), percent- and form-encoding, and two of them in turn. Each decoded view of a text keeps, per code
// unit, where it came from, so that a secret found in the view is masked where it stands in the text.

/** A decoded text, and for each of its code units the span [start, end) of the original it was decoded from. */
export interface View {
  text: string;
  starts: number[];
  ends: number[];
}

/**
 * Where a decoder writes what it decoded: `put` a decoded code point standing for [start, end) of its input, `unit`
 * one code unit copied as it is. Decoders visit their input once, left to right.
 */
interface Sink {
  put(code: number, start: number, end: number): void;
  unit(text: string, at: number): void;
}

/** A decoder: writes the decoded text to the sink, or returns false (writing nothing) when it would change nothing. */
type Decoder = (text: string, sink: Sink) => boolean;

/** Builds a view code unit by code unit: the text and each unit's span. */
class Builder implements Sink {
  text = '';
  starts: number[] = [];
  ends: number[] = [];
  /** A code point (one or two code units, both from the same span). */
  put(code: number, start: number, end: number): void {
    const s = String.fromCodePoint(code);
    this.text += s;
    for (let k = 0; k < s.length; k++) {
      this.starts.push(start);
      this.ends.push(end);
    }
  }
  unit(text: string, at: number): void {
    this.text += text[at];
    this.starts.push(at);
    this.ends.push(at + 1);
  }
  view(): View {
    return { text: this.text, starts: this.starts, ends: this.ends };
  }
}

/**
 * Builds only the decoded text, copying the runs between decoded sequences whole: most texts hold no secret in any
 * view, and the spans of each unit would be built for nothing (they were about a fifth of a suite run's time).
 */
class TextOnly implements Sink {
  private out = '';
  private copied = 0;
  constructor(private readonly input: string) {}
  put(code: number, start: number, end: number): void {
    this.out += this.input.slice(this.copied, start) + String.fromCodePoint(code);
    this.copied = end;
  }
  unit(): void {}
  text(): string {
    return this.out + this.input.slice(this.copied);
  }
}

const HEX4 = /^[0-9a-fA-F]{4}$/;
const SIMPLE: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** JSON string escapes: `\uXXXX` in either case (a pair as two units), `\/`, `\"`, `\\` and the letters. */
const json: Decoder = (text, b) => {
  if (!text.includes('\\')) return false;
  for (let i = 0; i < text.length; ) {
    if (text[i] === '\\') {
      const next = text[i + 1] ?? '';
      const hex = text.slice(i + 2, i + 6);
      if (next === 'u' && HEX4.test(hex)) {
        b.put(Number.parseInt(hex, 16), i, i + 6);
        i += 6;
        continue;
      }
      if (next in SIMPLE) {
        b.put((SIMPLE[next] as string).charCodeAt(0), i, i + 2);
        i += 2;
        continue;
      }
    }
    b.unit(text, i++);
  }
  return true;
};

/** HTML 4's Latin-1 entities, U+00A0 to U+00FF in order (what PHP's htmlentities writes for `ö`). */
const LATIN1 =
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'.split(
    ' ',
  );
const ENTITIES = new Map<string, number>([
  ['quot', 0x22],
  ['amp', 0x26],
  ['apos', 0x27],
  ['lt', 0x3c],
  ['gt', 0x3e],
  ['sol', 0x2f],
  ['plus', 0x2b],
  ['equals', 0x3d],
  ['num', 0x23],
  ['percnt', 0x25],
  ['excl', 0x21],
  ['grave', 0x60],
  ['euro', 0x20ac],
  ...LATIN1.map((name, k): [string, number] => [name, 0xa0 + k]),
]);
const ENTITY = /^&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,7}));/;

/** HTML character references: named (the markup ones and Latin-1), decimal and hex. */
const html: Decoder = (text, b) => {
  if (!text.includes('&')) return false;
  for (let i = 0; i < text.length; ) {
    if (text[i] === '&') {
      const m = ENTITY.exec(text.slice(i, i + 12));
      const code = m
        ? m[1]
          ? Number.parseInt(m[1], 10)
          : m[2]
            ? Number.parseInt(m[2], 16)
            : ENTITIES.get(m[3] as string)
        : undefined;
      if (m && code !== undefined && code <= 0x10ffff) {
        b.put(code, i, i + m[0].length);
        i += m[0].length;
        continue;
      }
    }
    b.unit(text, i++);
  }
  return true;
};

const byteAt = (text: string, i: number): number | undefined =>
  text[i] === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))
    ? Number.parseInt(text.slice(i + 1, i + 3), 16)
    : undefined;

/** Percent-encoding (UTF-8 bytes, a character's bytes as one span); with `plus`, form-encoding's `+` for a space. */
const percent =
  (plus: boolean): Decoder =>
  (text, b) => {
    if (!text.includes('%') && !(plus && text.includes('+'))) return false;
    for (let i = 0; i < text.length; ) {
      const first = byteAt(text, i);
      if (first !== undefined) {
        const length = first < 0x80 ? 1 : first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
        let code = length === 1 ? first : first & (0xff >> (length + 1));
        let ok = true;
        for (let k = 1; k < length; k++) {
          const next = byteAt(text, i + 3 * k);
          if (next === undefined || (next & 0xc0) !== 0x80) {
            ok = false;
            break;
          }
          code = (code << 6) | (next & 0x3f);
        }
        const taken = ok ? length : 1;
        b.put(ok ? code : first, i, i + 3 * taken);
        i += 3 * taken;
        continue;
      }
      if (plus && text[i] === '+') {
        b.put(0x20, i, i + 1);
        i++;
        continue;
      }
      b.unit(text, i++);
    }
    return true;
  };

const DECODERS: Decoder[] = [json, html, percent(false), percent(true)];

/** A view of a view, its spans mapped back to the original text. */
function through(outer: View, inner: View): View {
  return {
    text: inner.text,
    starts: inner.starts.map((s) => outer.starts[s] as number),
    ends: inner.ends.map((e) => outer.ends[e - 1] as number),
  };
}

/** A decoded text, and its view (where each unit came from), built only when asked: when a secret was found in it. */
export interface Decoding {
  text: string;
  view(): View;
}

/** The text a decoder makes of `text`, or undefined when it has nothing to decode. */
function decodedText(decoder: Decoder, text: string): string | undefined {
  const sink = new TextOnly(text);
  return decoder(text, sink) ? sink.text() : undefined;
}

/** The view a decoder makes of `text`. */
function decodedView(decoder: Decoder, text: string): View {
  const builder = new Builder();
  decoder(text, builder);
  return builder.view();
}

/** Computes once, when first asked. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/**
 * Every decoding of a text worth searching: each decoder, and each two in turn (HTML entities inside JSON, as Go
 * writes `&lt;` as `\u0026lt;`; JSON inside a query, percent-encoded; JSON twice over). Decodings that change nothing
 * are left out, so plain text costs one look per decoder.
 */
export function decodings(text: string): Decoding[] {
  const out: Decoding[] = [];
  DECODERS.forEach((first, i) => {
    const firstText = decodedText(first, text);
    if (firstText === undefined || firstText === text) return;
    const firstView = once(() => decodedView(first, text));
    out.push({ text: firstText, view: firstView });
    DECODERS.forEach((second, j) => {
      // Percent- and form-decoding in turn would decode `%25` twice: no server double-encodes so by accident.
      if (i >= 2 && j >= 2) return;
      const secondText = decodedText(second, firstText);
      if (secondText === undefined || secondText === firstText) return;
      out.push({ text: secondText, view: once(() => through(firstView(), decodedView(second, firstText))) });
    });
  });
  return out;
}

/** Spans [start, end) found in a view, as spans of the original text. */
export function spansInOriginal(view: View, spans: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 0; k < spans.length; k += 2) {
    out.push(view.starts[spans[k] as number] as number, view.ends[(spans[k + 1] as number) - 1] as number);
  }
  return out;
}
