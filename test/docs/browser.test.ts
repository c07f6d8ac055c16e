// The built Redoc page opens offline from file:// in headless Chromium: on the operations, with the guide after them,
// search, state diagrams, no network.
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { buildDocs, slugOf } from '../../docs-build/build-docs.js';
import { STATE_MACHINES } from '../../docs-build/state-machines.js';
import { launchChromium } from '../../drivers/chromium.js';
import { HANG_MS, unhurried } from '../support/waiting.js';

const ARTIFACTS = fileURLToPath(new URL('../../.artifacts/', import.meta.url));
const LOCAL = /^(file|data|blob):/;

const contract = loadContract();
const tags = (contract.document.tags as { name: string }[]).map((t) => t.name);
const paths = contract.document.paths as Record<string, Record<string, { summary: string }>>;
/** The contract's operations with the summary Redoc shows as their name. */
const operations = contract.operations.map((op) => ({ ...op, summary: paths[op.path]?.[op.method]?.summary ?? '' }));

const dir = mkdtempSync(join(tmpdir(), 'docs-browser-'));
let browser: Browser;
let page: Page;
let bytes = 0;
/** Requests that reached Chromium's network layer for a non-local URL (each was aborted by the route below). */
const reachedNetwork: string[] = [];
/** Every request the page made, other than loading itself and reading data: or blob: URLs (CSP-blocked ones too). */
const requested: string[] = [];
const pageErrors: string[] = [];

type MenuOperation = { summary: string; method: string; href: string };

/** Opens a tag's group in Redoc's side menu (it closes the others) and reads its operations. */
async function menuOperationsOf(tag: string, expected: number): Promise<MenuOperation[]> {
  const group = page.locator('[data-component-name="Menu/MenuItem"].menu-item-type-group', {
    has: page.locator(`:scope > a [data-text="${tag}"]`),
  });
  await group.locator(':scope > a').click();
  const items = group.locator('.menu-item-type-operation');
  // The group's operations render after the click; wait for the last one the contract expects.
  await items.nth(Math.max(expected - 1, 0)).waitFor();
  return items.evaluateAll((nodes) =>
    nodes.map((item) => ({
      summary: item.querySelector('[data-text]')?.getAttribute('data-text') ?? '',
      method: item.querySelector('[data-component-name="Tags/HttpTag"]')?.textContent?.trim() ?? '',
      href: item.querySelector('a')?.getAttribute('href') ?? '',
    })),
  );
}

beforeAll(async () => {
  const file = join(dir, 'index.html');
  ({ bytes } = buildDocs(file));
  browser = await launchChromium();
  const context = unhurried(
    await browser.newContext({ viewport: { width: 1400, height: 1000 }, serviceWorkers: 'block' }),
  );
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (LOCAL.test(url)) return route.continue();
    reachedNetwork.push(url);
    return route.abort('internetdisconnected');
  });
  page = await openDocs(context);
});

/** A new tab on the docs, opened as a reader opens them; it counts its requests and errors with the others. */
async function openDocs(context: BrowserContext): Promise<Page> {
  const opened = await context.newPage();
  const self = pathToFileURL(join(dir, 'index.html')).href;
  opened.on('request', (request) => {
    if (request.url() !== self && !/^(data|blob):/.test(request.url())) requested.push(request.url());
  });
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  await opened.goto(self);
  // Redoc prerenders the page and then hydrates it with React; a click before that follows a plain link off the page.
  await opened.waitForFunction(() => {
    const menu = document.querySelector('.menu-item-type-group > a');
    return menu !== null && Object.keys(menu).some((key) => key.startsWith('__react'));
  });
  return opened;
}

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the page is one self-contained file', () => {
  expect(bytes).toBeGreaterThan(1_000_000);
});

test('it opens on the API: the first tag and one of its operations are in the first view', async () => {
  // A tab of its own: the other tests scroll, search and click in the shared one, in any order.
  const tab = await openDocs(page.context());
  const first = operations.find((op) => op.tags[0] === tags[0]);
  expect(first).toBeDefined();
  const view = tab.viewportSize() ?? { width: 0, height: 0 };
  // Redoc lists each tag's operations (method and path) beside its heading; the menu's copy does not count.
  const entry = tab
    .locator(`a[href="#/${slugOf(tags[0] ?? '')}/${first?.operationId.toLowerCase()}"]`)
    .filter({ hasNotText: first?.summary ?? '' })
    .first();
  const heading = tab.locator('h2', { hasText: tags[0] ?? '' }).first();
  // Counted first, for a bounded while (hydration re-renders the prerendered page): a page that renders no operation
  // before the reader scrolls fails here with the counts, not by a locator's timeout.
  await expect
    .poll(async () => [await entry.count(), await heading.count()], { timeout: HANG_MS, interval: 100 })
    .toEqual([1, 1]);
  const [scrolled, entryBox, headingBox] = await Promise.all([
    tab.evaluate(() => window.scrollY),
    entry.boundingBox(),
    heading.boundingBox(),
  ]);
  expect(scrolled).toBe(0);
  expect(await entry.innerText()).toContain(first?.path);
  for (const box of [entryBox, headingBox]) {
    expect(box).not.toBeNull();
    expect((box?.y ?? -1) >= 0 && (box?.y ?? 0) + (box?.height ?? 0) <= view.height).toBe(true);
  }
  mkdirSync(ARTIFACTS, { recursive: true });
  await tab.screenshot({ path: join(ARTIFACTS, 'docs-intro.png') });
  expect(statSync(join(ARTIFACTS, 'docs-intro.png')).size).toBeGreaterThan(10_000);
  await tab.close();
});

test("the introduction's sections and the generated pages are the menu's guide, after the operations", async () => {
  const menu = await page.$$eval('[data-component-name="Menu/MenuItem"] > a', (links) =>
    links.map((a) => ({ text: a.textContent?.trim() ?? '', href: a.getAttribute('href') ?? '' })),
  );
  const at = (text: string) => menu.findIndex((item) => item.text === text);
  for (const heading of ['Who uses what', 'Credentials', 'Envelope', 'Errors and statuses', 'Assumptions', 'Try it']) {
    // Redoc answers a section at `#/<slug>`, and the built page links it so (Redoc's own `/<slug>` is a 404 when copied).
    expect(menu).toContainEqual({ text: heading, href: `#/${slugOf(heading)}` });
    expect(at(heading)).toBeGreaterThan(Math.max(...tags.map(at)));
  }
});

test('a former address of an introduction section opens that section', async () => {
  const other = await page.context().newPage();
  await other.goto(`${pathToFileURL(join(dir, 'index.html')).href}#/section/credentials`);
  await other
    .locator('h1, h2', { hasText: /^Credentials$/ })
    .first()
    .waitFor();
  expect(new URL(other.url()).hash).toBe('#/credentials');
  await other.close();
});

describe('every operation of openapi.yaml is listed under its tag', () => {
  const listed: MenuOperation[] = [];
  // Bounded as the hang of each of its waits, one a tag: the file's hook bound (two minutes) is about one wait's, so on
  // a loaded machine the tags' menus together could pass it with no menu hung (at load 11 this hook failed once).
  beforeAll(async () => {
    for (const tag of tags) {
      listed.push(...(await menuOperationsOf(tag, operations.filter((op) => op.tags[0] === tag).length)));
    }
  }, HANG_MS * tags.length);

  test('the menu holds exactly the contract operations', () => {
    expect(listed).toHaveLength(operations.length);
  });

  test.each(operations.map((op) => [op.operationId, op]))('%s', (_id, op) => {
    const slug = (op.tags[0] ?? '').toLowerCase().replace(/\s+/g, '-');
    expect(listed).toContainEqual({
      summary: op.summary,
      method: op.method,
      href: `#/${slug}/${op.operationId.toLowerCase()}`,
    });
  });
});

test("Redoc's search finds an operation by its name and opens it", async () => {
  const target = operations.find((op) => op.operationId === 'recordCaseOutcome');
  expect(target).toBeDefined();
  if (!target) return;
  await page.getByText('Search', { exact: false }).first().click();
  await page.locator('input[placeholder^="Search"]').fill(target.summary);
  const hit = page.locator('[data-component-name="Search/SearchItem"]', { hasText: target.summary }).first();
  await hit.waitFor();
  const text = (await hit.textContent()) ?? '';
  expect(text).toContain(target.method.toUpperCase());
  expect(text).toContain(target.path);
  await hit.click();
  await page.waitForURL((url) => url.hash.endsWith(`/${target.operationId.toLowerCase()}`));
  // Redoc renders the new route lazily (blank in between) and then scrolls to it. Wait for what the reader sees, not for
  // a while: the operation's code samples are in the page, its heading near the top of the view, at the same place for
  // three painted frames in a row (frames, not milliseconds: a loaded machine paints fewer of them, never a blank one
  // as steady), and the fonts loaded.
  await page.waitForFunction(
    ({ summary, id }) => {
      const state = window as unknown as { lastTop?: number; sameFrames?: number };
      const heading = Array.from(document.querySelectorAll('h1, h2')).find((h) => h.textContent?.trim() === summary);
      const top = heading?.getBoundingClientRect().top;
      const rendered = document.querySelector(`[id$="/${id}"]`)?.textContent?.includes('curl -sS') === true;
      if (top === undefined || top < 0 || top > 200 || !rendered || document.fonts.status !== 'loaded') {
        state.lastTop = undefined;
        state.sameFrames = 0;
        return false;
      }
      state.sameFrames = state.lastTop === top ? (state.sameFrames ?? 0) + 1 : 0;
      state.lastTop = top;
      return state.sameFrames >= 3;
    },
    { summary: target.summary, id: target.operationId.toLowerCase() },
    { polling: 'raf' },
  );
  // A picture for a reviewer, not a verdict: its size judged how far Redoc had painted, and failed on load alone. What
  // the reader must see is judged below by the section's text.
  await page.screenshot({ path: join(ARTIFACTS, 'docs-operation.png') });

  // The operation shows its two code samples (curl first, the typed client in the samples' menu) and links to itself
  // in the console.
  const section = page.locator(`[id$="/${target.operationId.toLowerCase()}"]`).first();
  expect(await section.innerText()).toContain('curl -sS -X PATCH "$BASE_URL/features/qa/sessions/cases/');
  await section.getByRole('button', { name: 'curl' }).first().click();
  await page.getByRole('menuitem', { name: '@task-management/client' }).click();
  await page.waitForFunction(
    (id) => document.querySelector(`[id$="/${id}"]`)?.textContent?.includes('createApiClient'),
    target.operationId.toLowerCase(),
  );
  const link = section.getByRole('link', { name: 'Try it in the console' });
  expect(await link.getAttribute('href')).toBe('console.html#/QA_sessions/recordCaseOutcome');
});

/** The guide section each diagram is in. */
const DIAGRAM_SECTIONS: Record<string, string> = {
  'token-states': 'Credentials',
  'qa-states': 'QA states and transitions',
};

describe('the state diagrams are pictures in the page, drawn from docs-build/state-machines.ts', () => {
  test.each(STATE_MACHINES.map((m) => [m.id, m]))('%s', async (id, machine) => {
    await page.evaluate(
      (hash) => {
        window.location.hash = hash;
      },
      `#/${slugOf(DIAGRAM_SECTIONS[id] ?? '')}`,
    );
    const image = page.locator(`img[alt="${machine.alt}"]`);
    await image.waitFor();
    expect(await image.count()).toBe(1);
    await image.scrollIntoViewIfNeeded();
    // A picture that did not load (a broken data: URL, a blocked source) has no natural size.
    const size = await image.evaluate(async (img: HTMLImageElement) => {
      await img.decode();
      return { width: img.naturalWidth, height: img.naturalHeight, src: img.src.slice(0, 26) };
    });
    expect(size.src).toBe('data:image/svg+xml;base64,');
    expect(size.width).toBeGreaterThan(400);
    expect(size.height).toBeGreaterThan(200);
    const shot = join(ARTIFACTS, `docs-diagram-${id}.png`);
    await image.screenshot({ path: shot });
    expect(statSync(shot).size).toBeGreaterThan(10_000);
  });

  test('the links between operations are a section of the menu', async () => {
    const sections = await page.$$eval('[data-component-name="Menu/MenuItem"] > a', (links) =>
      links.map((a) => a.getAttribute('href')),
    );
    expect(sections).toContain('#/links-between-operations');
  });
});

test('the footer shows its attribution offline: the logo is a local picture that loaded', async () => {
  const logo = page.locator('a[href="https://redocly.com/redoc/"] img');
  expect(await logo.count()).toBe(1);
  const loaded = await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded).toBe(true);
  expect(await logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
});

test('the page made no network request at all, and raised no error', () => {
  expect(reachedNetwork).toEqual([]);
  expect(requested).toEqual([]);
  expect(pageErrors).toEqual([]);
});
