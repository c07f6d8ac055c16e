// The recording fetch injected into the typed client: per-request timeout, response check against openapi.yaml, and a
// redacted record of every exchange for coverage, failure details and clean-up (issue 3 §3 and §4).
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { OperationSpec } from '../contract/openapi.js';
import { type ContractValidators, createValidators } from '../contract/validators.js';
import {
  EXCHANGES_FILE,
  type ExchangeRecord,
  LEDGER_FILE,
  type LedgerEntry,
  STOP_FILE,
  type Verdicts,
} from './exchange.js';
import { type Redactor, redactBody } from './redact.js';

/** Bodies longer than this are cut in records: enough to read a failure, small enough for a report. */
const BODY_LIMIT = 2000;
/** After this many timeouts in a row the target counts as hung, and later requests fail at once. */
const HUNG_AFTER = 3;

/** The full answer, kept in memory for the checks (never written anywhere). */
export interface Answer {
  record: ExchangeRecord;
  status: number | undefined;
  /** Parsed JSON body; the raw text when it is not JSON; undefined when empty or absent. */
  body: unknown;
}

export interface RecorderOptions {
  baseUrl: string;
  /** The check file, e.g. `auth.check.ts`. */
  file: string;
  timeoutMs: number;
  redactor: Redactor;
  /** Run directory the records are appended to; none keeps them in memory only. */
  runDir?: string;
  /**
   * The profile's board: where the clean-up looks for an object created by a request that named no company_id or
   * board_id (which only a broken server accepts, typically by defaulting to some board).
   */
  board?: { companyId: number; boardId: number };
  validators?: ContractValidators;
}

export interface Recorder {
  /** A fetch that sends as `actor` (a label in records and the clean-up ledger). */
  fetch(actor: string): typeof globalThis.fetch;
  /** Every answer so far, in order. */
  readonly answers: readonly Answer[];
  /** The check currently running; undefined in setup and clean-up. */
  test: string | undefined;
  /** The answers a check received. */
  answersOf(test: string): Answer[];
  /** Resources created and not yet seen deleted, oldest first. */
  outstanding(): LedgerEntry[];
}

const jsonType = (contentType: string | null): boolean => /^application\/([\w.+-]*\+)?json\b/i.test(contentType ?? '');

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function cut(text: string): string {
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}… (${text.length} characters)` : text;
}

/** Finds the contract operation a request addresses, from its method and path (relative to the base path). */
function matchOperation(operations: OperationSpec[], method: string, path: string): OperationSpec | undefined {
  const m = method.toLowerCase();
  return operations.find((o) => o.method === m && o.path === path);
}

function judge(
  validators: ContractValidators,
  op: OperationSpec | undefined,
  status: number,
  contentType: string | null,
  text: string,
  body: unknown,
  parsed: boolean,
): Verdicts {
  const verdicts: Verdicts = { contract: [], explicit: true };
  if (op) {
    verdicts.explicit = validators.declares(op.operationId, status);
    if (text !== '' && !parsed) verdicts.contract = ['body: is not JSON'];
    else {
      const found = validators.response(op.operationId, status, text === '' ? undefined : body);
      verdicts.contract =
        found === undefined
          ? [`status ${status} is not declared`]
          : found.map((e) => `${e.field ? `${e.field}: ` : ''}${e.message}`);
    }
  }
  if (text !== '' && !jsonType(contentType)) verdicts.contentType = `Content-Type is ${contentType ?? 'missing'}`;
  if (status === 204 && text === '') {
    // ENV-01: source §1 "Some operations, such as deletion, may return no data object"; 204 No Content is the HTTP
    // way to return nothing, so an empty 204 is no envelope violation (CONTRACT-01/02 judge it against the contract).
  } else if (status >= 200 && status < 300) {
    if (!parsed || !isObject(body))
      verdicts.envelope = text === '' ? 'the body is empty' : 'the body is not a JSON object';
    else if (body.status !== 'success') verdicts.envelope = `status is ${JSON.stringify(body.status)}, not "success"`;
    else if (body.data !== undefined && !isObject(body.data)) verdicts.envelope = 'data is not an object';
  } else if (status >= 400) {
    if (!parsed || !isObject(body))
      verdicts.errorPayload = text === '' ? 'the body is empty' : 'the body is not a JSON object';
    else if (body.status === 'success') verdicts.errorPayload = 'a failure says status "success"';
  }
  return verdicts;
}

/** What a successful answer tells about resources created or deleted (for clean-up). */
function ledgerOf(
  op: OperationSpec,
  url: URL,
  status: number,
  body: unknown,
  actor: string,
  fallback: { companyId: number; boardId: number } | undefined,
): LedgerEntry | undefined {
  if (status < 200 || status >= 300) return undefined;
  const data = isObject(body) && isObject(body.data) ? body.data : {};
  const q = url.searchParams;
  const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
  const idIn = (name: string, otherwise: number | undefined): number => {
    const raw = q.get(name);
    return raw !== null && /^\d+$/.test(raw) ? Number(raw) : (otherwise ?? 0);
  };
  const board = { companyId: idIn('company_id', fallback?.companyId), boardId: idIn('board_id', fallback?.boardId) };
  switch (op.operationId) {
    case 'createScenario': {
      const id = num(isObject(data.scenario) ? data.scenario.id : undefined);
      return id === undefined ? undefined : { event: 'created', kind: 'scenario', id, ...board, actor };
    }
    case 'deleteScenario':
      return { event: 'deleted', kind: 'scenario', id: Number(q.get('scenario_id')), ...board, actor };
    case 'createCase': {
      const id = num(isObject(data.case) ? data.case.id : undefined);
      return id === undefined ? undefined : { event: 'created', kind: 'case', id, ...board, actor };
    }
    case 'deleteCase':
      return { event: 'deleted', kind: 'case', id: Number(q.get('case_id')), ...board, actor };
    case 'createApiToken': {
      const key = isObject(data.token) ? data.token.key : undefined;
      return typeof key === 'string' ? { event: 'created', kind: 'token', key, actor } : undefined;
    }
    case 'deleteApiToken':
      return { event: 'deleted', kind: 'token', key: q.get('key') ?? '', actor };
    case 'recordCaseOutcome': {
      const taskId = num(isObject(data.case_report) ? data.case_report.task_id : undefined);
      return taskId === undefined ? undefined : { event: 'created', kind: 'task', id: taskId, ...board, actor };
    }
    case 'register': {
      const username = isObject(data.member) ? data.member.username : undefined;
      return typeof username === 'string' ? { event: 'created', kind: 'account', username, actor } : undefined;
    }
    default:
      return undefined;
  }
}

const sameResource = (a: LedgerEntry, b: LedgerEntry): boolean =>
  a.kind === b.kind &&
  (a.kind === 'token'
    ? a.key === (b as { key: string }).key
    : a.kind !== 'account' && a.id === (b as { id: number }).id);

export function createRecorder(options: RecorderOptions): Recorder {
  const { file, timeoutMs, redactor, runDir } = options;
  const validators = options.validators ?? createValidators();
  const operations = validators.contract.operations;
  const basePath = new URL(options.baseUrl).pathname.replace(/\/+$/, '');
  const answers: Answer[] = [];
  const ledger: LedgerEntry[] = [];
  let seq = 0;
  let timeoutsInARow = 0;

  const append = (name: string, value: unknown): void => {
    if (runDir) appendFileSync(join(runDir, name), `${JSON.stringify(value)}\n`);
  };

  const recorder: Recorder = {
    test: undefined,
    answers,
    answersOf: (test) => answers.filter((a) => a.record.test === test),
    outstanding() {
      const open: LedgerEntry[] = [];
      for (const entry of ledger) {
        if (entry.event === 'created') open.push(entry);
        else {
          const i = open.findIndex((o) => sameResource(o, entry));
          if (i >= 0) open.splice(i, 1);
        }
      }
      return open;
    },
    fetch: (actor) => async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.startsWith(`${basePath}/`) ? url.pathname.slice(basePath.length) : url.pathname;
      const op = matchOperation(operations, request.method, path);
      const requestText = request.body ? await request.clone().text() : undefined;
      const headers: Record<string, string> = {};
      request.headers.forEach((value, name) => {
        if (name === 'authorization' || name === 'content-type' || name === 'accept') headers[name] = value;
      });
      const record: ExchangeRecord = {
        id: `${file}#${++seq}`,
        file,
        ...(recorder.test === undefined ? {} : { test: recorder.test }),
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
      const finish = (answer: Omit<Answer, 'record'>): Answer => {
        record.ms = Math.round(performance.now() - started);
        const full: Answer = { record, ...answer };
        answers.push(full);
        append(EXCHANGES_FILE(file), record);
        return full;
      };
      if (runDir && existsSync(join(runDir, STOP_FILE))) {
        record.error = 'not sent: the run was stopped';
        finish({ status: undefined, body: undefined });
        throw new TypeError(`${request.method} ${path}: ${record.error}`);
      }
      if (timeoutsInARow >= HUNG_AFTER) {
        record.error = `not sent: the target timed out ${HUNG_AFTER} times in a row`;
        finish({ status: undefined, body: undefined });
        throw new TypeError(`${request.method} ${path}: ${record.error}`);
      }
      const timeout = AbortSignal.timeout(timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(new Request(request, { signal: AbortSignal.any([request.signal, timeout]) }));
        text = await response.clone().text();
      } catch (error) {
        // The client's own timeout may fire first: either one means the target did not answer in time.
        const timedOut = timeout.aborted || request.signal.aborted || (error as Error).name === 'TimeoutError';
        if (timedOut) timeoutsInARow++;
        record.error = timedOut
          ? `no answer within ${timeoutMs} ms`
          : `network error: ${redactor.text(String((error as Error).cause ?? (error as Error).message))}`;
        finish({ status: undefined, body: undefined });
        throw error;
      }
      timeoutsInARow = 0;
      let body: unknown;
      let parsed = false;
      if (text !== '') {
        try {
          body = JSON.parse(text);
          parsed = true;
        } catch {
          body = text;
        }
      }
      redactor.learn(body);
      const contentType = response.headers.get('content-type');
      record.status = response.status;
      record.responseHeaders = {};
      if (contentType) record.responseHeaders['content-type'] = contentType;
      const location = response.headers.get('location');
      if (location) record.responseHeaders.location = redactor.text(location);
      const date = response.headers.get('date');
      if (date) record.responseHeaders.date = date;
      if (text !== '') record.responseBody = cut(redactBody(redactor, text));
      record.verdicts = judge(validators, op, response.status, contentType, text, body, parsed);
      const found = op ? ledgerOf(op, url, response.status, body, actor, options.board) : undefined;
      const entry = found?.kind === 'token' ? { ...found, shownKey: redactor.text(found.key) } : found;
      if (entry) {
        ledger.push(entry);
        append(LEDGER_FILE(file), entry);
      }
      finish({ status: response.status, body });
      return response;
    },
  };
  return recorder;
}
