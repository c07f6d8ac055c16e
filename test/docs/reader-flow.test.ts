// The docs as a newcomer reads them, in headless Chromium, served as npm start serves them (the sandbox's node host on a
// port that is not 4010): the API's main flow done by clicking the console's operations (not the walkthrough), with
// every dead end a reader met turned into an assertion; then the pages at phone size and in dark mode, with screenshots
// under a temp dir (printed) for a reviewer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { buildDocs } from '../../docs-build/build-docs.js';
import { launchChromium } from '../../drivers/chromium.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { unhurried } from '../support/waiting.js';

// One flow of about twenty round trips through Swagger UI: still running after five minutes is hung.
vi.setConfig({ testTimeout: 5 * 60_000 });

const dir = mkdtempSync(join(tmpdir(), 'docs-reader-'));
/** Screenshots for a reviewer: kept after the run (the path is printed), removed with the next temp clean-up. */
const shots = mkdtempSync(join(tmpdir(), 'docs-reader-shots-'));
let server: SandboxServer;
let origin: string;
let browser: Browser;
const contexts: BrowserContext[] = [];
let pageErrors: string[] = [];

beforeAll(async () => {
  buildDocs(join(dir, 'index.html'));
  server = await startSandboxServer({ port: 0, docsDir: dir });
  origin = new URL(server.baseUrl).origin;
  browser = await launchChromium();
});

afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`reader-flow screenshots: ${shots}`);
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
  await page.goto(`${origin}${path}`);
  await page.waitForSelector(options.ready ?? 'body');
  return page;
}

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
async function execute(op: Locator): Promise<{ status: number; body: { data?: Record<string, unknown> } }> {
  await op
    .locator('.live-responses-table')
    .evaluate((node) => node.remove())
    .catch(() => undefined);
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
  const scenarioId = (scenario.body.data?.scenario as { id: number }).id;
  expect(await page.textContent('#carried')).toContain(`scenario_id ${scenarioId}`);

  const startSession = await expand(page, 'QA sessions', 'startSession');
  await expect.poll(async () => (await bodyOf(startSession)).scenario_id).toBe(scenarioId);
  const empty = await execute(startSession);
  expect(empty.status).toBe(201);
  expect((empty.body.data?.session as { case_reports: unknown[] }).case_reports).toEqual([]);
  const note = startSession.locator('.console-note');
  await note.waitFor();
  expect(await note.textContent()).toMatch(
    new RegExp(`no case reports: scenario ${scenarioId} has no cases.*Add a case to it.*Open Create a case`),
  );
  const emptySessionId = (empty.body.data?.session as { id: number }).id;
  const finishEmpty = await expand(page, 'QA sessions', 'finishSession');
  await expect.poll(async () => (await bodyOf(finishEmpty)).sessions_id).toBe(emptySessionId);
  expect((await execute(finishEmpty)).status).toBe(200);

  // The note's link opens Create a case, its scenario already the reader's.
  await note.locator('a').click();
  const createCase = operation(page, 'QA cases', 'createCase');
  await createCase.locator('button.execute').waitFor();
  await expect.poll(async () => (await bodyOf(createCase)).scenario).toBe(scenarioId);
  expect(await createCase.locator('.console-carried-note', { hasText: /^scenario / }).textContent()).toMatch(
    new RegExp(`^scenario ${scenarioId}: from Create a scenario \\(201\\)$`),
  );
  const caseTitle = `Reader case ${Date.now()}`;
  await editBody(createCase, { title: caseTitle });
  const created = await execute(createCase);
  expect(created.status).toBe(201);

  // A session for it has the case's report; its id goes to Record an outcome, the session's to Finish.
  await expect.poll(async () => (await bodyOf(startSession)).scenario_id).toBe(scenarioId);
  const session = await execute(startSession);
  expect(session.status).toBe(201);
  const { id: sessionId, case_reports: reports } = session.body.data?.session as {
    id: number;
    case_reports: { id: number }[];
  };
  expect(reports).toHaveLength(1);
  expect(await startSession.locator('.console-note').count()).toBe(0);

  const record = await expand(page, 'QA sessions', 'recordCaseOutcome');
  await expect.poll(() => queryField(record, 'case_report_id').inputValue()).toBe(String(reports[0]?.id));
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
  const linked = (listed.body.data?.tasks as { case_report_id: number | null; title: string }[]).filter(
    (task) => task.case_report_id === reports[0]?.id,
  );
  expect(linked).toHaveLength(1);

  const finish = await expand(page, 'QA sessions', 'finishSession');
  await expect.poll(async () => (await bodyOf(finish)).sessions_id).toBe(sessionId);
  const finished = await execute(finish);
  expect(finished.status).toBe(200);
  expect(finished.body.data?.case_reports_total).toBe(1);
  await page.screenshot({ path: join(shots, 'console-flow-desktop.png') });
  expect(pageErrors).toEqual([]);
});
