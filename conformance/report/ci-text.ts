// Server text made inert for CI logs and the pages a person opens (docs/conformance.md, "In CI" and "What the suite
// guarantees"): the one place the report formats of CI neutralise what the target wrote, then each format's own
// encoding (GitHub workflow-command data and properties, Markdown, HTML).
import { inertConsoleText } from './inert-text.js';

/**
 * The target's text as it may reach a CI log or a report: report/inert-text.ts's console form (control characters and
 * reordering characters written as visible escapes, every CI marker broken), the one neutraliser of every door. Every
 * server string of the GitHub, HTML and CTRF reports goes through here; the format encoders below then only encode.
 */
export const inertText = (text: string): string => inertConsoleText(text);

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
