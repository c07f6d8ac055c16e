// The --har file opened by a real HAR consumer (docs/conformance.md, "The HAR file"): Playwright replays it into
// headless Chromium, which then receives the recorded answers, masked, for the URLs the suite sent.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import type { HarLog } from '../../conformance/report/har.js';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-har-'));
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the HAR file in Chromium', { timeout: 120_000 }, () => {
  it('is replayed by Playwright: a page that loads a recorded URL gets the recorded, masked answer', async () => {
    const har = join(dir, 'login.har');
    const server = await startSandboxServer({ port: 0, fetch: createSandbox().fetch });
    let code: number;
    try {
      const args = ['--target', 'conformance/targets/sandbox.json', '--base-url', server.baseUrl, '--only', 'login'];
      code = await main([...args, '--quiet', '--har', har], { out: () => undefined, err: () => undefined, env: {} });
    } finally {
      await server.close();
    }
    expect(code).toBe(0);
    const { log } = JSON.parse(readFileSync(har, 'utf8')) as HarLog;
    const me = log.entries.filter((e) => e.request.method === 'GET' && e.request.url.endsWith('/member/me/'));
    expect(me.length).toBeGreaterThan(0);

    const context = await browser.newContext();
    try {
      // The sandbox is closed: every answer the page gets comes from the file, and anything else is refused.
      await context.routeFromHAR(har, { notFound: 'abort' });
      const page = await context.newPage();
      const url = (me[0] as (typeof me)[number]).request.url;
      const response = await page.goto(url);
      const recorded = me.map((e) => [e.response.status, e.response.content.text]);
      expect(recorded).toContainEqual([response?.status(), await response?.text()]);
      expect(await response?.text()).not.toMatch(/eyJ[\w-]{8,}\./);
    } finally {
      await context.close();
    }
  });
});
