// The fetch under every client of a run (docs/conformance.md, "Reading the report"): sends each request through `send`
// and keeps the facts of every exchange (redacted record, status, parsed body) for the checks, the exchange rules,
// coverage, failure details and the clean-up ledger. It judges nothing.
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import type { Contract, OperationSpec } from '../../contract/openapi.js';
import { idOf, type Kind, numericId, objectIn, tokenKeyOf } from '../harness/discovery.js';
import type { ExchangeRecord, LedgerEntry, Place } from './exchange.js';
import { type Redactor, redactBody } from './redact.js';
import { NoAnswerError, send } from './send.js';

/** Bodies longer than this are cut in records: enough to read a failure, small enough for a report. */
const BODY_LIMIT = 2000;
/** After this many timeouts in a row in one check file the target counts as hung, and the file's later requests fail at once. */
const HUNG_AFTER = 3;

/** The full answer, kept in memory for the checks and the exchange rules (never written anywhere). */
export interface Answer {
  record: ExchangeRecord;
  status: number | undefined;
  /** Parsed JSON body; the raw text when it is not JSON; undefined when empty or absent. */
  body: unknown;
  /** Whether the body parsed as JSON. */
  json: boolean;
  /** The exchange as it went over the wire, unredacted, kept only for `--har` (which redacts it when written). */
  wire?: Wire;
}

/** What an HTTP Archive needs beyond the record: every header and the whole bodies. Kept in memory only. */
export interface Wire {
  /** When the request was sent, in ms since the epoch. */
  startedAt: number;
  /** The headers of the request as the suite built it (the HTTP client adds Host, User-Agent, Content-Length…). */
  requestHeaders: [string, string][];
  requestText?: string;
  statusText?: string;
  responseHeaders?: [string, string][];
  responseText?: string;
}

/** Who is sending: the check file and the check, as the runner sets them around each check. */
export interface Sender {
  file: string;
  /** Collects the answers of the running check; absent outside a check. */
  check?: { name: string; answers: Answer[] };
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
  board?: { companyId: number; boardId: number };
  /** Keep every exchange as it went over the wire (`Answer.wire`), for `--har`. */
  keepWire?: boolean;
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

/** An answer's body as JSON when it parses (`json` true), else its raw text; undefined when empty. */
export function readBody(text: string): { body: unknown; json: boolean } {
  if (text === '') return { body: undefined, json: false };
  try {
    return { body: JSON.parse(text), json: true };
  } catch {
    return { body: text, json: false };
  }
}

function pairs(headers: Headers): [string, string][] {
  const out: [string, string][] = [];
  headers.forEach((value, name) => {
    out.push([name, value]);
  });
  return out;
}

function cut(text: string): string {
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text;
}

type BoardIds = { companyId: number; boardId: number };

/** The board a request names in its query, else `fallback` (where a broken server may put what names none). */
function boardOf(url: URL, fallback: BoardIds | undefined): BoardIds {
  const idIn = (name: string, otherwise: number | undefined): number => {
    const raw = url.searchParams.get(name);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : (otherwise ?? 0);
  };
  return { companyId: idIn('company_id', fallback?.companyId), boardId: idIn('board_id', fallback?.boardId) };
}

/** The JSON body the suite sent, or undefined. */
function sentJson(requestText: string | undefined): unknown {
  try {
    return requestText === undefined ? undefined : JSON.parse(requestText);
  } catch {
    return undefined;
  }
}

/**
 * What a successful answer tells about resources created or deleted (for clean-up). The created object and its id are
 * found as the checks find them (harness/discovery.ts), wherever the server puts them; a relation the source names in
 * the request (a case's `scenario`, a session's `scenario_id`, a scenario's `parent_id`) is read from what was sent.
 */
function ledgerOf(
  op: OperationSpec,
  url: URL,
  status: number,
  body: unknown,
  requestText: string | undefined,
  actor: string,
  fallback: BoardIds | undefined,
): LedgerEntry | undefined {
  if (status < 200 || status >= 300) return undefined;
  const q = url.searchParams;
  const sent = sentJson(requestText);
  const inSent = (name: string): number | undefined => (isObject(sent) ? numericId(sent[name]) : undefined);
  const board = boardOf(url, fallback);
  /** The id of the `kind` object the answer is about, and the object itself. */
  const created = (kind: Kind) => {
    const object = objectIn(body, kind);
    return { object, id: idOf(object, kind) };
  };
  const optional = <K extends string>(name: K, value: number | undefined) =>
    (value === undefined ? {} : { [name]: value }) as { [P in K]?: number };
  switch (op.operationId) {
    case 'createScenario': {
      const { object, id } = created('scenario');
      const parentId = inSent('parent_id') ?? numericId(object?.parent_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'scenario', id, ...board, actor, ...optional('parentId', parentId) };
    }
    case 'deleteScenario':
      return { event: 'deleted', kind: 'scenario', id: Number(q.get('scenario_id')), ...board, actor };
    case 'createCase': {
      const { object, id } = created('case');
      const scenarioId = inSent('scenario') ?? numericId(object?.scenario ?? object?.scenario_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'case', id, ...board, actor, ...optional('scenarioId', scenarioId) };
    }
    case 'deleteCase':
      return { event: 'deleted', kind: 'case', id: Number(q.get('case_id')), ...board, actor };
    case 'startSession': {
      const { object, id } = created('session');
      const scenarioId = inSent('scenario_id') ?? numericId(object?.scenario_id);
      return id === undefined
        ? undefined
        : { event: 'created', kind: 'session', id, ...board, actor, ...optional('scenarioId', scenarioId) };
    }
    case 'createApiToken': {
      const key = tokenKeyOf(objectIn(body, 'token'));
      return key === undefined ? undefined : { event: 'created', kind: 'token', key, actor };
    }
    case 'deleteApiToken':
      return { event: 'deleted', kind: 'token', key: q.get('key') ?? '', actor };
    case 'recordCaseOutcome': {
      const taskId = numericId(objectIn(body, 'case_report')?.task_id);
      return taskId === undefined ? undefined : { event: 'created', kind: 'task', id: taskId, ...board, actor };
    }
    case 'register': {
      // The account is the one the request named: the source shows no fields of the answer.
      const username = isObject(sent) && typeof sent.username === 'string' ? sent.username : undefined;
      return username === undefined ? undefined : { event: 'created', kind: 'account', username, actor };
    }
    default:
      return undefined;
  }
}

/**
 * Creations by the list they add to: a case or a session lives in a scenario of its board, and a bug outcome creates or
 * updates a task on it (source §3).
 */
const CREATES: Readonly<Record<string, Place['kind']>> = {
  createApiToken: 'token',
  createScenario: 'scenario',
  createCase: 'scenario',
  startSession: 'scenario',
  recordCaseOutcome: 'task',
};

/**
 * The list a creation may have added to: when it succeeded, or its outcome is unknown (no answer, a 5xx: a POST that
 * failed ambiguously may have been applied). A refusal created nothing, nor did an outcome other than bug.
 */
function placeOf(
  op: OperationSpec | undefined,
  url: URL,
  status: number | undefined,
  requestText: string | undefined,
  actor: string,
  fallback: BoardIds | undefined,
): Place | undefined {
  const kind = op ? CREATES[op.operationId] : undefined;
  if (!kind || (status !== undefined && status >= 300 && status < 500)) return undefined;
  const sent = sentJson(requestText);
  if (kind === 'task' && !(isObject(sent) && sent.status === 'bug')) return undefined;
  return kind === 'token' ? { kind, actor } : { kind, actor, board: boardOf(url, fallback) };
}

/** The string values of a JSON request body: what the suite itself chose (a token's title), not a secret. */
function sentStrings(requestText: string | undefined): Set<string> {
  const found = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') found.add(v);
    else if (typeof v === 'object' && v !== null) for (const m of Object.values(v)) walk(m);
  };
  // A body that is no JSON spares nothing.
  walk(sentJson(requestText));
  return found;
}

/** The operations whose answers hand out a session's tokens (source §2, §4), at their path with or without the slash. */
const SESSION_PATHS = new Set(['/member/login', '/member/refresh-token', '/member/register']);

/**
 * The credentials an answer hands out or a request proved (source §5): the tokens of a login, refresh or registration
 * answer, whatever its status (a refused login that still hands out tokens hands out credentials); on success, the
 * credential of the request (whatever scheme or shape); and the strings of a token-creation answer, kept by their
 * place until the checks find which one is the secret.
 */
function learnCredentials(
  redactor: Redactor,
  request: Request,
  path: string,
  op: OperationSpec | undefined,
  response: Response,
  body: unknown,
  requestText: string | undefined,
): void {
  if (request.method === 'POST' && SESSION_PATHS.has(path.replace(/\/+$/, ''))) redactor.learnSession(body);
  if (!response.ok) return;
  const credential = request.headers.get('authorization');
  if (credential) redactor.add(credential.replace(/^[A-Za-z][\w-]{0,19}\s+/, ''));
  if (op?.operationId !== 'createApiToken') return;
  // The envelope's `status` ("success") and what the suite sent (the title) are no secrets.
  const spared = sentStrings(requestText);
  if (isObject(body) && typeof body.status === 'string') spared.add(body.status);
  redactor.learnTokenAnswer(body, spared);
}

export function createRecorder(options: RecorderOptions): Recorder {
  const { timeoutMs, redactor, signal } = options;
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
      const { file, check } = options.sender();
      const request = new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
      const op = operations.get(`${request.method.toLowerCase()} ${path}`);
      const requestText = request.body ? await request.clone().text() : undefined;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (name === 'authorization' || name === 'content-type' || name === 'accept') headers[name] = value;
      });
      const record: ExchangeRecord = {
        id: `${file}#${(byFile.get(file)?.length ?? 0) + 1}`,
        file,
        ...(check ? { test: check.name } : {}),
        actor,
        ...(op ? { operationId: op.operationId } : {}),
        method: request.method,
        path,
        url: redactor.text(url.href),
        requestHeaders: redactor.headers(headers),
        ...(requestText ? { requestBody: cut(redactBody(redactor, requestText)) } : {}),
        ms: 0,
      };
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
      const pending = send(options.fetch, request, { timeoutMs });
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
      if (text !== '') record.responseBody = cut(redactBody(redactor, text));
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
