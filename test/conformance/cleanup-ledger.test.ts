// The clean-up ledger (docs/conformance.md, "What it leaves behind"): which answer tells the clean-up that the run
// created or deleted what, with the ids and relations it needs to delete it, and which list a creation may have added
// to when its outcome is unknown. Table-driven over the contract's own operations.
import { describe, expect, it } from 'vitest';
import { ledgerOf, placeOf } from '../../conformance/engine/cleanup-ledger.js';
import { loadContract, type OperationSpec } from '../../contract/openapi.js';

const contract = loadContract();
const op = (operationId: string): OperationSpec => {
  const found = contract.byId.get(operationId);
  if (!found) throw new Error(`no operation ${operationId} in the contract`);
  return found;
};
const BASE = 'http://api.invalid/api';
const ON_BOARD = `${BASE}/x/?company_id=1&board_id=2`;
const BOARD = { companyId: 1, boardId: 2 };
const FALLBACK = { companyId: 7, boardId: 8 };
/** A success envelope around `data`. */
const ok = (data: object) => ({ status: 'success', data });

const ledger = (
  operationId: string,
  body: unknown,
  sent?: unknown,
  options: { url?: string; status?: number; fallback?: typeof FALLBACK } = {},
) =>
  ledgerOf(
    op(operationId),
    new URL(options.url ?? ON_BOARD),
    options.status ?? 201,
    body,
    sent === undefined ? undefined : JSON.stringify(sent),
    'member',
    options.fallback,
  );

describe('ledgerOf: what a successful answer created or deleted', () => {
  it.each([199, 300, 404, 500])('an answer %i records nothing', (status) => {
    expect(ledger('createScenario', ok({ scenario: { id: 5 } }), {}, { status })).toBeUndefined();
  });

  it.each([200, 299])('an answer %i records the creation', (status) => {
    expect(ledger('createScenario', ok({ scenario: { id: 5 } }), {}, { status })).toStrictEqual({
      event: 'created',
      kind: 'scenario',
      id: 5,
      ...BOARD,
      actor: 'member',
    });
  });

  it('a scenario keeps the parent the request named, else the one its answer names, else none', () => {
    const answer = ok({ scenario: { id: 5, parent_id: 4 } });
    expect(ledger('createScenario', answer, { parent_id: 3 })).toMatchObject({ id: 5, parentId: 3 });
    expect(ledger('createScenario', answer, { title: 't' })).toMatchObject({ id: 5, parentId: 4 });
    expect(ledger('createScenario', answer, 'not an object')).toMatchObject({ id: 5, parentId: 4 });
    const orphan = ledger('createScenario', ok({ scenario: { id: 5 } }), { title: 't' });
    expect(orphan).toBeDefined();
    expect(orphan).not.toHaveProperty('parentId');
  });

  it('a 2xx creation with no success payload (no body, or an error envelope) records nothing', () => {
    for (const body of [undefined, 'created', { status: 'error', errors: [] }]) {
      for (const id of ['createScenario', 'createCase', 'startSession', 'createApiToken']) {
        expect(ledger(id, body, {}), `${id} ${JSON.stringify(body)}`).toBeUndefined();
      }
      expect(ledger('recordCaseOutcome', body, { status: 'bug' })).toBeUndefined();
    }
  });

  it('a creation whose answer carries no id records nothing', () => {
    for (const id of ['createScenario', 'createCase', 'startSession']) {
      expect(ledger(id, ok({ note: 'made' }), {})).toBeUndefined();
    }
    expect(ledger('createApiToken', ok({ token: { title: 'no key' } }))).toBeUndefined();
    expect(ledger('recordCaseOutcome', ok({ case_report: { task_id: null } }), { status: 'bug' })).toBeUndefined();
    expect(ledger('register', ok({}), { username: 42 })).toBeUndefined();
    expect(ledger('register', ok({}), 'ada')).toBeUndefined();
  });

  it('a case keeps its scenario from the request, else from the answer (scenario or scenario_id)', () => {
    expect(ledger('createCase', ok({ case: { id: 9, scenario: 6 } }), { scenario: 5 })).toStrictEqual({
      event: 'created',
      kind: 'case',
      id: 9,
      ...BOARD,
      actor: 'member',
      scenarioId: 5,
    });
    expect(ledger('createCase', ok({ case: { id: 9, scenario: 6 } }), {})).toMatchObject({ scenarioId: 6 });
    expect(ledger('createCase', ok({ case: { id: 9, scenario_id: '7' } }), {})).toMatchObject({
      scenarioId: 7,
    });
    expect(ledger('createCase', ok({ case: { id: 9 } }), {})).not.toHaveProperty('scenarioId');
  });

  it('a session keeps its scenario from the request, else from the answer', () => {
    expect(ledger('startSession', ok({ session: { id: 3, scenario_id: 6 } }), { scenario_id: 5 })).toStrictEqual({
      event: 'created',
      kind: 'session',
      id: 3,
      ...BOARD,
      actor: 'member',
      scenarioId: 5,
    });
    expect(ledger('startSession', ok({ session: { id: 3, scenario_id: 6 } }), {})).toMatchObject({
      scenarioId: 6,
    });
    expect(ledger('startSession', ok({ session: { id: 3 } }), {})).not.toHaveProperty('scenarioId');
  });

  it('deletes name the object by the id in their query', () => {
    expect(
      ledger('deleteScenario', undefined, undefined, { url: `${ON_BOARD}&scenario_id=12`, status: 204 }),
    ).toStrictEqual({ event: 'deleted', kind: 'scenario', id: 12, ...BOARD, actor: 'member' });
    expect(ledger('deleteCase', undefined, undefined, { url: `${ON_BOARD}&case_id=13`, status: 200 })).toStrictEqual({
      event: 'deleted',
      kind: 'case',
      id: 13,
      ...BOARD,
      actor: 'member',
    });
    expect(ledger('deleteApiToken', undefined, undefined, { url: `${BASE}/t/?key=abc`, status: 204 })).toStrictEqual({
      event: 'deleted',
      kind: 'token',
      key: 'abc',
      actor: 'member',
    });
    expect(ledger('deleteApiToken', undefined, undefined, { url: `${BASE}/t/`, status: 204 })).toMatchObject({
      key: '',
    });
  });

  it('a token is named by its key, else its id; an account by the username the request named', () => {
    expect(ledger('createApiToken', ok({ token: { key: 'k1', id: 4 } }))).toStrictEqual({
      event: 'created',
      kind: 'token',
      key: 'k1',
      actor: 'member',
    });
    expect(ledger('createApiToken', ok({ token: { id: 4 } }))).toMatchObject({ key: 4 });
    expect(ledger('register', ok({}), { username: 'ada' })).toStrictEqual({
      event: 'created',
      kind: 'account',
      username: 'ada',
      actor: 'member',
    });
  });

  it('a bug outcome records the linked task its report names', () => {
    expect(ledger('recordCaseOutcome', ok({ case_report: { id: 1, task_id: 30 } }), { status: 'bug' })).toStrictEqual({
      event: 'created',
      kind: 'task',
      id: 30,
      ...BOARD,
      actor: 'member',
    });
  });

  it('an operation that creates nothing to clean records nothing', () => {
    expect(ledger('getMe', ok({ id: 1 }), undefined, { status: 200 })).toBeUndefined();
  });

  it("the board is the request's query, else the fallback, else 0, each id on its own", () => {
    const body = ok({ scenario: { id: 5 } });
    expect(ledger('createScenario', body, {}, { url: `${BASE}/x/?company_id=1`, fallback: FALLBACK })).toMatchObject({
      companyId: 1,
      boardId: 8,
    });
    expect(ledger('createScenario', body, {}, { url: `${BASE}/x/?board_id=abc-1`, fallback: FALLBACK })).toMatchObject({
      companyId: 7,
      boardId: 'abc-1',
    });
    expect(ledger('createScenario', body, {}, { url: `${BASE}/x/` })).toMatchObject({ companyId: 0, boardId: 0 });
    expect(ledger('createScenario', body, {}, { url: ON_BOARD, fallback: FALLBACK })).toMatchObject(BOARD);
  });
});

describe('placeOf: the list a creation may have added to', () => {
  const place = (operationId: string | undefined, status: number | undefined, sent?: unknown, url = ON_BOARD) =>
    placeOf(
      operationId === undefined ? undefined : op(operationId),
      new URL(url),
      status,
      sent === undefined ? undefined : JSON.stringify(sent),
      'member',
      FALLBACK,
    );

  it.each([undefined, 200, 201, 299, 500, 503])('a creation answered %s may have added to its list', (status) => {
    expect(place('createScenario', status, {})).toStrictEqual({ kind: 'scenario', actor: 'member', board: BOARD });
  });

  it.each([300, 400, 409, 422, 499])('a creation refused with %i added nothing', (status) => {
    expect(place('createScenario', status, {})).toBeUndefined();
  });

  it('cases and sessions live in the scenario list, tokens in the account', () => {
    expect(place('createCase', 201, {})).toMatchObject({ kind: 'scenario', board: BOARD });
    expect(place('startSession', undefined, {})).toMatchObject({ kind: 'scenario', board: BOARD });
    expect(place('createApiToken', 500, {})).toStrictEqual({ kind: 'token', actor: 'member' });
    expect(place('createScenario', 201, {}, `${BASE}/x/`)).toMatchObject({ board: FALLBACK });
  });

  it('only a bug outcome may have added a task', () => {
    expect(place('recordCaseOutcome', 200, { status: 'bug' })).toStrictEqual({
      kind: 'task',
      actor: 'member',
      board: BOARD,
    });
    expect(place('recordCaseOutcome', 200, { status: 'passed' })).toBeUndefined();
    expect(place('recordCaseOutcome', undefined, 'bug')).toBeUndefined();
    expect(place('recordCaseOutcome', 500)).toBeUndefined();
  });

  it('an operation that creates nothing, or none known, adds to no list', () => {
    expect(place('deleteScenario', 204)).toBeUndefined();
    expect(place('getMe', 200)).toBeUndefined();
    expect(place(undefined, 201, {})).toBeUndefined();
  });
});
