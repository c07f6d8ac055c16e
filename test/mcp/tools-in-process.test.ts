// The contract tools of task-kit-mcp (mcp/README.md, "Tools" and "Errors") through `createKitMcpServer` in this
// process, as its README's second entry point says: lookup_operation, check_request and check_response, and their
// refusals naming the field to correct. server.test.ts runs the same tools over stdio in a child process, where no
// mutant is switched on; these run the modules themselves.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKitMcpServer } from '../../mcp/server.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';

let kit: ReturnType<typeof createKitMcpServer>;
let client: Client;

beforeAll(async () => {
  kit = createKitMcpServer();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await kit.server.connect(serverSide);
  client = new Client({ name: 'in-process', version: '0.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  await kit?.close();
});

const call = async (name: string, args: Record<string, unknown>) =>
  (await client.callTool({ name, arguments: args })) as CallToolResult;
const textOf = (result: CallToolResult) => result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

async function ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await call(name, args);
  expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
  return result.structuredContent as T;
}

/** A refused call's whole message: the field first, no stack trace. */
async function refused(name: string, args: Record<string, unknown>): Promise<string> {
  const result = await call(name, args);
  expect(result.isError, `${name} ${JSON.stringify(args)} was not refused`).toBe(true);
  const text = textOf(result);
  expect(text).not.toMatch(/\n\s+at /);
  return text;
}

/** The field errors the in-process sandbox answers for this request (its 400), logged in as the demo member. */
async function sandboxErrors(path: string, init: RequestInit, auth = false): Promise<unknown> {
  const sandbox = createSandbox();
  const headers = new Headers(init.headers);
  if (auth) {
    const login = await sandbox.fetch(
      new Request('http://sandbox.test/api/member/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }),
      }),
    );
    headers.set('authorization', `JWT ${(await login.json()).data.access_token}`);
  }
  const answer = await sandbox.fetch(new Request(`http://sandbox.test/api${path}`, { ...init, headers }));
  expect(answer.status).toBe(400);
  return (await answer.json()).errors;
}

describe('check_request: the field messages of the sandbox 400', () => {
  it('a body with bad fields, a query with bad values, each as the sandbox words them', async () => {
    const login = { username: '', password: 'x' };
    const checked = await ok<{ valid: boolean; errors: unknown[] }>('check_request', {
      operationId: 'login',
      body: login,
    });
    expect(checked.valid).toBe(false);
    expect(checked.errors).toEqual(
      await sandboxErrors('/member/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(login),
      }),
    );
    const query = { company_id: '1', board_id: 'x', limit: '1000' };
    const listed = await ok<{ errors: unknown[] }>('check_request', { operationId: 'listScenarios', query });
    expect(listed.errors).toEqual(
      await sandboxErrors(`/features/qa/scenarios/list/?${new URLSearchParams(query)}`, { method: 'GET' }, true),
    );
    // A required parameter left out is named, as the sandbox names it.
    const missing = await ok<{ errors: unknown[] }>('check_request', {
      operationId: 'listScenarios',
      query: { company_id: '1' },
    });
    expect(missing.errors).toEqual(
      await sandboxErrors('/features/qa/scenarios/list/?company_id=1', { method: 'GET' }, true),
    );
  });

  it('a query and a body both wrong: the query errors, then the body errors, as one answer', async () => {
    const both = await ok<{ valid: boolean; errors: { field: string }[] }>('check_request', {
      operationId: 'createScenario',
      query: { company_id: '1', board_id: 'x' },
      body: { title: '' },
    });
    expect(both.valid).toBe(false);
    const fields = both.errors.map((e) => e.field);
    expect(fields.some((f) => f.includes('board_id'))).toBe(true);
    expect(fields.some((f) => f.includes('title'))).toBe(true);
    expect(fields.findIndex((f) => f.includes('board_id'))).toBeLessThan(fields.findIndex((f) => f.includes('title')));
  });

  it('a valid request is valid, with a repeated query value given as a list', async () => {
    expect(
      await ok('check_request', {
        operationId: 'login',
        body: { username: 'demo', password: 'demo-password', captcha_token: 'c' },
      }),
    ).toEqual({ operationId: 'login', valid: true, errors: [] });
    expect(
      await ok('check_request', {
        operationId: 'listScenarios',
        query: { company_id: '1', board_id: '2', assignee_ids: ['3', '4'] },
      }),
    ).toMatchObject({ valid: true });
    expect(await ok('check_request', { operationId: 'getMe' })).toEqual({
      operationId: 'getMe',
      valid: true,
      errors: [],
    });
  });

  it('an operation without query parameters names each one sent, and nothing else, as the sandbox does', async () => {
    const queryless = await ok<{ errors: unknown[] }>('check_request', {
      operationId: 'getMe',
      query: { page: '2', q: 'x' },
    });
    expect(queryless.errors).toEqual(await sandboxErrors('/member/me/?page=2&q=x', { method: 'GET' }, true));
    expect(queryless).toMatchObject({ valid: false });
    // A name past 200 characters is cut there in the message, as the sandbox cuts it.
    const long = 'p'.repeat(300);
    const named = await ok<{ errors: unknown[] }>('check_request', { operationId: 'getMe', query: { [long]: '1' } });
    expect(named.errors).toEqual(await sandboxErrors(`/member/me/?${long}=1`, { method: 'GET' }, true));
    const withBody = await ok<{ errors: unknown[] }>('check_request', {
      operationId: 'login',
      query: { page: '2' },
      body: { username: '' },
    });
    expect(withBody.errors).toEqual([{ field: 'page', message: 'is not a query parameter of this operation' }]);
  });

  it('a required body left out is named; JSON null is a body, judged by the schema', async () => {
    const noBody = await ok<{ errors: unknown[] }>('check_request', { operationId: 'login' });
    expect(noBody.errors).toEqual(await sandboxErrors('/member/login/', { method: 'POST' }));
    const nullBody = await ok<{ valid: boolean; errors: { field: string }[] }>('check_request', {
      operationId: 'login',
      body: null,
    });
    expect(nullBody.valid).toBe(false);
    expect(nullBody.errors).not.toEqual(noBody.errors);
  });
});

describe('check_response: an answer against the schema of its status', () => {
  const member = { id: 1, username: 'demo', email: 'demo@example.com', first_name: 'D', last_name: 'U' };

  it('valid and invalid answers of a declared status', async () => {
    expect(
      await ok('check_response', { operationId: 'getMe', status: 200, body: { status: 'success', data: { member } } }),
    ).toEqual({ operationId: 'getMe', declared: '200', valid: true, errors: [] });
    const bad = await ok<{ valid: boolean; errors: { field: string }[] }>('check_response', {
      operationId: 'getMe',
      status: 200,
      body: { status: 'success' },
    });
    expect(bad.valid).toBe(false);
    expect(bad.errors.map((e) => e.field)).toContain('data');
  });

  it('a status the operation does not declare is judged by `default`, or refused naming status and the declared ones', async () => {
    const answer = await call('check_response', {
      operationId: 'getMe',
      status: 418,
      body: { status: 'error', message: 'x' },
    });
    if (answer.isError) {
      expect(textOf(answer)).toMatch(/^status: getMe declares no 418 answer \(it declares 200, .*401/);
    } else {
      expect(answer.structuredContent).toMatchObject({ operationId: 'getMe', declared: 'default' });
    }
  });
});

describe('refusals name the field to correct, first', () => {
  it.each([
    [
      'lookup_operation',
      { operationId: 'LOGIN' },
      /^operationId: no operation is named "LOGIN"; did you mean login\? \(the operations: getMe, /,
    ],
    [
      'lookup_operation',
      { operationId: 'ApiTokens' },
      /^operationId: no operation is named "ApiTokens"; did you mean listApiTokens\? /,
    ],
    [
      'lookup_operation',
      { operationId: 'xyz' },
      /^operationId: no operation is named "xyz" \(the operations: getMe, listApiTokens, /,
    ],
    [
      'lookup_operation',
      { method: 'GET' },
      /^path: give operationId, or both method and path \(e\.g\. GET and \/member\/me\/\)$/,
    ],
    ['lookup_operation', { path: '/member/me/' }, /^method: give operationId, or both method and path/],
    [
      'lookup_operation',
      { method: 'DELETE', path: '/member/me/' },
      /^method: \/member\/me\/ has no DELETE operation \(it has GET\)$/,
    ],
    [
      'lookup_operation',
      { method: 'GET', path: '/member/mee/' },
      /^path: the contract has no path "\/member\/mee\/" \(paths end in \/, without the \/api base\)$/,
    ],
    [
      'lookup_operation',
      { method: 'GET', path: '/me/' },
      /^path: the contract has no path "\/me\/"; did you mean \/member\/me\/\? \(paths end in/,
    ],
    [
      'lookup_operation',
      { operationId: 'getMe', path: '/member/me/' },
      /^operationId: give either operationId or method and path, not both$/,
    ],
    [
      'lookup_operation',
      { operationId: 'getMe', method: 'GET' },
      /^operationId: give either operationId or method and path, not both$/,
    ],
    ['check_request', { operationId: 'nope' }, /^operationId: no operation is named "nope"/],
    ['check_request', { operationId: 'getMe', body: {} }, /^body: getMe takes no request body; leave body out$/],
    ['check_response', { operationId: 'nope', status: 200 }, /^operationId: no operation is named "nope"/],
  ] as const)('%s %j', async (tool, args, message) => {
    expect(await refused(tool, args)).toMatch(message);
  });

  it('lookup_operation finds the same operation by id, by method and path, and by a full /api path', async () => {
    const byId = await ok<{ operationId: string }>('lookup_operation', { operationId: 'getMe' });
    expect(await ok('lookup_operation', { method: 'get', path: '/member/me/' })).toEqual(byId);
    expect(await ok('lookup_operation', { method: 'GET', path: '/api/member/me/' })).toEqual(byId);
    expect(byId.operationId).toBe('getMe');
  });
});
