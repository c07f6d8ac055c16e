// The sandbox in a real browser through MSW's service worker: the typed client's story, then reloads with and without
// storage; the page has a strict Content-Security-Policy (no 'unsafe-eval', no 'unsafe-inline'), as a frontend may.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../drivers/chromium.js';
import { recordCspViolations } from '../support/csp-violations.js';
import { unhurried } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const HTML = `<!doctype html><meta charset="utf-8"><title>Sandbox in the browser</title>
<input id="title" value="Wishlist from the browser"><button id="run">Run the story</button>
<pre id="titles"></pre><pre id="result"></pre><script type="module" src="/page.js"></script>`;
/** The strictest policy the page can run under: scripts, the worker and requests from its own origin, nothing inline. */
const CSP = "default-src 'self'; base-uri 'none'; form-action 'none'";

let browser: Browser;
let server: Server;
let origin: string;
/** Paths the page's own server was asked for: /api must never be among them (MSW answers it in the page). */
const served: string[] = [];
/** URLs the browser tried to fetch off the page's origin. */
const offOrigin: string[] = [];
let context: BrowserContext | undefined;
/** What the page's Content-Security-Policy refused: the sandbox must need nothing it forbids. */
let cspViolations: string[] = [];

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./msw/page.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const worker = readFileSync(`${root}node_modules/msw/lib/mockServiceWorker.js`, 'utf8');
  server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    served.push(path);
    const files: Record<string, [string, string]> = {
      '/': ['text/html; charset=utf-8', HTML],
      '/page.js': ['text/javascript; charset=utf-8', script],
      // The worker script must come from the page's own origin: a service worker's scope is its origin.
      '/mockServiceWorker.js': ['text/javascript; charset=utf-8', worker],
    };
    const file = files[path];
    res.writeHead(file ? 200 : 404, {
      'content-type': file ? file[0] : 'text/plain',
      ...(path === '/' ? { 'content-security-policy': CSP } : {}),
    });
    res.end(file ? file[1] : 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterEach(async () => {
  expect(cspViolations).toEqual([]);
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function openPage(storage: string, inContext?: BrowserContext): Promise<Page> {
  if (inContext) {
    const page = unhurried(await inContext.newPage());
    await page.goto(`${origin}/?storage=${storage}`);
    await waitReady(page);
    return page;
  }
  context = unhurried(await browser.newContext());
  cspViolations = await recordCspViolations(context);
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${origin}/`)) return route.continue();
    offOrigin.push(url);
    return route.abort('internetdisconnected');
  });
  context.on('request', (request) => {
    if (!request.url().startsWith(`${origin}/`)) offOrigin.push(request.url());
  });
  const page = await context.newPage();
  await page.goto(`${origin}/?storage=${storage}`);
  await waitReady(page);
  return page;
}

async function waitReady(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.state !== undefined);
  expect(await page.evaluate(() => document.body.dataset.state), (await page.textContent('#titles')) ?? '').toBe(
    'ready',
  );
}

const titles = async (page: Page): Promise<string[]> => JSON.parse((await page.textContent('#titles')) ?? '[]');

async function runStory(page: Page, title: string) {
  await page.fill('#title', title);
  await page.evaluate(() => {
    (document.getElementById('result') as HTMLElement).textContent = '';
  });
  await page.click('#run');
  await page.waitForFunction(() => (document.getElementById('result')?.textContent ?? '') !== '');
  return JSON.parse((await page.textContent('#result')) ?? '{}');
}

test('the typed client logs in, creates a scenario, starts a session and records a bug, all in the page', async () => {
  const page = await openPage('none');
  expect(await titles(page)).toEqual(['Checkout', 'Login']);
  const result = await runStory(page, 'Wishlist from the browser');
  expect(result).toMatchObject({
    username: 'demo',
    scenarioId: expect.any(Number),
    sessionId: expect.any(Number),
    taskId: expect.any(Number),
  });
  expect(served.filter((path) => path.startsWith('/api') || path.startsWith('/_sandbox'))).toEqual([]);
  expect(offOrigin).toEqual([]);
});

test("storage 'session': the world survives a reload", async () => {
  const page = await openPage('session');
  await runStory(page, 'Kept across reloads');
  await page.reload();
  await waitReady(page);
  expect(await titles(page)).toEqual(['Checkout', 'Login', 'Kept across reloads']);
  expect(offOrigin).toEqual([]);
});

test("storage 'none': a reload starts from the demo world again", async () => {
  const page = await openPage('none');
  await runStory(page, 'Dropped on reload');
  await page.reload();
  await waitReady(page);
  expect(await titles(page)).toEqual(['Checkout', 'Login']);
  expect(offOrigin).toEqual([]);
});

test("storage 'local': two tabs of one origin keep each other's writes", async () => {
  const first = await openPage('local');
  const second = await openPage('local', first.context());
  // Both tabs loaded the world before either wrote: the second catches up before its own write.
  await runStory(first, 'From the first tab');
  await runStory(second, 'From the second tab');
  await first.reload();
  await waitReady(first);
  expect(await titles(first)).toEqual(['Checkout', 'Login', 'From the first tab', 'From the second tab']);
  expect(offOrigin).toEqual([]);
});

test("storage 'session' when the browser's quota is full: the write is refused (503), the world kept, later writes work", async () => {
  const page = await openPage('session');
  // Fill this origin's storage with filler, in ever smaller pieces, until it refuses even one more character.
  await page.evaluate(() => {
    let i = 0;
    for (let size = 256 * 1024; size >= 1; size = Math.floor(size / 4)) {
      for (;;) {
        try {
          sessionStorage.setItem(`filler-${i++}`, 'x'.repeat(size));
        } catch {
          break;
        }
      }
    }
  });
  const refused = await runStory(page, 'Over the quota');
  expect(String(refused.error)).toMatch(/HTTP 503/);
  await page.evaluate(() => {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith('filler-')) sessionStorage.removeItem(key);
  });
  const kept = await runStory(page, 'Within the quota');
  expect(kept.scenarioId, JSON.stringify(kept)).toEqual(expect.any(Number));
  await page.reload();
  await waitReady(page);
  expect(await titles(page)).toEqual(['Checkout', 'Login', 'Within the quota']);
});
