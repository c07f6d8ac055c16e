// Steps the checks share (scenarios, cases, tokens, sessions, lists), each finding what the source leaves open
// (source §1 envelope, §2 fields, "Fields returned for a token: not shown", "Format of metadata and expires_at: not
// shown") with engine/discovery.ts instead of assuming the contract's shape.

import type { ApiClient } from '../../client/index.js';
import { isObject } from '../../contract/json.js';
import { derived, idOf, KINDS, type Kind, objectIn, pageOf, walkList } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange.js';
import { CheckFailure, NotVerified } from '../engine/explain.js';
import {
  dataOf,
  fieldsOf,
  isSuccess,
  payloadNames,
  rowHolds,
  sentStrings,
  stringsIn,
  usernameIn,
} from '../engine/payload.js';
import type { RunSettings } from '../engine/settings.js';
import type { CallInit, Harness } from './harness.js';

export { NotVerified };

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
  /** The metadata as it was sent (an object, or its JSON text where the server takes text), if any. */
  metadata?: unknown;
}

export interface Session extends Found {
  case_reports: Found[];
}

/** Fails a check with a message; the harness shows the exchange blamed last. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

/** Shows, should the check fail now, the list page a row was read from (the exchange that decided). */
export function blameRow(h: Harness, row: unknown): void {
  const page = pageOf<Answer>(row);
  if (page) h.blame(page);
}

/** Fails, showing the page it was listed on, when a row matches: the list holds what it must not. */
export function ensureNone<T>(h: Harness, rows: readonly T[], matches: (row: T) => boolean, message: string): void {
  const row = rows.find(matches);
  if (row === undefined) return;
  blameRow(h, row);
  throw new CheckFailure(message);
}

/** Stops a check whose setup step failed: the rule is not verified, and `blockedBy` is the rule that covers the step. */
export function ensureSetup(condition: unknown, blockedBy: string, message: string): asserts condition {
  if (!condition) throw new NotVerified(blockedBy, message);
}

const statusText = (a: Answer): string =>
  a.status === undefined ? (a.record.error ?? 'no answer') : `HTTP ${a.status}`;

/** A 4xx other than 401 (credentials), 403 and 404 (scope): a refusal of what the request says. */
const refusedForContent = (a: Answer): boolean =>
  a.status !== undefined && a.status >= 400 && a.status < 500 && ![401, 403, 404].includes(a.status);

/** A refusal that names `field`: the server wants that field otherwise (a format or a vocabulary of its own). */
export const refusedNaming = (a: Answer, field: string): boolean => refusedForContent(a) && payloadNames(a, field);

/**
 * The answer is a success (any 2xx): the source shows no success status codes, so a MUST check must not demand 200 or
 * 201 (CONTRACT-02 holds the contract's exact codes).
 */
export function expectSuccess(answer: Answer, what: string): void {
  ensure(
    isSuccess(answer.status),
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
    isSuccess(answer.status),
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
function found(answer: Answer, kind: Kind, what: string): Found {
  const object = objectIn(answer.body, kind);
  const id = idOf(object, kind);
  ensureSetup(
    object && id !== undefined,
    'CONTRACT-01',
    `${what} answered no ${kind} with an id (looked in data.${KINDS[kind].object}, data itself and the objects in data, for ${['id', ...KINDS[kind].ids, 'pk'].join(', ')})`,
  );
  return { ...object, id };
}

/** The contract's example value of a schema of components (its choice where the source shows no vocabulary). */
function contractExample(h: Harness, schema: string): string {
  const components = h.contract.document.components as { schemas?: Record<string, { example?: unknown }> };
  const example = components.schemas?.[schema]?.example;
  if (typeof example !== 'string') throw new Error(`openapi.yaml gives no example for components.schemas.${schema}`);
  return example;
}

/** The severity and priority a bug outcome carries (source §2: "allowed values: not shown"). */
export interface BugVocabulary {
  severity: string;
  priority: string;
  /** Whether the profile named them; otherwise they are the contract's examples. */
  fromProfile: boolean;
}

export function bugVocabulary(h: Harness): BugVocabulary {
  const { severity, priority } = h.run.profile;
  return {
    severity: severity ?? contractExample(h, 'Severity'),
    priority: priority ?? contractExample(h, 'Priority'),
    fromProfile: severity !== undefined || priority !== undefined,
  };
}

/**
 * Stops the check, not verified, when the target refused a bug outcome for the severity or priority the suite chose
 * itself (the contract's examples): only the profile can name the target's own values. GEN-03 judges whether the
 * target accepts the values the contract allows.
 */
export function ensureVocabulary(h: Harness, answer: Answer): void {
  const vocabulary = bugVocabulary(h);
  if (vocabulary.fromProfile) return;
  const named = ['severity', 'priority'].filter((field) => refusedNaming(answer, field));
  if (named.length === 0) return;
  throw new NotVerified(
    'GEN-03',
    `the target refused a bug outcome naming ${named.join(' and ')} for severity ${JSON.stringify(vocabulary.severity)} and priority ${JSON.stringify(vocabulary.priority)}, the contract's examples (the source shows no allowed values): name values it accepts in the profile's severity and priority (CONFORMANCE_SEVERITY, CONFORMANCE_PRIORITY)`,
  );
}

export async function createScenario(
  h: Harness,
  client: ApiClient,
  board: Board,
  body: { title: string; parent_id: number | null; position?: number },
): Promise<Found> {
  const answer = await h.call(client, 'createScenario', { query: { ...board }, body });
  setupSuccess(answer, 'QA-01', 'POST /features/qa/scenarios/list/');
  return found(answer, 'scenario', 'POST /features/qa/scenarios/list/');
}

/** The fields a test case is created with (source §4), besides its scenario: each carries the run marker. */
export function caseFields(title: string, marker: string): Record<string, string> {
  return {
    title,
    description: `Created by the conformance suite, run ${marker}.`,
    steps_to_reproduce: `1. Run the conformance suite (run ${marker}).`,
    expected_result: `The suite deletes this case when run ${marker} ends.`,
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
    body: { scenario, ...caseFields(title, h.marker) },
  });
  setupSuccess(answer, 'QA-04', 'POST /features/qa/cases/list/');
  return found(answer, 'case', 'POST /features/qa/cases/list/');
}

/** The case reports of a session (source §2: "Each session carries a case_reports array"), each with its id. */
export function reportsOf(session: Record<string, unknown>): Found[] | undefined {
  const reports = session.case_reports;
  if (!Array.isArray(reports)) return undefined;
  const withIds = reports.filter(isObject).map((r) => ({ ...r, id: idOf(r, 'case_report') }));
  return withIds.every((r): r is Found => r.id !== undefined) ? withIds : undefined;
}

/**
 * Starts a session for the scenario. Its case reports come from the answer, or, where the answer does not carry them
 * (the source shows no response shapes), from the session as GET /features/qa/sessions/ lists it.
 */
export async function startSession(h: Harness, client: ApiClient, board: Board, scenarioId: number): Promise<Session> {
  const answer = await h.call(client, 'startSession', { query: { ...board }, body: { scenario_id: scenarioId } });
  setupSuccess(answer, 'QA-08', 'POST /features/qa/sessions/start/');
  const session = found(answer, 'session', 'POST /features/qa/sessions/start/');
  let reports = reportsOf(session);
  if (!reports) {
    const rows = await listAll(h, client, 'listSessions', { ...board, is_active: true }, 'session', 'QA-09');
    const listed = rows.find((s) => idOf(s, 'session') === session.id);
    reports = listed ? reportsOf(listed) : undefined;
  }
  h.blame(answer);
  ensureSetup(
    reports,
    'QA-08',
    'the started session has no case_reports array of reports with ids, neither in the answer nor in GET /features/qa/sessions/?is_active=true',
  );
  return { ...session, case_reports: reports };
}

/** How a run's target takes what the source gives no format for, once found: tried in this order (`FORMATS`). */
interface Formats {
  metadata: number;
  expiresAt: number;
}

/** Per run: the first format each run tries is the one that worked last in it. */
const formatsByRun = new WeakMap<RunSettings, Formats>();

const formatsOf = (h: Harness): Formats => {
  let formats = formatsByRun.get(h.run);
  if (!formats) {
    formats = { metadata: 0, expiresAt: 0 };
    formatsByRun.set(h.run, formats);
  }
  return formats;
};

/** Source §2: "Format of metadata and expires_at: not shown". A JSON object of strings, else its JSON text. */
const METADATA_FORMATS: readonly ((m: Record<string, string>) => unknown)[] = [(m) => m, (m) => JSON.stringify(m)];
/** An RFC 3339 date-time in UTC, else Unix seconds. */
const EXPIRES_AT_FORMATS: readonly ((ms: number) => unknown)[] = [
  (ms) => new Date(ms).toISOString(),
  (ms) => Math.floor(ms / 1000),
];

/** The first format not yet tried, if any. */
const untried = (count: number, tried: Set<number>): number | undefined =>
  [...Array(count).keys()].find((i) => !tried.has(i));

/**
 * Sends a token write whose `metadata` and `expires_at` may need a format of the target's own: a refusal naming one of
 * them sends the request again with its next format (the request was refused, so nothing was written). The formats of
 * a write that succeeded are tried first by the rest of the run.
 */
export async function sendTokenWrite(
  h: Harness,
  send: (fields: Record<string, unknown>) => Promise<Answer>,
  values: { metadata?: Record<string, string>; expiresAt?: number },
): Promise<{ answer: Answer; sent: Record<string, unknown> }> {
  const formats = formatsOf(h);
  let { metadata, expiresAt } = formats;
  const tried = { metadata: new Set([metadata]), expiresAt: new Set([expiresAt]) };
  for (;;) {
    const sent: Record<string, unknown> = {};
    if (values.metadata) sent.metadata = METADATA_FORMATS[metadata]?.(values.metadata);
    if (values.expiresAt !== undefined) sent.expires_at = EXPIRES_AT_FORMATS[expiresAt]?.(values.expiresAt);
    const answer = await send(sent);
    const nextMetadata =
      values.metadata && refusedNaming(answer, 'metadata')
        ? untried(METADATA_FORMATS.length, tried.metadata)
        : undefined;
    const nextExpiresAt =
      values.expiresAt !== undefined && refusedNaming(answer, 'expires_at')
        ? untried(EXPIRES_AT_FORMATS.length, tried.expiresAt)
        : undefined;
    if (nextMetadata !== undefined) {
      metadata = nextMetadata;
      tried.metadata.add(metadata);
    } else if (nextExpiresAt !== undefined) {
      expiresAt = nextExpiresAt;
      tried.expiresAt.add(expiresAt);
    } else {
      if (isSuccess(answer.status)) {
        if (values.metadata) formats.metadata = metadata;
        if (values.expiresAt !== undefined) formats.expiresAt = expiresAt;
      }
      return { answer, sent };
    }
  }
}

/** Where the secret of a created token sat, per check file: later tokens are looked for there first. */
const secretPlaces = new WeakMap<Harness, string>();

/** Strings that cannot be a Bearer credential, or are known to be something else. */
function couldBeSecret(value: string, sent: ReadonlySet<string>): boolean {
  return /^[\x21-\x7e]{6,}$/.test(value) && !sent.has(value) && value !== 'success' && Number.isNaN(Date.parse(value));
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
 * string of the answer (any depth, any member) but those the suite sent is sent as `Authorization: Bearer <string>` to
 * GET /member/me/, the place that worked before first; the one that authenticates is the secret.
 */
async function discoverSecret(h: Harness, answer: Answer, sent: ReadonlySet<string>): Promise<string> {
  const known = secretPlaces.get(h);
  const candidates = stringsIn(answer.body)
    .filter((s) => s.name !== 'status' && couldBeSecret(s.value, sent))
    .sort(
      (a, b) =>
        Number(b.name === known) - Number(a.name === known) ||
        likeliness(a.name) - likeliness(b.name) ||
        b.value.length - a.value.length,
    )
    .slice(0, MAX_SECRET_TRIES);
  for (const candidate of candidates) {
    const me = await h.call(h.anonymous(), 'getMe', { headers: { Authorization: `Bearer ${candidate.value}` } });
    if (isSuccess(me.status)) {
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
  const object = objectIn(answer.body, 'token') ?? {};
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
    if (!isSuccess(patch.status)) continue;
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

/**
 * A new, active named API token of `client`'s account, with its key and its secret found wherever the answer puts
 * them. Its metadata carries the run marker (besides its title), and `expiresAt` (ms since the epoch) sets its expiry.
 */
export async function createToken(
  h: Harness,
  client: ApiClient,
  body: { title: string; metadata?: Record<string, string>; expiresAt?: number },
): Promise<Token> {
  const metadata = body.metadata ?? { conformance_run: h.marker };
  const { answer, sent } = await sendTokenWrite(
    h,
    (fields) => h.callLoose(client, 'createApiToken', { body: { title: body.title, is_active: true, ...fields } }),
    { metadata, ...(body.expiresAt === undefined ? {} : { expiresAt: body.expiresAt }) },
  );
  setupSuccess(answer, 'TOKEN-02', 'POST /member/bearer-tokens/');
  const secret = await discoverSecret(h, answer, sentStrings([sent, metadata, body.title, h.marker]));
  const { key, title } = await discoverKey(h, client, answer, secret, body.title);
  return { key, secret, title, ...(body.metadata ? { metadata: sent.metadata } : {}) };
}

/**
 * Every row of a list (engine/discovery.ts `walkList`), sent as the check's requests. The first page is the one shown
 * should the check then fail on what the list lacks; `ensureNone` and `blameRow` show the page a row came from. A
 * list that cannot be read stops the check, blocked by `blockedBy`.
 */
export async function listAll(
  h: Harness,
  client: ApiClient,
  operationId: string,
  query: Record<string, unknown>,
  kind: Kind,
  blockedBy: string,
): Promise<Record<string, unknown>[]> {
  const walk = await walkList(
    (page, limit) =>
      h.callLoose(client, operationId, { query: { ...query, page, ...(limit === undefined ? {} : { limit }) } }),
    kind,
  );
  if (!walk.ok) {
    const what = `${walk.page.record.method} ${walk.page.record.path}`;
    h.blame(walk.page);
    setupSuccess(walk.page, blockedBy, what);
    throw new NotVerified(blockedBy, `${what}: ${walk.why}`);
  }
  h.blame(walk.pages.find((p) => isSuccess(p.status)));
  return walk.rows;
}

/** Rows of `kind` with their id spelled out as `id` (rows without one are left out). */
function withIds(rows: readonly Record<string, unknown>[], kind: Kind): Found[] {
  return rows.flatMap((row) => {
    const id = idOf(row, kind);
    return id === undefined ? [] : [derived(row, { ...row, id })];
  });
}

/** Every session of the board with this is_active value. */
export async function listSessions(h: Harness, client: ApiClient, board: Board, isActive: boolean): Promise<Session[]> {
  const rows = await listAll(h, client, 'listSessions', { ...board, is_active: isActive }, 'session', 'QA-09');
  return withIds(rows, 'session').map((s) => derived(s, { ...s, case_reports: reportsOf(s) ?? [] }));
}

/** Every task of the board, with its id. */
export async function listTasks(h: Harness, client: ApiClient, board: Board): Promise<Found[]> {
  return withIds(await listAll(h, client, 'listTasks', { ...board }, 'task', 'QA-15'), 'task');
}

/** Every scenario of the board, optionally only the children of `parentId`. */
export async function listScenarios(h: Harness, client: ApiClient, board: Board, parentId?: number): Promise<Found[]> {
  const query = { ...board, ...(parentId === undefined ? {} : { parent_id: parentId }) };
  return withIds(await listAll(h, client, 'listScenarios', query, 'scenario', 'QA-22'), 'scenario');
}

/** Every case of a scenario (source §2: scenario_id is the list filter). */
export async function listCases(h: Harness, client: ApiClient, board: Board, scenarioId: number): Promise<Found[]> {
  const rows = await listAll(h, client, 'listCases', { ...board, scenario_id: scenarioId }, 'case', 'QA-05');
  return withIds(rows, 'case');
}

/** Every named API token of the credential's account, as rows (source §2: fields returned for a token: not shown). */
export async function listTokens(h: Harness, client: ApiClient): Promise<Record<string, unknown>[]> {
  return listAll(h, client, 'listApiTokens', {}, 'token', 'TOKEN-03');
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
    object: isSuccess(answer.status)
      ? objectIn(answer.body, operationId === 'getCase' ? 'case' : 'scenario')
      : undefined,
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
  return idOf(objectIn(answer.body, 'member'), 'member') ?? idOf(dataOf(answer.body), 'member');
}

/** Waits a given time: only the token-expiry check needs it. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
