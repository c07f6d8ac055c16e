// /_sandbox/ over real HTTP is refused to other origins, to rebinding Host names and without the admin secret.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: fetch does not let a caller choose the Host header, a rebinding browser does. */
function send(server: SandboxServer, method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const { hostname, port } = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let sandbox: Sandbox;
let server: SandboxServer;
let guarded: Sandbox;
let guardedServer: SandboxServer;
const SECRET = 'test-admin-secret-not-a-real-one';
beforeAll(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ fetch: sandbox.fetch });
  guarded = createSandbox({ guard: { adminSecret: SECRET, hosts: ['sandbox.team.internal'] } });
  guardedServer = await startSandboxServer({ fetch: guarded.fetch });
});
afterAll(async () => {
  await server.close();
  await guardedServer.close();
});

const port = () => new URL(server.origin).port;

test('a reset sent by a page of another origin is refused, without CORS, and the world is unchanged', async () => {
  const world = sandbox.store;
  const scenarios = world.scenarios.size;
  const answer = await send(server, 'POST', '/_sandbox/reset/', {
    host: `127.0.0.1:${port()}`,
    origin: 'https://evil.example',
  });
  expect(answer.status).toBe(403);
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  expect(JSON.parse(answer.body).errors).toEqual([expect.objectContaining({ field: 'Origin' })]);
  expect(sandbox.store).toBe(world);
  expect(sandbox.store.scenarios.size).toBe(scenarios);
});

test('the preflight for a cross-origin control request grants nothing', async () => {
  const answer = await send(server, 'OPTIONS', '/_sandbox/reset/', {
    host: `127.0.0.1:${port()}`,
    origin: 'https://evil.example',
    'access-control-request-method': 'POST',
  });
  expect(answer.status).toBeGreaterThanOrEqual(400);
  expect(answer.headers['access-control-allow-origin']).toBeUndefined();
  expect(answer.headers['access-control-allow-methods']).toBeUndefined();
});

test('a reset through a rebinding Host name (evil name resolving to 127.0.0.1) is refused', async () => {
  const world = sandbox.store;
  for (const origin of [undefined, `http://rebind.evil.example:${port()}`]) {
    const answer = await send(server, 'POST', '/_sandbox/reset/', {
      host: `rebind.evil.example:${port()}`,
      ...(origin ? { origin } : {}),
    });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body).errors).toEqual([expect.objectContaining({ field: 'Host' })]);
  }
  expect(sandbox.store).toBe(world);
});

test('from this machine (loopback Host, own or no Origin) the reset works', async () => {
  for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `[::1]:${port()}`]) {
    const world = sandbox.store;
    const answer = await send(server, 'POST', '/_sandbox/reset/', { host, origin: `http://${host}` });
    expect(answer.status, host).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(sandbox.store).not.toBe(world);
  }
});

test('the API itself keeps its CORS for frontends on another origin', async () => {
  const answer = await send(server, 'GET', '/api/member/me/', {
    host: `127.0.0.1:${port()}`,
    origin: 'http://localhost:5173',
  });
  expect(answer.status).toBe(401);
  expect(answer.headers['access-control-allow-origin']).toBe('*');
});

test('with an admin secret and a configured host: the secret is required, the host accepted', async () => {
  const gport = new URL(guardedServer.origin).port;
  const world = guarded.store;
  const host = `sandbox.team.internal:${gport}`;
  const without = await send(guardedServer, 'POST', '/_sandbox/reset/', { host });
  expect(without.status).toBe(401);
  expect(JSON.parse(without.body).errors).toEqual([expect.objectContaining({ field: 'X-Sandbox-Admin-Secret' })]);
  expect(without.body).not.toContain(SECRET);
  const wrong = await send(guardedServer, 'POST', '/_sandbox/reset/', { host, 'x-sandbox-admin-secret': 'guess' });
  expect(wrong.status).toBe(401);
  expect(guarded.store).toBe(world);
  const right = await send(guardedServer, 'POST', '/_sandbox/reset/', { host, 'x-sandbox-admin-secret': SECRET });
  expect(right.status).toBe(200);
  expect(guarded.store).not.toBe(world);
});
