// A secret masked in every encoding a server may echo it in, where it stands in the text (docs/conformance.md, "No
// secrets in its output"): JSON-escaped in any style (`p\"w`, Go's `\u003c`, Python's `\u00f6`, a surrogate pair), HTML
// entities (named, decimal, hex), URL- and form-encoded (`+` for a space), and two of these in turn. Unit tests of
// conformance/engine/encodings.ts through the redactor that uses it (conformance/engine/redact.ts).
import { describe, expect, it } from 'vitest';
import { createRedactor, MASK } from '../../conformance/engine/redact.js';

/** What the redactor shows of `said` when it knows `secret`. */
const shown = (secret: string, said: string): string => createRedactor([secret]).text(said);

/** Each code unit as a JSON `\uXXXX` escape, in lower or upper case hex. */
const allEscaped = (s: string, upper = false): string =>
  [...s]
    .flatMap((c) => (c.length === 2 ? [c.charCodeAt(0), c.charCodeAt(1)] : [c.charCodeAt(0)]))
    .map((code) => {
      const hex = code.toString(16).padStart(4, '0');
      return `\\u${upper ? hex.toUpperCase() : hex}`;
    })
    .join('');

describe('JSON escapes', () => {
  it.each([
    ['every character as \\u, lower case', 'secret-pw', allEscaped('secret-pw')],
    ['every character as \\u, upper case', 'pöw€😀ab', allEscaped('pöw€😀ab', true)],
    ["Go's \\u003c", 'a<b>c&d', 'a\\u003cb\\u003ec\\u0026d'],
    ["Python's \\u00f6 and a surrogate pair", 'pöw😀x', 'p\\u00f6w\\ud83d\\ude00x'],
    ['a quote, a backslash and a slash', 'p"w\\d/e', 'p\\"w\\\\d\\/e'],
    ['an escape at its end', 'pw"x/', 'pw\\"x\\/'],
    ['a quote before four hex digits', 'p"0041/', 'p\\"0041\\/'],
    // With `\/`, which JSON.stringify never writes, so that only decoding finds it.
    ['the letter escapes', 'a\b\f\n\r\t/z', 'a\\b\\f\\n\\r\\t\\/z'],
  ])('masks a secret written with %s, where it stands', (_, secret, form) => {
    expect(shown(secret, `before ${form} after`)).toBe(`before ${MASK} after`);
    expect(shown(secret, `${form}`)).toBe(MASK);
  });

  it('leaves what is no escape as it is: a backslash at the end, an unknown letter, a \\u with fewer than 4 hex digits', () => {
    for (const text of ['abc \\', 'x\\q secret-pw', '\\u12 secret-pw', '\\u12g4']) {
      expect(shown('secret-pw', text)).toBe(text.replace('secret-pw', MASK));
    }
    expect(shown('p\\qw', 'p\\qw')).toBe(MASK);
    // A \u without hex digits is text, and what follows it is still decoded.
    expect(shown('p\\uzzzz<w', 'p\\uzzzz\\u003cw')).toBe(MASK);
  });
});

describe('HTML entities', () => {
  it.each([
    ['the markup ones', '"&\'<>/+=#%!`', '&quot;&amp;&apos;&lt;&gt;&sol;&plus;&equals;&num;&percnt;&excl;&grave;'],
    ['the euro and the first and last Latin-1 ones', '€\u00a0ÿöß', '&euro;&nbsp;&yuml;&ouml;&szlig;'],
    ['decimal ones', 'a<ö😀', '&#97;&#60;&#246;&#128512;'],
    ['hex ones in either case', 'a<ö😀', '&#x61;&#X3C;&#xf6;&#x1F600;'],
  ])('masks a secret written with %s, where it stands', (_, secret, form) => {
    expect(shown(secret, `x ${form} y`)).toBe(`x ${MASK} y`);
  });

  it('leaves what is no entity as it is: an unknown name, no semicolon, past U+10FFFF, an ampersand alone', () => {
    for (const text of ['&bogus; ab<cd', '&lt ab<cd', '&#x110000; ab<cd', '& ab<cd', '&#1114112;']) {
      expect(shown('ab<cd', text)).toBe(text.replace('ab<cd', MASK));
    }
    // The last code point there is, in both forms.
    expect(shown('ab\u{10ffff}', 'ab&#x10FFFF; ab&#1114111;')).toBe(`${MASK} ${MASK}`);
  });
});

describe('URL and form encoding', () => {
  // Forms other than encodeURIComponent's and URLSearchParams' own (the redactor knows those two as they are): lower-case
  // hex, and characters those leave as they are written encoded.
  it.each([
    ['percent-encoded ASCII, every character', 'p w/x?', '%70%20%77%2f%78%3f'],
    ['percent-encoded UTF-8 of 2, 3 and 4 bytes in lower case', 'ö€😀कab', '%c3%b6%e2%82%ac%f0%9f%98%80%e0%a4%95%61b'],
    ['UTF-8 of 4 bytes in upper case, its letters encoded too', '😀ab', '%F0%9F%98%80%61%62'],
    ['form-encoding with + for a space', 'p w+x', 'p+w%2bx'],
    ['form-encoding ending in a space', 'p+w ', 'p%2bw+'],
    ['ending in a character of several bytes', 'abö', '%61b%c3%b6'],
    ['form-encoding, every character', 'pö w', '%70%c3%b6+%77'],
  ])('masks a secret written %s, where it stands', (_, secret, form) => {
    expect(shown(secret, `?a=1&p=${form}&b=2`)).toBe(`?a=1&p=${MASK}&b=2`);
  });

  it('keeps a broken UTF-8 sequence byte by byte, so a secret beside it is still found', () => {
    // A lead byte without its continuation, a continuation alone: each is one character, not a sequence.
    expect(shown('\u00c3Axyz', '%C3%41xyz')).toBe(MASK);
    expect(shown('\u0080abcd', '%80abcd')).toBe(MASK);
    expect(shown('abcd', '%E2%82 abcd %zz')).toBe(`%E2%82 ${MASK} %zz`);
    expect(shown('abcd', '%E2%82%61%62%63%64')).toBe(`%E2%82${MASK}`);
    expect(shown('\u0080\u0080abc', '%80%80abc')).toBe(MASK);
  });

  it('reads + as a space only in form-encoding, not inside a percent-encoded text', () => {
    expect(shown('a+b%c', 'a+b%25c')).toBe(MASK);
    expect(shown('a b%c', 'a+b%25c')).toBe(MASK);
  });
});

describe('two encodings in turn', () => {
  it.each([
    ["Go's JSON of an HTML-escaped text", 'a<b>&c', '\\u0026lt;', 'a\\u0026lt;b\\u0026gt;\\u0026amp;c'],
    ['JSON inside a query, percent-encoded', 'p<wö', '', encodeURIComponent('p\\u003cw\\u00f6')],
    ['JSON twice over', 'p<w', '', 'p\\\\u003cw'],
    ['a percent-encoded text, JSON-escaped', 'pA<c', '', 'p\\u002541\\u003cc'],
    ['HTML entities of a JSON escape', 'pöwx', '', 'p&#92;u00f6wx'],
    ['a form-encoded text in JSON', 'p w/x', '', 'p+w\\/x'],
  ])('masks a secret written as %s, where it stands', (_, secret, __, form) => {
    expect(shown(secret, `[${form}]`)).toBe(`[${MASK}]`);
  });

  it('masks nothing that only begins like the secret where a decoded text ends', () => {
    const ends: [string, string][] = [
      ['pw/', 'pw\\/'],
      ['pw<', 'pw&lt;'],
      ['pw ', 'pw%20'],
      ['pw ', 'pw+'],
    ];
    // A secret that goes on past the decoded text (`pw/` and more) is not in it.
    for (const [decoded, text] of ends) expect(shown(`${decoded}undefined`, text)).toBe(text);
  });

  it('decodes percent-encoding once: a text percent-encoded twice is shown as the server wrote it', () => {
    // No server double-encodes by accident; `%2541` is the text `%41`, not `A` (nor is its form-decoding decoded again).
    for (const said of ['p%2541c', 'p%2541+c', 'p+%2541c']) expect(shown('pAc', said)).toBe(said);
    expect(shown('p Ac', 'p+%2541c')).toBe('p+%2541c');
  });

  it('masks only the secret of a longer text decoded twice, and keeps what is around it', () => {
    const secret = 'pw<ö>';
    const said = JSON.stringify(`ok \\u003c ${'pw&lt;&ouml;&gt;'} more`);
    expect(shown(secret, said)).toBe(`"ok \\\\u003c ${MASK} more"`);
  });
});
