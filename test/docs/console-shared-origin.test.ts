// The console on an origin that serves other projects too (docs/sandbox.md "The console on a shared origin"): as on
// `<account>.github.io`, another project's page at another path of the same origin finds no login of the console in
// the storage every page of the origin reads, in the console's tab or another.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildDocs } from '../../docs-build/build-docs.js';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { unhurried } from '../support/waiting.js';

vi.setConfig({ testTimeout: 5 * 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'docs-console-shared-'));
const sandbox = createSandbox();
/** The tokens the server issued to the console's login: what another project's page must not find. */
const issued: string[] = [];
let server: SandboxServer;
let origin: string;
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  buildDocs(join(dir, 'index.html'));
  server = await startSandboxServer({
    port: 0,
    docsDir: dir,
    fetch: async (request) => {
      const answer = await sandbox.fetch(request);
      if (new URL(request.url).pathname.endsWith('/member/login/') && answer.ok) {
        const { data } = (await answer.clone().json()) as { data: { access_token: string; refresh_token: string } };
        issued.push(data.access_token, data.refresh_token);
      }
      return answer;
    },
  });
  origin = new URL(server.baseUrl).origin;
  browser = await launchChromium();
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Another project of the same origin: a page at /other-project/ (served by the route, as a static host would). */
const OTHER = '/other-project/';

/** Everything a page of the origin reads without asking: both Web Storages and the cookies. */
const readable = (page: Page) =>
  page.evaluate(() => {
    const dump = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i) ?? '')}`);
    return [...dump(sessionStorage), ...dump(localStorage), document.cookie].join('\n');
  });

test("another project's page of the origin, in the console's tab or another, finds no access or refresh token", async () => {
  context = unhurried(await browser.newContext());
  await context.route(`${origin}${OTHER}**`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>another project</title>' }),
  );
  const consolePage = await context.newPage();
  await consolePage.goto(`${origin}/docs/console.html`);
  await consolePage.waitForSelector('body[data-state=ready]');
  await consolePage.fill('#base-url', `${origin}/api`);
  await consolePage.click('#use-base-url');
  await consolePage.waitForSelector('body[data-target=server]');
  await consolePage.click('#login button[type=submit]');
  await consolePage.waitForSelector('#credential-status[data-credential=session]');
  expect(issued).toHaveLength(2);

  // A page of another project open beside it (another tab of the browser).
  const beside = await context.newPage();
  await beside.goto(`${origin}${OTHER}`);
  // The console's own tab, after the reader followed a link to the other project: sessionStorage is the tab's.
  await consolePage.goto(`${origin}${OTHER}`);
  for (const page of [beside, consolePage]) {
    const seen = await readable(page);
    for (const token of issued) expect(seen).not.toContain(token);
    expect(seen).not.toMatch(/accessToken|refreshToken|access_token|refresh_token/);
  }

  // Back in the console: the server it was pointed at is kept, the login is not (log in again).
  await consolePage.goto(`${origin}/docs/console.html`);
  await consolePage.waitForSelector('body[data-state=ready]');
  expect(await consolePage.getAttribute('body', 'data-target')).toBe('server');
  expect(await consolePage.getAttribute('#credential-status', 'data-credential')).toBe('none');
});
