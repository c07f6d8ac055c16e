// The docs as a newcomer reads them, in headless Chromium, served as npm start serves them (the sandbox's node host on a
// port that is not 4010): the API's main flow done by clicking the console's operations (not the walkthrough), with
// every dead end a reader met turned into an assertion; then the pages at phone size and in dark mode, with screenshots
// under a temp dir (printed) for a reviewer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { buildDocs } from '../../docs-build/build-docs.js';
import { launchChromium } from '../../drivers/chromium.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { HANG_MS, unhurried } from '../support/waiting.js';

// One flow of about twenty round trips through Swagger UI: still running after ten minutes (on a 2-core machine at
// load 20) is hung.
vi.setConfig({ testTimeout: 10 * 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'docs-reader-'));
/**
 * Screenshots for a reviewer: kept in DOCS_SCREENSHOTS when it names a folder (docs/testing.md); otherwise written
 * beside the built pages and removed with them, so that npm test leaves no file behind.
 */
const shots = process.env.DOCS_SCREENSHOTS ?? dir;
let server: SandboxServer;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
let pageErrors: string[] = [];
/** The answer to the last page opened. */
let lastResponse: Response | null = null;

beforeAll(async () => {
  buildDocs(join(dir, 'index.html'));
  server = await startSandboxServer({ port: 0, docsDir: dir });
  origin = new URL(server.baseUrl).origin;
  browser = await launchChromium();
});

/** A page's contexts close with its test: a Redoc page or a console left open costs the next test its CPU. */
afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  if (shots !== dir) console.log(`reader-flow screenshots: ${shots}`);
});

async function open(
  path: string,
  options: { width?: number; height?: number; dark?: boolean; ready?: string } = {},
): Promise<Page> {
  const context = unhurried(
    await browser.newContext({
      viewport: { width: options.width ?? 1300, height: options.height ?? 1000 },
      colorScheme: options.dark ? 'dark' : 'light',
    }),
  );
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  lastResponse = await page.goto(`${origin}${path}`);
  await page.waitForSelector(options.ready ?? 'body');
  return page;
}

/** expect.poll's bound: a hang's, not a quick machine's second. */
const POLL = { timeout: HANG_MS, interval: 50 };

const operation = (page: Page, tag: string, operationId: string): Locator =>
  page.locator(`#operations-${tag.replace(/\s/g, '_')}-${operationId}`);

async function expand(page: Page, tag: string, operationId: string): Promise<Locator> {
  const op = operation(page, tag, operationId);
  if (!(await op.getAttribute('class'))?.includes('is-open')) await op.locator('.opblock-summary').click();
  await op.locator('button.execute').waitFor();
  return op;
}

/** The value Swagger UI shows in an operation's query parameter field. */
const queryField = (op: Locator, name: string) =>
  op.locator(`tr[data-param-name="${name}"][data-param-in="query"] input`);

/** The operation's JSON body as it stands in its editor. */
const bodyOf = async (op: Locator) =>
  JSON.parse(await op.locator('textarea.body-param__text').inputValue()) as Record<string, unknown>;

/** Executes an open operation as it is filled, and reads the status and the JSON answer shown. */
async function execute(op: Locator): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  // An answer shown already is cleared with Swagger UI's own button (the table is React's: never removed by hand).
  const clear = op.locator('button.btn-clear');
  if (await clear.count()) {
    await clear.click();
    await op.locator('.live-responses-table').waitFor({ state: 'detached' });
  }
  await op.locator('button.execute').click();
  const status = op.locator('.live-responses-table tbody .response-col_status').first();
  await status.waitFor();
  const text = (await op.locator('.live-responses-table .response-col_description pre').first().textContent()) ?? '';
  return { status: Number((await status.textContent())?.trim()), body: JSON.parse(text) };
}

/** Sets the body editor's JSON (the reader typing), keeping what is there unless `change` replaces it. */
async function editBody(op: Locator, change: Record<string, unknown>): Promise<void> {
  await op.locator('textarea.body-param__text').fill(JSON.stringify({ ...(await bodyOf(op)), ...change }));
}

test('the main flow by clicking operations: log in, scenario, case, session, a bug, its task, finish', async () => {
  pageErrors = [];
  const page = await open('/docs/console.html', { ready: 'body[data-state=ready]' });

  // A wrong password is said in a sentence.
  await page.fill('#login-password', 'not-the-password');
  await page.click('#login button[type=submit]');
  await page.waitForSelector('#credential-message[data-kind=error]');
  expect(await page.textContent('#credential-message')).toBe(
    'Login refused (status 401): The username or password is wrong.',
  );
  await page.fill('#login-password', DEMO.accounts.member.password);
  await page.click('#login button[type=submit]');
  await page.waitForSelector('#credential-status[data-credential=session]');
  // Logged in from the bar, the walkthrough's step 2 can run, and step 1 says why.
  expect(await page.locator('.walk-run').nth(1).isDisabled()).toBe(false);
  expect(await page.locator('.walk-outcome').first().textContent()).toMatch(/^Logged in from the bar above/);

  const login = await expand(page, 'Account', 'login');
  expect((await execute(login)).status).toBe(200);
  await page.waitForSelector('#credential-status[data-credential=session]');

  // The curl line names the API of the server the page came from, which a terminal reaches.
  const curl = (await login.locator('.request-snippets').textContent()) ?? '';
  expect(curl).toContain(`${origin}/api/member/login/`);
  expect(curl).not.toContain('/docs/sandbox/api');

  // A scenario, and a session started for it before it has a case: the answer's view says why it is empty.
  const title = `Reader scenario ${Date.now()}`;
  const createScenario = await expand(page, 'QA scenarios', 'createScenario');
  await editBody(createScenario, { title, parent_id: null });
  const scenario = await execute(createScenario);
  expect(scenario.status).toBe(201);
  const scenarioId = (scenario.body.data.scenario as { id: number }).id;
  expect(await page.textContent('#carried')).toContain(`scenario_id ${scenarioId}`);

  const startSession = await expand(page, 'QA sessions', 'startSession');
  await expect.poll(async () => (await bodyOf(startSession)).scenario_id, POLL).toBe(scenarioId);
  const empty = await execute(startSession);
  expect(empty.status).toBe(201);
  expect((empty.body.data.session as { case_reports: unknown[] }).case_reports).toEqual([]);
  const note = startSession.locator('.console-note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(
    new RegExp(`no case reports: scenario ${scenarioId} has no cases.*Add a case to it.*Open Create a case`),
  );
  const emptySessionId = (empty.body.data.session as { id: number }).id;
  const finishEmpty = await expand(page, 'QA sessions', 'finishSession');
  await expect.poll(async () => (await bodyOf(finishEmpty)).sessions_id, POLL).toBe(emptySessionId);
  expect((await execute(finishEmpty)).status).toBe(200);

  // The note's link opens Create a case, its scenario already the reader's.
  await note.locator('a').click();
  const createCase = operation(page, 'QA cases', 'createCase');
  await createCase.locator('button.execute').waitFor();
  await expect.poll(async () => (await bodyOf(createCase)).scenario, POLL).toBe(scenarioId);
  expect(await createCase.locator('.console-carried-note', { hasText: /^scenario / }).textContent()).toMatch(
    new RegExp(`^scenario ${scenarioId}: from Create a scenario \\(201\\)$`),
  );
  const caseTitle = `Reader case ${Date.now()}`;
  await editBody(createCase, { title: caseTitle });
  const created = await execute(createCase);
  expect(created.status).toBe(201);

  // A session for it has the case's report; its id goes to Record an outcome, the session's to Finish.
  await expect.poll(async () => (await bodyOf(startSession)).scenario_id, POLL).toBe(scenarioId);
  const session = await execute(startSession);
  expect(session.status).toBe(201);
  const { id: sessionId, case_reports: reports } = session.body.data.session as {
    id: number;
    case_reports: { id: number }[];
  };
  expect(reports).toHaveLength(1);
  expect(await startSession.locator('.console-note').count()).toBe(0);

  const record = await expand(page, 'QA sessions', 'recordCaseOutcome');
  await expect.poll(() => queryField(record, 'case_report_id').inputValue(), POLL).toBe(String(reports[0]?.id));
  await editBody(record, {
    status: 'bug',
    actual_result: 'The reader saw it fail.',
    severity: 'major',
    priority: 'high',
  });
  const bug = await execute(record);
  expect(bug.status).toBe(200);

  // The task list starts unfiltered, and shows the bug's task linked to the case report.
  const tasks = await expand(page, 'Tasks', 'listTasks');
  expect(await queryField(tasks, 'assignee_ids').count()).toBeLessThanOrEqual(1);
  const assignees = tasks.locator('tr[data-param-name="assignee_ids"] input');
  for (const field of await assignees.all()) expect(await field.inputValue()).toBe('');
  await queryField(tasks, 'limit').fill('100');
  const listed = await execute(tasks);
  expect(listed.status).toBe(200);
  const linked = (listed.body.data.tasks as { case_report_id: number | null; title: string }[]).filter(
    (task) => task.case_report_id === reports[0]?.id,
  );
  expect(linked).toHaveLength(1);

  const finish = await expand(page, 'QA sessions', 'finishSession');
  await expect.poll(async () => (await bodyOf(finish)).sessions_id, POLL).toBe(sessionId);
  const finished = await execute(finish);
  expect(finished.status).toBe(200);
  expect((finished.body.data.session as { case_reports: unknown[] }).case_reports).toHaveLength(1);
  await page.screenshot({ path: join(shots, 'console-flow-desktop.png') });
  expect(pageErrors).toEqual([]);
});

/** How wide the page is against the window, and any text squeezed narrower than a few words. */
function layout(page: Page) {
  return page.evaluate(() => {
    const squeezed = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((node) => {
        const box = node.getBoundingClientRect();
        const own = Array.from(node.childNodes).some(
          (child) => child.nodeType === 3 && (child.textContent ?? '').trim().length > 25,
        );
        return own && box.width > 0 && box.width < 90 && box.height > 3 * 24;
      })
      .map((node) => `${node.tagName}.${node.className}: ${node.textContent?.slice(0, 40)}`);
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth, squeezed };
  });
}

test('at 390×844 no page scrolls sideways and no text is squeezed, with an operation and its answer open', async () => {
  pageErrors = [];
  const phone = { width: 390, height: 844 };
  const console_ = await open('/docs/console.html', { ...phone, ready: 'body[data-state=ready]' });
  expect(await layout(console_)).toEqual({ scrollWidth: 390, innerWidth: 390, squeezed: [] });
  const tasks = await expand(console_, 'Tasks', 'listTasks');
  expect((await execute(tasks)).status).toBe(401);
  await tasks.locator('.responses-table').last().scrollIntoViewIfNeeded();
  expect(await layout(console_)).toEqual({ scrollWidth: 390, innerWidth: 390, squeezed: [] });
  await console_.screenshot({ path: join(shots, 'console-phone.png') });

  const reference = await open('/docs/', { ...phone, ready: 'h1' });
  expect(await layout(reference)).toEqual({ scrollWidth: 390, innerWidth: 390, squeezed: [] });
  await reference.screenshot({ path: join(shots, 'reference-phone.png') });
  expect(pageErrors).toEqual([]);
});

/** The mean brightness (0–255) of an element as drawn: its screenshot, decoded by the page itself. */
async function brightness(page: Page, element: Locator): Promise<number> {
  const png = (await element.screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4)
      sum += ((pixels[i] ?? 0) + (pixels[i + 1] ?? 0) + (pixels[i + 2] ?? 0)) / 3;
    return sum / (pixels.length / 4);
  }, png);
}

const luminance = (rgb: string) => {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (r + g + b) / 3;
};

test('the console, its bar and the state diagrams follow prefers-color-scheme as the reference does', async () => {
  pageErrors = [];
  const colours = async (page: Page) =>
    page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
      return {
        page: style('body').backgroundColor,
        text: style('body').color,
        bar: style('.bar').backgroundColor,
        field: style('#login-username').backgroundColor,
        button: style('#use-base-url').borderTopStyle,
      };
    });
  const light = await colours(await open('/docs/console.html', { ready: 'body[data-state=ready]' }));
  const darkConsole = await open('/docs/console.html', { dark: true, ready: 'body[data-state=ready]' });
  const dark = await colours(darkConsole);
  await darkConsole.screenshot({ path: join(shots, 'console-dark.png') });
  for (const part of ['page', 'bar', 'field'] as const) {
    expect(luminance(light[part]), part).toBeGreaterThan(200);
    expect(luminance(dark[part]), part).toBeLessThan(60);
  }
  expect(luminance(dark.text)).toBeGreaterThan(180);
  // The bar's buttons are drawn by the page (a border of its own), not left as the browser's controls.
  expect(dark.button).toBe('solid');
  expect(
    await darkConsole.evaluate(() => getComputedStyle(document.getElementById('swagger') as Element).filter),
  ).toMatch(/invert/);

  const diagramBrightness = async (dark: boolean) => {
    const page = await open('/docs/#/qa-states-and-transitions', { dark, ready: 'img[src^="data:image/svg+xml"]' });
    const diagram = page.locator('img[src^="data:image/svg+xml"]').first();
    await diagram.scrollIntoViewIfNeeded();
    if (dark) await page.screenshot({ path: join(shots, 'reference-diagram-dark.png') });
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(dark);
    return brightness(page, diagram);
  };
  expect(await diagramBrightness(false)).toBeGreaterThan(200);
  expect(await diagramBrightness(true)).toBeLessThan(80);
  expect(pageErrors).toEqual([]);
});

test('the reference: where to start, every link resolves where it is served, its own address, compressed', async () => {
  pageErrors = [];
  const page = await open('/docs/', { ready: 'h1' });
  const response = lastResponse;
  // Compressed for a browser that takes br (and by the same host for any client that does).
  if (response?.request().headers()['accept-encoding']?.includes('br')) {
    expect(await response.headerValue('content-encoding')).toBe('br');
  }
  for (const path of ['/docs/', '/docs/console.html']) {
    const fetched = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(fetched.headers.get('content-encoding'), path).toBe('br');
    expect((await fetched.text()).length, path).toBeGreaterThan(1_000_000);
  }

  // The first screen says how to log in and that a console exists, and links every published file.
  const firstScreen = await page.locator('body').innerText();
  expect(firstScreen).toMatch(
    /Start here: log in as demo \/ demo-password .* in the console, which runs every operation/,
  );
  const hrefs = await page.evaluate(() =>
    Array.from(document.querySelectorAll('a[href]')).map((a) => a.getAttribute('href') ?? ''),
  );
  for (const file of [
    'console.html',
    'task-management.postman_collection.json',
    'workflows.arazzo.yaml',
    'openapi.yaml',
  ]) {
    expect(hrefs, file).toContain(file);
  }
  // Every link of the page resolves where it is served: files by their status, menu links as this page's hash routes.
  const local = [...new Set(hrefs.filter((href) => !/^(https?:|mailto:|data:|#)/.test(href)))];
  for (const href of local) {
    const url = new URL(href, `${origin}/docs/`);
    expect([href, (await fetch(url)).status]).toEqual([href, 200]);
  }
  const menu = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-component-name="Menu/MenuItem"] a[href]')).map(
      (a) => (a as HTMLAnchorElement).href,
    ),
  );
  expect(menu.length).toBeGreaterThan(10);
  for (const link of menu) expect(link.startsWith(`${origin}/docs/#/`), link).toBe(true);
  // A menu link copied on a fresh load opens its section.
  const copied = menu.find((link) => link.endsWith('#/qa-cases')) as string;
  const fresh = await open(new URL(copied).pathname + new URL(copied).hash, {
    ready: '[data-component-name="Menu/MenuItem"]',
  });
  await expect.poll(() => fresh.locator('h1, h2', { hasText: /^QA cases$/ }).count(), POLL).toBeGreaterThan(0);

  // No text names a docs/*.md path (a 404 here); the sandbox's address is this server's.
  const text = await page.locator('body').innerText();
  expect(text.match(/(?<![\w/])docs\/[\w-]+\.md/g)).toBeNull();
  expect(text).not.toContain('127.0.0.1:4010');
  expect(text).toContain(`${origin}/api`);

  // Search snippets keep the space where a description's line was wrapped.
  await page.keyboard.press('Control+k');
  await page.locator('input').first().fill('two-factor');
  await expect.poll(() => page.locator('body').innerText(), POLL).toContain('when two-factor');
  expect((await page.locator('body').innerText()).match(/\w+two-factor/g)).toBeNull();
  expect(pageErrors).toEqual([]);
});
