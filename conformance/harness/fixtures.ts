// Steps the checks share (scenarios, cases, tokens, sessions, lists), each discovering what the source leaves open
// (source §1 envelope, §2 fields, "Fields returned for a token: not shown") instead of assuming the contract's shape.

import type { ApiClient } from '../../client/index.js';
import { isObject } from '../../contract/json.js';
import { CheckFailure, NotVerified } from '../engine/explain.js';
import type { Answer } from '../engine/recorder.js';
import type { CallInit, Harness } from './harness.js';

export { NotVerified };

import {
  dataOf,
  fieldsOf,
  idOf,
  numericId,
  objectOf,
  payloadNames,
  rowHolds,
  rowsOf,
  stringsIn,
  usernameIn,
} from '../engine/payload.js';

/** An object the server made, as it answered it, with its id found wherever the server put it. */
export type Found = Record<string, unknown> & { id: number };

export interface Board {
  company_id: number;
  board_id: number;
}

export interface Token {
  /** What the detail operations take as `key`. */
  key: string | number;
  /** The secret that authenticates under Bearer. */
  secret: string;
  title: string;
}

export interface Session extends Found {
  case_reports: Found[];
}

/** Fails a check with a message; the harness shows the exchange blamed last. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Stops a check whose setup step failed: the rule is not verified, and `blockedBy` is the rule that covers the step. */
export function ensureSetup(condition: unknown, blockedBy: string, message: string): asserts condition {
  if (!condition) throw new NotVerified(blockedBy, message);
}

const statusText = (a: Answer): string =>
  a.status === undefined ? (a.record.error ?? 'no answer') : `HTTP ${a.status}`;

const isSuccess = (a: Answer): boolean => a.status !== undefined && a.status >= 200 && a.status < 300;

/**
 * The answer is a success (any 2xx): the source shows no success status codes, so a MUST check must not demand 200 or
 * 201 (CONTRACT-02 holds the contract's exact codes).
 */
export function expectSuccess(answer: Answer, what: string): void {
  ensure(
    isSuccess(answer),
    `${what}: expected a 2xx success, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
}

/**
 * A setup step succeeded (any 2xx); otherwise the check is not verified, blocked by `blockedBy`. A step that got no
 * answer at all fails the check instead: the target did not answer, whichever rule the step belongs to.
 */
export function setupSuccess(answer: Answer, blockedBy: string, what: string): void {
  ensure(answer.status !== undefined, `${what}: ${statusText(answer)} (${answer.record.method} ${answer.record.path})`);
  ensureSetup(
    isSuccess(answer),
    blockedBy,
    `${what}: expected a 2xx success, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
}

/** The answer is one of `statuses`. */
export function expectStatus(answer: Answer, statuses: readonly number[], what: string): void {
  ensure(
    answer.status !== undefined && statuses.includes(answer.status),
    `${what}: expected ${statuses.join(' or ')}, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
}

/** The answer is a 4xx error payload; with `field`, the payload names it. */
export function expectRejected(answer: Answer, what: string, field?: string): void {
  const status = answer.status;
  ensure(
    status !== undefined && status >= 400 && status < 500,
    `${what}: expected a 4xx rejection, got ${statusText(answer)} (${answer.record.method} ${answer.record.path})`,
  );
  const body = answer.body;
  ensure(isObject(body) && body.status !== 'success', `${what}: the ${status} carries no error payload`);
  if (field !== undefined) {
    const fields = fieldsOf(answer);
    ensure(
      payloadNames(answer, field),
      `${what}: the ${status} error payload does not name ${field}, neither in errors[].field (${fields.length ? fields.join(', ') : 'none'}) nor as a member name or a word of a message`,
    );
  }
}

/** The object an answer is about, with its id; a missing id stops the check (CONTRACT-01: the shape is the contract's). */
function found(answer: Answer, name: string, idNames: readonly string[], what: string): Found {
  const object = objectOf(answer, name);
  const id = idOf(object, idNames);
  ensureSetup(
    object && id !== undefined,
    'CONTRACT-01',
    `${what} answered no ${name} with an id (looked in data.${name}, the one object in data, and data itself, for ${['id', ...idNames, 'pk'].join(', ')})`,
  );
  return { ...object, id };
}

export async function createScenario(
  h: Harness,
  client: ApiClient,
  board: Board,
  body: { title: string; parent_id: number | null; position?: number },
): Promise<Found> {
  const answer = await h.call(client, 'createScenario', { query: { ...board }, body });
  setupSuccess(answer, 'QA-01', 'POST /features/qa/scenarios/list/');
  return found(answer, 'scenario', ['scenario_id'], 'POST /features/qa/scenarios/list/');
}

/** The fields a test case is created with (source §4), besides its scenario. */
export function caseFields(title: string): Record<string, string> {
  return {
    title,
    description: 'Created by the conformance suite.',
    steps_to_reproduce: '1. Run the conformance suite.',
    expected_result: 'The suite deletes this case when it ends.',
  };
}

export async function createCase(
  h: Harness,
  client: ApiClient,
  board: Board,
  scenario: number,
  title: string,
): Promise<Found> {
  const answer = await h.callLoose(client, 'createCase', {
    query: { ...board },
    body: { scenario, ...caseFields(title) },
  });
  setupSuccess(answer, 'QA-04', 'POST /features/qa/cases/list/');
  return found(answer, 'case', ['case_id'], 'POST /features/qa/cases/list/');
}

/** The case reports of a session (source §2: "Each session carries a case_reports array"), each with its id. */
export function reportsOf(session: Record<string, unknown>): Found[] | undefined {
  const reports = session.case_reports;
  if (!Array.isArray(reports)) return undefined;
  const withIds = reports.filter(isObject).map((r) => ({ ...r, id: idOf(r, ['case_report_id']) }));
  return withIds.every((r): r is Found => r.id !== undefined) ? withIds : undefined;
}

export async function startSession(h: Harness, client: ApiClient, board: Board, scenarioId: number): Promise<Session> {
  const answer = await h.call(client, 'startSession', { query: { ...board }, body: { scenario_id: scenarioId } });
  setupSuccess(answer, 'QA-08', 'POST /features/qa/sessions/start/');
  const session = found(answer, 'session', ['session_id', 'sessions_id'], 'POST /features/qa/sessions/start/');
  const reports = reportsOf(session);
  ensureSetup(reports, 'QA-08', 'the started session has no case_reports array of reports with ids');
  return { ...session, case_reports: reports };
}

/** Where the secret of a created token sat, per check file: later tokens are looked for there first. */
const secretPlaces = new WeakMap<Harness, string>();

/** Strings that cannot be a Bearer credential, or are known to be something else. */
function couldBeSecret(value: string, title: string): boolean {
  return /^[\x21-\x7e]{6,}$/.test(value) && value !== title && value !== 'success' && Number.isNaN(Date.parse(value));
}

/** Member names a secret is likely to sit under come first: fewer requests to find it. */
function likeliness(name: string): number {
  if (name === 'token' || name === 'secret') return 0;
  if (/token|secret/i.test(name)) return 1;
  if (/key/i.test(name)) return 3;
  return 2;
}

/** At most this many strings of a token's creation answer are tried as its secret. */
const MAX_SECRET_TRIES = 12;

/**
 * The secret of a newly created, active token: the source does not show where the creation answer holds it, so every
 * string of the answer (any depth, any member) is sent as `Authorization: Bearer <string>` to GET /member/me/, the
 * place that worked before first; the one that authenticates is the secret.
 */
async function discoverSecret(h: Harness, answer: Answer, title: string): Promise<string> {
  const known = secretPlaces.get(h);
  const candidates = stringsIn(answer.body)
    .filter((s) => s.name !== 'status' && couldBeSecret(s.value, title))
    .sort(
      (a, b) =>
        Number(b.name === known) - Number(a.name === known) ||
        likeliness(a.name) - likeliness(b.name) ||
        b.value.length - a.value.length,
    )
    .slice(0, MAX_SECRET_TRIES);
  for (const candidate of candidates) {
    const me = await h.call(h.anonymous(), 'getMe', { headers: { Authorization: `Bearer ${candidate.value}` } });
    if (isSuccess(me)) {
      // Masked from here on wherever it shows up, whatever member the server put it under.
      h.redactor.add(candidate.value);
      secretPlaces.set(h, candidate.name);
      return candidate.value;
    }
  }
  h.blame(answer);
  throw new NotVerified(
    'TOKEN-02',
    `no string of the token creation answer (${candidates.length} tried, any member at any depth) authenticates under Bearer on GET /member/me/`,
  );
}

/**
 * What the detail operations take as `key` (source §2: "key | query (detail operations) | identifies the token"):
 * the created object's `key`; else each of its other strings and numbers, tried as `key` by renaming the token (a
 * harmless write) and reading the token list back for the new title.
 */
async function discoverKey(
  h: Harness,
  client: ApiClient,
  answer: Answer,
  secret: string,
  title: string,
): Promise<{ key: string | number; title: string }> {
  const object = objectOf(answer, 'token') ?? {};
  const key = object.key;
  if (typeof key === 'string' || typeof key === 'number') return { key, title };
  const candidates = Object.entries(object)
    .filter(([, v]) => (typeof v === 'string' || typeof v === 'number') && v !== secret && v !== title)
    .sort(([a], [b]) => Number(/id$|key/i.test(b)) - Number(/id$|key/i.test(a)));
  const renamed = `${title} (renamed)`;
  for (const [, value] of candidates) {
    const patch = await h.callLoose(client, 'updateApiToken', {
      query: { key: value },
      body: { title: renamed },
    });
    if (!isSuccess(patch)) continue;
    const rows = await listTokens(h, client);
    if (rows.some((r) => rowHolds(r, value) && isObject(r) && r.title === renamed)) {
      return { key: value as string | number, title: renamed };
    }
  }
  h.blame(answer);
  throw new NotVerified(
    'CONTRACT-01',
    'the token creation answer has no key member, and none of its other members renamed the token when sent as key',
  );
}

/** A new named API token of `client`'s account, with its key and its secret found wherever the answer puts them. */
export async function createToken(
  h: Harness,
  client: ApiClient,
  body: { title: string; is_active: true; expires_at?: string | null; metadata?: Record<string, unknown> },
): Promise<Token> {
  const answer = await h.call(client, 'createApiToken', { body });
  setupSuccess(answer, 'TOKEN-02', 'POST /member/bearer-tokens/');
  const secret = await discoverSecret(h, answer, body.title);
  const { key, title } = await discoverKey(h, client, answer, secret, body.title);
  return { key, secret, title };
}

/** Pages fetched at most by `listAll`. */
const MAX_PAGES = 50;
const PAGE_SIZE = 100;

/**
 * Every row of a list, page by page from page 1, wherever the answer puts its rows (`rowsOf`). Stops after an empty
 * page, after a page shorter than the longest so far, or after a page that repeats rows (a server that ignores page).
 * A list that cannot be read stops the check, blocked by `blockedBy`.
 */
export async function listAll(
  h: Harness,
  client: ApiClient,
  operationId: string,
  query: Record<string, unknown>,
  collection: string,
  blockedBy: string,
): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  const seen = new Set<string>();
  let longest = 0;
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await h.callLoose(client, operationId, { query: { ...query, page, limit: PAGE_SIZE } });
    setupSuccess(answer, blockedBy, `${answer.record.method} ${answer.record.path} page ${page}`);
    const got = rowsOf(answer, collection);
    ensureSetup(got, blockedBy, `${answer.record.path} holds no array of rows in data (data.${collection} or another)`);
    const fresh = got.filter(isObject).filter((r) => !seen.has(JSON.stringify(r)));
    for (const r of fresh) seen.add(JSON.stringify(r));
    rows.push(...fresh);
    const short = got.length < PAGE_SIZE && got.length < longest;
    longest = Math.max(longest, got.length);
    if (got.length === 0 || fresh.length === 0 || short) break;
  }
  return rows;
}

/** Every session of the board with this is_active value. */
export async function listSessions(h: Harness, client: ApiClient, board: Board, isActive: boolean): Promise<Session[]> {
  const rows = await listAll(h, client, 'listSessions', { ...board, is_active: isActive }, 'sessions', 'QA-09');
  return rows.flatMap((s) => {
    const id = idOf(s, ['session_id', 'sessions_id']);
    const reports = reportsOf(s) ?? [];
    return id === undefined ? [] : [{ ...s, id, case_reports: reports }];
  });
}

/** Every task of the board, with its id. */
export async function listTasks(h: Harness, client: ApiClient, board: Board): Promise<Found[]> {
  const rows = await listAll(h, client, 'listTasks', { ...board }, 'tasks', 'QA-15');
  return rows.flatMap((t) => {
    const id = idOf(t, ['task_id']);
    return id === undefined ? [] : [{ ...t, id }];
  });
}

/** Every scenario of the board, optionally only the children of `parentId`. */
export async function listScenarios(h: Harness, client: ApiClient, board: Board, parentId?: number): Promise<Found[]> {
  const query = { ...board, ...(parentId === undefined ? {} : { parent_id: parentId }) };
  const rows = await listAll(h, client, 'listScenarios', query, 'scenarios', 'QA-22');
  return rows.flatMap((s) => {
    const id = idOf(s, ['scenario_id']);
    return id === undefined ? [] : [{ ...s, id }];
  });
}

/** Every case of a scenario (source §2: scenario_id is the list filter). */
export async function listCases(h: Harness, client: ApiClient, board: Board, scenarioId: number): Promise<Found[]> {
  const rows = await listAll(h, client, 'listCases', { ...board, scenario_id: scenarioId }, 'cases', 'QA-05');
  return rows.flatMap((c) => {
    const id = idOf(c, ['case_id']);
    return id === undefined ? [] : [{ ...c, id }];
  });
}

/** Every named API token of the credential's account, as rows (source §2: fields returned for a token: not shown). */
export async function listTokens(h: Harness, client: ApiClient): Promise<Record<string, unknown>[]> {
  return listAll(h, client, 'listApiTokens', {}, 'tokens', 'TOKEN-03');
}

/** Reads one object (getScenario, getCase) and returns the answer and the object it holds, if any. */
export async function readObject(
  h: Harness,
  client: ApiClient,
  operationId: 'getScenario' | 'getCase',
  query: Record<string, unknown>,
): Promise<{ answer: Answer; object: Record<string, unknown> | undefined }> {
  const answer = await h.callLoose(client, operationId, { query });
  return {
    answer,
    object: isSuccess(answer) ? objectOf(answer, operationId === 'getCase' ? 'case' : 'scenario') : undefined,
  };
}

/** GET /member/me/ (with `init`, e.g. an explicit Authorization): fails unless it succeeds, returns the username. */
export async function whoAmI(
  h: Harness,
  client: ApiClient,
  what: string,
  init?: CallInit,
): Promise<string | undefined> {
  const answer = await h.call(client, 'getMe', init);
  expectSuccess(answer, what);
  return usernameIn(answer);
}

/** The member's numeric id as GET /member/me/ names it, if it does. */
export async function memberId(h: Harness, client: ApiClient): Promise<number | undefined> {
  const answer = await h.call(client, 'getMe');
  const data = dataOf(answer);
  return idOf(objectOf(answer, 'member')) ?? numericId(data?.id);
}

/** Waits a fixed time: only the token-expiry check needs it, for well under two seconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
