// Server text made inert for CI logs and the pages a person opens (docs/conformance.md, "In CI" and "What the suite
// guarantees"): the one place the report formats of CI neutralise what the target wrote, then each format's own
// encoding (GitHub workflow-command data and properties, Markdown, HTML).
import { terminalSafe } from './terminal.js';

/**
 * What a CI runner acts on when a log line holds it: GitHub's `::command` and `##[command]` at a line's start (after
 * blanks), Azure's `##vso[` and TeamCity's `##teamcity[` anywhere in it. A `#` after `#` and a `:` after a line's
 * leading `:` get a space between them, so the text still reads the same and no runner sees a command.
 */
const HASHES = /#(?=#)/g;
const LEADING_COLONS = /^([ \t]*):(?=:)/gm;

/**
 * The target's text as it may reach a CI log or a report: control characters and reordering characters written as
 * visible escapes (`terminalSafe`), and no CI command start. Every server string of the GitHub, HTML and CTRF reports
 * goes through here; the format encoders below then only encode.
 */
export function inertText(text: string): string {
  return terminalSafe(text).replace(HASHES, '# ').replace(LEADING_COLONS, '$1: ');
}

/** GitHub's escaping of a workflow command's data (after the second `::`): `%`, CR and LF. */
export const commandData = (text: string): string =>
  text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');

/** GitHub's escaping of a workflow command's property value (`title=`): the data's, plus `:` and `,`. */
export const commandProperty = (text: string): string => commandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** Text as HTML element content or a quoted attribute value. */
export const htmlText = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/**
 * Text as Markdown inline content (GitHub Flavored Markdown, as a job summary renders it): every ASCII punctuation
 * character that Markdown could read as syntax is backslash-escaped (so no link, image, emphasis, table cell or
 * autolink can start), HTML's own characters become entities (so no tag can open), and a line break becomes a space
 * (so a table row stays one row).
 */
export function markdownText(text: string): string {
  return htmlText(text.replace(/[\\`*_{}[\]()#+\-.!|~:/=@$^?]/g, (c) => `\\${c}`)).replace(/\r\n|\r|\n/g, ' ');
}

/**
 * Text as a fenced code block: the fence is longer than any run of backticks in it, so nothing in the text can close
 * it; inside, Markdown and HTML are shown as written.
 */
export function markdownBlock(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}
