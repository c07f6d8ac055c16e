// Typed steps the checks share (scenarios, cases, tokens, sessions, tasks), each through the typed client and unwrap.
import { type ApiClient, type components, paginate, unwrap } from '../../client/index.js';
import { CheckFailure } from '../engine/explain.js';
import type { CallInit, Harness } from '../engine/harness.js';
import type { Answer } from '../engine/recorder.js';
import { fieldsOf, isObject, payloadNames, usernameIn } from './payload.js';

export type Scenario = components['schemas']['Scenario'];
export type Case = components['schemas']['Case'];
export type ApiToken = components['schemas']['ApiToken'];
export type CreatedToken = components['schemas']['ApiTokenWithSecret'];
export type Session = components['schemas']['Session'];
export type CaseReport = components['schemas']['CaseReport'];
export type Task = components['schemas']['Task'];

export interface Board {
  company_id: number;
  board_id: number;
}

/** Fails a check with a message; the harness shows the exchange blamed last. */
export function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new CheckFailure(message);
}

const statusText = (a: Answer): string =>
  a.status === undefined ? (a.record.error ?? 'no answer') : `HTTP ${a.status}`;

/**
 * The answer is a success (any 2xx): the source shows no success status codes, so a MUST check must not demand 200 or
 * 201 (CONTRACT-02 holds the contract's exact codes).
 */
export function expectSuccess(answer: Answer, what: string): void {
  ensure(
    answer.status !== undefined && answer.status >= 200 && answer.status < 300,
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

export async function createScenario(
  client: ApiClient,
  board: Board,
  body: { title: string; parent_id: number | null; position?: number },
): Promise<Scenario> {
  const data = await unwrap(client.POST('/features/qa/scenarios/list/', { params: { query: board }, body }));
  ensure(data?.scenario?.id, 'POST /features/qa/scenarios/list/ returned no data.scenario.id');
  return data.scenario;
}

export async function createCase(client: ApiClient, board: Board, scenario: number, title: string): Promise<Case> {
  const data = await unwrap(
    client.POST('/features/qa/cases/list/', {
      params: { query: board },
      body: {
        scenario,
        title,
        description: 'Created by the conformance suite.',
        steps_to_reproduce: '1. Run the conformance suite.',
        expected_result: 'The suite deletes this case when it ends.',
      },
    }),
  );
  ensure(data?.case?.id, 'POST /features/qa/cases/list/ returned no data.case.id');
  return data.case;
}

export async function createToken(
  client: ApiClient,
  body: { title: string; is_active: boolean; expires_at?: string | null; metadata?: Record<string, unknown> },
): Promise<CreatedToken> {
  const data = await unwrap(client.POST('/member/bearer-tokens/', { body }));
  const token = data?.token;
  ensure(
    typeof token?.key === 'string' && typeof token.token === 'string',
    'POST /member/bearer-tokens/ returned no data.token.key and data.token.token (the secret)',
  );
  return token;
}

export async function startSession(client: ApiClient, board: Board, scenarioId: number): Promise<Session> {
  const data = await unwrap(
    client.POST('/features/qa/sessions/start/', { params: { query: board }, body: { scenario_id: scenarioId } }),
  );
  ensure(data?.session?.id, 'POST /features/qa/sessions/start/ returned no data.session.id');
  return data.session;
}

/** Every session of the board with this is_active value, page by page. */
export async function listSessions(client: ApiClient, board: Board, isActive: boolean): Promise<Session[]> {
  const rows: Session[] = [];
  const pages = paginate(
    (page, limit) =>
      client.GET('/features/qa/sessions/', { params: { query: { ...board, is_active: isActive, page, limit } } }),
    'sessions',
    { limit: 100 },
  );
  for await (const row of pages) rows.push(row);
  return rows;
}

/** Every task of the board, page by page. */
export async function listTasks(client: ApiClient, board: Board): Promise<Task[]> {
  const rows: Task[] = [];
  const pages = paginate(
    (page, limit) => client.GET('/task/list/', { params: { query: { ...board, page, limit } } }),
    'tasks',
    { limit: 100 },
  );
  for await (const row of pages) rows.push(row);
  return rows;
}

/** Every scenario of the board, page by page, optionally only the children of `parentId`. */
export async function listScenarios(client: ApiClient, board: Board, parentId?: number): Promise<Scenario[]> {
  const rows: Scenario[] = [];
  const pages = paginate(
    (page, limit) =>
      client.GET('/features/qa/scenarios/list/', {
        params: { query: { ...board, page, limit, ...(parentId === undefined ? {} : { parent_id: parentId }) } },
      }),
    'scenarios',
    { limit: 100 },
  );
  for await (const row of pages) rows.push(row);
  return rows;
}

/** Every named API token of the credential's account, page by page. */
export async function listTokens(client: ApiClient): Promise<ApiToken[]> {
  const rows: ApiToken[] = [];
  const pages = paginate(
    (page, limit) => client.GET('/member/bearer-tokens/', { params: { query: { page, limit } } }),
    'tokens',
    { limit: 100 },
  );
  for await (const row of pages) rows.push(row);
  return rows;
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

/** Waits a fixed time: only the token-expiry check needs it, for well under two seconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
