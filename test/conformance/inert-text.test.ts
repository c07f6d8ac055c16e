// The text the target controls made inert in every report (docs/conformance.md, "What the suite guarantees": safe to
// print, valid for every reader), written as the docs show it: escaped controls (`\x1b[31m`), one character of each CI
// marker escaped (`\x3a:error`, `\x23#vso[`, `\u0023#vso[`, `&#35;#vso[`), a newline inside a line shown `\n`, and a
// long text cut at a code point. Unit tests of conformance/report/inert-text.ts; the whole runs are in
// inert-reports.test.ts.
import { describe, expect, it } from 'vitest';
import {
  cutAtCodePoint,
  inertConsoleText,
  inertJsonText,
  inertLine,
  inertXmlText,
} from '../../conformance/report/inert-text.js';

describe('console text', () => {
  it.each([
    ['ESC', '\x1b[31mred', '\\x1b[31mred'],
    ['a carriage return', 'a\rb', 'a\\x0db'],
    ['NUL and the last C0 control', '\x00\x1f', '\\x00\\x1f'],
    ['DEL', 'a\x7fb', 'a\\x7fb'],
    ['the first and last C1 controls', '\x80\x9f', '\\x80\\x9f'],
    ['right-to-left override', 'a\u202eb', 'a\\u202eb'],
    ['a direction mark and an isolate', '\u200e\u2066', '\\u200e\\u2066'],
    ['the Arabic letter mark', '\u061c', '\\u061c'],
    ['the line and paragraph separators', '\u2028\u2029', '\\u2028\\u2029'],
    ['a lone high surrogate', 'a\ud800b', 'a\\ud800b'],
    ['a lone low surrogate', 'a\udfffb', 'a\\udfffb'],
  ])('shows %s escaped', (_, text, shown) => {
    expect(inertConsoleText(text)).toBe(shown);
    expect(inertLine(text)).toBe(shown);
  });

  it.each([
    ['tab', 'a\tb'],
    ['a space and printable ASCII', ' ~'],
    ['the first character past C1', '\u00a0é'],
    ['an emoji (a surrogate pair)', '😀𠀀'],
    ['characters beside the reordering ones', '\u200d\u2027\u202f\u2065\u206a'],
  ])('keeps %s as it is', (_, text) => {
    expect(inertConsoleText(text)).toBe(text);
    expect(inertLine(text)).toBe(text);
  });

  it('keeps the line breaks of a report, but a piece of the target inside a line of ours stays on it', () => {
    expect(inertConsoleText('one\ntwo\n')).toBe('one\ntwo\n');
    expect(inertLine('one\ntwo\n')).toBe('one\\ntwo\\n');
  });

  it.each([
    ['a GitHub Actions command at the start of a line', '::error::x', '\\x3a:error::x'],
    ['one after blanks (the runner trims them)', ' \t::warning::x', ' \t\\x3a:warning::x'],
    ['GitHub old marker anywhere', 'say ##[error]x', 'say \\x23#[error]x'],
    ["Azure's anywhere, in any case", 'x ##VSO[task.setvariable]', 'x \\x23#VSO[task.setvariable]'],
    ["TeamCity's", '##teamcity[buildStatus]', '\\x23#teamcity[buildStatus]'],
    ["GitLab's section start", 'x section_start:1:name', 'x section\\x5fstart:1:name'],
    ["GitLab's section end, in any case", 'SECTION_END:1:name', 'SECTION\\x5fEND:1:name'],
  ])('breaks %s', (_, text, shown) => {
    expect(inertConsoleText(text)).toBe(shown);
    expect(inertConsoleText(`ok\n${text}`)).toBe(`ok\n${shown}`);
  });

  it.each([
    ['a single colon at the start', ':x: y'],
    ['a colon pair inside a line', 'a ::error::x'],
    ['a hash pair not before a bracket', '## title'],
    ['a hash pair before letters and no bracket', '##vso task'],
    ['a section word that is no marker', 'section_starts: section_middle:'],
  ])('keeps %s as it is', (_, text) => {
    expect(inertConsoleText(text)).toBe(text);
  });

  it('breaks a command the target wrote after a newline inside a line of ours', () => {
    expect(inertLine('x\n::error::y')).toBe('x\\n::error::y');
    expect(inertLine('::error::y')).toBe('\\x3a:error::y');
  });
});

describe('JSON text', () => {
  const roundTrip = (value: unknown) => JSON.parse(inertJsonText(JSON.stringify(value)));

  it.each([
    ['an Azure marker', '##vso[x]', '\\u0023#vso[x]'],
    ['a GitLab section', 'section_end:1:x', 'section\\u005fend:1:x'],
    ['DEL and C1, the last one too', '\x7f\x85\x9f', '\\u007f\\u0085\\u009f'],
    ['the line separator and a bidi control', '\u2028\u202e', '\\u2028\\u202e'],
  ])('writes %s as \\u escapes and keeps the data', (_, text, shown) => {
    const line = `{"a":"${text}"}`;
    expect(inertJsonText(line)).toBe(`{"a":"${shown}"}`);
    expect(JSON.parse(inertJsonText(line))).toEqual({ a: text });
  });

  it('breaks a command at the start of any line of a pretty-printed document', () => {
    const json = '{\n"a":\n::error::x\n}';
    expect(inertJsonText(json)).toBe('{\n"a":\n\\u003a:error::x\n}');
  });

  it('keeps the characters beside those, and an emoji', () => {
    const value = { text: '\x7e\u00a0é😀 \u2027\u202f' };
    expect(inertJsonText(JSON.stringify(value))).toBe(JSON.stringify(value));
  });

  it('writes a lone surrogate half as U+FFFD, raw or escaped, and keeps a pair', () => {
    expect(inertJsonText('"a\ud800b"')).toBe('"a\ufffdb"');
    expect(inertJsonText('"a\udc00b"')).toBe('"a\ufffdb"');
    expect(roundTrip({ cut: '\ud83d', back: '\ude00x', pair: '😀', upper: '\uDBFF\uDFFF' })).toEqual({
      cut: '\ufffd',
      back: '\ufffdx',
      pair: '😀',
      upper: '\uDBFF\uDFFF',
    });
    expect(inertJsonText('"\\ud83d\\ude00"')).toBe('"\\ud83d\\ude00"');
    expect(inertJsonText('"\\uD83D\\uDE00 \\uDBFF"')).toBe('"\\uD83D\\uDE00 \\ufffd"');
    expect(inertJsonText('"\\ud83d"')).toBe('"\\ufffd"');
    expect(inertJsonText('"x\\ude00"')).toBe('"x\\ufffd"');
  });

  it('leaves an escaped backslash before text that reads like an escape as it is', () => {
    // `\\ud800` is a backslash and the text "ud800", no escape: JSON.parse gives back the same text.
    const value = { text: '\\ud800 and \\\\ud800' };
    expect(inertJsonText(JSON.stringify(value))).toBe(JSON.stringify(value));
    expect(inertJsonText('"\\\\\\ud800"')).toBe('"\\\\\\ufffd"');
  });
});

describe('XML text', () => {
  it.each([
    ['an Azure marker', 'x ##vso[x]', 'x &#35;#vso[x]'],
    ['a GitHub command at the start of a line', '::error::x', '&#58;:error::x'],
    ['a GitLab section', 'section_start:1:x', 'section&#95;start:1:x'],
    ['DEL, the first and last C1', '\x7f\x80\x9f', '&#x7f;&#x80;&#x9f;'],
    ['a bidi control and the paragraph separator', '\u202e\u2029', '&#x202e;&#x2029;'],
  ])('writes %s as character references', (_, text, shown) => {
    expect(inertXmlText(text)).toBe(shown);
    expect(inertXmlText(`ok\n${text}`)).toBe(`ok\n${shown}`);
  });

  it('keeps the characters beside those', () => {
    expect(inertXmlText('~\u00a0é😀 \u2027\t')).toBe('~\u00a0é😀 \u2027\t');
  });
});

describe('cutting a long text', () => {
  it.each([
    ['shorter than the limit', 'abc', 5, 'abc'],
    ['exactly the limit', 'abc', 3, 'abc'],
    ['one past the limit', 'abcd', 3, 'abc'],
    ['a pair at the limit: both halves go', 'ab😀', 3, 'ab'],
    ['a pair just before the limit', 'a😀b', 3, 'a😀'],
    ['a low half at the limit', '😀😀', 2, '😀'],
    ['the first and the last high half', 'a\ud800\udc00x', 2, 'a'],
    ['the last high half', 'a\udbff\udfffx', 2, 'a'],
    ['a text that fits, kept whole even when it ends in a lone half', 'a\ud83d', 2, 'a\ud83d'],
    ['a BMP character just below the surrogates', 'a\ud7ffx', 2, 'a\ud7ff'],
    ['a low half alone at the limit', 'a\udc00x', 2, 'a\udc00'],
  ])('%s', (_, text, limit, cut) => {
    expect(cutAtCodePoint(text, limit)).toBe(cut);
  });
});
