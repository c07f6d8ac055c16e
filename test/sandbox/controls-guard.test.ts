// Who may call /_sandbox/: over real HTTP the node host refuses other origins, rebinding Host names and a missing admin
// secret, each refusal naming the option of the door in use; in process (createSandbox, MSW) the controls just answer.
import { request as httpRequest } from 'node:http';
import { setupServer } from 'msw/node';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createApiClient, unwrap } from '../../client/index.js';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { sandboxHandlers } from '../../mocks/sandbox/hosts/msw.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

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

const errorsOf = (answer: Answer) =>
  (JSON.parse(answer.body) as { errors: { field: string; message: string }[] }).errors;

let sandbox: Sandbox;
let server: SandboxServer;
let guarded: Sandbox;
let guardedServer: SandboxServer;
let open: Sandbox;
let openServer: SandboxServer;
const SECRET = 'test-admin-secret-not-a-real-one';
// Started for each test, not once for the file: what a test checks of the host's options is then counted for that test
// (mutation testing gives code run in beforeAll to no test).
beforeEach(async () => {
  sandbox = createSandbox();
  server = await startSandboxServer({ fetch: sandbox.fetch });
  guarded = createSandbox();
  guardedServer = await startSandboxServer({
    fetch: guarded.fetch,
    guard: { adminSecret: SECRET, hosts: ['sandbox.team.internal'] },
  });
  open = createSandbox();
  openServer = await startSandboxServer({ fetch: open.fetch, guard: false });
});
afterEach(async () => {
  await Promise.all([server.close(), guardedServer.close(), openServer.close()]);
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
  expect(errorsOf(answer)).toEqual([expect.objectContaining({ field: 'Origin' })]);
  expect(sandbox.store).toBe(world);
  expect(sandbox.store.scenarios.size).toBe(scenarios);
});

test('a path that reaches /_sandbox/ only once normalised (dot segments) is guarded too', async () => {
  const world = sandbox.store;
  for (const path of ['/api/../_sandbox/reset/', '/./_sandbox/reset/', '/docs/../_sandbox/reset/?world=empty']) {
    const answer = await send(server, 'POST', path, { host: `127.0.0.1:${port()}`, origin: 'https://evil.example' });
    expect(answer.status, path).toBe(403);
  }
  const secretless = await send(guardedServer, 'POST', '/api/../_sandbox/reset/', {
    host: `sandbox.team.internal:${new URL(guardedServer.origin).port}`,
  });
  expect(secretless.status).toBe(401);
  expect(sandbox.store).toBe(world);
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

test('a reset through a rebinding Host name is refused, naming the option that adds a host on this door', async () => {
  const world = sandbox.store;
  for (const origin of [undefined, `http://rebind.evil.example:${port()}`]) {
    const answer = await send(server, 'POST', '/_sandbox/reset/', {
      host: `rebind.evil.example:${port()}`,
      ...(origin ? { origin } : {}),
    });
    expect(answer.status).toBe(403);
    expect(errorsOf(answer)).toEqual([expect.objectContaining({ field: 'Host' })]);
    // startSandboxServer's own option, not the command's flag: this sandbox was started in code.
    expect(errorsOf(answer)[0]?.message).toContain('startSandboxServer({ guard: { hosts } })');
    expect(answer.body).not.toContain('--allowed-host');
  }
  expect(sandbox.store).toBe(world);
});

test('without the admin secret, a reset from loopback is refused (a proxy here may relay it): 401 saying how', async () => {
  const world = sandbox.store;
  const answer = await send(server, 'POST', '/_sandbox/reset/', { host: `127.0.0.1:${port()}` });
  expect(answer.status).toBe(401);
  const [error] = errorsOf(answer);
  expect(error?.field).toBe('X-Sandbox-Admin-Secret');
  expect(error?.message).toContain('server.adminSecret');
  expect(error?.message).toContain('sandboxControlsProxy()');
  expect(answer.body).not.toContain(server.adminSecret);
  expect(sandbox.store).toBe(world);
});

test('from this machine with the admin secret (loopback Host, own or no Origin) the reset works', async () => {
  for (const host of [`127.0.0.1:${port()}`, `localhost:${port()}`, `[::1]:${port()}`]) {
    const world = sandbox.store;
    const answer = await send(server, 'POST', '/_sandbox/reset/', {
      host,
      origin: `http://${host}`,
      'x-sandbox-admin-secret': server.adminSecret as string,
    });
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
  expect(answer.headers['access-control-allow-origin']).toBe('http://localhost:5173');
});

test('with an admin secret and a configured host: the secret is required, the host accepted', async () => {
  const gport = new URL(guardedServer.origin).port;
  const world = guarded.store;
  const host = `sandbox.team.internal:${gport}`;
  const without = await send(guardedServer, 'POST', '/_sandbox/reset/', { host });
  expect(without.status).toBe(401);
  expect(errorsOf(without)).toEqual([expect.objectContaining({ field: 'X-Sandbox-Admin-Secret' })]);
  expect(without.body).not.toContain(SECRET);
  const wrong = await send(guardedServer, 'POST', '/_sandbox/reset/', { host, 'x-sandbox-admin-secret': 'guess' });
  expect(wrong.status).toBe(401);
  expect(guarded.store).toBe(world);
  const right = await send(guardedServer, 'POST', '/_sandbox/reset/', { host, 'x-sandbox-admin-secret': SECRET });
  expect(right.status).toBe(200);
  expect(guarded.store).not.toBe(world);
});

test('guard: false on the node host: the controls answer any Host and Origin', async () => {
  const world = open.store;
  const answer = await send(openServer, 'POST', '/_sandbox/reset/', {
    host: 'anything.example',
    origin: 'https://evil.example',
  });
  expect(answer.status).toBe(200);
  expect(open.store).not.toBe(world);
});

test("in process, the README's recipe: createSandbox() at http://sandbox.test/api answers its controls", async () => {
  const own = createSandbox();
  const baseUrl = 'http://sandbox.test/api';
  const inProcess = ((input: RequestInfo | URL, init?: RequestInit) =>
    own.fetch(new Request(input, init))) as typeof fetch;
  const api = createApiClient({ baseUrl, fetch: inProcess });
  const login = await unwrap(
    api.POST('/member/login/', {
      body: {
        username: DEMO.accounts.member.username,
        password: DEMO.accounts.member.password,
        captcha_token: DEMO.captchaToken,
      },
    }),
  );
  const world = own.store;
  const reset = await own.fetch(new Request('http://sandbox.test/_sandbox/reset/', { method: 'POST' }));
  expect(reset.status).toBe(200);
  expect(own.store).not.toBe(world);
  const expire = await own.fetch(
    new Request('http://sandbox.test/_sandbox/expire-token/', {
      method: 'POST',
      headers: { authorization: `JWT ${login.access_token}`, origin: 'http://localhost:5173' },
    }),
  );
  // A reset renews the signing key: the token of the old world is refused, by the control itself, not by a guard.
  expect(expire.status).toBe(401);
});

test('MSW handlers answer their controls by default; with a guard (behind a server) they refuse naming their option', async () => {
  const free = setupServer(...sandboxHandlers({ baseUrl: 'http://sandbox.test/api' }));
  free.listen({ onUnhandledRequest: 'error' });
  try {
    expect((await fetch('http://sandbox.test/_sandbox/reset/', { method: 'POST' })).status).toBe(200);
  } finally {
    free.close();
  }
  const behind = setupServer(
    ...sandboxHandlers({ baseUrl: 'http://shared.example/api', guard: { hosts: ['sandbox.team.internal'] } }),
  );
  behind.listen({ onUnhandledRequest: 'error' });
  try {
    const refused = await fetch('http://shared.example/_sandbox/reset/', { method: 'POST' });
    expect(refused.status).toBe(403);
    const { errors } = (await refused.json()) as { errors: { field: string; message: string }[] };
    expect(errors).toEqual([expect.objectContaining({ field: 'Host' })]);
    expect(errors[0]?.message).toContain('sandboxHandlers({ guard: { hosts } })');
    expect((await fetch('http://shared.example/api/member/me/')).status).toBe(401);
  } finally {
    behind.close();
  }
});
