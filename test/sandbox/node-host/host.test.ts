// The node:http host (mocks/sandbox/hosts/node.ts) itself: the client it names to the sandbox, Keep-Alive, its port and IPv6 address, and the built docs it serves.
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { json, send } from './helpers.js';

describe('the client the node host names to the sandbox', () => {
  /** A registration sent from `localAddress`; its status. */
  const register = (origin: string, localAddress: string, username: string) =>
    new Promise<number>((resolve, reject) => {
      const req = httpRequest(
        `${origin}/api/member/register/`,
        { method: 'POST', headers: json, agent: false, localAddress },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(
        JSON.stringify({
          username,
          password: `${username}-password`,
          first_name: 'R',
          email: `${username}@example.com`,
          captcha_token: DEMO.captchaToken,
        }),
      );
    });

  it('is its address: the registration throttle refuses one address and not another', async () => {
    const server = await startSandboxServer({ fetch: createSandbox({ limits: { registrationsPerMinute: 1 } }).fetch });
    try {
      expect(await register(server.origin, '127.0.0.2', 'first')).toBe(201);
      expect(await register(server.origin, '127.0.0.2', 'second')).toBe(429);
      expect(await register(server.origin, '127.0.0.3', 'third')).toBe(201);
    } finally {
      await server.close();
    }
  });
});

describe('the node host itself', () => {
  it('tells a client how long it keeps an idle connection (Keep-Alive), the default or the option', async () => {
    for (const [options, advertised] of [
      [{}, 'timeout=5'],
      [{ keepAliveTimeoutMs: 2_000 }, 'timeout=2'],
    ] as const) {
      const server = await startSandboxServer(options);
      const agent = new HttpAgent({ keepAlive: true });
      try {
        const wire = await send(server.origin, agent, 'GET', '/api/member/me/');
        expect(wire.status).toBe(401);
        expect(wire.headers['keep-alive']).toBe(advertised);
      } finally {
        agent.destroy();
        await server.close();
      }
    }
  });

  it('a port in use is an error for the caller; close() stops the server', async () => {
    const first = await startSandboxServer();
    const { port } = new URL(first.origin);
    await expect(startSandboxServer({ port: Number(port) })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await first.close();
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });

  it('on an IPv6 address: its origin and base URL are written with brackets, and it answers there', async () => {
    const server = await startSandboxServer({ host: '::1' });
    try {
      expect(server.origin).toMatch(/^http:\/\/\[::1\]:\d+$/);
      expect(server.baseUrl).toBe(`${server.origin}/api`);
      const res = await fetch(`${server.baseUrl}/member/me/`);
      expect(res.status).toBe(401);
    } finally {
      await server.close();
    }
  });

  describe('serves the built docs at /docs/', () => {
    let dir: string;
    let server: SandboxServer;
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'sandbox-docs-'));
      await writeFile(join(dir, 'index.html'), '<h1>Reference</h1>');
      await writeFile(join(dir, 'console.html'), '<h1>Console</h1>');
      server = await startSandboxServer({ docsDir: dir });
    });
    afterEach(async () => {
      await server.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('each page with its type, never cached unchecked; /docs goes to /docs/', async () => {
      const redirect = await send(server.origin, false, 'GET', '/docs');
      expect(redirect.status).toBe(301);
      expect(redirect.headers.location).toBe('/docs/');
      for (const [path, text] of [
        ['/docs/', '<h1>Reference</h1>'],
        ['/docs/index.html?v=1', '<h1>Reference</h1>'],
        ['/docs/console.html', '<h1>Console</h1>'],
      ]) {
        const page = await send(server.origin, false, 'GET', path as string);
        expect(page, path).toMatchObject({ status: 200, text });
        expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(page.headers['cache-control']).toBe('no-cache');
      }
      const head = await send(server.origin, false, 'HEAD', '/docs/');
      expect(head).toMatchObject({ status: 200, text: '' });
      expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    });

    it('a page stored brotli-compressed (as the package ships it) goes as it is to a client that takes br, else plain', async () => {
      await writeFile(join(dir, 'console.html.br'), brotliCompressSync('<h1>Shipped console</h1>'));
      // fetch sends `gzip, deflate` unless told, and decodes what it gets: the page reads the same either way.
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip, deflate, br;q=0.5', 'br'],
        ['*', 'br'],
        ['gzip, br;q=0', null],
        [undefined, null],
      ] as const) {
        const page = await fetch(`${server.origin}/docs/console.html`, {
          headers: accept === undefined ? {} : { 'accept-encoding': accept },
        });
        expect([page.status, page.headers.get('content-encoding'), page.headers.get('vary')], accept).toEqual([
          200,
          encoding,
          'accept-encoding',
        ]);
        expect(await page.text(), accept).toBe('<h1>Shipped console</h1>');
      }
    });

    it('a page stored only plain (a clone after npm run docs) is compressed for a client that takes br, else plain', async () => {
      const compressed = await send(server.origin, false, 'GET', '/docs/', { 'accept-encoding': 'gzip, deflate, br' });
      expect([compressed.status, compressed.headers['content-encoding'], compressed.headers.vary]).toEqual([
        200,
        'br',
        'accept-encoding',
      ]);
      const raw = await fetch(`${server.origin}/docs/`, { headers: { 'accept-encoding': 'br' } });
      expect(await raw.text()).toBe('<h1>Reference</h1>');
      for (const accept of ['gzip', 'br;q=0', undefined]) {
        const plain = await send(
          server.origin,
          false,
          'GET',
          '/docs/',
          accept === undefined ? {} : { 'accept-encoding': accept },
        );
        expect([plain.headers['content-encoding'], plain.text], accept).toEqual([undefined, '<h1>Reference</h1>']);
      }
    });

    it('pages stored compressed with one modification time (npm gives every packed file the same) are each served as their own', async () => {
      const packed = new Date('1985-10-26T08:15:00Z');
      for (const [file, text] of [
        ['index.html', '<h1>Shipped reference</h1>'],
        ['console.html', '<h1>Shipped console</h1>'],
      ]) {
        await writeFile(join(dir, `${file}.br`), brotliCompressSync(text as string));
        await utimes(join(dir, `${file}.br`), packed, packed);
      }
      for (const accept of ['gzip', 'br', 'gzip']) {
        for (const [path, text] of [
          ['/docs/', '<h1>Shipped reference</h1>'],
          ['/docs/console.html', '<h1>Shipped console</h1>'],
        ]) {
          const page = await fetch(`${server.origin}${path}`, { headers: { 'accept-encoding': accept } });
          expect(await page.text(), `${path} ${accept}`).toBe(text);
        }
      }
    });

    it('a page rebuilt since it was last served is served anew', async () => {
      expect((await send(server.origin, false, 'GET', '/docs/')).text).toBe('<h1>Reference</h1>');
      await writeFile(join(dir, 'index.html'), '<h1>Rebuilt</h1>');
      // A build a second later: its own modification time, whatever the file system's resolution.
      const later = new Date(Date.now() + 1000);
      await utimes(join(dir, 'index.html'), later, later);
      expect((await send(server.origin, false, 'GET', '/docs/')).text).toBe('<h1>Rebuilt</h1>');
    });

    it('a page that could not be read is read again when next asked for, even with the same modification time', async () => {
      // A folder where the page should be: its modification time is read, the page is not.
      await rm(join(dir, 'console.html'));
      await mkdir(join(dir, 'console.html'));
      const mtime = new Date('2026-01-01T00:00:00Z');
      await utimes(join(dir, 'console.html'), mtime, mtime);
      expect((await send(server.origin, false, 'GET', '/docs/console.html')).status).toBe(404);
      await rm(join(dir, 'console.html'), { recursive: true });
      await writeFile(join(dir, 'console.html'), '<h1>Built now</h1>');
      await utimes(join(dir, 'console.html'), mtime, mtime);
      expect(await send(server.origin, false, 'GET', '/docs/console.html')).toMatchObject({
        status: 200,
        text: '<h1>Built now</h1>',
      });
    });

    it('a path that is no page → 404 naming it; a page not built → 404 saying how to build it', async () => {
      const none = await send(server.origin, false, 'GET', '/docs/secrets.txt');
      expect(none.status).toBe(404);
      expect(JSON.parse(none.text).message).toBe('No document at /docs/secrets.txt.');
      // A long path is named by its first 200 characters: an error message does not echo whatever a client sends.
      const long = `/docs/${'a'.repeat(300)}`;
      const named = await send(server.origin, false, 'GET', long);
      expect(JSON.parse(named.text).message).toBe(`No document at ${long.slice(0, 200)}.`);
      const missing = await send(server.origin, false, 'GET', '/docs/mockServiceWorker.js');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.text).message).toContain('mockServiceWorker.js is missing): run npm run docs');
    });
  });
});
