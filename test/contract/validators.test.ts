// The ajv validators compiled from openapi.yaml name the field to correct (contract/validators.ts).
import { describe, expect, test } from 'vitest';
import { createValidators } from '../../contract/validators.js';

const v = createValidators();

describe('request bodies', () => {
  test.each([
    ['recordCaseOutcome', { status: 'bug' }, ['actual_result', 'severity', 'priority']],
    ['recordCaseOutcome', { status: 'bug', actual_result: 'x', priority: 'high' }, ['severity']],
    ['recordCaseOutcome', { status: 'closed' }, ['status']],
    ['recordCaseOutcome', { status: 'done', extra: 1 }, ['extra']],
    ['login', { username: 'a', password: 'b' }, ['captcha_token']],
    ['createApiToken', { title: '', is_active: 'yes' }, ['title', 'is_active']],
    ['updateApiToken', {}, ['body']],
    ['createScenario', { title: 'x' }, ['parent_id']],
    ['finishSession', { session_id: 1 }, ['sessions_id', 'session_id']],
    ['createApiToken', { title: 't', is_active: true, expires_at: 'tomorrow' }, ['expires_at']],
  ])('%s %j names %j', (operationId, body, fields) => {
    const result = v.body(operationId, body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field).sort()).toEqual([...fields].sort());
  });

  test.each([
    ['recordCaseOutcome', { status: 'pending' }],
    ['recordCaseOutcome', { status: 'done' }],
    ['recordCaseOutcome', { status: 'bug', actual_result: 'hangs', severity: 'major', priority: 'high' }],
    ['createScenario', { title: 'Root', parent_id: null }],
    ['createApiToken', { title: 't', is_active: true, metadata: { a: 1 }, expires_at: null }],
  ])('%s accepts %j', (operationId, body) => {
    expect(v.body(operationId, body)).toEqual({ ok: true, value: body });
  });
});

describe('query parameters', () => {
  test.each([
    ['listTasks', 'board_id=1', ['company_id']],
    ['listTasks', 'company_id=1&board_id=abc', ['board_id']],
    ['listTasks', 'company_id=1&board_id=1&limit=101', ['limit']],
    ['listTasks', 'company_id=1&board_id=1&page=0', ['page']],
    ['listTasks', 'company_id=1&board_id=1&assignee_ids=1&assignee_ids=x', ['assignee_ids']],
    ['listSessions', 'company_id=1&board_id=1&is_active=maybe', ['is_active']],
    ['getScenario', 'company_id=1&board_id=1&scenario_id=1&scenario_id=2', ['scenario_id']],
  ])('%s ?%s names %j', (operationId, query, fields) => {
    const result = v.query(operationId, new URLSearchParams(query));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors.map((e) => e.field)).toEqual(fields);
  });

  test('coerces integers, booleans and repeated keys', () => {
    const result = v.query('listTasks', new URLSearchParams('company_id=1&board_id=2&assignee_ids=3&assignee_ids=4'));
    expect(result).toEqual({ ok: true, value: { company_id: 1, board_id: 2, assignee_ids: [3, 4] } });
    expect(v.query('listSessions', new URLSearchParams('company_id=1&board_id=1&is_active=false'))).toEqual({
      ok: true,
      value: { company_id: 1, board_id: 1, is_active: false },
    });
  });
});

describe('query parameters of several operations, asked in any order', () => {
  test('each operation is judged by its own parameters and types, however often and in whatever order it is asked', () => {
    // A fresh set of validators: what it works out for one operation must never answer for another.
    const fresh = createValidators();
    for (let round = 0; round < 2; round++) {
      const sessions = fresh.query('listSessions', new URLSearchParams('company_id=1&board_id=1&is_active=false'));
      expect(sessions).toEqual({ ok: true, value: { company_id: 1, board_id: 1, is_active: false } });
      // listTasks has no is_active: its own parameters, coerced by its own types.
      const tasks = fresh.query('listTasks', new URLSearchParams('company_id=1&board_id=2&assignee_ids=3'));
      expect(tasks).toEqual({ ok: true, value: { company_id: 1, board_id: 2, assignee_ids: [3] } });
      const refused = fresh.query('listSessions', new URLSearchParams('company_id=1&board_id=1&is_active=3'));
      expect(refused.ok ? [] : refused.errors.map((e) => e.field)).toEqual(['is_active']);
    }
  });
});

describe('responses', () => {
  test('a response that breaks the envelope is reported, an undeclared status falls back to default', () => {
    expect(v.response('getMe', 200, { status: 'success', data: { member: { id: 1, username: 'demo' } } })).toEqual([]);
    expect(v.response('getMe', 200, { status: 'ok', data: {} })?.map((e) => e.field)).toEqual([
      'status',
      'data.member',
    ]);
    expect(v.response('getMe', 503, { status: 'error', message: 'down' })).toEqual([]);
    expect(v.response('getMe', 401, { status: 'success' })?.length).toBeGreaterThan(0);
    expect(v.declares('getMe', 503)).toBe(false);
    expect(v.declares('getMe', 401)).toBe(true);
  });
});
