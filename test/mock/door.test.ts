// The front door of `task-mock` and `task-mock proxy` (docs/mock.md "Which web pages may call it"), in this process in
// front of a stand-in for Prism that, like Prism's own CORS, grants every origin with credentials: a page of another
// site gets a 403 naming Origin and the option, with no CORS header, before anything is forwarded (preflights too); an
// allowed page gets its own origin back, never `*`, with `Vary: Origin`, the preflight's three headers and
// `sl-violations` exposed, and never credentials; a request without Origin is forwarded as it came. (origins.test.ts
// runs the bins; there no mutant of the door is switched on.)
import { createServer, get as httpGet, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Door, startDoor } from '../../mocks/prism/door.js';
import { send } from '../sandbox/node-host/helpers.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const corsOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

describe('the mock front door', () => {
  const seen: Seen[] = [];
  let prism: Server;
  let prismPort: number;
  const doors: Door[] = [];

  beforeAll(async () => {
    // Prism with its own CORS on: every origin echoed, with credentials.
    prism = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        if (req.url === '/hang') return;
        if (req.url === '/die') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
          res.write('{"status":');
          setTimeout(() => res.socket?.destroy(), 20);
          return;
        }
        res.writeHead(201, {
          'content-type': 'application/json',
          'sl-violations': '[]',
          'access-control-allow-origin': '*',
          'access-control-allow-credentials': 'true',
        });
        res.end(JSON.stringify({ status: 'success', echo: body }));
      });
    });
    await new Promise<void>((resolve) => prism.listen(0, '127.0.0.1', resolve));
    prismPort = (prism.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await Promise.all(doors.splice(0).map((d) => d.close()));
  });
  afterAll(async () => {
    // The doors' kept-alive connections to it, and the request it never answered, end with it.
    prism.closeAllConnections();
    await new Promise((resolve) => prism.close(resolve));
  });

  async function door(target = prismPort): Promise<string> {
    const d = await startDoor({
      host: '127.0.0.1',
      port: 0,
      target,
      origins: ['https://app.example.com'],
      originsOption: '--cors-origin (or MOCK_CORS_ORIGINS)',
    });
    doors.push(d);
    return `http://127.0.0.1:${d.port}`;
  }

  /** A door with no origin named, on `port` (0: any free one), left to the test to close. */
  const plainDoor = (port = 0): Promise<Door> =>
    startDoor({ host: '127.0.0.1', port, target: prismPort, origins: [], originsOption: 'x' });

  it('refuses a page of another site with a 403 naming Origin and the option, no CORS header, nothing forwarded', async () => {
    const origin = await door();
    const before = seen.length;
    for (const page of ['https://evil.example', 'http://app.example.com', 'null']) {
      const answer = await send(origin, false, 'POST', '/api/scenarios/', { origin: page }, '{"title":"x"}');
      expect([answer.status, corsOf(answer.headers)], page).toEqual([403, {}]);
      expect(answer.headers['content-type']).toBe('application/json');
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.text));
      expect(JSON.parse(answer.text).errors, page).toEqual([
        {
          field: 'Origin',
          message: `${page} is not allowed: pages of localhost, 127.0.0.0/8 and [::1] are; allow another with --cors-origin (or MOCK_CORS_ORIGINS)`,
        },
      ]);
      const preflight = await send(origin, false, 'OPTIONS', '/api/scenarios/', {
        origin: page,
        'access-control-request-method': 'POST',
      });
      expect([preflight.status, corsOf(preflight.headers)], page).toEqual([403, {}]);
    }
    expect(seen.length).toBe(before);
  });

  it("gives an allowed page its own origin back with Vary: Origin and the exposed headers, never Prism's * or credentials", async () => {
    const origin = await door();
    for (const page of ['https://app.example.com', 'http://localhost:5173']) {
      const answer = await send(origin, false, 'POST', '/api/scenarios/?a=1', { origin: page }, '{"title":"x"}');
      expect(answer.status).toBe(201);
      expect(corsOf(answer.headers)).toEqual({
        'access-control-allow-origin': page,
        'access-control-expose-headers': 'sl-violations, Retry-After, Allow, WWW-Authenticate, Location',
      });
      expect(answer.headers.vary).toBe('Origin');
      expect(answer.headers['sl-violations']).toBe('[]');
      expect(JSON.parse(answer.text)).toEqual({ status: 'success', echo: '{"title":"x"}' });
      expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/api/scenarios/?a=1', body: '{"title":"x"}' });
    }
  });

  it("answers an allowed page's preflight itself: the methods, Authorization, Content-Type and Prefer, no credentials", async () => {
    const origin = await door();
    const before = seen.length;
    const preflight = await send(origin, false, 'OPTIONS', '/api/scenarios/', {
      origin: 'https://app.example.com',
      'access-control-request-method': 'PATCH',
      'access-control-request-headers': 'authorization, prefer',
    });
    expect(preflight.status).toBe(204);
    expect(corsOf(preflight.headers)).toEqual({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
      'access-control-allow-headers': 'Authorization, Content-Type, Prefer',
      'access-control-max-age': '600',
    });
    expect(preflight.headers.vary).toBe('Origin');
    expect(seen.length).toBe(before);
    // An OPTIONS that is no preflight (no Access-Control-Request-Method) is the upstream's to answer.
    const options = await send(origin, false, 'OPTIONS', '/api/scenarios/', { origin: 'https://app.example.com' });
    expect(options.status).toBe(201);
    expect(seen.length).toBe(before + 1);
  });

  it("forwards an allowed page's request that is no OPTIONS, whatever preflight header it carries", async () => {
    const origin = await door();
    const answer = await send(origin, false, 'GET', '/api/member/me/', {
      origin: 'https://app.example.com',
      'access-control-request-method': 'GET',
    });
    expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([201, 'https://app.example.com']);
    expect(seen.at(-1)?.method).toBe('GET');
  });

  it('ends the connection of an answer Prism broke off, and goes on answering others', async () => {
    const origin = await door();
    // Whether the page's answer ended complete, once its connection closed (bounded: a page left waiting fails).
    const complete = new Promise<boolean>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('still waiting after 10 s')), 10_000);
      httpGet(`${origin}/die`, (res) => {
        res.resume();
        res.once('close', () => {
          clearTimeout(timer);
          resolve(res.complete);
        });
      }).on('error', () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    expect(await complete).toBe(false);
    expect((await send(origin, false, 'GET', '/api/member/me/')).status).toBe(201);
  });

  it('closes at once with a request still waiting on Prism, and frees its port', async () => {
    const d = await plainDoor();
    const waiting = send(`http://127.0.0.1:${d.port}`, false, 'GET', '/hang').catch((error: Error) => error);
    await vi.waitFor(() => expect(seen.at(-1)?.url).toBe('/hang'), { timeout: 10_000 });
    await d.close();
    expect(await waiting).toBeInstanceOf(Error);
    const again = await plainDoor(d.port);
    doors.push(again);
  });

  it('forwards a request without Origin as it came (its credential too), with no CORS header at all', async () => {
    const origin = await door();
    const answer = await send(origin, false, 'OPTIONS', '/api/member/me/', {
      authorization: 'Bearer tmk_secret',
      'access-control-request-method': 'GET',
    });
    expect([answer.status, corsOf(answer.headers), answer.headers.vary]).toEqual([201, {}, undefined]);
    expect(seen.at(-1)?.headers.authorization).toBe('Bearer tmk_secret');
    expect(seen.at(-1)?.method).toBe('OPTIONS');
  });

  it('answers 502 saying Prism did not answer when nothing listens behind it', async () => {
    const free = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const origin = await door(free);
    const answer = await send(origin, false, 'GET', '/api/member/me/');
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text).message).toMatch(/^Prism did not answer: .*ECONNREFUSED/);
  });

  it('frees its port on close, even with a kept-alive connection open', async () => {
    const d = await plainDoor();
    const origin = `http://127.0.0.1:${d.port}`;
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true });
    expect((await send(origin, agent, 'GET', '/api/member/me/')).status).toBe(201);
    await d.close();
    const again = await plainDoor(d.port);
    doors.push(again);
    expect(again.port).toBe(d.port);
    agent.destroy();
  });

  it('refuses to start on a port that is taken', async () => {
    const taken = await door();
    const port = Number(new URL(taken).port);
    await expect(
      startDoor({ host: '127.0.0.1', port, target: prismPort, origins: [], originsOption: 'x' }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});
