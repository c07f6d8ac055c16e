// Web pages against a developer's sandbox, in Chromium (docs/sandbox.md "CORS"): a page of an origin nobody allowed
// (served as http://evil.example, mapped to loopback) cannot log in with the public demo password, wipe the world, or
// lock the owner out with wrong passwords; a page of this machine guessing wrong costs only its own origin.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { unhurried } from '../support/waiting.js';

const EVIL = 'evil.example';
const sandbox = createSandbox();
/** Origins of the requests that reached the sandbox itself (past the host). */
const reached: (string | null)[] = [];
let api: SandboxServer;
let pages: Server;
let pagesPort: number;
let browser: Browser;

beforeAll(async () => {
  api = await startSandboxServer({
    fetch: (request) => {
      reached.push(request.headers.get('origin'));
      return sandbox.fetch(request);
    },
  });
  // One blank page, served under any name: the name in the address bar is the page's origin.
  pages = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><meta charset="utf-8"><title>a page</title>');
  });
  await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
  pagesPort = (pages.address() as AddressInfo).port;
  browser = await launchChromium([`--host-resolver-rules=MAP ${EVIL} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await api?.close();
  await new Promise<void>((resolve) => pages?.close(() => resolve()));
});

async function pageAt(origin: string): Promise<Page> {
  const page = unhurried(await browser.newPage());
  await page.goto(`${origin}/`);
  return page;
}

/** What the attack page of the finding did: log in as demo, then delete every root scenario it can see. */
function wipe(page: Page) {
  return page.evaluate(
    async ({ baseUrl, origin, username, password, captcha }) => {
      const tried = async (call: () => Promise<Response>) =>
        call().then(
          (r) => `answered ${r.status}`,
          (e: unknown) => `refused: ${String(e)}`,
        );
      let token: string | undefined;
      const login = await tried(async () => {
        const r = await fetch(`${baseUrl}/member/login/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password, captcha_token: captcha }),
        });
        token = ((await r.clone().json()) as { data?: { access_token?: string } }).data?.access_token;
        return r;
      });
      const deletes = [];
      for (const id of [1, 2, 3]) {
        deletes.push(
          await tried(() =>
            fetch(`${baseUrl}/features/qa/scenarios/${id}/?company_id=1&board_id=1`, {
              method: 'DELETE',
              headers: { authorization: `JWT ${token ?? 'none'}` },
            }),
          ),
        );
      }
      // A simple POST needs no preflight: it reaches the server, and only the server can refuse it.
      const reset = await tried(() =>
        fetch(`${origin}/_sandbox/reset/?world=empty`, { method: 'POST', mode: 'no-cors' }),
      );
      return { login, deletes, reset };
    },
    {
      baseUrl: api.baseUrl,
      origin: api.origin,
      username: DEMO.accounts.member.username,
      password: DEMO.accounts.member.password,
      captcha: DEMO.captchaToken,
    },
  );
}

/** Wrong passwords for `username` from the page, as fast as it can send them. */
function guess(page: Page, username: string, times: number) {
  return page.evaluate(
    async ({ baseUrl, username, times, captcha }) => {
      const statuses = [];
      for (let i = 0; i < times; i++) {
        statuses.push(
          await fetch(`${baseUrl}/member/login/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username, password: `guess-${i}`, captcha_token: captcha }),
          }).then(
            (r) => r.status,
            () => 'refused',
          ),
        );
      }
      return statuses;
    },
    { baseUrl: api.baseUrl, username, times, captcha: DEMO.captchaToken },
  );
}

/** The owner logging in from this machine with curl or a script: no Origin, the same client address as the pages. */
async function ownerLogin(username: string, password: string): Promise<number> {
  const response = await fetch(`${api.baseUrl}/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha_token: DEMO.captchaToken }),
  });
  return response.status;
}

test('a page of an origin nobody allowed cannot log in, delete, or reset: the world is unchanged', async () => {
  const world = sandbox.store;
  const scenarios = world.scenarios.size;
  const page = await pageAt(`http://${EVIL}:${pagesPort}`);
  try {
    expect(await page.evaluate(() => location.origin)).toBe(`http://${EVIL}:${pagesPort}`);
    const result = await wipe(page);
    expect(result.login).toMatch(/^refused: TypeError/);
    expect(result.deletes.every((d) => d.startsWith('refused: TypeError'))).toBe(true);
    // The no-cors reset is opaque to the page (status 0); the server refused it.
    expect(result.reset).toBe('answered 0');
  } finally {
    await page.close();
  }
  expect(sandbox.store).toBe(world);
  expect(sandbox.store.scenarios.size).toBe(scenarios);
  // The host refused every one of its requests, preflights included, before the sandbox saw it.
  expect(reached.filter((o) => o?.includes(EVIL))).toEqual([]);
});

test("a page of an origin nobody allowed guessing the viewer's password: refused, and the owner logs in", async () => {
  const { viewer } = DEMO.accounts;
  const page = await pageAt(`http://${EVIL}:${pagesPort}`);
  try {
    expect(await guess(page, viewer.username, 11)).toEqual(Array(11).fill('refused'));
  } finally {
    await page.close();
  }
  expect(await ownerLogin(viewer.username, viewer.password)).toBe(200);
});

test("a page of this machine guessing wrong meets the throttle for its origin alone: the owner's login still works", async () => {
  const { outsider } = DEMO.accounts;
  const page = await pageAt(`http://localhost:${pagesPort}`);
  try {
    const statuses = await guess(page, outsider.username, 11);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
  } finally {
    await page.close();
  }
  expect(await ownerLogin(outsider.username, outsider.password)).toBe(200);
});
