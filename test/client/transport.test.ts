// The transport's deadline, and its redirect rule against Node's real fetch over real HTTP (source §1).

import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createApiClient, OutcomeUnknownError, unwrap } from '../../client/index.js';
import { deadline } from '../../client/transport.js';
import { clientFor, fakeServer, success } from './fake-server.js';

describe('deadline', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('aborts with a TimeoutError once the time is up (and one more turn), and says it expired', () => {
    vi.useFakeTimers();
    const d = deadline(50, new AbortController().signal);
    vi.advanceTimersByTime(49);
    expect(d.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    // The abort waits one more turn of the event loop (see the busy process below).
    vi.runOnlyPendingTimers();
    expect(d.signal.aborted).toBe(true);
    expect(d.signal.reason).toMatchObject({ name: 'TimeoutError', message: 'timed out after 50 ms' });
    expect(d.expired).toBe(true);
  });

  test('follows the outer signal, which is not an expiry', () => {
    vi.useFakeTimers();
    const outer = new AbortController();
    const d = deadline(50, outer.signal);
    outer.abort(new Error('caller gave up'));
    expect(d.signal.reason).toMatchObject({ message: 'caller gave up' });
    expect(d.expired).toBe(false);
    d.clear();
  });

  test('an outer signal that is already aborted aborts at once', () => {
    const d = deadline(50, AbortSignal.abort(new Error('before')));
    expect(d.signal.reason).toMatchObject({ message: 'before' });
    d.clear();
  });

  test('clear() stops both the timer and the outer listener', () => {
    vi.useFakeTimers();
    const outer = new AbortController();
    const d = deadline(50, outer.signal);
    d.clear();
    vi.advanceTimersByTime(100);
    outer.abort();
    expect(d.signal.aborted).toBe(false);
    expect(d.expired).toBe(false);
  });
});

describe('after the exchange', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('a finished request leaves no timer behind: a script can exit at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const server = fakeServer(() => success({ companies: [] }));
    const client = clientFor(server, { timeoutMs: 60_000 });
    await expect(unwrap(client.GET('/company/list/'))).resolves.toEqual({ companies: [] });
    // A deadline still pending would keep Node running for the whole timeout after the answer came.
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a busy process', () => {
  test('reads an answer that came while it was busy, rather than reporting none when its deadline passed meanwhile', async () => {
    // The server runs on another thread, so it answers while this one is blocked. It answers 100 ms after the request;
    // this thread blocks for 800 ms from the request's arrival, past the client's 300 ms deadline, as a loaded machine
    // or a long synchronous task would hold it. When it wakes, the answer is waiting on the socket.
    const worker = new Worker(
      `const { parentPort } = require('node:worker_threads');
       const server = require('node:http').createServer((req, res) => {
         parentPort.postMessage('received');
         setTimeout(() => {
           res.writeHead(200, { 'Content-Type': 'application/json' });
           res.end(JSON.stringify({ status: 'success', data: { companies: [] } }));
         }, 100);
       });
       server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
       parentPort.on('message', () => server.close(() => parentPort.close()));`,
      { eval: true },
    );
    try {
      const [port] = (await once(worker, 'message')) as [number];
      const client = createApiClient({ baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 300 });
      const answer = unwrap(client.GET('/company/list/'));
      await once(worker, 'message');
      const until = Date.now() + 800;
      while (Date.now() < until) {
        // Busy: no timer, no socket is served until this returns.
      }
      await expect(answer).resolves.toEqual({ companies: [] });
    } finally {
      await worker.terminate();
    }
  });
});

type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on a free port that records `METHOD /path` of every request it receives. */
async function serve(route: Route) {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => route(req, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { baseUrl: `http://127.0.0.1:${port}/api`, seen, close };
}

const envelope = (res: ServerResponse, data: unknown) => {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ status: 'success', data }));
};

describe("over real HTTP with Node's fetch", () => {
  test('a POST answered 303 gets the 3xx itself, is not followed, and is not confirmed', async () => {
    const server = await serve((req, res) => {
      if (req.method === 'GET') return envelope(res, { token: { key: 'k' } });
      res.writeHead(303, { Location: '/api/member/bearer-tokens/' }).end();
    });
    try {
      const client = createApiClient({ baseUrl: server.baseUrl, credential: { kind: 'apiToken', token: 'tmk_1' } });
      const error = await client
        .POST('/member/bearer-tokens/', { body: { title: 'ci-bot', is_active: true } })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutcomeUnknownError);
      expect(error).toMatchObject({ status: 303 });
      expect((error as Error).message).toContain(
        `redirected to ${server.baseUrl}/member/bearer-tokens/ (not followed)`,
      );
      expect(server.seen).toEqual(['POST /api/member/bearer-tokens/']);
    } finally {
      await server.close();
    }
  });

  test('a GET answered 302 is followed', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/api/company/list/') return res.writeHead(302, { Location: '/storage/companies' }).end();
      envelope(res, { companies: [] });
    });
    try {
      const client = createApiClient({ baseUrl: server.baseUrl });
      await expect(unwrap(client.GET('/company/list/'))).resolves.toEqual({ companies: [] });
      expect(server.seen).toEqual(['GET /api/company/list/', 'GET /storage/companies']);
    } finally {
      await server.close();
    }
  });
});
