// The kit over MCP (mcp/README.md), as an agent's host uses it: the SDK's own Client with StdioClientTransport spawns
// the compiled bin (dist/mcp/bin.js, `npm run build`), lists the tools, calls each, and gives each bad input. The
// answers are judged against the kit itself: the sandbox's own 400 for a request, the contract for an operation.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '../../conformance/rules.js';
import { findAssumptions } from '../../contract/assumptions.js';
import { contractOf } from '../../contract/document.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { deletionIgnored } from '../conformance/faults/tokens.js';
import { eventually, HANG_MS, RUN_BOUNDS } from '../support/waiting.js';
import { expectSandboxWording, sandboxErrors, textOf, toolCalls } from './tool-calls.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BIN = 'dist/mcp/bin.js';

const TOOLS = [
  'list_operations',
  'lookup_operation',
  'check_request',
  'check_response',
  'sandbox_start',
  'sandbox_reset',
  'sandbox_inspect',
  'sandbox_stop',
  'run_conformance',
];

let client: Client;
let transport: StdioClientTransport;
/** What the server wrote on stderr, and every error the transport met reading stdout (a line that is not JSON-RPC). */
let stderr = '';
const transportErrors: Error[] = [];

beforeAll(async () => {
  transport = new StdioClientTransport({ command: process.execPath, args: [BIN], cwd: ROOT, stderr: 'pipe' });
  transport.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  client = new Client({ name: 'kit-test', version: '0.0.0' });
  client.onerror = (error) => transportErrors.push(error);
  await client.connect(transport);
}, HANG_MS);

afterAll(async () => {
  await client?.close();
});

const call = (name: string, args: Record<string, unknown>): Promise<CallToolResult> =>
  client.callTool({ name, arguments: args }, undefined, { timeout: HANG_MS * 2 }) as Promise<CallToolResult>;

const { ok, refused } = toolCalls(call);

describe('task-kit-mcp over stdio', { timeout: 4 * HANG_MS }, () => {
  it('lists its tools, each with a JSON Schema of its input', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOLS);
    for (const tool of tools) {
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
  });

  it('list_operations and lookup_operation: every operation; by operationId or method and path, the same answer', async () => {
    const { operations } = await ok<{ operations: { operationId: string; method: string; path: string }[] }>(
      'list_operations',
      {},
    );
    expect(operations).toEqual(
      contractOf(openapiDocument).operations.map((o) => ({
        operationId: o.operationId,
        method: o.method.toUpperCase(),
        path: o.path,
      })),
    );
    const byId = await ok<Record<string, unknown>>('lookup_operation', { operationId: 'login' });
    expect(await ok('lookup_operation', { method: 'POST', path: '/member/login/' })).toEqual(byId);
    expect(await ok('lookup_operation', { method: 'post', path: '/api/member/login/' })).toEqual(byId);
    expect(byId).toMatchObject({ operationId: 'login', method: 'POST', path: '/member/login/', authenticated: false });
    // The schemas come resolved, with the contract's examples.
    const body = JSON.stringify(byId.requestBody);
    expect(body).not.toContain('$ref');
    expect(body).toContain('"captcha_token"');
    expect(body).toContain('"demo-password"');
    expect(Object.keys(byId.responses as object)).toEqual(expect.arrayContaining(['200', '400', '401']));
    // The contract's assumptions on the operation and its schemas, word for word.
    const texts = (byId.assumptions as { text: string }[]).map((a) => a.text);
    const own = findAssumptions(openapiDocument).find((a) => a.pointer === '/paths/~1member~1login~1/post');
    expect(own).toBeDefined();
    expect(texts).toContain(own?.text);
    // Not an assumption about another operation only.
    const elsewhere = findAssumptions(openapiDocument).find((a) => a.pointer.startsWith('/paths/~1member~1register~1'));
    expect(texts).not.toContain(elsewhere?.text);
    // The rules that speak of it, with the source's quotes word for word; not a rule about another operation.
    const rules = byId.rules as { id: string; quotes?: string[] }[];
    const captcha = RULES.find((r) => r.id === 'LOGIN-03');
    expect(rules.find((r) => r.id === 'LOGIN-03')?.quotes).toEqual(captcha?.quotes);
    expect(rules.map((r) => r.id)).not.toContain('QA-09');
    const me = await ok<{ rules: { id: string }[] }>('lookup_operation', { operationId: 'getMe' });
    expect(me.rules.map((r) => r.id)).toContain('LOGIN-02');
  });

  it('check_request: the same field messages as the sandbox answers in its 400', async () => {
    await expectSandboxWording(ok);
    expect(
      await ok('check_request', {
        operationId: 'login',
        body: { username: 'demo', password: 'demo-password', captcha_token: 'c' },
      }),
    ).toEqual({ operationId: 'login', valid: true, errors: [] });
    // An operation without query parameters names each one sent, as the sandbox does.
    const queryless = await ok<{ errors: unknown[] }>('check_request', { operationId: 'getMe', query: { page: '2' } });
    expect(queryless.errors).toEqual(await sandboxErrors('/member/me/?page=2', { method: 'GET' }, true));
    const noBody = await ok<{ errors: unknown[] }>('check_request', { operationId: 'login' });
    expect(noBody.errors).toEqual(await sandboxErrors('/member/login/', { method: 'POST' }));
  });

  it('check_response: an answer against the schema of its status', async () => {
    const member = { id: 1, username: 'demo', email: 'demo@example.com', first_name: 'D', last_name: 'U' };
    const good = await ok<{ valid: boolean; declared: string }>('check_response', {
      operationId: 'getMe',
      status: 200,
      body: { status: 'success', data: { member } },
    });
    expect(good).toMatchObject({ valid: true, declared: '200' });
    const bad = await ok<{ valid: boolean; errors: { field: string }[] }>('check_response', {
      operationId: 'getMe',
      status: 200,
      body: { status: 'success' },
    });
    expect(bad.valid).toBe(false);
    expect(bad.errors.map((e) => e.field)).toContain('data');
  });

  it('sandbox_start, inspect, reset and stop: a real server on 127.0.0.1 whose world the tools read and reset', async ({
    onTestFailed,
  }) => {
    onTestFailed(() => void call('sandbox_stop', {}));
    const started = await ok<{ baseUrl: string; world: string }>('sandbox_start', {});
    expect(started.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(started.world).toBe('demo');
    expect(await refused('sandbox_start', {})).toContain(`a sandbox already runs at ${started.baseUrl}`);
    const before = await ok<{ scenarios: { count: number }; boards: { first: { id: number }[] }; demo: unknown }>(
      'sandbox_inspect',
      {},
    );
    expect(before.demo).toEqual(JSON.parse(JSON.stringify(DEMO)));
    expect(before.boards.first.map((b) => b.id)).toEqual(expect.arrayContaining([DEMO.boardId, DEMO.outsiderBoardId]));
    // A user's change over HTTP shows in inspect, and reset takes it away.
    const login = await fetch(`${started.baseUrl}/member/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }),
    });
    const token = (await login.json()).data.access_token;
    const created = await fetch(`${started.baseUrl}/features/qa/scenarios/list/?company_id=1&board_id=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ title: 'made by the test', parent_id: null }),
    });
    expect(created.status).toBe(201);
    const changed = await ok<{ scenarios: { count: number } }>('sandbox_inspect', {});
    expect(changed.scenarios.count).toBe(before.scenarios.count + 1);
    expect(await ok('sandbox_reset', {})).toEqual({ baseUrl: started.baseUrl, world: 'demo' });
    expect((await ok<{ scenarios: { count: number } }>('sandbox_inspect', {})).scenarios.count).toBe(
      before.scenarios.count,
    );
    // Reset drops every issued credential too.
    const me = await fetch(`${started.baseUrl}/member/me/`, { headers: { authorization: `JWT ${token}` } });
    expect(me.status).toBe(401);
    // The large world: the first 50 of each kind listed, with the count.
    await ok('sandbox_reset', { world: 'large' });
    const large = await ok<{ scenarios: { count: number; first: unknown[] }; tasks: { count: number } }>(
      'sandbox_inspect',
      {},
    );
    expect(large.scenarios.first).toHaveLength(50);
    expect(large.scenarios.count).toBeGreaterThan(50);
    const empty = await ok<{ accounts: { count: number }; demo?: unknown }>('sandbox_reset', { world: 'empty' });
    expect(empty).toEqual({ baseUrl: started.baseUrl, world: 'empty' });
    const emptied = await ok<{ accounts: { count: number }; demo?: unknown }>('sandbox_inspect', {});
    expect(emptied.accounts.count).toBe(0);
    expect(emptied.demo).toBeUndefined();
    expect(await ok('sandbox_stop', {})).toEqual({ stopped: started.baseUrl });
    await expect(fetch(`${started.baseUrl}/member/me/`)).rejects.toThrow();
    for (const tool of ['sandbox_reset', 'sandbox_inspect', 'sandbox_stop']) {
      expect(await refused(tool, {})).toBe('sandbox: no sandbox runs: call sandbox_start first');
    }
  });

  describe('run_conformance', () => {
    let fault: SandboxServer;
    /** A server the agent did not name: it must receive nothing. */
    let other: SandboxServer;
    let otherRequests = 0;
    beforeAll(async () => {
      fault = await startSandboxServer({ port: 0, fetch: deletionIgnored.wrap(createSandbox().fetch) });
      const inner = createSandbox().fetch;
      other = await startSandboxServer({
        port: 0,
        fetch: (req) => {
          otherRequests += 1;
          return inner(req);
        },
      });
    });
    afterAll(async () => {
      await fault?.close();
      await other?.close();
    });

    const profile = {
      captchaToken: 'test-captcha',
      accounts: {
        member: { username: 'demo', password: 'demo-password' },
        outsider: { username: 'outsider', password: 'outsider-password' },
      },
      companyId: 1,
      boardId: 1,
    };

    it('against the sandbox it started, with its demo accounts: the rule passes', async () => {
      const { baseUrl } = await ok<{ baseUrl: string }>('sandbox_start', {});
      try {
        const progress: string[] = [];
        const result = (await client.callTool(
          { name: 'run_conformance', arguments: { baseUrl, only: ['AUTH-03'], ...RUN_BOUNDS } },
          undefined,
          { timeout: 2 * HANG_MS, onprogress: (p) => progress.push(String(p.message)) },
        )) as CallToolResult;
        expect(result.isError, textOf(result)).toBeFalsy();
        const run = result.structuredContent as {
          verdict: { failed: boolean };
          rules: { id: string; outcome: string }[];
        };
        expect(progress.length).toBeGreaterThan(0);
        expect(progress.at(-1)).toMatch(/^(\d+) of \1 check files done/);
        expect(run.rules).toEqual([expect.objectContaining({ id: 'AUTH-03', outcome: 'PASS' })]);
        expect(run.verdict.failed).toBe(false);
      } finally {
        await ok('sandbox_stop', {});
      }
    });

    it('against a URL it names with a profile: the failed rule with why, secrets masked, no other origin reached', async () => {
      const run = await call('run_conformance', { baseUrl: fault.baseUrl, profile, only: ['TOKEN-06'], ...RUN_BOUNDS });
      const text = textOf(run);
      const answer = run.structuredContent as {
        baseUrl: string;
        verdict: { failed: boolean; reasons: string[] };
        rules: { id: string; outcome: string; failures?: { reason: string }[] }[];
      };
      expect(answer.baseUrl).toBe(fault.baseUrl);
      expect(answer.verdict.failed).toBe(true);
      expect(answer.rules).toEqual([expect.objectContaining({ id: 'TOKEN-06', outcome: 'FAIL' })]);
      expect(answer.rules[0]?.failures?.[0]?.reason).toBeTruthy();
      for (const secret of ['demo-password', 'outsider-password', 'test-captcha']) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/eyJ[\w-]{8,}\.[\w-]{8,}/);
      expect(text).not.toMatch(/tmk_[\w-]{16,}/);
      expect(otherRequests).toBe(0);
    });

    it('refuses what it cannot run, naming the field', async () => {
      expect(await refused('run_conformance', { baseUrl: other.baseUrl })).toMatch(/^profile: is required for /);
      expect(await refused('run_conformance', { baseUrl: 'not a url', profile })).toMatch(
        /^baseUrl: must be an absolute/,
      );
      expect(await refused('run_conformance', { baseUrl: 'file:///etc/passwd', profile })).toMatch(
        /^baseUrl: must be an http/,
      );
      expect(await refused('run_conformance', { baseUrl: other.baseUrl, profile, only: ['AUTH-99'] })).toMatch(
        /^only: only names no rule or area: AUTH-99/,
      );
      const closed = await startSandboxServer({ port: 0 });
      await closed.close();
      expect(await refused('run_conformance', { baseUrl: closed.baseUrl, profile, only: ['AUTH-03'] })).toMatch(
        /^baseUrl: /,
      );
      expect(otherRequests).toBe(0);
    });
  });

  it('bad input to every tool: an error result naming the field, no stack trace', async () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['list_operations', { extra: 1 }, /extra/],
      ['lookup_operation', { operationId: 42 }, /operationId/],
      ['lookup_operation', { operationId: 'logn' }, /^operationId: no operation is named "logn"/],
      ['lookup_operation', { method: 'GET' }, /^path: give operationId, or both method and path/],
      ['lookup_operation', { method: 'TRACE', path: '/member/me/' }, /method/],
      [
        'lookup_operation',
        { method: 'DELETE', path: '/member/me/' },
        /^method: \/member\/me\/ has no DELETE operation \(it has GET\)/,
      ],
      [
        'lookup_operation',
        { method: 'GET', path: '/member/mee/' },
        /^path: the contract has no path "\/member\/mee\/"/,
      ],
      ['lookup_operation', { operationId: 'getMe', path: '/member/me/' }, /^operationId: give either operationId/],
      ['check_request', {}, /operationId/],
      ['check_request', { operationId: 'nope' }, /^operationId: no operation is named "nope"/],
      ['check_request', { operationId: 'getMe', body: {} }, /^body: getMe takes no request body/],
      ['check_request', { operationId: 'listScenarios', query: { company_id: 1 } }, /query\.company_id/],
      ['check_response', { operationId: 'getMe', status: 'ok' }, /status/],
      ['check_response', { operationId: 'getMe', status: 600 }, /status/],
      ['sandbox_start', { world: 'huge' }, /world/],
      ['sandbox_start', { port: 70_000 }, /port/],
      ['sandbox_reset', { world: 'huge' }, /world/],
      ['sandbox_inspect', { all: true }, /all/],
      ['sandbox_stop', { now: true }, /now/],
      ['run_conformance', {}, /baseUrl/],
      ['run_conformance', { baseUrl: 'http://127.0.0.1:1/api', profile: { captchaToken: 'x' } }, /accounts/],
      ['run_conformance', { baseUrl: 'http://127.0.0.1:1/api', only: [] }, /only/],
      ['run_conformance', { baseUrl: 'http://127.0.0.1:1/api', timeoutMs: 0 }, /timeoutMs/],
    ];
    for (const [tool, args, message] of cases) {
      expect(await refused(tool, args), `${tool} ${JSON.stringify(args)}`).toMatch(message);
    }
    // Every tool was given bad input.
    expect(new Set(cases.map(([tool]) => tool))).toEqual(new Set(TOOLS));
  });

  it('wrote nothing but the protocol on stdout; its one log line went to stderr', () => {
    expect(transportErrors).toEqual([]);
    expect(stderr).toContain('task-kit-mcp: ready on stdio');
  });
});

describe('createKitMcpServer, in process', () => {
  it('serves the same tools over any transport; close() stops the sandbox it started', async () => {
    const { createKitMcpServer } = await import('../../mcp/server.js');
    const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
    const kit = createKitMcpServer();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await kit.server.connect(serverSide);
    const inProcess = new Client({ name: 'in-process', version: '0.0.0' });
    await inProcess.connect(clientSide);
    try {
      expect((await inProcess.listTools()).tools.map((t) => t.name)).toEqual(TOOLS);
      const started = (await inProcess.callTool({ name: 'sandbox_start', arguments: {} })) as CallToolResult;
      const { baseUrl } = started.structuredContent as { baseUrl: string };
      expect((await fetch(`${baseUrl}/member/me/`)).status).toBe(401);
      await kit.close();
      await expect(fetch(`${baseUrl}/member/me/`)).rejects.toThrow();
    } finally {
      await inProcess.close();
      await kit.close();
    }
  });
});

describe('task-kit-mcp as a command', () => {
  const run = (args: string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      child.stdout.on('data', (c) => {
        out += c;
      });
      child.stderr.on('data', (c) => {
        err += c;
      });
      child.on('close', (code) => resolve({ code, stdout: out, stderr: err }));
    });

  it('--help names every tool and the host configuration; --version the version; a bad flag exits 2', async () => {
    const [help, version, bad] = await Promise.all([run(['--help']), run(['--version']), run(['--port', '1'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: task-kit-mcp');
    for (const tool of TOOLS) expect(help.stdout).toContain(tool);
    expect(help.stdout).toContain('"command": "npx", "args": ["task-kit-mcp"]');
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(version.code).toBe(0);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("task-kit-mcp: Unknown option '--port'");
    expect(bad.stdout).toBe('');
  });

  it('stops the sandbox it started when the host ends the session', async () => {
    const host = new Client({ name: 'host', version: '0.0.0' });
    await host.connect(new StdioClientTransport({ command: process.execPath, args: [BIN], cwd: ROOT, stderr: 'pipe' }));
    const started = (await host.callTool({ name: 'sandbox_start', arguments: {} })) as CallToolResult;
    const { baseUrl } = started.structuredContent as { baseUrl: string };
    expect((await fetch(`${baseUrl}/member/me/`)).status).toBe(401);
    await host.close();
    await eventually(() => expect(fetch(`${baseUrl}/member/me/`)).rejects.toThrow());
  });

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('on %s: stops the sandbox it started and exits %i', async (signal, code) => {
    const child = spawn(process.execPath, [BIN], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    const send = (message: object) => child.stdin.write(`${JSON.stringify(message)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'sandbox_start', arguments: {} } });
    const baseUrl = await eventually(() => {
      const found = /"baseUrl\\?":\s*\\?"(http:\/\/127\.0\.0\.1:\d+\/api)/.exec(out)?.[1];
      expect(found).toBeDefined();
      return found as string;
    });
    expect((await fetch(`${baseUrl}/member/me/`)).status).toBe(401);
    child.kill(signal);
    expect(await closed).toBe(code);
    await expect(fetch(`${baseUrl}/member/me/`)).rejects.toThrow();
  });

  it('ends when the host closes its stdin', async () => {
    const child = spawn(process.execPath, [BIN], { cwd: ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
    const closed = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.stdin.end();
    expect(await closed).toBe(0);
  });
});
