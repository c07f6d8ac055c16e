// sandboxHandlers served over HTTP by @mswjs/http-middleware (docs/sandbox.md "In the browser and in tests", "CORS"):
// with `guard` given, the API answers the pages the node host answers (this machine's, the sandbox's own, those named)
// and refuses every other, a rebinding name's included, before anything changes.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from '@mswjs/http-middleware';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { sandboxHandlers } from '../../mocks/sandbox/hosts/msw.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotNow } from '../../mocks/sandbox/worlds/snapshot.js';
import { json, send } from './node-host/helpers.js';

let sandbox: Sandbox;
let server: Server;
let origin: string;

beforeEach(async () => {
  sandbox = createSandbox();
  // The middleware's types name msw through its CommonJS build, the handlers through the ESM one: the same classes.
  const app = createServer(
    ...(sandboxHandlers({
      baseUrl: '/api',
      sandbox,
      guard: { adminSecret: 'test-secret-not-a-real-one', hosts: ['sandbox.team.internal'] },
      cors: { origins: ['https://app.example.com'] },
    }) as unknown as Parameters<typeof createServer>),
  );
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const port = () => new URL(origin).port;
const credentials = JSON.stringify({
  username: DEMO.accounts.member.username,
  password: DEMO.accounts.member.password,
  captcha_token: DEMO.captchaToken,
});
const corsOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));
/** The whole visible world, to show a refusal changed nothing. */
const world = () => JSON.stringify(snapshotNow(sandbox.store));

async function token(): Promise<string> {
  const login = await send(origin, false, 'POST', '/api/member/login/', json, credentials);
  expect(login.status).toBe(200);
  return JSON.parse(login.text).data.access_token as string;
}

test('a page of another site can neither log in as demo nor delete scenario 1, and reads no refusal', async () => {
  const before = world();
  const bearer = await token();
  const foreign = [
    'https://evil.example',
    'http://localhost.evil.example',
    'http://127.0.0.1.evil.example',
    'https://app.example.com:8443',
    'http://app.example.com',
    'https://app.example.com.evil.example',
    'null',
  ];
  for (const page of foreign) {
    const login = await send(origin, false, 'POST', '/api/member/login/', { ...json, origin: page }, credentials);
    expect([login.status, corsOf(login.headers)], page).toEqual([403, {}]);
    expect(JSON.parse(login.text).errors, page).toEqual([
      {
        field: 'Origin',
        message: `${page} is not allowed: pages of localhost, 127.0.0.0/8 and [::1] are; allow another with sandboxHandlers({ cors: { origins } })`,
      },
    ]);
    const del = await send(origin, false, 'DELETE', `/api/features/qa/scenarios/1/?company_id=1&board_id=1`, {
      authorization: `JWT ${bearer}`,
      origin: page,
    });
    expect([del.status, corsOf(del.headers)], page).toEqual([403, {}]);
    const preflight = await send(origin, false, 'OPTIONS', '/api/features/qa/scenarios/1/?company_id=1&board_id=1', {
      origin: page,
      'access-control-request-method': 'DELETE',
    });
    expect([preflight.status, corsOf(preflight.headers)], page).toEqual([403, {}]);
  }
  expect(world()).toBe(before);
});

test('a rebinding name is refused on writes: the page of that name is not the sandbox own', async () => {
  const before = world();
  const rebound = `rebind.evil.example:${port()}`;
  const login = await send(
    origin,
    false,
    'POST',
    '/api/member/login/',
    { ...json, host: rebound, origin: `http://${rebound}` },
    credentials,
  );
  expect([login.status, corsOf(login.headers)]).toEqual([403, {}]);
  expect(world()).toBe(before);
  // The name the operator gave is the sandbox's own: its page logs in and reads the answer.
  const own = `sandbox.team.internal:${port()}`;
  const named = await send(
    origin,
    false,
    'POST',
    '/api/member/login/',
    { ...json, host: own, origin: `http://${own}` },
    credentials,
  );
  expect([named.status, named.headers['access-control-allow-origin']]).toEqual([200, `http://${own}`]);
});

test('pages of this machine and the named origin are answered and read their answers, as on the node host', async () => {
  for (const page of [
    'http://localhost:5173',
    'http://127.0.0.1:3000',
    'http://[::1]:8080',
    'https://app.example.com',
  ]) {
    const login = await send(origin, false, 'POST', '/api/member/login/', { ...json, origin: page }, credentials);
    expect([login.status, login.headers['access-control-allow-origin']], page).toEqual([200, page]);
  }
  // Without Origin (curl, a test's own fetch) the API answers as before.
  expect((await send(origin, false, 'GET', '/api/member/me/')).status).toBe(401);
});
