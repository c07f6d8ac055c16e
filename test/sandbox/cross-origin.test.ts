// The sandbox as a server for an app on another origin, in Chromium (docs/sandbox.md "From a dev server on another
// origin"): the typed client logs in, forces a 404 with Prefer, meets an expired token with one silent refresh per
// request, and reads a 429's Retry-After; the controls stay out of the page's reach.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { unhurried } from '../support/waiting.js';
import type { Kit } from './cross-origin/page.js';

const HTML = `<!doctype html><meta charset="utf-8"><title>An app on its own origin</title>
<script type="module" src="/app.js"></script>`;

/** Two wrong passwords a minute for one account name: the third attempt meets the throttle. */
const sandbox = createSandbox({ limits: { guessesPerMinute: 2 } });
/** What reached the sandbox over the network: method, path and the page's Origin. */
const seen: { method: string; path: string; origin: string | null; prefer: string | null }[] = [];
let api: SandboxServer;
let app: Server;
let appOrigin: string;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  api = await startSandboxServer({
    port: 0,
    fetch: (request) => {
      const { pathname } = new URL(request.url);
      seen.push({
        method: request.method,
        path: pathname,
        origin: request.headers.get('origin'),
        prefer: request.headers.get('prefer'),
      });
      return sandbox.fetch(request);
    },
  });
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./cross-origin/page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  app = createServer((req, res) => {
    const files: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', HTML],
      '/app.js': ['text/javascript; charset=utf-8', script],
    };
    const file = files[(req.url ?? '/').split('?')[0] as string];
    res.writeHead(file ? 200 : 404, { 'content-type': file ? file[0] : 'text/plain' });
    res.end(file ? file[1] : 'not found');
  });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appOrigin = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
  browser = await launchChromium();
  page = unhurried(await browser.newPage());
  await page.goto(`${appOrigin}/`);
  await page.waitForFunction(() => document.body.dataset.state === 'ready');
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await new Promise<void>((resolve) => app?.close(() => resolve()));
});

test('the app and the sandbox are on two origins', () => {
  expect(new URL(appOrigin).origin).not.toBe(new URL(api.origin).origin);
});

test('the typed client from another origin: log in, a forced 404, an expired token refreshed once per request, a 429 with Retry-After', async () => {
  const { member } = DEMO.accounts;
  const world = sandbox.store;
  const result = await page.evaluate(
    async ({ baseUrl, username, password, captcha }) => {
      const { ApiError, createApiClient, unwrap } = (window as unknown as { kit: Kit }).kit;
      const caught = async (call: () => Promise<unknown>) => {
        try {
          await call();
          return { thrown: 'nothing' };
        } catch (error) {
          if (!(error instanceof ApiError)) return { thrown: String(error) };
          return {
            status: error.status,
            message: error.errorPayload?.message,
            fields: error.fieldErrors.map((f) => f.field),
            retryAfter: error.headers.get('Retry-After'),
          };
        }
      };
      const anonymous = createApiClient({ baseUrl });
      const pair = await unwrap(
        anonymous.POST('/member/login/', { body: { username, password, captcha_token: captcha } }),
      );
      const api = createApiClient({
        baseUrl,
        credential: { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token },
      });
      const me = await unwrap(api.GET('/member/me/'));
      const forced404 = await caught(() => unwrap(api.GET('/member/me/', { headers: { Prefer: 'code=404' } })));
      const expired = [];
      for (let round = 0; round < 2; round++) {
        const before = (api.credential as { accessToken: string }).accessToken;
        const answer = await unwrap(api.GET('/member/me/', { headers: { Prefer: 'expire-token' } }));
        expired.push({
          id: answer.member.id,
          rotated: (api.credential as { accessToken: string }).accessToken !== before,
        });
      }
      const wrong = { username, password: 'not-the-password', captcha_token: captcha };
      const guesses = [];
      for (let i = 0; i < 3; i++)
        guesses.push(await caught(() => unwrap(anonymous.POST('/member/login/', { body: wrong }))));
      const control = await fetch(new URL('/_sandbox/reset/', baseUrl), { method: 'POST' }).then(
        (response) => `answered ${response.status}`,
        (error: unknown) => `refused: ${String(error)}`,
      );
      return { memberId: me.member.id, forced404, expired, guesses, control };
    },
    { baseUrl: api.baseUrl, username: member.username, password: member.password, captcha: DEMO.captchaToken },
  );

  expect(result.memberId).toBe(member.id);
  // The forced state reached the page with its status and the contract's example message.
  expect(result.forced404).toEqual({ status: 404, message: 'Not found.', fields: [], retryAfter: null });
  // Each request sent with Prefer: expire-token was answered, after exactly one refresh of its own.
  expect(result.expired).toEqual([
    { id: member.id, rotated: true },
    { id: member.id, rotated: true },
  ]);
  const refreshes = seen.filter((s) => s.path === '/api/member/refresh-token/' && s.method === 'POST');
  expect(refreshes).toHaveLength(2);
  expect(refreshes.every((s) => s.origin === appOrigin)).toBe(true);
  // The browser asked first whether it may send Prefer, and was allowed.
  expect(seen.some((s) => s.method === 'OPTIONS' && s.path === '/api/member/me/')).toBe(true);
  expect(seen.filter((s) => s.method === 'GET' && s.prefer === 'expire-token')).toHaveLength(4);
  // Past the login throttle: a 429 whose Retry-After the page can read through ApiError.headers.
  expect(result.guesses.map((g) => g.status)).toEqual([401, 401, 429]);
  expect(result.guesses[2]?.fields).toEqual(['username']);
  expect(Number(result.guesses[2]?.retryAfter)).toBeGreaterThan(0);
  // A page of another origin cannot reset the world: the browser gets no readable answer, and the world stays.
  // The node host's guard refuses it before the sandbox sees it.
  expect(result.control).toMatch(/^refused: TypeError/);
  expect(seen.filter((s) => s.path.startsWith('/_sandbox/'))).toEqual([]);
  expect(sandbox.store).toBe(world);
});
