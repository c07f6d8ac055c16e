// The node:http host (mocks/sandbox/hosts/node.ts) answers as the core's fetch does in process, on its own path and through a custom fetch.

import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { type Agent, Agent as HttpAgent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Answer, answerHandlerOf, createSandbox, type FetchHandler } from '../../mocks/sandbox/core/app.js';
import { durable } from '../../mocks/sandbox/hosts/durable.js';
import { MAX_BODY_BYTES, type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { headersOf } from './harness.js';

interface Wire {
  status: number;
  headers: Record<string, string>;
  text: string;
  /** Which connection answered: the same number twice means the connection was kept alive. */
  socket: number;
}

let socketCount = 0;
const sockets = new WeakMap<object, number>();

/** One request over node:http with the target sent exactly as given (fetch would normalise it first). */
function send(
  origin: string,
  agent: Agent | false,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Wire> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${target}`, { method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      const socket = res.socket;
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (!sockets.has(socket)) sockets.set(socket, ++socketCount);
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) out[name] = String(value);
        resolve({
          status: res.statusCode ?? 0,
          headers: out,
          text: Buffer.concat(chunks).toString('utf8'),
          socket: sockets.get(socket) ?? 0,
        });
      });
    });
    req.on('error', reject);
    // The target goes out verbatim: node:http does not normalise the path of a request it sends.
    req.path = target;
    req.end(body);
  });
}

// Headers node:http adds to any answer; the rest must be the core's own, name for name and value for value.
const TRANSPORT = ['connection', 'content-length', 'date', 'keep-alive', 'transfer-encoding'];
const own = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !TRANSPORT.includes(name)));

const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
const json = { 'content-type': 'application/json' };
const origin = { origin: 'http://localhost:5173' };
/** The admin secret of the host the steps run on: in process, the controls need none. */
const SECRET = 'node-host-test-secret';

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

// One clock for every sandbox here, so that two of them given the same requests store the same timestamps.
const started = Date.now();
const twin = () => createSandbox({ now: () => started });

async function tokenOf(fetch: FetchHandler): Promise<string> {
  const { username, password } = DEMO.accounts.member;
  const res = await fetch(
    new Request('http://127.0.0.1/api/member/login/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password, captcha_token: DEMO.captchaToken }),
    }),
  );
  return `JWT ${((await res.json()) as { data: { access_token: string } }).data.access_token}`;
}

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
      await vi.waitFor(() => expect(own.connections().building).toBe(1), { timeout: 10_000 });
      socket.destroy();
      await vi.waitFor(() => expect(own.connections()).toMatchObject({ open: 0, building: 0 }), { timeout: 10_000 });
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

describe('a fetch handler passed to the server', () => {
  it('is the one that answers, even when it wraps the sandbox', async () => {
    const sandbox = twin();
    const seen: string[] = [];
    const wrapper: FetchHandler = async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      const inner = await sandbox.fetch(request);
      return new Response(await inner.text(), { status: 299, headers: { 'x-wrapped': 'yes', ...headersOf(inner) } });
    };
    const server = await startSandboxServer({ fetch: wrapper });
    try {
      const wire = await send(server.origin, false, 'GET', '/api/member/me/');
      expect(wire.status).toBe(299);
      expect(wire.headers['x-wrapped']).toBe('yes');
      expect(JSON.parse(wire.text).status).toBe('error');
      expect(seen).toEqual(['GET /api/member/me/']);
    } finally {
      await server.close();
    }
  });

  it('with nothing of the sandbox in it, still answers', async () => {
    const server = await startSandboxServer({
      fetch: async () => new Response('short and stout', { status: 418, headers: { 'content-type': 'text/plain' } }),
    });
    try {
      const wire = await send(server.origin, false, 'PATCH', '/anything?at=all', {}, 'ignored');
      expect(wire).toMatchObject({ status: 418, text: 'short and stout' });
      expect(wire.headers['content-type']).toBe('text/plain');
    } finally {
      await server.close();
    }
  });

  it('that fails answers 500 with the error payload (readable by a page of another origin) and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await startSandboxServer({
      fetch: async () => {
        throw new Error('the handler broke');
      },
    });
    try {
      const wire = await send(server.origin, false, 'GET', '/api/member/me/', origin);
      expect(wire.status).toBe(500);
      expect(JSON.parse(wire.text).status).toBe('error');
      expect(wire.headers['access-control-allow-origin']).toBe(origin.origin);
      expect(logged).toHaveBeenCalledWith(
        'sandbox: internal error in the HTTP adapter',
        expect.objectContaining({ message: 'the handler broke' }),
      );
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });

  it('answering without a body (204), passes on its headers and adds no Content-Length', async () => {
    const server = await startSandboxServer({
      fetch: async () => new Response(null, { status: 204, headers: { 'x-kept': 'yes' } }),
    });
    try {
      const wire = await send(server.origin, false, 'DELETE', '/api/anything/');
      expect(wire).toMatchObject({ status: 204, text: '' });
      expect(wire.headers['x-kept']).toBe('yes');
      expect(wire.headers['content-length']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('durable over the sandbox keeps the direct path and saves after each change', async () => {
    const sandbox = twin();
    let saves = 0;
    const { fetch } = await durable('unused.json', sandbox, {
      writer: {
        append: async () => {
          saves += 1;
        },
        replace: async () => ({
          bytes: 0,
          write: async () => {},
          commit: async () => {
            saves += 1;
          },
          discard: async () => {},
        }),
      },
    });
    expect(answerHandlerOf(fetch)).toBeDefined();
    expect(answerHandlerOf(async (request) => sandbox.fetch(request))).toBeUndefined();
    const server = await startSandboxServer({ fetch });
    try {
      const token = await tokenOf(sandbox.fetch);
      const read = await send(server.origin, false, 'GET', '/api/member/me/', { authorization: token });
      expect(read.status).toBe(200);
      expect(saves).toBe(0);
      const body = JSON.stringify({ title: 'Saved', parent_id: DEMO.scenarios.checkout });
      const write = await send(
        server.origin,
        false,
        'POST',
        `/api/features/qa/scenarios/list/?${board}`,
        {
          authorization: token,
          ...json,
        },
        body,
      );
      expect(write.status, write.text).toBe(201);
      expect(saves).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('the sandbox beneath fetch, as the node host calls it', () => {
  it('answers a request that waits on nothing at once, and one that must wait with a promise', async () => {
    const sandbox = twin();
    const answer = answerHandlerOf(sandbox.fetch);
    if (answer === undefined) throw new Error('the sandbox fetch has no answer handler');
    const token = await tokenOf(sandbox.fetch);
    const me = (authorization: string) =>
      answer({
        method: 'GET',
        url: 'http://127.0.0.1/api/member/me/',
        headers: new Headers({ authorization }),
        text: async () => '',
      });
    // The first use verifies the token's signature; from then on it is remembered, and nothing waits.
    const first = await me(token);
    expect(first.status).toBe(200);
    const known = me(token);
    expect(known).not.toBeInstanceOf(Promise);
    expect((known as Answer).status).toBe(200);
    // A token never seen is verified by its signature (Web Crypto), which answers later.
    const unknown = me(`JWT ${(await sandbox.auth.issuePair(DEMO.accounts.member.id)).access_token}`);
    expect(unknown).toBeInstanceOf(Promise);
    expect((await unknown).status).toBe(200);
    // An error found before anything waits is an answer at once too, never a throw.
    const refused = me('Basic x');
    expect(refused).not.toBeInstanceOf(Promise);
    expect((refused as Answer).status).toBe(401);
  });
});

describe('the client the node host names to the sandbox', () => {
  /** A registration sent from `localAddress`; its status. */
  const register = (origin: string, localAddress: string, username: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${origin}/api/member/register/`,
        { method: 'POST', headers: json, agent: false, localAddress },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(
        JSON.stringify({
          username,
          password: `${username}-password`,
          first_name: 'R',
          email: `${username}@example.com`,
          captcha_token: DEMO.captchaToken,
        }),
      );
    });

  it('is its address: the registration throttle refuses one address and not another', async () => {
    const server = await startSandboxServer({ fetch: createSandbox({ limits: { registrationsPerMinute: 1 } }).fetch });
    try {
      expect(await register(server.origin, '127.0.0.2', 'first')).toBe(201);
      expect(await register(server.origin, '127.0.0.2', 'second')).toBe(429);
      expect(await register(server.origin, '127.0.0.3', 'third')).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('the node host itself', () => {
  it('tells a client how long it keeps an idle connection (Keep-Alive), the default or the option', async () => {
    for (const [options, advertised] of [
      [{}, 'timeout=5'],
      [{ keepAliveTimeoutMs: 2_000 }, 'timeout=2'],
    ] as const) {
      const server = await startSandboxServer(options);
      const agent = new HttpAgent({ keepAlive: true });
      try {
        const wire = await send(server.origin, agent, 'GET', '/api/member/me/');
        expect(wire.status).toBe(401);
        expect(wire.headers['keep-alive']).toBe(advertised);
      } finally {
        agent.destroy();
        await server.close();
      }
    }
  });

  it('a port in use is an error for the caller; close() stops the server', async () => {
    const first = await startSandboxServer();
    const { port } = new URL(first.origin);
    await expect(startSandboxServer({ port: Number(port) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await first.close();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('on an IPv6 address: its origin and base URL are written with brackets, and it answers there', async () => {
    const server = await startSandboxServer({ host: '::1' });
    try {
      expect(server.origin).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(server.baseUrl).toBe(`${server.origin}/api`);
      const res = await fetch(`${server.baseUrl}/member/me/`);
      expect(res.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  describe('serves the built docs at /docs/', () => {
    let dir: string;
    let server: SandboxServer;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sandbox-docs-'));
      await writeFile(join(dir, 'index.html'), '<h1>Reference</h1>');
      await writeFile(join(dir, 'console.html'), '<h1>Console</h1>');
      server = await startSandboxServer({ docsDir: dir });
    });
    afterEach(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('each page with its type, never cached unchecked; /docs goes to /docs/', async () => {
      const redirect = await send(server.origin, false, 'GET', '/docs');
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe('/docs/');
      for (const [path, text] of [
        ['/docs/', '<h1>Reference</h1>'],
        ['/docs/index.html?v=1', '<h1>Reference</h1>'],
        ['/docs/console.html', '<h1>Console</h1>'],
      ]) {
        const page = await send(server.origin, false, 'GET', path as string);
        expect(page, path).toMatchObject({ status: 200, text });
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const head = await send(server.origin, false, 'HEAD', '/docs/');
      expect(head).toMatchObject({ status: 200, text: '' });
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('a page stored brotli-compressed (as the package ships it) goes as it is to a client that takes br, else plain', async () => {
      await writeFile(join(dir, 'console.html.br'), brotliCompressSync('<h1>Shipped console</h1>'));
      // fetch sends `gzip, deflate` unless told, and decodes what it gets: the page reads the same either way.
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip, deflate, br;q=0.5', 'br'],
        ['*', 'br'],
        ['gzip, br;q=0', null],
        [undefined, null],
      ] as const) {
        const page = await fetch(`${server.origin}/docs/console.html`, {
          headers: accept === undefined ? {} : { 'accept-encoding': accept },
        });
        expect([page.status, page.headers.get('content-encoding'), page.headers.get('vary')], accept).toEqual([
          200,
          encoding,
          'accept-encoding',
        ]);
        expect(await page.text(), accept).toBe('<h1>Shipped console</h1>');
      }
      // A page stored only plain is served plain whatever the client takes.
      const plain = await send(server.origin, false, 'GET', '/docs/', { 'accept-encoding': 'br' });
      expect([plain.headers['content-encoding'], plain.text]).toEqual([undefined, '<h1>Reference</h1>']);
    });

    it('a page rebuilt since it was last served is served anew', async () => {
      expect((await send(server.origin, false, 'GET', '/docs/')).text).toBe('<h1>Reference</h1>');
      await writeFile(join(dir, 'index.html'), '<h1>Rebuilt</h1>');
      // A build a second later: its own modification time, whatever the file system's resolution.
      const later = new Date(Date.now() + 1000);
      await utimes(join(dir, 'index.html'), later, later);
      expect((await send(server.origin, false, 'GET', '/docs/')).text).toBe('<h1>Rebuilt</h1>');
    });

    it('a page that could not be read is read again when next asked for, even with the same modification time', async () => {
      // A folder where the page should be: its modification time is read, the page is not.
      await rm(join(dir, 'console.html'));
      await mkdir(join(dir, 'console.html'));
      const mtime = new Date('2026-01-01T00:00:00Z');
      await utimes(join(dir, 'console.html'), mtime, mtime);
      expect((await send(server.origin, false, 'GET', '/docs/console.html')).status).toBe(404);
      await rm(join(dir, 'console.html'), { recursive: true });
      await writeFile(join(dir, 'console.html'), '<h1>Built now</h1>');
      await utimes(join(dir, 'console.html'), mtime, mtime);
      expect(await send(server.origin, false, 'GET', '/docs/console.html')).toMatchObject({
        status: 200,
        text: '<h1>Built now</h1>',
      });
    });

    it('a path that is no page → 404 naming it; a page not built → 404 saying how to build it', async () => {
      const none = await send(server.origin, false, 'GET', '/docs/secrets.txt');
      expect(none.status).toBe(404);
      expect(JSON.parse(none.text).message).toBe('No document at /docs/secrets.txt.');
      // A long path is named by its first 200 characters: an error message does not echo whatever a client sends.
      const long = `/docs/${'a'.repeat(300)}`;
      const named = await send(server.origin, false, 'GET', long);
      expect(JSON.parse(named.text).message).toBe(`No document at ${long.slice(0, 200)}.`);
      const missing = await send(server.origin, false, 'GET', '/docs/mockServiceWorker.js');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text).message).toContain('mockServiceWorker.js is missing): run npm run docs');
    });
  });
});

describe("the host's own refusals, to a page of another origin", () => {
  let server: SandboxServer;
  beforeEach(async () => {
    server = await startSandboxServer({ fetch: twin().fetch });
  });
  afterEach(async () => {
    await server.close();
  });

  /** The CORS headers of an answer: those the page's browser needs to let it read the answer. */
  const corsOf = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

  /** What the API itself answers a page of another origin (a 401 from the core), as the host's refusals must. */
  async function apiCors(): Promise<Record<string, string>> {
    const res = await twin().fetch(new Request('http://127.0.0.1/api/member/me/', { headers: origin }));
    const cors = corsOf(headersOf(res));
    expect(cors['access-control-allow-origin']).toBe(origin.origin);
    expect(cors['access-control-expose-headers']).toContain('Retry-After');
    return cors;
  }

  it('a body over the limit (by Content-Length or chunked) and a method fetch cannot carry: readable, as API answers are', async () => {
    const expected = await apiCors();
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const declared = await send(server.origin, false, 'POST', '/api/member/login/', { ...json, ...origin }, big);
    const chunked = await send(
      server.origin,
      false,
      'POST',
      '/api/member/login/',
      { ...json, ...origin, 'transfer-encoding': 'chunked' },
      big,
    );
    const trace = await send(server.origin, false, 'TRACE', '/api/member/me/', origin);
    for (const [wire, status] of [
      [declared, 413],
      [chunked, 413],
      [trace, 400],
    ] as const) {
      expect(wire.status).toBe(status);
      expect(corsOf(wire.headers), String(status)).toEqual(expected);
    }
  });

  it('without an Origin, or for /_sandbox/, they carry no CORS headers, as API answers do not', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const plain = await send(server.origin, false, 'POST', '/api/member/login/', json, big);
    expect(plain.status).toBe(413);
    expect(corsOf(plain.headers)).toEqual({});
    // A page of another origin is refused the controls (it cannot send the admin secret), and may not read even that.
    for (const target of ['/_sandbox/reset/', '/api/../_sandbox/reset/']) {
      const control = await send(server.origin, false, 'POST', target, { ...json, ...origin, host: 'localhost' }, big);
      expect(control.status, target).toBe(401);
      expect(corsOf(control.headers), target).toEqual({});
    }
    // With the controls open to anyone, the host's own refusal of a control request is still not for other origins.
    const open = await startSandboxServer({ guard: false });
    try {
      const control = await send(open.origin, false, 'POST', '/api/../_sandbox/reset/', { ...json, ...origin }, big);
      expect(control.status).toBe(413);
      expect(corsOf(control.headers)).toEqual({});
    } finally {
      await open.close();
    }
  });
});
