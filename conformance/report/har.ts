// The --har report (docs/conformance.md, "Reading the report"): every exchange of the checks as an HTTP Archive 1.2
// (http://www.softwareishard.com/blog/har-12-spec/), which browser dev tools and HAR viewers open; secrets masked.
import { packageInfo } from '../../contract/version.js';
import type { Answer } from '../engine/exchange-record.js';
import { type Redactor, redactBody, redactUrl } from '../engine/redact.js';
import { cutAtCodePoint, inertJsonText } from './inert-text.js';

/** Bodies longer than this (in characters) are cut, with a comment saying so. */
export const HAR_BODY_LIMIT = 100_000;

export interface HarHeader {
  name: string;
  value: string;
}

export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    queryString: HarHeader[];
    postData?: { mimeType: string; params: []; text: string; comment?: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: [];
    headers: HarHeader[];
    content: { size: number; mimeType: string; text?: string; comment?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: number;
  };
  cache: Record<string, never>;
  timings: { blocked: -1; dns: -1; connect: -1; ssl: -1; send: number; wait: number; receive: number };
  /** Which check sent it, as whom. */
  comment: string;
  /** Why there is no answer (a timeout, a network error, a stopped run), as Chrome writes a failed request. */
  _error?: string;
}

export interface HarLog {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** The CLI and the version of the package it runs from, as `--version` prints it. */
export const harCreator = (): HarLog['log']['creator'] => ({
  name: 'task-conformance',
  version: packageInfo(import.meta.url).version,
});

/**
 * A body as the HAR shows it: secrets masked first (a cut JSON text would no longer parse), then cut, never inside a
 * surrogate pair.
 */
function shown(redactor: Redactor, text: string): { text: string; comment?: string } {
  const masked = redactBody(redactor, text);
  if (masked.length <= HAR_BODY_LIMIT) return { text: masked };
  const kept = cutAtCodePoint(masked, HAR_BODY_LIMIT);
  return { text: kept, comment: `cut: the body had ${masked.length} characters, the first ${kept.length} are kept` };
}

const bytes = (text: string | undefined): number => (text ? new TextEncoder().encode(text).length : 0);

function headersOf(redactor: Redactor, pairs: readonly [string, string][]): HarHeader[] {
  return pairs.map(([name, value]) => ({ name, value: redactor.headers({ [name]: value })[name] as string }));
}

const headerValue = (pairs: readonly [string, string][] | undefined, name: string): string | undefined =>
  pairs?.find(([n]) => n.toLowerCase() === name)?.[1];

function entryOf(answer: Answer & { wire: NonNullable<Answer['wire']> }, redactor: Redactor): HarEntry {
  const { record, wire } = answer;
  const url = redactUrl(redactor, record.url);
  let queryString: HarHeader[] = [];
  try {
    queryString = [...new URL(url).searchParams.entries()].map(([name, value]) => ({ name, value }));
  } catch {
    queryString = [];
  }
  const requestType = headerValue(wire.requestHeaders, 'content-type');
  const answered = answer.status !== undefined;
  const responseText = wire.responseText ?? '';
  const body = responseText === '' ? undefined : shown(redactor, responseText);
  const location = headerValue(wire.responseHeaders, 'location');
  return {
    startedDateTime: new Date(wire.startedAt).toISOString(),
    time: record.ms,
    request: {
      method: record.method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: headersOf(redactor, wire.requestHeaders),
      queryString,
      ...(wire.requestText === undefined
        ? {}
        : { postData: { mimeType: requestType ?? '', params: [], ...shown(redactor, wire.requestText) } }),
      headersSize: -1,
      bodySize: bytes(wire.requestText),
    },
    response: {
      status: answer.status ?? 0,
      statusText: wire.statusText ?? '',
      httpVersion: answered ? 'HTTP/1.1' : '',
      cookies: [],
      headers: headersOf(redactor, wire.responseHeaders ?? []),
      content: {
        size: bytes(wire.responseText),
        mimeType: headerValue(wire.responseHeaders, 'content-type') ?? 'x-unknown',
        ...(body ?? {}),
      },
      redirectURL: location ? redactUrl(redactor, location) : '',
      headersSize: -1,
      bodySize: answered ? bytes(wire.responseText) : -1,
    },
    cache: {},
    // Only the whole exchange is timed: it counts as waiting for the answer.
    timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: record.ms, receive: 0 },
    comment: `${record.test ?? `${record.file} (outside a check)`}; as ${record.actor}`,
    ...(record.error ? { _error: record.error } : {}),
  };
}

/**
 * The archive of a run's answers, in the order they were sent; answers recorded without their wire are left out. Built
 * at the end of the run, when the redactor knows every secret the answers handed out, so that an answer echoing one
 * before it was handed out is masked too.
 */
export function harOf(answers: readonly Answer[], redactor: Redactor): HarLog {
  const entries = answers
    .filter((a): a is Answer & { wire: NonNullable<Answer['wire']> } => a.wire !== undefined)
    .sort((a, b) => a.wire.startedAt - b.wire.startedAt)
    .map((a) => entryOf(a, redactor));
  return { log: { version: '1.2', creator: harCreator(), entries } };
}

/** The archive of a run that ended before it could record anything: no entries, and why. */
export const harFailure = (why: string): HarLog => ({
  log: { version: '1.2', creator: harCreator(), entries: [], comment: why },
});

/** The archive as a file: valid UTF-8 JSON whose lines no CI runner acts on (report/inert-text.ts). */
export const harReport = (har: HarLog): string => `${inertJsonText(JSON.stringify(har, null, 2))}\n`;
