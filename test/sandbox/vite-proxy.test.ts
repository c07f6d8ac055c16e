// The docs' dev-server proxy recipes run (docs/sandbox.md "Through the dev server's proxy"): real Vite, with each proxy
// recipe exactly as the docs print it (the sandbox's port put in), in front of a sandbox on port 0; a page in Chromium
// calls the API and resets through it, and a LAN client of `vite --host` cannot reset or expire anything.
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { type IncomingMessage, request } from 'node:http';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { createServer, type ProxyOptions, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { fromThisMachine, writeAdminSecretFile } from '../../mocks/sandbox/hosts/dev-proxy.js';
import {
  adminSecretFile,
  type SandboxServer,
  sandboxControlsProxy,
  startSandboxServer,
} from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { unhurried } from '../support/waiting.js';

const DOCS = fileURLToPath(new URL('../../docs/sandbox.md', import.meta.url));
/** The sandbox's address as the docs print it, replaced by the test sandbox's. */
const PRINTED_TARGET = 'http://127.0.0.1:4010';

/** The `proxy: {…}` object of each vite.config.ts block of the docs' proxy section, as printed. */
function printedRecipes(): string[] {
  const text = readFileSync(DOCS, 'utf8');
  const section = text.slice(text.indexOf("**Through the dev server's proxy.**"), text.indexOf('\n## Worlds'));
  const recipes = [];
  for (const block of section.matchAll(/```ts\n\/\/ vite\.config\.ts[^\n]*\n([\s\S]*?)```/g)) {
    const code = block[1] as string;
    const start = code.indexOf('{', code.indexOf('proxy:'));
    let depth = 0;
    let end = start;
    for (; end < code.length; end++) {
      if (code[end] === '{') depth++;
      if (code[end] === '}' && --depth === 0) break;
    }
    recipes.push(code.slice(start, end + 1));
  }
  return recipes;
}

/** What reached the sandbox, per request. */
interface Seen {
  path: string;
  host: string | null;
  origin: string | null;
  secret: boolean;
  forwarded: string | null;
}

const sandbox = createSandbox();
const seen: Seen[] = [];
let api: SandboxServer;
let secretFile: string;
let root: string;
let browser: Browser;
const vites: ViteDevServer[] = [];

beforeAll(async () => {
  api = await startSandboxServer({
    fetch: (request) => {
      seen.push({
        path: new URL(request.url).pathname,
        host: request.headers.get('host'),
        origin: request.headers.get('origin'),
        secret: request.headers.has('x-sandbox-admin-secret'),
        forwarded: request.headers.get('x-forwarded-for'),
      });
      return sandbox.fetch(request);
    },
  });
  // Where task-sandbox writes its secret for this machine's tools; the second recipe reads it from there.
  secretFile = adminSecretFile(new URL(api.origin).port);
  await writeAdminSecretFile(secretFile, api.adminSecret as string);
  root = await mkdtemp(join(tmpdir(), 'vite-proxy-'));
  await writeFile(join(root, 'index.html'), '<!doctype html><meta charset="utf-8"><title>app</title><p>app</p>');
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  for (const vite of vites) await vite.close();
  await api?.close();
  await unlink(secretFile).catch(() => undefined);
  if (root) await rm(root, { recursive: true, force: true });
});

/** Real Vite on a free loopback port with `proxy`, as `vite` or `vite --host` serves it (this test stays on loopback). */
async function startVite(proxy: Record<string, string | ProxyOptions>): Promise<string> {
  const vite = await createServer({
    configFile: false,
    root,
    logLevel: 'silent',
    cacheDir: join(root, '.vite'),
    server: { host: '127.0.0.1', port: 0, strictPort: true, hmr: false, proxy, watch: null },
  });
  vites.push(vite);
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('vite did not listen');
  return `http://localhost:${address.port}`;
}

/** A page of the dev server: log in through /api, then reset through /_sandbox. */
async function pageRun(appOrigin: string) {
  const page = unhurried(await browser.newPage());
  try {
    await page.goto(`${appOrigin}/`);
    return await page.evaluate(
      async ({ username, password, captcha }) => {
        const login = await fetch('/api/member/login/', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password, captcha_token: captcha }),
        });
        const reset = await fetch('/_sandbox/reset/', { method: 'POST' });
        const body = (await reset.json()) as { errors?: { field: string; message: string }[] };
        return { login: login.status, reset: reset.status, errors: body.errors ?? [] };
      },
      { username: DEMO.accounts.member.username, password: DEMO.accounts.member.password, captcha: DEMO.captchaToken },
    );
  } finally {
    await page.close();
  }
}

/**
 * This machine's address on its network: a request sent from it to Vite on 127.0.0.1 reaches Vite with that address as
 * its peer, as a LAN client's request to `vite --host` does, while nothing listens beyond loopback.
 */
const LAN_ADDRESS = Object.values(networkInterfaces())
  .flat()
  .find((a) => a?.family === 'IPv4' && !a.internal)?.address;

/** A client of `vite --host` on the LAN: its own address as the peer, the Host it typed, the headers it sends. */
async function lanClient(appOrigin: string, path: string, headers: Record<string, string>) {
  const { port } = new URL(appOrigin);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        localAddress: LAN_ADDRESS,
        port,
        method: 'POST',
        path,
        headers: { host: `192.168.1.5:${port}`, ...headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function memberToken(): Promise<string> {
  const { username, password } = DEMO.accounts.member;
  const res = await fetch(`${api.baseUrl}/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha_token: DEMO.captchaToken }),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

test('the docs print two recipes: the string form, and the controls through sandboxControlsProxy', () => {
  const recipes = printedRecipes();
  expect(recipes).toHaveLength(2);
  expect(recipes[0]).toContain(`'/_sandbox': '${PRINTED_TARGET}'`);
  expect(recipes[1]).toContain(`sandboxControlsProxy('${PRINTED_TARGET}')`);
});

describe.each([
  ['the string form', 0],
  ['sandboxControlsProxy', 1],
] as const)('Vite 8 with %s', (_name, index) => {
  let app: string;
  beforeAll(async () => {
    const printed = printedRecipes()[index] as string;
    const proxy = new Function('sandboxControlsProxy', `return (${printed.replaceAll(PRINTED_TARGET, api.origin)});`)(
      sandboxControlsProxy,
    ) as Record<string, string | ProxyOptions>;
    app = await startVite(proxy);
  });

  test('a page: its API call works, its reset only with the proxy that sends the secret; what the sandbox saw', async () => {
    seen.length = 0;
    const world = sandbox.store;
    const result = await pageRun(app);
    expect(result.login).toBe(200);
    const login = seen.find((s) => s.path === '/api/member/login/');
    // Both forms set changeOrigin: the sandbox sees its own Host; the page's Origin passes unchanged.
    expect(login).toMatchObject({ host: new URL(api.origin).host, origin: app, secret: false });
    const reset = seen.find((s) => s.path === '/_sandbox/reset/');
    if (index === 0) {
      expect(result.reset).toBe(401);
      expect(result.errors[0]?.field).toBe('X-Sandbox-Admin-Secret');
      expect(result.errors[0]?.message).toContain('sandboxControlsProxy()');
      // The host refused it: the sandbox never saw it.
      expect(reset).toBeUndefined();
      expect(sandbox.store).toBe(world);
    } else {
      expect(result.reset).toBe(200);
      expect(reset).toMatchObject({ host: new URL(api.origin).host, origin: app, secret: true });
      expect(sandbox.store).not.toBe(world);
    }
    console.log(`${_name}: page login ${result.login}, page reset ${result.reset}; the sandbox saw`, seen);
  });

  test("a page of another site through the dev server's proxy: its login and delete are refused, the world unchanged", async () => {
    const world = sandbox.store;
    const token = await memberToken();
    const { port } = new URL(app);
    /** A request to Vite as a foreign page's fetch sends it: its own Origin, Vite's Host. */
    const foreign = (method: string, path: string, headers: Record<string, string>, body?: string) =>
      new Promise<{ status: number; allowed: string | undefined; body: string }>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port, method, path, headers: { host: `localhost:${port}`, ...headers } },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (chunk) => {
              text += chunk;
            });
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                allowed: res.headers['access-control-allow-origin'] as string | undefined,
                body: text,
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(body);
      });
    const credentials = JSON.stringify({
      username: DEMO.accounts.member.username,
      password: DEMO.accounts.member.password,
      captcha_token: DEMO.captchaToken,
    });
    const login = await foreign(
      'POST',
      '/api/member/login/',
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      credentials,
    );
    const del = await foreign('DELETE', '/api/features/qa/scenarios/1/?company_id=1&board_id=1', {
      origin: 'https://evil.example',
      authorization: `JWT ${token}`,
    });
    for (const answer of [login, del]) {
      expect([answer.status, answer.allowed]).toEqual([403, undefined]);
      expect(JSON.parse(answer.body).errors[0].field).toBe('Origin');
    }
    expect(sandbox.store).toBe(world);
  });

  test.skipIf(LAN_ADDRESS === undefined)(
    'a LAN client of vite --host: no reset, no expire-token, however it names itself (needs a non-loopback address on this machine)',
    async () => {
      const world = sandbox.store;
      const token = await memberToken();
      const tries = [
        // What a LAN client sends: the address it typed, no Origin.
        ['/_sandbox/reset/?world=empty', {}],
        // Posing as a page of this machine.
        ['/_sandbox/reset/?world=empty', { host: `localhost:${new URL(app).port}`, origin: app }],
        // Posing as relayed from loopback.
        ['/_sandbox/reset/?world=empty', { 'x-forwarded-for': '127.0.0.1' }],
        ['/_sandbox/expire-token/', { authorization: `JWT ${token}` }],
        ['/_sandbox/expire-token/', { authorization: `JWT ${token}`, host: `localhost:${new URL(app).port}` }],
      ] as const;
      const answers = [];
      for (const [path, headers] of tries) answers.push(await lanClient(app, path, headers));
      // The string form relays them as loopback requests the sandbox cannot tell from this machine's: the admin secret
      // they lack refuses them. sandboxControlsProxy sends the secret for this machine's requests only.
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
      for (const [i, answer] of answers.entries()) {
        if (answer.status === 401)
          expect(JSON.parse(answer.body).errors[0].field, String(i)).toBe('X-Sandbox-Admin-Secret');
      }
      expect(sandbox.store).toBe(world);
      const expired = await fetch(`${api.baseUrl}/member/me/`, { headers: { authorization: `JWT ${token}` } });
      expect(expired.status).toBe(200);
    },
  );
});

test("sandboxControlsProxy sends the secret only for this machine's requests: a LAN peer, a relayed one or a page of another origin gets none", () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
    ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;
  expect(fromThisMachine(req('127.0.0.1'))).toBe(true);
  expect(fromThisMachine(req('::1', { origin: 'http://localhost:5173' }))).toBe(true);
  expect(fromThisMachine(req('::ffff:127.0.0.1'))).toBe(true);
  expect(fromThisMachine(req('192.168.1.7'))).toBe(false);
  expect(fromThisMachine(req('::ffff:192.168.1.7'))).toBe(false);
  expect(fromThisMachine(req('127.0.0.1', { 'x-forwarded-for': '192.168.1.7' }))).toBe(false);
  expect(fromThisMachine(req('127.0.0.1', { forwarded: 'for=192.168.1.7' }))).toBe(false);
  expect(fromThisMachine(req('127.0.0.1', { via: '1.1 tunnel' }))).toBe(false);
  expect(fromThisMachine(req('127.0.0.1', { origin: 'http://evil.example' }))).toBe(false);
  // And the proxy options it gives set the header only then.
  const set: string[] = [];
  const options = sandboxControlsProxy('http://127.0.0.1:1', { secret: 's3cret' });
  options.configure({
    on: (_event, listener) => {
      listener({ setHeader: (name: string) => set.push(name) } as never, req('192.168.1.7'));
      listener({ setHeader: (name: string) => set.push(name) } as never, req('127.0.0.1'));
    },
  });
  expect(set).toEqual(['x-sandbox-admin-secret']);
});
