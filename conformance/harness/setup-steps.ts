// Set-up steps the checks share (scenarios, cases, sessions, tokens, the member), each finding what the source leaves
// open (source §1 envelope, §2 fields, "Fields returned for a token: not shown", "Format of metadata and expires_at:
// not shown") with engine/discovery.ts instead of assuming the contract's shape.
import type { ApiClient } from '../../client/index.js';
import { idOf, KINDS, type Kind, objectIn } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { dataOf, isSuccess, refusedNaming, sentStrings, usernameIn } from '../engine/payload.js';
import type { RunSettings } from '../engine/settings.js';
import { ensureSetup, expectSuccess, NotVerified, setupSuccess } from './assertions.js';
import { boardQuery, type CallInit, type Harness } from './harness.js';
import { type Board, type Found, listAll, type QaSession, reportsOf } from './list-readers.js';
import { discoverKey, discoverSecret } from './token-secret.js';

export interface Token {
  /** What the detail operations take as `key`. */
  key: string | number;
  /** The secret that authenticates under Bearer. */
  secret: string;
  title: string;
  /** The metadata as it was sent (an object, or its JSON text where the server takes text), if any. */
  metadata?: unknown;
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
  const answer = await h.call(client, 'createScenario', { query: boardQuery(board), body });
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

/**
 * Starts a session for the scenario. Its case reports come from the answer, or, where the answer does not carry them
 * (the source shows no response shapes), from the session as GET /features/qa/sessions/ lists it.
 */
export async function startSession(
  h: Harness,
  client: ApiClient,
  board: Board,
  scenarioId: number,
): Promise<QaSession> {
  const answer = await h.call(client, 'startSession', { query: boardQuery(board), body: { scenario_id: scenarioId } });
  setupSuccess(answer, 'QA-08', 'POST /features/qa/sessions/start/');
  const session = found(answer, 'session', 'POST /features/qa/sessions/start/');
  let reports = reportsOf(session);
  if (!reports) {
    const isIt = (s: Record<string, unknown>) => idOf(s, 'session') === session.id;
    const query = { ...board, is_active: true };
    const listed = (await listAll(h, client, 'listSessions', query, 'session', 'QA-09', (r) => r.some(isIt))).find(
      isIt,
    );
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
