// Every operation of source §4 is in openapi.yaml with the source's paths, methods, query parameters, body fields and required-ness.
import { describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { dereference, nodeAt } from '../../contract/pointer.js';

type Row = {
  method: string;
  path: string;
  auth: boolean;
  /** Query parameters: name → required. */
  query: Record<string, boolean>;
  /** JSON body fields: name → required (undefined: no body). */
  body?: Record<string, boolean>;
};

const qa = { company_id: true, board_id: true };
const paging = { page: false, limit: false };

// Transcribed from source §4 (tables "Account and tokens", "QA scenarios", "QA test cases", "QA sessions", "Other areas").
const SOURCE: Row[] = [
  { method: 'get', path: '/member/me/', auth: true, query: {} },
  { method: 'get', path: '/member/bearer-tokens/', auth: true, query: paging },
  {
    method: 'post',
    path: '/member/bearer-tokens/',
    auth: true,
    query: {},
    body: { title: true, is_active: true, metadata: false, expires_at: false },
  },
  {
    method: 'patch',
    path: '/member/bearer-tokens/detail/',
    auth: true,
    query: { key: true },
    body: { title: false, is_active: false, metadata: false, expires_at: false },
  },
  { method: 'delete', path: '/member/bearer-tokens/detail/', auth: true, query: { key: true } },
  {
    method: 'post',
    path: '/member/login/',
    auth: false,
    query: {},
    body: { username: true, password: true, captcha_token: true, code: false },
  },
  {
    method: 'post',
    path: '/member/register/',
    auth: false,
    query: {},
    body: {
      first_name: true,
      username: true,
      email: true,
      password: true,
      captcha_token: true,
      last_name: false,
      description: false,
    },
  },
  { method: 'post', path: '/member/refresh-token/', auth: false, query: {}, body: { refresh_token: true } },
  {
    method: 'get',
    path: '/features/qa/scenarios/list/',
    auth: true,
    query: { ...qa, parent_id: false, ...paging, q: false },
  },
  {
    method: 'post',
    path: '/features/qa/scenarios/list/',
    auth: true,
    query: qa,
    body: { title: true, parent_id: true, position: false },
  },
  { method: 'get', path: '/features/qa/scenarios/', auth: true, query: { ...qa, scenario_id: true } },
  {
    method: 'patch',
    path: '/features/qa/scenarios/',
    auth: true,
    query: { ...qa, scenario_id: true },
    body: { title: true, position: false },
  },
  { method: 'delete', path: '/features/qa/scenarios/', auth: true, query: { ...qa, scenario_id: true } },
  // page and limit: not in the source's row; the contract's decision (the x-assumption on listCases).
  {
    method: 'get',
    path: '/features/qa/cases/list/',
    auth: true,
    query: { ...qa, scenario_id: true, page: false, limit: false },
  },
  {
    method: 'post',
    path: '/features/qa/cases/list/',
    auth: true,
    query: qa,
    body: { scenario: true, title: true, description: true, steps_to_reproduce: true, expected_result: true },
  },
  { method: 'get', path: '/features/qa/cases/', auth: true, query: { ...qa, case_id: true } },
  {
    method: 'patch',
    path: '/features/qa/cases/',
    auth: true,
    query: { ...qa, case_id: true },
    body: { title: false, description: false, steps_to_reproduce: false, expected_result: false },
  },
  { method: 'delete', path: '/features/qa/cases/', auth: true, query: { ...qa, case_id: true } },
  {
    method: 'get',
    path: '/features/qa/sessions/',
    auth: true,
    query: { ...qa, is_active: true, ...paging, q: false },
  },
  { method: 'post', path: '/features/qa/sessions/start/', auth: true, query: qa, body: { scenario_id: true } },
  // The bug-only fields are required by the `bug` branch of the oneOf, checked separately below.
  {
    method: 'patch',
    path: '/features/qa/sessions/cases/',
    auth: true,
    query: { ...qa, case_report_id: true },
    body: { status: true },
  },
  { method: 'patch', path: '/features/qa/sessions/finish/', auth: true, query: qa, body: { sessions_id: true } },
  { method: 'get', path: '/company/list/', auth: true, query: {} },
  {
    method: 'get',
    path: '/task/list/',
    auth: true,
    query: { company_id: true, board_id: true, ...paging, assignee_ids: false },
  },
];

const contract = loadContract();
type Schema = { properties?: Record<string, unknown>; required?: string[]; oneOf?: Schema[]; $ref?: string };

const schemaAt = (pointer: string): Schema =>
  dereference(contract.document, nodeAt(contract.document, pointer)) as Schema;

describe('source §4 operations', () => {
  test('the contract has exactly the 24 operations of §4', () => {
    const ours = contract.operations.map((o) => `${o.method} ${o.path}`).sort();
    expect(ours).toEqual(SOURCE.map((r) => `${r.method} ${r.path}`).sort());
  });

  test.each(SOURCE)('$method $path', (row) => {
    const op = contract.operations.find((o) => o.method === row.method && o.path === row.path);
    expect(op).toBeDefined();
    if (!op) return;
    expect(op.authenticated).toBe(row.auth);
    const query = Object.fromEntries(op.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.required]));
    expect(query).toEqual(row.query);
    if (!row.body) {
      expect(op.requestBodyPointer).toBeUndefined();
      return;
    }
    expect(op.requestBodyPointer).toBeDefined();
    expect(op.requestBodyRequired).toBe(true);
    const schema = schemaAt(op.requestBodyPointer as string);
    const branches = schema.oneOf ? schema.oneOf.map((b) => schemaAt(b.$ref?.slice(1) ?? '')) : [schema];
    const fields = new Set(branches.flatMap((b) => Object.keys(b.properties ?? {})));
    for (const [field, required] of Object.entries(row.body)) {
      expect(fields.has(field), `${field} is in the body`).toBe(true);
      for (const b of branches) expect(b.required?.includes(field) ?? false, `${field} required`).toBe(required);
    }
  });

  test('a bug outcome requires actual_result, severity and priority; done and pending do not', () => {
    const op = contract.byId.get('recordCaseOutcome');
    const schema = schemaAt(op?.requestBodyPointer as string);
    const byStatus = Object.fromEntries(
      (schema.oneOf ?? []).map((b) => {
        const s = schemaAt(b.$ref?.slice(1) ?? '') as Schema & { properties: { status: { const: string } } };
        return [s.properties.status.const, s.required ?? []];
      }),
    );
    expect(byStatus).toEqual({
      pending: ['status'],
      done: ['status'],
      bug: ['status', 'actual_result', 'severity', 'priority'],
    });
  });

  test('the task list sends assignee_ids as repeated keys and the sessions list filters by a boolean is_active', () => {
    const tasks = contract.byId.get('listTasks')?.parameters.find((p) => p.name === 'assignee_ids');
    expect(tasks?.schema.type).toBe('array');
    const raw = (contract.document.paths as Record<string, Record<string, { parameters: Record<string, unknown>[] }>>)[
      '/task/list/'
    ]?.get?.parameters.find((p) => p.name === 'assignee_ids');
    expect(raw).toMatchObject({ style: 'form', explode: true });
    const active = contract.byId.get('listSessions')?.parameters.find((p) => p.name === 'is_active');
    expect(active?.schema).toEqual({ type: 'boolean' });
  });

  test('every authenticated operation declares 401, 403 and 404, and every operation with input a 400', () => {
    for (const op of contract.operations) {
      if (op.authenticated)
        expect(Object.keys(op.responses), op.operationId).toEqual(expect.arrayContaining(['401', '403', '404']));
      const takesInput = op.requestBodyPointer !== undefined || op.parameters.some((p) => p.in === 'query');
      if (takesInput) expect(Object.keys(op.responses), op.operationId).toContain('400');
    }
  });
});
