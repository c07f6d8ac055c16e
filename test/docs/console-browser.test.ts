// The docs console in headless Chromium, served as npm start serves it (the sandbox's node host, /docs/console.html):
// log in, create a scenario and see it listed, first against the sandbox in the page, then against the server's base
// URL; the walkthrough; bad input (a base URL that is down, HTML or refuses CORS, a body that is not JSON, a token of
// the wrong kind); and the page opened from disk. Throughout, the page's Content-Security-Policy (no 'unsafe-inline',
// no 'unsafe-eval') reports no violation.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { unwrap } from '../../client/index.js';
import { walkthroughOf } from '../../console/walkthrough.js';
import { contractOf } from '../../contract/document.js';
import { buildDocs } from '../../docs-build/build-docs.js';
import { readWorkflows } from '../../docs-build/workflows.js';
import { launchChromium } from '../../drivers/chromium.js';
import { openapiDocument } from '../../generated/openapi-document.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { logIn } from '../sandbox/msw/story.js';
import { recordCspViolations } from '../support/csp-violations.js';
import { unhurried } from '../support/waiting.js';

// Each test drives a real page through a dozen round trips: a test still running after five minutes is hung, even on a
// busy 2-core machine.
vi.setConfig({ testTimeout: 5 * 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'docs-console-'));
const sandbox = createSandbox();
/** Paths of the API requests that reached the server (the docs files are served by the host, not counted here). */
const reachedServer: string[] = [];
/** The Authorization scheme (or "none") each API request reached the server with, by path. */
const schemes: [string, string][] = [];
let server: SandboxServer;
let origin: string;
let browser: Browser;
let context: BrowserContext | undefined;
/** Requests the page made to a host other than the docs' own: each is aborted, and there must be none. */
let offOrigin: string[] = [];
let pageErrors: string[] = [];
/** What the page's Content-Security-Policy refused: its `securitypolicyviolation` events and Chromium's console reports. */
let cspViolations: string[] = [];

beforeAll(async () => {
  buildDocs(join(dir, 'index.html'));
  server = await startSandboxServer({
    port: 0,
    docsDir: dir,
    fetch: (request) => {
      reachedServer.push(new URL(request.url).pathname);
      schemes.push([new URL(request.url).pathname, request.headers.get('authorization')?.split(' ')[0] ?? 'none']);
      return sandbox.fetch(request);
    },
  });
  origin = new URL(server.baseUrl).origin;
  browser = await launchChromium();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh context and the console page, ready; `allowed` lists other origins the test itself asks the page to reach. */
async function openConsole(url = `${origin}/docs/console.html`, allowed: string[] = []): Promise<Page> {
  context = unhurried(await browser.newContext({ viewport: { width: 1300, height: 1000 } }));
  offOrigin = [];
  pageErrors = [];
  cspViolations = await recordCspViolations(context);
  await context.route('**/*', (route) => {
    const target = route.request().url();
    if (target.startsWith(`${origin}/`) || target.startsWith('file:') || allowed.some((o) => target.startsWith(o))) {
      return route.continue();
    }
    offOrigin.push(target);
    return route.abort('internetdisconnected');
  });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(url);
  await page.waitForSelector('body[data-state=ready]');
  return page;
}

const operation = (page: Page, tag: string, operationId: string): Locator =>
  page.locator(`#operations-${tag.replace(/\s/g, '_')}-${operationId}`);

/** Opens an operation in Swagger UI, sets its JSON body if given, executes it, and reads the status and body shown. */
async function execute(
  page: Page,
  tag: string,
  operationId: string,
  body?: string,
  query: Record<string, string> = {},
): Promise<{ status: number; text: string }> {
  const op = operation(page, tag, operationId);
  if (!(await op.getAttribute('class'))?.includes('is-open')) await op.locator('.opblock-summary').click();
  const clear = op.locator('button.btn-clear');
  if (await clear.count()) await clear.click();
  for (const [name, value] of Object.entries(query)) {
    await op.locator(`tr[data-param-name="${name}"][data-param-in="query"] input`).fill(value);
  }
  if (body !== undefined) await op.locator('textarea.body-param__text').fill(body);
  await op.locator('button.execute').click();
  const status = op.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  const text = (await op.locator('.live-responses-table tbody .response-col_description').first().textContent()) ?? '';
  return { status: Number((await status.textContent())?.trim()), text };
}

/** The list's prefilled examples (`parent_id`, `q`) narrow it; the scenarios created here are roots of other titles. */
const ROOTS = { parent_id: '', q: '', limit: '100' };

const credentialKind = (page: Page) => page.getAttribute('#credential-status', 'data-credential');

describe('against the sandbox in the page', () => {
  test('log in through the console, create a scenario, see it listed; nothing reaches a server', async () => {
    const page = await openConsole();
    const before = reachedServer.length;
    expect(await page.textContent('#target-status')).toMatch(/sandbox in this page .*demo world/);
    expect(await credentialKind(page)).toBe('none');

    expect((await execute(page, 'Account', 'login')).status).toBe(200);
    expect(await credentialKind(page)).toBe('session');
    expect(await page.textContent('#credential-status')).toMatch(/^JWT access token of demo/);

    const title = `In-page scenario ${Date.now()}`;
    const created = await execute(page, 'QA scenarios', 'createScenario', JSON.stringify({ title, parent_id: null }));
    expect(created.status).toBe(201);
    const listed = await execute(page, 'QA scenarios', 'listScenarios', undefined, ROOTS);
    expect(listed.status).toBe(200);
    expect(listed.text).toContain(title);

    // A link from the reference opens its operation with the contract's examples filled in.
    await page.goto(`${origin}/docs/console.html#/QA_scenarios/getScenario`);
    await page.reload();
    await page.waitForSelector('body[data-state=ready]');
    const linked = operation(page, 'QA scenarios', 'getScenario');
    await linked.locator('tr[data-param-name="scenario_id"] input').waitFor();
    expect(await linked.getAttribute('class')).toContain('is-open');
    expect(await linked.locator('tr[data-param-name="company_id"] input').inputValue()).toBe(String(DEMO.companyId));

    // The tab keeps the world across a reload. The login is not kept: the console holds it in memory only
    // (docs/sandbox.md "The console on a shared origin").
    expect(await credentialKind(page)).toBe('none');
    expect((await execute(page, 'Account', 'login')).status).toBe(200);
    expect((await execute(page, 'QA scenarios', 'listScenarios', undefined, ROOTS)).text).toContain(title);

    // Reset: the demo world again, and its sessions gone with the credential.
    await page.click('#reset-world');
    await page.waitForSelector('#credential-status[data-credential=none]');
    expect((await execute(page, 'Account', 'login')).status).toBe(200);
    expect((await execute(page, 'QA scenarios', 'listScenarios', undefined, ROOTS)).text).not.toContain(title);

    expect(reachedServer.slice(before)).toEqual([]);
    expect(offOrigin).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  test('the QA walkthrough runs step by step, each step enabled by the one before', async () => {
    const page = await openConsole();
    const buttons = page.locator('.walk-run');
    const WALKTHROUGH = walkthroughOf(readWorkflows(), contractOf(openapiDocument).operations);
    expect(await buttons.count()).toBe(WALKTHROUGH.length);
    expect(await buttons.nth(1).isDisabled()).toBe(true);
    for (let i = 0; i < WALKTHROUGH.length; i += 1) {
      await buttons.nth(i).click();
      const outcome = page.locator('.walk-outcome').nth(i);
      await page.waitForFunction((n) => {
        const node = document.querySelectorAll('.walk-outcome')[n];
        return node?.getAttribute('data-result') === 'ok' || node?.getAttribute('data-result') === 'failed';
      }, i);
      expect(await outcome.getAttribute('data-result'), (await outcome.textContent()) ?? '').toBe('ok');
    }
    expect(await page.locator('.walk-outcome').nth(5).textContent()).toMatch(/^Got taskId \d+\.$/);
    expect(await page.locator('.walk-request').nth(2).textContent()).toMatch(
      /^POST .*\/features\/qa\/scenarios\/list\//,
    );
    expect(await credentialKind(page)).toBe('session');
    expect(offOrigin).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});

/** The console's Content-Security-Policy as built: directive → its sources. */
function consolePolicy(): Map<string, string[]> {
  const html = readFileSync(join(dir, 'console.html'), 'utf8');
  const content = /<meta http-equiv="Content-Security-Policy"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';
  const directives = content.split(';').map((d) => d.trim().split(/\s+/));
  return new Map(directives.filter(([name]) => name).map(([name, ...sources]) => [name as string, sources]));
}

test("the console's Content-Security-Policy allows no inline or eval'd code but its own, and Chromium enforces it", async () => {
  const policy = consolePolicy();
  expect(policy.get('default-src')).toEqual(["'none'"]);
  const HASH = /^'sha256-[A-Za-z0-9+/]{43}='$/;
  // Two inline scripts (Swagger UI, the console) and two style elements (Swagger UI's, the console's), each by its hash.
  for (const directive of ['script-src', 'style-src']) {
    const sources = policy.get(directive) ?? [];
    expect(sources, directive).not.toContain("'unsafe-inline'");
    expect(sources, directive).not.toContain("'unsafe-eval'");
    expect(sources, directive).toHaveLength(2);
    for (const source of sources) expect(source, directive).toMatch(HASH);
  }

  const page = await openConsole();
  expect(cspViolations).toEqual([]);
  // What an injection would try: a script element, code built from a string, a style attribute. None takes effect.
  // DevTools may evaluate strings in any page, so the string code runs from a timer: as the page's own code would.
  const outcome = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injectedScriptRan = true';
    document.body.append(script);
    const holder = document.createElement('div');
    holder.innerHTML = '<p id="injected-style" style="color: rgb(1, 2, 3)">styled?</p>';
    document.body.append(holder);
    const color = getComputedStyle(document.getElementById('injected-style') as HTMLElement).color;
    const refusal = (run: () => unknown) =>
      new Promise<string>((resolve) =>
        setTimeout(() => {
          try {
            run();
            resolve('ran');
          } catch (error) {
            resolve((error as Error).name);
          }
        }),
      );
    return {
      scriptRan: 'injectedScriptRan' in window,
      // biome-ignore lint/security/noGlobalEval: what an injected script would call; the page must refuse it
      eval: await refusal(() => globalThis.eval('1')),
      newFunction: await refusal(() => new Function('return 1')()),
      styleApplied: color === 'rgb(1, 2, 3)',
    };
  });
  expect(outcome).toEqual({ scriptRan: false, eval: 'EvalError', newFunction: 'EvalError', styleApplied: false });
  // Each refusal is reported, so the tests above that find no report would have seen one.
  await expect.poll(() => cspViolations.join('\n')).toMatch(/script-src[\s\S]*style-src|style-src[\s\S]*script-src/);
});

test("against the server's base URL: log in from the bar, create a scenario, see it listed; the server has it", async () => {
  const page = await openConsole();
  await page.fill('#base-url', `${origin}/api`);
  await page.click('#use-base-url');
  await page.waitForSelector('body[data-target=server]');
  expect(await page.textContent('#target-message')).toContain('answers the API');
  const before = reachedServer.length;

  await page.click('#login button[type=submit]');
  await page.waitForSelector('#credential-status[data-credential=session]');
  const title = `Server scenario ${Date.now()}`;
  expect(
    (await execute(page, 'QA scenarios', 'createScenario', JSON.stringify({ title, parent_id: null }))).status,
  ).toBe(201);
  expect((await execute(page, 'QA scenarios', 'listScenarios', undefined, ROOTS)).text).toContain(title);
  expect(reachedServer.slice(before)).toEqual(
    expect.arrayContaining(['/api/member/login/', '/api/features/qa/scenarios/list/']),
  );

  const api = await logIn(server.baseUrl);
  const list = await unwrap(
    api.GET('/features/qa/scenarios/list/', {
      params: { query: { company_id: DEMO.companyId, board_id: DEMO.boardId, limit: 100 } },
    }),
  );
  expect(list.scenarios.map((s) => s.title)).toContain(title);
  expect(offOrigin).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});

test('a named token created in the console replaces the JWT and is sent as Bearer, one kind at a time', async () => {
  const page = await openConsole();
  await page.fill('#base-url', `${origin}/api`);
  await page.click('#use-base-url');
  await page.waitForSelector('body[data-target=server]');
  await page.click('#login button[type=submit]');
  await page.waitForSelector('#credential-status[data-credential=session]');
  const from = schemes.length;
  const created = await execute(
    page,
    'API tokens',
    'createApiToken',
    JSON.stringify({ title: `console ${Date.now()}`, is_active: true }),
  );
  expect(created.status).toBe(201);
  await page.click('#use-new-token');
  await page.waitForSelector('#credential-status[data-credential=apiToken]');
  expect(await page.textContent('#credential-status')).toMatch(/^Named API token, sent as Authorization: Bearer …/);
  expect((await execute(page, 'Account', 'getMe')).status).toBe(200);
  // The creation went with the JWT; the read after it with the new named token alone.
  expect(schemes.slice(from)).toEqual([
    ['/api/member/bearer-tokens/', 'JWT'],
    ['/api/member/me/', 'Bearer'],
  ]);
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});

describe('bad input gets a clear message and the page keeps working', () => {
  let plain: Server;
  let plainOrigin: string;

  beforeAll(async () => {
    // /html/ answers an HTML page (readable by any origin); the rest answers JSON but sends no CORS header, so a page
    // on another origin may not read it.
    plain = createServer((req, res) => {
      if (req.url?.startsWith('/html/')) {
        return void res
          .writeHead(200, { 'content-type': 'text/html', 'access-control-allow-origin': '*' })
          .end('<!doctype html><title>A web site</title>');
      }
      res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    plainOrigin = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise((resolve) => plain?.close(resolve)));

  test('base URLs that are down, HTML or refuse CORS are named, and the target stays as it was', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const page = await openConsole(undefined, [plainOrigin, closedOrigin]);
    const tryBaseUrl = async (url: string) => {
      await page.fill('#base-url', url);
      await page.click('#use-base-url');
      await page.waitForSelector('#target-message[data-kind=error]');
      const message = (await page.textContent('#target-message')) ?? '';
      await page.evaluate(() => {
        const node = document.getElementById('target-message') as HTMLElement;
        node.dataset.kind = '';
      });
      return message;
    };
    expect(await tryBaseUrl(`${closedOrigin}/api`)).toMatch(/does not answer/);
    expect(await tryBaseUrl(`${plainOrigin}/html`)).toMatch(/answered HTML .* not the API's JSON/);
    expect(await tryBaseUrl(`${origin}/docs`)).toMatch(/has no \/member\/me\/ \(it answered 404\)/);
    expect(await tryBaseUrl(`${plainOrigin}/api`)).toMatch(/refused this page's origin .*CORS/);
    expect(await tryBaseUrl('not a url')).toMatch(/not an absolute URL/);
    expect(await page.getAttribute('body', 'data-target')).toBe('in-page');
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  test('a body that is not JSON is not sent, and says so', async () => {
    const page = await openConsole();
    await execute(page, 'Account', 'login');
    const before = reachedServer.length;
    const op = operation(page, 'QA scenarios', 'createScenario');
    await op.locator('.opblock-summary').click();
    await op.locator('textarea.body-param__text').fill('{"title": "half');
    await op.locator('button.execute').click();
    await page.waitForSelector('#target-message[data-kind=error]');
    expect(await page.textContent('#target-message')).toMatch(/request body is not JSON .*Nothing was sent/);
    // Said where the reader is, under the body; Swagger UI's response panel stays intact.
    expect(await op.locator('.console-refusal').textContent()).toMatch(/request body is not JSON/);
    expect(await op.textContent()).not.toContain('Could not render');
    // The reader can correct it and go on.
    expect(
      (await execute(page, 'QA scenarios', 'createScenario', '{"title": "whole", "parent_id": null}')).status,
    ).toBe(201);
    expect(reachedServer.slice(before)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });

  test('a token pasted as the wrong kind is refused, and the credential in use is kept', async () => {
    const page = await openConsole();
    const login = await execute(page, 'Account', 'login');
    expect(login.status).toBe(200);
    // The login's access token as the answer shows it (the console keeps it in memory only, never in storage).
    const jwt = /"access_token":\s*"([^"]+)"/.exec(login.text)?.[1] ?? '';
    expect(jwt.split('.')).toHaveLength(3);
    await page.selectOption('#paste-kind', 'apiToken');
    await page.fill('#paste-token', jwt);
    await page.click('#paste button[type=submit]');
    await page.waitForSelector('#credential-message[data-kind=error]');
    const message = (await page.textContent('#credential-message')) ?? '';
    expect(message).toMatch(/is a JWT .*never sent as Bearer/);
    expect(message).not.toContain(jwt);
    expect(await credentialKind(page)).toBe('session');

    await page.selectOption('#paste-kind', 'session');
    await page.fill('#paste-token', 'Bearer tm_not_a_jwt');
    await page.click('#paste button[type=submit]');
    await page.waitForFunction(() => document.getElementById('credential-message')?.textContent?.includes('Bearer'));
    expect(await page.textContent('#credential-message')).toMatch(/starts with "Bearer"/);
    expect(await credentialKind(page)).toBe('session');
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  });
});

test('opened from disk, the page says the sandbox needs http(s) and still offers a server', async () => {
  const page = await openConsole(pathToFileURL(join(dir, 'console.html')).href);
  expect(await page.textContent('#target-message')).toMatch(/opened from disk \(file:\/\/\).*Serve the docs folder/);
  expect(await page.isDisabled('#target-in-page')).toBe(true);
  expect(await page.inputValue('#base-url')).toBe('http://127.0.0.1:4010/api');
  expect(offOrigin).toEqual([]);
  expect(pageErrors).toEqual([]);
  expect(cspViolations).toEqual([]);
});
