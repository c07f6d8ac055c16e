// The client in headless Chromium over real HTTP: a redirected write is an opaque redirect there, and is not confirmed.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { launchChromium } from '../../drivers/chromium.js';
import { unhurried } from '../support/waiting.js';

const root = new URL('../../', import.meta.url);

const PAGE = `<!doctype html><meta charset="utf-8"><title>client</title>
<script type="importmap">{ "imports": { "openapi-fetch": "/lib/openapi-fetch.js" } }</script>
<script type="module">import * as client from '/client/index.js'; window.clientModule = client;</script>`;

/** What the page exposes: the client's exports, loaded as ES modules by the browser itself. */
type ClientModule = typeof import('../../client/index.js');

/** The client's own modules, compiled per request the way a bundler would (types erased, nothing else changed). */
function clientModule(name: string, folder = 'client'): string {
  const source = readFileSync(new URL(`${folder}/${name}.ts`, root), 'utf8');
  return ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ES2022, verbatimModuleSyntax: true },
  }).outputText;
}

const apiSeen: string[] = [];

type Answer = { status: number; type: string; body: string; location?: string };

const json = (status: number, body: unknown): Answer => ({
  status,
  type: 'application/json',
  body: JSON.stringify(body),
});
const redirect = (status: number, location: string): Answer => ({ status, type: 'text/plain', body: '', location });

/** The page, the modules, and an API whose writes redirect to a GET that would read as a success. */
function answer(method: string, url: string): Answer {
  if (url === '/') return { status: 200, type: 'text/html', body: PAGE };
  if (url === '/lib/openapi-fetch.js') {
    const lib = readFileSync(new URL('node_modules/openapi-fetch/dist/index.mjs', root), 'utf8');
    return { status: 200, type: 'text/javascript', body: lib };
  }
  const module = /^\/client\/(\w+)\.js$/.exec(url);
  if (module?.[1]) return { status: 200, type: 'text/javascript', body: clientModule(module[1]) };
  // The dependency-free shapes the client shares with the rest of the kit (test/client/portability.test.ts).
  const shared = /^\/contract\/(json|http)\.js$/.exec(url);
  if (shared?.[1]) return { status: 200, type: 'text/javascript', body: clientModule(shared[1], 'contract') };
  if (!url.startsWith('/api/')) return json(404, { status: 'error', message: 'not found' });
  apiSeen.push(`${method} ${url}`);
  if (url === '/api/member/bearer-tokens/') {
    return method === 'GET'
      ? json(200, { status: 'success', data: { token: { key: 'k' } } })
      : redirect(303, '/api/member/bearer-tokens/');
  }
  if (url === '/api/company/list/') return redirect(302, '/api/storage/companies/');
  if (url === '/api/storage/companies/') return json(200, { status: 'success', data: { companies: [{ id: 1 }] } });
  return json(404, { status: 'error', message: 'not found' });
}

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const { status, type, body, location } = answer(req.method ?? 'GET', req.url ?? '/');
    res.writeHead(status, { 'Content-Type': type, ...(location ? { Location: location } : {}) }).end(body);
  });
});
let origin = '';
let browser: Browser;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('a POST answered 303 is an opaque redirect in the browser: OutcomeUnknownError, sent once; a GET 302 is followed', async () => {
  const page = unhurried(await browser.newPage());
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'clientModule' in window);
  const result = await page.evaluate(async () => {
    const { createApiClient, unwrap } = (window as unknown as { clientModule: ClientModule }).clientModule;
    const client = createApiClient({ baseUrl: '/api', credential: { kind: 'apiToken', token: 'tmk_1' } });
    const write = await client.POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } }).then(
      () => ({ name: 'resolved', status: undefined, message: '' }),
      (e: { name: string; status: number; message: string }) => ({
        name: e.name,
        status: e.status,
        message: e.message,
      }),
    );
    const read = await unwrap(client.GET('/company/list/'));
    return { write, read };
  });
  await page.close();
  expect(pageErrors).toEqual([]);
  expect(result.write).toMatchObject({ name: 'OutcomeUnknownError', status: 0 });
  expect(result.write.message).toContain(
    'redirected to an address the browser does not reveal (not followed): the write was not confirmed',
  );
  expect(result.read).toEqual({ companies: [{ id: 1 }] });
  expect(apiSeen).toEqual(['POST /api/member/bearer-tokens/', 'GET /api/company/list/', 'GET /api/storage/companies/']);
});
