// The contract tools of task-kit-mcp (mcp/README.md, "Tools" and "Errors") through `createKitMcpServer` in this
// process, as its README's second entry point says: lookup_operation, check_request and check_response, and their
// refusals naming the field to correct. server.test.ts runs the same tools over stdio in a child process, where no
// mutant is switched on; these run the modules themselves.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../conformance/rules.js';
import { findAssumptions } from '../../contract/assumptions.js';
import { contractOf } from '../../contract/document.js';
import { nodeAt } from '../../contract/pointer.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createKitMcpServer } from '../../mcp/server.js';
import { expectSandboxWording, sandboxErrors, textOf, toolCalls } from './tool-calls.js';

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
const { ok, refused } = toolCalls(call);

describe('check_request: the field messages of the sandbox 400', () => {
  it('a body with bad fields, a query with bad values, each as the sandbox words them', async () => {
    await expectSandboxWording(ok);
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

describe('lookup_operation: an operation as the docs show it', () => {
  it('list_operations gives every operation, method upper-case, path without /api', async () => {
    const { operations } = await ok<{ operations: unknown[] }>('list_operations', {});
    expect(operations).toEqual(
      contractOf(openapiDocument).operations.map((o) => ({
        operationId: o.operationId,
        method: o.method.toUpperCase(),
        path: o.path,
      })),
    );
  });

  it('login: its summary, description, body and answers with every $ref resolved, examples kept', async () => {
    const login = await ok<Record<string, unknown>>('lookup_operation', { operationId: 'login' });
    const raw = nodeAt(openapiDocument, '#/paths/~1member~1login~1/post') as Record<string, unknown>;
    expect(login).toMatchObject({
      operationId: 'login',
      method: 'POST',
      path: '/member/login/',
      authenticated: false,
      summary: raw.summary,
      description: String(raw.description).trim(),
    });
    const body = JSON.stringify(login.requestBody);
    expect(body).not.toContain('$ref');
    expect(body).toContain('"captcha_token"');
    expect(body).toContain('"demo-password"');
    expect(JSON.stringify(login.responses)).not.toContain('"$ref"');
    expect(Object.keys(login.responses as object)).toEqual(Object.keys(raw.responses as object));
    expect(login.parameters).toEqual([]);
  });

  it("a read's query parameters come resolved; an operation without a body has none", async () => {
    const list = await ok<Record<string, unknown>>('lookup_operation', { operationId: 'listScenarios' });
    const names = (list.parameters as { name: string; in: string }[]).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['company_id', 'board_id']));
    expect(JSON.stringify(list.parameters)).not.toContain('"$ref"');
    expect(list).not.toHaveProperty('requestBody');
    expect(list.method).toBe('GET');
  });

  it("the contract's assumptions on it and on its schemas, word for word, and none about another operation only", async () => {
    const login = await ok<{ assumptions: { pointer: string; text: string }[] }>('lookup_operation', {
      operationId: 'login',
    });
    const all = findAssumptions(openapiDocument);
    const own = all.find((a) => a.pointer === '/paths/~1member~1login~1/post');
    expect(login.assumptions).toContainEqual(own);
    const schemas = login.assumptions.filter((a) => a.pointer.startsWith('/components/'));
    expect(schemas.length).toBeGreaterThan(0);
    expect(login.assumptions.filter((a) => a.pointer.startsWith('/paths/~1member~1register~1'))).toEqual([]);
    expect(login.assumptions.length).toBeLessThan(all.length);
  });

  it('the rules that speak of it: by path and method, by operationId, or for login the word; quotes word for word', async () => {
    const login = await ok<{ rules: { id: string; level: string; text: string; source: string; quotes?: string[] }[] }>(
      'lookup_operation',
      { operationId: 'login' },
    );
    const captcha = RULES.find((r) => r.id === 'LOGIN-03');
    expect(login.rules.find((r) => r.id === 'LOGIN-03')).toEqual({
      id: 'LOGIN-03',
      level: captcha?.level,
      text: captcha?.text,
      source: captcha?.source,
      ...(captcha?.quotes ? { quotes: captcha.quotes } : {}),
    });
    expect(login.rules.map((r) => r.id)).not.toContain('QA-09');
    for (const rule of login.rules) {
      const spec = RULES.find((r) => r.id === rule.id);
      if (spec?.quotes === undefined) expect(rule).not.toHaveProperty('quotes');
    }
    const me = await ok<{ rules: { id: string }[] }>('lookup_operation', { operationId: 'getMe' });
    expect(me.rules.map((r) => r.id)).toContain('LOGIN-02');
    expect(me.rules.length).toBeLessThan(RULES.length);
    // Each rule given names the operation: its path (with its own method or none), its id, or the word.
    const words: Record<string, RegExp> = {
      login: /\blog(?:in|s in|ged in)\b/i,
      register: /\bregist(?:er|ers|ration)\b/i,
      refreshToken: /\brefresh\b/i,
    };
    let named = 0;
    for (const o of contractOf(openapiDocument).operations) {
      const found = await ok<{ rules: { id: string }[] }>('lookup_operation', { operationId: o.operationId });
      for (const rule of found.rules) {
        const spec = RULES.find((r) => r.id === rule.id);
        const text = [spec?.text, ...(spec?.quotes ?? [])].join('\n');
        const byPath = [
          ...text.matchAll(new RegExp(`(?:\\b(GET|POST|PUT|PATCH|DELETE) )?${o.path}(?![\\w/-])`, 'g')),
        ].some(([, m]) => m === undefined || m === o.method.toUpperCase());
        const ok =
          byPath || new RegExp(`\\b${o.operationId}\\b`).test(text) || (words[o.operationId]?.test(text) ?? false);
        expect(ok, `${rule.id} for ${o.operationId}`).toBe(true);
        named += 1;
      }
    }
    expect(named).toBeGreaterThan(contractOf(openapiDocument).operations.length);
  });
});
