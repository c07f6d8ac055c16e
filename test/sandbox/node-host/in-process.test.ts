// The node:http host (mocks/sandbox/hosts/node.ts) answers as the core's fetch does in process: the same status, headers and body, request for request.
import { type Agent, Agent as HttpAgent } from 'node:http';
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_BODY_BYTES, type SandboxServer, startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { eventually } from '../../support/waiting.js';
import { headersOf } from '../harness.js';
import { board, json, origin, send, tokenOf, twin } from './helpers.js';

/** The admin secret of the host the steps run on: in process, the controls need none. */
const SECRET = 'node-host-test-secret';

// Headers node:http adds to any answer; the rest must be the core's own, name for name and value for value.
const TRANSPORT = ['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'];
const own = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.includes(name)));

/** A request of the sequence; `auth` is replaced by each side's own access token (tokens are random per sandbox). */
interface Step {
  method: string;
  target: string;
  headers?: Record<string, string>;
  auth?: boolean;
  body?: string;
}

// Reads, writes, deletions, and each kind of refusal; the writes build on each other, so ids must match too.
const STEPS: Step[] = [
  { method: 'GET', target: '/api/member/me/', auth: true },
  { method: 'GET', target: '/api/member/me/', auth: true, headers: origin },
  { method: 'GET', target: '/api/member/me/' },
  { method: 'GET', target: '/api/member/me/', headers: { authorization: 'JWT nope', ...origin } },
  { method: 'GET', target: `/api/features/qa/scenarios/list/?${board}`, auth: true },
  { method: 'GET', target: `/api/features/qa/scenarios/list/?${board}&limit=2&offset=1`, auth: true },
  { method: 'GET', target: '/api/features/qa/scenarios/list/?company_id=abc&board_id=-1', auth: true },
  {
    method: 'POST',
    target: `/api/features/qa/scenarios/list/?${board}`,
    auth: true,
    headers: json,
    body: JSON.stringify({ title: 'Équivalence ✓', parent_id: DEMO.scenarios.checkout }),
  },
  {
    method: 'PATCH',
    target: `/api/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.checkout}`,
    auth: true,
    headers: json,
    body: JSON.stringify({ title: 'Renamed' }),
  },
  {
    method: 'PATCH',
    target: `/api/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.checkout}`,
    auth: true,
    headers: json,
    body: `\uFEFF${JSON.stringify({ title: 'With a byte order mark' })}`,
  },
  {
    method: 'DELETE',
    target: `/api/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.checkout}`,
    auth: true,
  },
  {
    method: 'DELETE',
    target: `/api/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.checkout}`,
    auth: true,
  },
  { method: 'POST', target: `/api/features/qa/scenarios/list/?${board}`, auth: true, headers: json, body: '{"title":' },
  { method: 'POST', target: `/api/features/qa/scenarios/list/?${board}`, auth: true, body: '{"title":"x"}' },
  { method: 'POST', target: `/api/features/qa/scenarios/list/?${board}`, auth: true, headers: json },
  {
    method: 'POST',
    target: `/api/features/qa/scenarios/list/?${board}`,
    auth: true,
    headers: json,
    body: `${'['.repeat(40)}${']'.repeat(40)}`,
  },
  { method: 'POST', target: '/api/member/login/', headers: json, body: JSON.stringify({ username: 'demo' }) },
  { method: 'PUT', target: '/api/member/me/', auth: true, headers: origin },
  { method: 'HEAD', target: '/api/member/me/', auth: true },
  { method: 'OPTIONS', target: '/api/member/me/', headers: origin },
  { method: 'GET', target: '/api/member/me', auth: true },
  { method: 'GET', target: '/nowhere', headers: origin },
  // Targets a URL parser rewrites: the host must answer what a Request for them gets.
  { method: 'GET', target: '/api/member/./me/', auth: true },
  { method: 'GET', target: '/api/member/x/../me/', auth: true },
  { method: 'GET', target: '/api/member/%6De/', auth: true },
  { method: 'GET', target: '/api/member\\me/', auth: true },
  // A GET with a body, on a target that goes through a real Request: the body is not read, as fetch would not send it
  // (node:http sends a GET body without Content-Length unless told).
  {
    method: 'GET',
    target: '/api/member/./me/',
    auth: true,
    headers: { ...json, 'content-length': '16' },
    body: '{"ignored":true}',
  },
  // The same with HEAD: its body is not read either.
  {
    method: 'HEAD',
    target: '/api/member/./me/',
    auth: true,
    headers: { ...json, 'content-length': '16' },
    body: '{"ignored":true}',
  },
  {
    method: 'POST',
    target: '/_sandbox/expire-token/',
    headers: { host: 'localhost', 'x-sandbox-admin-secret': SECRET },
  },
];

function headersFor(step: Step, token: string): Record<string, string> {
  return { ...step.headers, ...(step.auth ? { authorization: token } : {}) };
}

describe('the node host and the in-process fetch', () => {
  let server: SandboxServer;
  let agent: Agent;
  // Two sandboxes in the same state: one behind the node host, one called in process.
  const inProcess = twin();
  const onHost = twin();

  // A server for each test: what a test checks of the host is then counted for that test (mutation testing gives code
  // run in beforeAll to no test).
  beforeEach(async () => {
    server = await startSandboxServer({ fetch: onHost.fetch, guard: { adminSecret: SECRET } });
    agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
  });
  afterEach(async () => {
    agent.destroy();
    await server.close();
  });

  it('answer every request alike: status, headers and body, on one kept-alive connection', async () => {
    const hostToken = await tokenOf(onHost.fetch);
    const localToken = await tokenOf(inProcess.fetch);
    const sockets = new Set<number>();
    for (const step of STEPS) {
      const where = `${step.method} ${step.target}`;
      const wire = await send(server.origin, agent, step.method, step.target, headersFor(step, hostToken), step.body);
      const hasBody = step.body !== undefined && step.method !== 'GET' && step.method !== 'HEAD';
      const local = await inProcess.fetch(
        new Request(`${server.origin}${step.target}`, {
          method: step.method,
          headers: { host: server.origin.slice('http://'.length), ...headersFor(step, localToken) },
          ...(hasBody ? { body: step.body } : {}),
        }),
      );
      const localText = await local.text();
      expect(wire.status, `${where} ${wire.text}`).toBe(local.status);
      expect(own(wire.headers), where).toEqual(headersOf(local));
      if (step.method === 'HEAD') {
        expect(wire.text, where).toBe('');
        expect(wire.headers['content-length'], where).toBe(String(Buffer.byteLength(localText)));
      } else {
        expect(wire.text, where).toBe(localText);
      }
      sockets.add(wire.socket);
    }
    expect(STEPS.length).toBeGreaterThan(20);
    expect([...sockets]).toHaveLength(1);
  });

  it('refuse a body over the limit with 413 naming the body, then close that connection', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const wire = await send(server.origin, false, 'POST', '/api/member/login/', json, big);
    expect(wire.status).toBe(413);
    expect(wire.headers.connection).toBe('close');
    expect(JSON.parse(wire.text).errors).toEqual([
      { field: 'body', message: `must be at most ${MAX_BODY_BYTES} bytes` },
    ]);
  });

  it('read a body of exactly the limit, declared or chunked, and answer it', async () => {
    // JSON may end in spaces: an object padded to MAX_BODY_BYTES bytes, which the login check then reads (400).
    const body = '{"username":"demo"}'.padEnd(MAX_BODY_BYTES, ' ');
    const declared = await send(server.origin, false, 'POST', '/api/member/login/', json, body);
    const chunked = await send(
      server.origin,
      false,
      'POST',
      '/api/member/login/',
      { ...json, 'transfer-encoding': 'chunked' },
      body,
    );
    for (const wire of [declared, chunked]) {
      expect(wire.status, wire.text).toBe(400);
      expect(JSON.parse(wire.text).errors.map((e: { field: string }) => e.field)).not.toContain('body');
    }
  });

  it('answer a request with a body answered at once as a success of the host: no internal error, the connection kept', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await send(server.origin, agent, 'POST', '/api/member/login/', json, '{}');
      const second = await send(server.origin, agent, 'POST', '/api/member/login/', json, '{}');
      expect([first.status, second.status]).toEqual([400, 400]);
      expect(second.socket).toBe(first.socket);
      expect(logged).not.toHaveBeenCalled();
    } finally {
      agent.destroy();
      logged.mockRestore();
    }
  });

  it('answer a POST with no body at all (no Content-Length, as curl -X POST sends) as in process', async () => {
    const { hostname, port } = new URL(server.origin);
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), hostname, () =>
        socket.write(
          'POST /api/member/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString();
      });
      socket.on('close', () => resolve(text));
    });
    const local = await inProcess.fetch(
      new Request(`${server.origin}/api/member/login/`, { method: 'POST', headers: json }),
    );
    expect(reply).toMatch(new RegExp(`^HTTP/1\\.1 ${local.status} `));
    expect(reply.slice(reply.indexOf('\r\n\r\n') + 4)).toBe(await local.text());
  });

  it('never carry out a request cut off halfway through its body, even one that needs no body (DELETE)', async () => {
    const sandbox = twin();
    const own = await startSandboxServer({ fetch: sandbox.fetch });
    try {
      const token = await tokenOf(sandbox.fetch);
      const target = `/api/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.checkout}`;
      const { hostname, port } = new URL(own.origin);
      const socket = connect(Number(port), hostname);
      socket.on('error', () => undefined);
      socket.write(
        `DELETE ${target} HTTP/1.1\r\nHost: x\r\nAuthorization: ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"par`,
      );
      await eventually(() => expect(own.connections().building).toBe(1));
      socket.destroy();
      await eventually(() => expect(own.connections()).toMatchObject({ open: 0, building: 0 }));
      // The scenario is still there: deleting it whole is answered as a first deletion is.
      const whole = await send(own.origin, false, 'DELETE', target, { authorization: token });
      const fresh = twin();
      const first = await fresh.fetch(
        new Request(`${own.origin}${target}`, {
          method: 'DELETE',
          headers: { authorization: await tokenOf(fresh.fetch) },
        }),
      );
      expect(first.status).toBeLessThan(300);
      expect(whole.status, whole.text).toBe(first.status);
    } finally {
      await own.close();
    }
  });

  it('refuse a method fetch cannot carry with 400', async () => {
    const wire = await send(server.origin, false, 'TRACE', '/api/member/me/');
    expect(wire.status).toBe(400);
    expect(JSON.parse(wire.text).status).toBe('error');
  });
});
