// The fetch under every client of a run (docs/conformance.md, "Reading the report"): sends each request through `send`
// and keeps the facts of every exchange (redacted record, status, parsed body) for the checks, the exchange rules,
// coverage, failure details and the clean-up ledger. It judges nothing and knows no operation: what an answer created
// is engine/cleanup-ledger.ts's to say, what it teaches the redactor engine/learn-credentials.ts's.
import type { FetchHandler } from '../../contract/http.js';
import type { Contract } from '../../contract/openapi.js';
import { cutAtCodePoint } from '../report/inert-text.js';
import { type LedgerEntry, ledgerOf, type Place, placeOf } from './cleanup-ledger.js';
import type { WorkspaceId } from './discovery.js';
import { type Answer, type ExchangeRecord, readBody, type Wire } from './exchange-record.js';
import { NotApplicable } from './explain.js';
import { learnCredentials } from './learn-credentials.js';
import { type Redactor, redactBody } from './redact.js';
import { NoAnswerError, type Outgoing, send } from './send.js';

/** Bodies longer than this are cut in records: enough to read a failure, small enough for a report. */
const BODY_LIMIT = 2000;
/** The longest text a record masks only when first read (`masked`): longer ones are masked and cut at once. */
const LAZY_LIMIT = 16 * 1024;
/** After this many timeouts in a row in one check file the target counts as hung, and the file's later requests fail at once. */
const HUNG_AFTER = 3;

/** Who is sending: the check file and the check, as the runner sets them around each check. */
export interface Sender {
  file: string;
  /** Collects the answers of the running check; absent outside a check. */
  check?: { name: string; answers: Answer[] };
  /** What the request is, when the check's name does not say it; recorded instead of that name. */
  label?: string;
}

export interface RecorderOptions {
  baseUrl: string;
  contract: Contract;
  timeoutMs: number;
  redactor: Redactor;
  /** Where requests go: the global fetch, or an in-process handler. */
  fetch: FetchHandler;
  /**
   * The run's stop signal: once it aborts, no request is sent. The exchanges in flight still run to their answer or
   * their timeout: the server may be acting on them, and the clean-up must see what they created.
   */
  signal: AbortSignal;
  /** Who is sending right now (from the runner's async context). */
  sender: () => Sender;
  /**
   * The profile's board: where the clean-up looks for an object created by a request that named no company_id or
   * board_id (which only a broken server accepts, typically by defaulting to some board).
   */
  board?: { companyId: WorkspaceId; boardId: WorkspaceId };
  /** Keep every exchange as it went over the wire (`Answer.wire`), for `--har`. */
  keepWire?: boolean;
  /** operationIds the profile declared missing: a request for one is never sent (NotApplicable). */
  missing?: ReadonlySet<string>;
  /** Origins besides the target's that a read may follow a redirect to (engine/send.ts). */
  followTo?: readonly string[];
}

/** The answers of one check file, in order (what `h.recorder` shows a check). */
export interface RecorderView {
  readonly answers: readonly Answer[];
}

export interface Recorder {
  /** A fetch that sends as `actor` (a label in records and the clean-up ledger). */
  fetch(actor: string): typeof globalThis.fetch;
  /** Every answer of the run, in order. */
  readonly answers: readonly Answer[];
  /** The answers of one check file. */
  view(file: string): RecorderView;
  /** Every resource the answers say was created or deleted, in order. */
  readonly ledger: readonly LedgerEntry[];
  /**
   * Every list where a creation may have left something (answered 2xx, 5xx or not at all, or still in flight), once
   * each.
   */
  readonly places: readonly Place[];
  /** Settles when every exchange in flight has its answer or has timed out. */
  settled(): Promise<void>;
}

function pairs(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    out.push([name, value]);
  });
  return out;
}

/** An init that only says how to send a request (its signal, its redirect mode), not what: the request stays as given. */
const routingOnly = (init: RequestInit | undefined): boolean =>
  init === undefined || Object.keys(init).every((key) => key === 'signal' || key === 'redirect');

function cut(text: string): string {
  return text.length > BODY_LIMIT ? `${cutAtCodePoint(text, BODY_LIMIT)}… (${text.length} characters)` : text;
}

export function createRecorder(options: RecorderOptions): Recorder {
  const { timeoutMs, redactor, signal } = options;

  /**
   * Sets a field of a record to its masked text: on its first read once what the redactor masks can only grow (most
   * records are never read: a report shows the exchange a failing check blames), at once before. A text longer than
   * LAZY_LIMIT is masked (and cut) at once all the same: waiting would keep the whole of it, up to the answer cap, for
   * every exchange of the run, where the record keeps BODY_LIMIT characters.
   */
  const masked = (
    record: ExchangeRecord,
    field: 'url' | 'requestBody' | 'responseBody',
    raw: string,
    mask: () => string,
  ): void => {
    if (!redactor.onlyGrows() || raw.length > LAZY_LIMIT) {
      record[field] = mask();
      return;
    }
    let value: string | undefined;
    Object.defineProperty(record, field, {
      enumerable: true,
      configurable: true,
      get: () => {
        value ??= mask();
        return value;
      },
      set: (given: string) => {
        value = given;
      },
    });
  };
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const operations = new Map(options.contract.operations.map((o) => [`${o.method} ${o.path}`, o]));
  const answers: Answer[] = [];
  const byFile = new Map<string, Answer[]>();
  const ledger: LedgerEntry[] = [];
  const places = new Map<string, Place>();
  /** The places of the creations in flight: a stopped run's clean-up must look where they may still land. */
  const flying = new Set<Place>();
  const inFlight = new Set<Promise<unknown>>();
  /** Timeouts in a row, by check file: files run side by side, and one file's bad luck must not end the others. */
  const timeoutsInARow = new Map<string, number>();

  const keep = (file: string, answer: Answer, check: Sender['check']): void => {
    answers.push(answer);
    byFile.get(file)?.push(answer) ?? byFile.set(file, [answer]);
    check?.answers.push(answer);
  };

  return {
    answers,
    ledger,
    get places() {
      return [...new Map([...places, ...[...flying].map((p) => [JSON.stringify(p), p] as const)]).values()];
    },
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    view: (file) => ({
      get answers() {
        return byFile.get(file) ?? [];
      },
    }),
    fetch: (actor) => async (input, init) => {
      const { file, check, label } = options.sender();
      const given = input instanceof Request && routingOnly(init) ? input : new Request(input, init);
      const url = new URL(given.url);
      const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
      const op = operations.get(`${given.method.toLowerCase()} ${path}`);
      if (op && options.missing?.has(op.operationId)) throw new NotApplicable(op.operationId);
      // The body read once, as fetch would (it spends the caller's request), and the request sent made from its parts:
      // a clone tees the body and a Request made from another pipes it through a new web stream, each several times
      // the cost of the whole request in Node 20. The caller's signal is send's to replace with its own bounds.
      const bytes = given.body === null ? undefined : await given.arrayBuffer();
      const requestText = bytes === undefined ? undefined : new TextDecoder().decode(bytes);
      const request: Outgoing = {
        url: url.href,
        method: given.method,
        headers: given.headers,
        redirect: init?.redirect ?? given.redirect,
        ...(bytes === undefined ? {} : { body: bytes }),
      };
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (name === 'authorization' || name === 'content-type' || name === 'accept') headers[name] = value;
      });
      const record: ExchangeRecord = {
        id: `${file}#${(byFile.get(file)?.length ?? 0) + 1}`,
        file,
        ...(label || check ? { test: label ?? check?.name } : {}),
        actor,
        ...(op ? { operationId: op.operationId } : {}),
        method: request.method,
        path,
        // Masked below (their places kept, for the order of a report's fields).
        url: '',
        requestHeaders: redactor.headers(headers),
        ...(requestText ? { requestBody: '' } : {}),
        ms: 0,
      };
      masked(record, 'url', url.href, () => redactor.text(url.href));
      if (requestText) masked(record, 'requestBody', requestText, () => cut(redactBody(redactor, requestText)));
      const started = performance.now();
      const wire: Wire | undefined = options.keepWire
        ? {
            startedAt: Date.now(),
            requestHeaders: pairs(request.headers),
            ...(requestText === undefined ? {} : { requestText }),
          }
        : undefined;
      const unanswered = (error: NoAnswerError): never => {
        record.error = redactor.text(error.message.replace(`${request.method} ${url.pathname}: `, ''));
        record.ms = Math.round(performance.now() - started);
        keep(file, { record, status: undefined, body: undefined, json: false, ...(wire ? { wire } : {}) }, check);
        throw new NoAnswerError(error.kind, redactor.text(error.message));
      };
      if ((timeoutsInARow.get(file) ?? 0) >= HUNG_AFTER) {
        unanswered(
          new NoAnswerError(
            'timeout',
            `${request.method} ${url.pathname}: not sent: the target timed out ${HUNG_AFTER} times in a row`,
          ),
        );
      }
      if (signal.aborted) {
        unanswered(new NoAnswerError('stopped', `${request.method} ${url.pathname}: not sent: the run was stopped`));
      }
      const flight = placeOf(op, url, undefined, requestText, actor, options.board);
      if (flight) flying.add(flight);
      const wrote = (status: number | undefined) => {
        if (flight) flying.delete(flight);
        const place = placeOf(op, url, status, requestText, actor, options.board);
        if (place) places.set(JSON.stringify(place), place);
      };
      let exchange: Awaited<ReturnType<typeof send>>;
      const pending = send(options.fetch, request, {
        timeoutMs,
        ...(options.followTo ? { followTo: options.followTo } : {}),
      });
      inFlight.add(pending);
      try {
        exchange = await pending;
      } catch (error) {
        if (!(error instanceof NoAnswerError)) throw error;
        if (error.kind === 'timeout') timeoutsInARow.set(file, (timeoutsInARow.get(file) ?? 0) + 1);
        wrote(undefined);
        return unanswered(error);
      } finally {
        inFlight.delete(pending);
      }
      timeoutsInARow.delete(file);
      wrote(exchange.response.status);
      const { response, text } = exchange;
      const { body, json } = readBody(text);
      learnCredentials(redactor, request, path, op, response, body, requestText);
      record.ms = Math.round(performance.now() - started);
      record.status = response.status;
      record.responseHeaders = {};
      const contentType = response.headers.get('content-type');
      if (contentType) record.responseHeaders['content-type'] = contentType;
      const location = response.headers.get('location');
      if (location) record.responseHeaders.location = redactor.text(location);
      const date = response.headers.get('date');
      if (date) record.responseHeaders.date = date;
      if (text !== '') masked(record, 'responseBody', text, () => cut(redactBody(redactor, text)));
      const found = op ? ledgerOf(op, url, response.status, body, requestText, actor, options.board) : undefined;
      // Kept as the target answered: the clean-up deletes by it; the result masks it should it be a secret.
      if (found) ledger.push(found);
      if (wire) {
        wire.statusText = response.statusText;
        wire.responseHeaders = pairs(response.headers);
        wire.responseText = text;
      }
      keep(file, { record, status: response.status, body, json, ...(wire ? { wire } : {}) }, check);
      return response;
    },
  };
}
