// What the tests of both MCP doors share (mcp/README.md, "Tools" and "Errors"): a tool's answer read as the README
// says it comes (the JSON as text and as structuredContent), a refusal's message, and the sandbox's own 400 that
// check_request is judged by. server.test.ts calls the bin over stdio, tools-in-process.test.ts `createKitMcpServer`.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';

export type CallTool = (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;

export const textOf = (result: CallToolResult): string =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

/** A door's calls, judged: `ok` a successful call's JSON answer, `refused` a refused call's message. */
export function toolCalls(call: CallTool) {
  return {
    /** A successful call's JSON answer, the same as text and as structuredContent. */
    async ok<T = Record<string, unknown>>(name: string, args: Record<string, unknown>): Promise<T> {
      const result = await call(name, args);
      expect(result.isError, `${name}: ${textOf(result)}`).toBeFalsy();
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
      return result.structuredContent as T;
    },
    /** A refused call's message: an error result, one line or a few, naming what to fix, no stack trace. */
    async refused(name: string, args: Record<string, unknown>): Promise<string> {
      const result = await call(name, args);
      expect(result.isError, `${name} ${JSON.stringify(args)} was not refused`).toBe(true);
      const text = textOf(result);
      expect(text).not.toMatch(/\n\s+at /);
      expect(text).not.toContain('.js:');
      return text;
    },
  };
}

/** The field errors the in-process sandbox answers for this request (its 400), after logging in when `auth`. */
export async function sandboxErrors(path: string, init: RequestInit, auth = false): Promise<unknown> {
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

/**
 * check_request through a door (`ok` of toolCalls): a login body with bad fields and a list query with bad values get
 * the very field errors the sandbox answers in its 400 (mcp/README.md, "Tools").
 */
export async function expectSandboxWording(ok: ReturnType<typeof toolCalls>['ok']): Promise<void> {
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
  expect(listed.errors.length).toBeGreaterThan(1);
}
