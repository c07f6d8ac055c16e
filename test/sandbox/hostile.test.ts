// Hostile input (docs/sandbox.md, "Limits and hostile input"): every case gets a 4xx error payload naming what to fix, never a 5xx, a crash or a hang.
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { getResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { createSandbox, MAX_JSON_DEPTH } from '../../mocks/sandbox/core/app.js';
import { MAX_FIELD_ERRORS } from '../../mocks/sandbox/domain/errors.js';
import { sandboxHandlers } from '../../mocks/sandbox/hosts/msw.js';
import { MAX_BODY_BYTES, type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { eventually } from '../support/waiting.js';
import { headersOf, onBoard, requestTo, sandboxUnderTest } from './harness.js';

const { member } = DEMO.accounts;
const { call, loginAs, fetch: sandboxFetch } = sandboxUnderTest();
let auth: string;
beforeAll(async () => {
  auth = await loginAs(member.username, member.password);
});
const fields = (json: { errors?: Array<{ field: string }> }) => (json.errors ?? []).map((e) => e.field);
const outcomePath = `/features/qa/sessions/cases/?${onBoard({ case_report_id: 1 })}`;

describe('in process', () => {
  test('invalid JSON → 400 naming body, without echoing the body', async () => {
    const res = await call('POST', '/member/login/', {
      raw: '{"username":"demo","password":"s3cret-pass',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, fields(res.json)]).toEqual([400, ['body']]);
    expect(JSON.stringify(res.json)).not.toContain('s3cret');
  });

  test('a wrong Content-Type → 415 naming Content-Type; charset parameters are fine', async () => {
    const body = JSON.stringify({ username: 'a', password: 'b', captcha_token: 'c' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx']) {
      const res = await call('POST', '/member/login/', { raw: body, headers: { 'content-type': type } });
      expect([res.status, fields(res.json)], type).toEqual([415, ['Content-Type']]);
    }
    const none = await call('POST', '/member/login/', { raw: body });
    expect(none.status).toBe(415);
    const charset = await call('POST', '/member/login/', {
      raw: body,
      headers: { 'content-type': 'Application/JSON; charset=utf-8' },
    });
    expect(charset.status).toBe(400);
    expect(fields(charset.json)).toEqual(['captcha_token']);
  });

  test('a missing body → 400 naming body', async () => {
    const res = await call('POST', '/member/login/', { headers: { 'content-type': 'application/json' } });
    expect([res.status, fields(res.json)]).toEqual([400, ['body']]);
  });

  test('unknown path → 404; outside /api → 404', async () => {
    for (const path of ['/nope/', '/member/', '/member/me/extra/', '/MEMBER/ME/']) {
      const res = await call('GET', path, { auth });
      expect(res.status, path).toBe(404);
      expect(res.json.status).toBe('error');
    }
    const res = await sandboxFetch(requestTo('GET', '/member/me/', { authorization: auth }));
    expect(res.status).toBe(404);
  });

  test('wrong method → 405 with Allow', async () => {
    const res = await call('PUT', '/member/bearer-tokens/', { auth });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, POST');
    const login = await call('DELETE', '/member/login/');
    expect([login.status, login.headers.allow]).toEqual([405, 'POST']);
  });

  test('no trailing slash → 404 whose message names the slashed path', async () => {
    const res = await call('GET', '/member/me', { auth });
    expect(res.status).toBe(404);
    expect(res.json.message).toContain('/api/member/me/');
  });

  test('non-numeric, zero, negative and fractional ids → 400 naming each field', async () => {
    const res = await call('GET', '/features/qa/scenarios/?company_id=abc&board_id=0&scenario_id=1.5', { auth });
    expect(res.status).toBe(400);
    expect(fields(res.json).sort()).toEqual(['board_id', 'company_id', 'scenario_id']);
    const neg = await call('GET', `/features/qa/cases/?${onBoard({ case_id: -3 })}`, { auth });
    expect([neg.status, fields(neg.json)]).toEqual([400, ['case_id']]);
    const hex = await call('GET', `/features/qa/cases/?${onBoard({ case_id: '0x10' })}`, { auth });
    expect([hex.status, fields(hex.json)]).toEqual([400, ['case_id']]);
    const missing = await call('GET', '/features/qa/cases/', { auth });
    expect(fields(missing.json).sort()).toEqual(['board_id', 'case_id', 'company_id']);
  });

  test('huge or negative page/limit → 400 naming them; a repeated scalar is refused', async () => {
    for (const [query, field] of [
      ['page=-1', 'page'],
      ['page=0', 'page'],
      ['page=99999999999999999999', 'page'],
      ['limit=-5', 'limit'],
      ['limit=1000000', 'limit'],
      ['limit=1e3', 'limit'],
      ['page=1&page=2', 'page'],
    ]) {
      const res = await call('GET', `/member/bearer-tokens/?${query}`, { auth });
      expect([res.status, fields(res.json)], query).toEqual([400, [field]]);
    }
  });

  test('unknown body fields → 400 naming them; unknown query keys are ignored where an operation has query parameters, as the contract allows, and named where it has none', async () => {
    const res = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'x', is_active: true, owner: 'me', __proto__: { admin: true } },
    });
    expect([res.status, fields(res.json)]).toEqual([400, ['owner']]);
    const proto = await call('POST', '/member/bearer-tokens/', {
      auth,
      raw: '{"title":"x","is_active":true,"__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect([proto.status, fields(proto.json)]).toEqual([400, ['__proto__']]);
    const extraQuery = await call('GET', '/member/bearer-tokens/?debug=1', { auth });
    expect(extraQuery.status).toBe(200);
    const noQuery = await call('GET', '/member/me/?debug=1', { auth });
    expect([noQuery.status, fields(noQuery.json)]).toEqual([400, ['debug']]);
  });

  test('wrong JSON types at the top level → 400 naming body', async () => {
    for (const raw of ['5', '"text"', 'null', '[]', 'true']) {
      const res = await call('PATCH', outcomePath, { auth, raw, headers: { 'content-type': 'application/json' } });
      expect([res.status, fields(res.json)], raw).toEqual([400, ['body']]);
    }
  });

  test(`JSON nested deeper than ${MAX_JSON_DEPTH} levels → 400 naming body; at the limit it is judged by the schema`, async () => {
    const deep = `{"metadata":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await call('POST', '/member/bearer-tokens/', {
      auth,
      raw: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, fields(res.json)]).toEqual([400, ['body']]);
    const brackets =
      '{"metadata":{"s":"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["},"title":"x","is_active":true}';
    const inString = await call('POST', '/member/bearer-tokens/', {
      auth,
      raw: brackets,
      headers: { 'content-type': 'application/json' },
    });
    expect(inString.status).toBe(201);
  });

  test('huge JSON within the size limit is validated, not trusted: long strings and wide objects', async () => {
    const longTitle = await call('POST', '/member/bearer-tokens/', {
      auth,
      body: { title: 'x'.repeat(900_000), is_active: true },
    });
    expect([longTitle.status, fields(longTitle.json)]).toEqual([400, ['title']]);
    expect(JSON.stringify(longTitle.json).length).toBeLessThan(1000);
    const wide = Object.fromEntries(Array.from({ length: 90_000 }, (_, i) => [`k${i}`, i]));
    const res = await call('PATCH', outcomePath, { auth, body: { status: 'done', ...wide } });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveLength(MAX_FIELD_ERRORS);
    expect(res.json.message).toContain(`of 90000 fields`);
  });

  test('CORS: the preflight is answered without a credential; answers to a page of this machine allow its origin', async () => {
    const res = await sandboxFetch(requestTo('OPTIONS', '/api/member/me/', { origin: 'http://localhost:5173' }));
    expect(res.status).toBe(204);
    expect(headersOf(res)['access-control-allow-headers']).toContain('Authorization');
    const browser = await call('GET', '/member/me/', { headers: { origin: 'http://localhost:5173' } });
    expect(browser.status).toBe(401);
    expect(browser.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(browser.headers['access-control-expose-headers']).toContain('WWW-Authenticate');
    const ok = await call('GET', '/member/me/', { auth, headers: { origin: 'http://localhost:5173' } });
    expect(ok.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    const server = await call('GET', '/member/me/', { auth });
    expect(server.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('a fuzz of random methods, paths, headers and bodies never gets a 5xx', async () => {
    let seed = 42;
    const next = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    const pick = <T>(items: readonly T[]): T => items[next() % items.length] as T;
    const paths = [
      '/api/member/me/',
      '/api/member/login/',
      '/api/member/bearer-tokens/detail/?key=',
      `/api/features/qa/sessions/cases/?${onBoard({ case_report_id: 1 })}`,
      `/api/features/qa/scenarios/list/?${onBoard()}&page=`,
      '/api/task/list/?company_id=1&board_id=1&assignee_ids=',
      '/api/%00/',
      '/api/features/qa/sessions/start/?company_id=1&board_id=',
    ];
    const bodies = ['', '{', '{}', '[]', 'null', '{"status":"bug"}', '{"title":null}', '\u0000', '{"a":1e999}', '"'];
    const auths = [undefined, auth, 'Bearer ', 'JWT x.y.z', 'Bearer tmk_x', 'JWT', ' ', 'Basic Og=='];
    for (let i = 0; i < 500; i++) {
      const url = pick(paths) + pick(['', '1', '-1', 'x', '%ZZ', '&&&', '1&limit=0']);
      const authorization = pick(auths);
      // TRACE cannot be sent through fetch at all; the over-HTTP tests send it raw.
      const res = await sandboxFetch(
        requestTo(
          pick(['GET', 'POST', 'PATCH', 'DELETE', 'PUT', 'get', 'PURGE']),
          url,
          {
            'content-type': pick(['application/json', 'text/plain', '']),
            ...(authorization === undefined ? {} : { authorization }),
          },
          pick(bodies),
        ),
      );
      expect(res.status, url).toBeLessThan(500);
    }
  });
});

describe('over HTTP', () => {
  let server: SandboxServer;
  // A server for each test: what a test checks of the host is then counted for that test (mutation testing gives code
  // run in beforeAll to no test).
  beforeEach(async () => {
    server = await startSandboxServer({ fetch: sandboxFetch });
  });
  afterEach(async () => {
    await server.close();
  });

  const rawPost = (path: string, headers: Record<string, string>, chunks: Buffer[]) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.origin}${path}`, { method: 'POST', headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });

  /** Sends `head` (and nothing after it) on a new connection; resolves with all the server sent once it closes. */
  const rawExchange = (head: string, body = '') =>
    new Promise<string>((resolve) => {
      const url = new URL(server.origin);
      const socket = connect(Number(url.port), url.hostname, () => socket.write(`${head}\r\n\r\n${body}`));
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });

  /** The server's own log stays free of internal errors while `run` goes on (a refusal is not a failure). */
  async function withoutInternalErrors<T>(run: () => Promise<T>): Promise<T> {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const result = await run();
      expect(logged).not.toHaveBeenCalled();
      return result;
    } finally {
      logged.mockRestore();
    }
  }

  test(`a body over ${MAX_BODY_BYTES} bytes with Content-Length → 413 before it is read`, async () => {
    const res = await fetch(`${server.baseUrl}/member/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect((await res.json()).errors[0].field).toBe('body');
    const ok = await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } });
    expect(ok.status).toBe(200);
    // Only the head is sent: the answer comes all the same, from Content-Length alone, and nothing else is answered.
    const reply = await withoutInternalErrors(() =>
      rawExchange(
        `POST /api/member/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES + 1}`,
      ),
    );
    expect(reply).toMatch(/^HTTP\/1\.1 413 /);
    expect(reply.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  test('a chunked body that grows past the limit → 413, and the server keeps serving', async () => {
    const chunk = Buffer.alloc(256 * 1024, 'a');
    const res = await withoutInternalErrors(() =>
      rawPost('/api/member/login/', { 'content-type': 'application/json', 'transfer-encoding': 'chunked' }, [
        chunk,
        chunk,
        chunk,
        chunk,
        chunk,
      ]),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).errors[0].field).toBe('body');
    expect((await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } })).status).toBe(200);
  });

  test('Expect: 100-continue with a body over the limit → 413 before the body is sent', async () => {
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(`${server.baseUrl}/member/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': MAX_BODY_BYTES * 2, expect: '100-continue' },
      });
      req.on('continue', () => reject(new Error('the server asked for the body')));
      req.on('response', (r) => {
        let body = '';
        r.on('data', (c) => {
          body += c;
        });
        r.on('end', () => {
          resolve({ status: r.statusCode ?? 0, body });
          req.destroy();
        });
      });
      req.on('error', () => undefined);
      req.flushHeaders();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).status).toBe('error');
  });

  test('Expect: 100-continue within the limit → 100 Continue, then the body is read and judged', async () => {
    const body = `"${'a'.repeat(MAX_BODY_BYTES - 2)}"`;
    const res = await new Promise<{ continued: boolean; status: number; body: string }>((resolve, reject) => {
      let continued = false;
      const req = httpRequest(`${server.baseUrl}/member/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': MAX_BODY_BYTES, expect: '100-continue' },
      });
      req.on('continue', () => {
        continued = true;
        req.end(body);
      });
      req.on('response', (r) => {
        let text = '';
        r.on('data', (c) => {
          text += c;
        });
        r.on('end', () => resolve({ continued, status: r.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(res.continued).toBe(true);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).errors[0].field).toBe('body');
  });

  test('headers larger than the server reads → 431 with an error payload, and the server stays up', async () => {
    const reply = await rawExchange(`GET /api/member/me/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(64 * 1024)}`);
    expect(reply).toMatch(/^HTTP\/1\.1 431 /);
    expect(reply).toContain('"status":"error"');
    expect((await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } })).status).toBe(200);
  });

  test('exactly the limit is read and judged, chunked or with Content-Length', async () => {
    const body = Buffer.from(`"${'a'.repeat(MAX_BODY_BYTES - 2)}"`);
    for (const length of [{}, { 'content-length': String(MAX_BODY_BYTES) }] as Record<string, string>[]) {
      const res = await rawPost('/api/member/login/', { 'content-type': 'application/json', ...length }, [body]);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body).errors[0].field).toBe('body');
    }
  });

  test('a body that comes in many pieces is read whole: a login padded with spaces to the limit succeeds', async () => {
    const login = JSON.stringify({
      username: member.username,
      password: member.password,
      captcha_token: DEMO.captchaToken,
    });
    const padded = Buffer.from(`${' '.repeat(MAX_BODY_BYTES - login.length)}${login}`);
    const res = await rawPost('/api/member/login/', { 'content-type': 'application/json' }, [
      padded.subarray(0, 300_000),
      padded.subarray(300_000, 700_000),
      padded.subarray(700_000),
    ]);
    expect(res.status, res.body).toBe(200);
  });

  test('a client that drops its connection halfway through a body leaves nothing behind, and the server keeps serving', async () => {
    const url = new URL(server.origin);
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/member/login/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user',
    );
    await eventually(() => expect(server.connections().building).toBe(1));
    socket.destroy();
    await eventually(() => expect(server.connections()).toMatchObject({ open: 0, building: 0, clients: 0 }));
    expect((await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } })).status).toBe(200);
  });

  test('malformed HTTP gets a 400 error payload and the server stays up', async () => {
    const reply = await new Promise<string>((resolve) => {
      const url = new URL(server.origin);
      const socket = connect(Number(url.port), url.hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (d) => {
        text += d.toString();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', () => resolve(text));
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400/);
    expect(reply).toContain('"status":"error"');
    expect((await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } })).status).toBe(200);
  });

  test('requests fetch cannot represent (TRACE, an absolute-form target) get a 400 error payload, not a 5xx', async () => {
    const raw = (head: string) =>
      new Promise<string>((resolve) => {
        const url = new URL(server.origin);
        const socket = connect(Number(url.port), url.hostname, () =>
          socket.write(`${head}\r\nConnection: close\r\n\r\n`),
        );
        let text = '';
        socket.on('data', (d) => {
          text += d.toString();
        });
        socket.on('close', () => resolve(text));
        socket.on('error', () => resolve(text));
      });
    for (const head of [
      'TRACE /api/member/me/ HTTP/1.1\r\nHost: x',
      'GET http://elsewhere.test/api/member/me/ HTTP/1.1\r\nHost: x',
    ]) {
      const reply = await raw(head);
      expect(reply, head).toMatch(/^HTTP\/1\.1 400/);
      expect(reply, head).toContain('"status":"error"');
    }
    expect((await fetch(`${server.baseUrl}/member/me/`, { headers: { authorization: auth } })).status).toBe(200);
  });

  test('the docs route answers 404 with a hint when no docs directory is given', async () => {
    const res = await fetch(`${server.origin}/docs/`);
    expect(res.status).toBe(404);
    expect((await res.json()).message).toContain('npm run docs');
  });
});

describe('text that is not Unicode, in every host', () => {
  const sandbox = createSandbox();
  let jwt: string;
  const servers: SandboxServer[] = [];
  // biome-ignore lint/suspicious/noExplicitAny: error payloads are read as JSON.
  type Send = (path: string, body: Buffer) => Promise<{ status: number; json: any }>;
  const hosts: Array<[string, () => Send]> = [];
  const viaFetch =
    (base: string, handle: (request: Request) => Promise<Response | undefined>): Send =>
    async (path, body) => {
      const request = new Request(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: jwt },
        body: new Uint8Array(body),
      });
      const res = (await handle(request)) as Response;
      return { status: res.status, json: await res.json() };
    };
  const viaHttp =
    (server: () => SandboxServer): Send =>
    (path, body) =>
      new Promise((resolve, reject) => {
        const req = httpRequest(
          `${server().baseUrl}${path}`,
          { method: 'POST', headers: { 'content-type': 'application/json', authorization: jwt } },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c) => chunks.push(c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
  const viaMsw = (base: string): Send => {
    const handlers = sandboxHandlers({ baseUrl: base, sandbox });
    return viaFetch(base, (request) => getResponse(handlers, request));
  };
  let own: SandboxServer;
  let wrapped: SandboxServer;
  beforeAll(async () => {
    jwt = `JWT ${(await sandbox.auth.issuePair(member.id)).access_token}`;
    own = await startSandboxServer({ fetch: sandbox.fetch });
    // Any other fetch handler is given a real Request: the core decodes its bytes itself.
    wrapped = await startSandboxServer({ fetch: (request) => sandbox.fetch(request) });
    servers.push(own, wrapped);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
  });
  hosts.push(
    ['in process', () => viaFetch('http://sandbox.test/api', (r) => sandbox.fetch(r))],
    ['node host, its own request object', () => viaHttp(() => own)],
    ['node host, a Request', () => viaHttp(() => wrapped)],
    ['MSW handlers', () => viaMsw('http://msw.test/api')],
    ['MSW handlers on another base path', () => viaMsw('http://msw.test/v2/api')],
  );
  const scenarios = `/features/qa/scenarios/list/?${onBoard()}`;
  const lone = (json: string) => Buffer.from(json, 'utf8');

  describe.each(hosts)('%s', (_name, make) => {
    test('a lone surrogate in a string or a member name → 400 naming the field; nothing is stored', async () => {
      const send = make();
      const before = sandbox.store.scenarios.size;
      for (const [body, field] of [
        ['{"title":"a\\ud800b","parent_id":null}', 'title'],
        ['{"title":"\\udc00","parent_id":null}', 'title'],
        ['{"title":"ok\\ude00\\ud83d","parent_id":null}', 'title'],
      ] as const) {
        const res = await send(scenarios, lone(body));
        expect([res.status, fields(res.json)], body).toEqual([400, [field]]);
        expect(res.json.errors[0].message).toContain('lone surrogate');
      }
      const nested = await send(
        '/member/bearer-tokens/',
        lone('{"title":"t","is_active":true,"metadata":{"a":["x","\\udbff"],"\\ud800k":1}}'),
      );
      expect([nested.status, fields(nested.json)]).toEqual([400, ['metadata.a.1', 'metadata.\uFFFDk']]);
      expect(sandbox.store.scenarios.size).toBe(before);
    });

    test('a surrogate pair, escaped or not, is text: it is kept as sent', async () => {
      const send = make();
      const res = await send(scenarios, lone('{"title":"pair \\ud83d\\ude00 and 😀","parent_id":null}'));
      expect(res.status).toBe(201);
      expect(res.json.data.scenario.title).toBe('pair 😀 and 😀');
    });

    test('bytes that are not UTF-8 → 400 naming body, never U+FFFD', async () => {
      const send = make();
      const before = sandbox.store.scenarios.size;
      for (const bytes of [
        [0xff],
        [0xc3],
        // CESU-8: a surrogate encoded on its own.
        [0xed, 0xa0, 0x80],
        // An overlong encoding of "/".
        [0xc0, 0xaf],
      ]) {
        const body = Buffer.concat([
          Buffer.from('{"title":"x'),
          Buffer.from(bytes),
          Buffer.from('","parent_id":null}'),
        ]);
        const res = await send(scenarios, body);
        expect([res.status, fields(res.json)], JSON.stringify(bytes)).toEqual([400, ['body']]);
        expect(res.json.errors[0].message).toContain('UTF-8');
      }
      expect(sandbox.store.scenarios.size).toBe(before);
    });
  });
});
