// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: budgets for unread answers hold the client that does not read, and no one else.
import { describe, expect, it } from 'vitest';
import { pipeline, prepareCasePage, probe } from '../../../drivers/pipelining-attack.js';
import { createSandbox, type FetchHandler, fetchHandlerOf, requestClients } from '../../../mocks/sandbox/core/app.js';
import type { SandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { eventually, within } from '../../support/waiting.js';
import { client, closing, gated, get, MiB, open, readUntil, sized, startServer } from './helpers.js';

describe('budgets for unread answers', () => {
  // Each answer being built counts 1 MiB against both budgets until its size is known.
  it.each([
    ['one client', { unreadPerClientBytes: 2 * MiB }, ['127.0.0.61', '127.0.0.61', '127.0.0.61']],
    ['everyone together', { unreadBudgetBytes: 2 * MiB }, ['127.0.0.62', '127.0.0.63', '127.0.0.64']],
  ])(
    'a budget of exactly two answers being built (%s): two are built at once, the third waits for them, then all are answered',
    async (_, bounds, addresses) => {
      const { gate, release } = gated();
      const seen: string[] = [];
      const server = await startServer({ fetch: sized(10, seen, gate), ...bounds });
      await closing(
        server,
        async (sockets) => {
          const answers: Promise<string>[] = [];
          for (const [i, address] of addresses.entries()) {
            const socket = await client(server, sockets, address);
            answers.push(readUntil(socket, (raw) => raw.endsWith(`${i}:${'x'.repeat(10)}`)));
            socket.write(get(i));
          }
          await eventually(() => {
            expect(seen).toHaveLength(2);
            expect(server.connections().waiting).toBe(1);
          });
          release();
          for (const answer of await within(Promise.all(answers))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
          expect(seen).toHaveLength(3);
        },
        release,
      );
    },
  );

  /** A sandbox (demo world) whose case list page of `limit=100` weighs about 3 MB; `built` counts its answers. */
  async function largePages() {
    const sandbox = createSandbox();
    const page = await prepareCasePage('http://sandbox.test/api', 100, 10_000, (input, init) =>
      sandbox.fetch(new Request(input, init)),
    );
    const counter = { built: 0, by: new Map<string, number>(), onBuilt: (_client: string, _count: number) => {} };
    const fetch = fetchHandlerOf((request) => {
      counter.built += 1;
      const client = request.client ?? requestClients.get(request) ?? 'local';
      const count = (counter.by.get(client) ?? 0) + 1;
      counter.by.set(client, count);
      counter.onBuilt(client, count);
      return sandbox.answer(request);
    });
    return { page, fetch, counter };
  }

  const attackInForce = (server: SandboxServer) =>
    eventually(() => {
      const now = server.connections();
      expect(now.waiting).toBeGreaterThan(0);
      expect(now.building).toBe(0);
    });

  it('connections that pipeline 20 pages of 3 MB and never read (250 scaled down to 8): the attacker waits, its unread answers stay within its budget, another address is answered', async () => {
    const { page, fetch, counter } = await largePages();
    const server = await startServer({ fetch, unreadPerClientBytes: 8 * MiB, unreadBudgetBytes: 32 * MiB });
    const attack = await pipeline({
      origin: server.origin,
      page,
      connections: 8,
      requests: 20,
      localAddress: '127.0.0.2',
    });
    try {
      await attackInForce(server);
      const pageBytes = 3.2 * 1e6;
      expect(server.connections().unreadBytes).toBeLessThanOrEqual(8 * MiB + pageBytes);
      // Each connection built at most the answer the system took plus the one it holds: not 8 × 20.
      expect(counter.built).toBeLessThanOrEqual(2 * 8);
      const me = await probe(server.origin, '/api/member/me/', { authorization: page.authorization }, '127.0.0.3');
      expect(me.status).toBe(200);
      const big = await probe(server.origin, page.target, { authorization: page.authorization }, '127.0.0.3');
      expect(big.status).toBe(200);
      expect(server.connections().waiting).toBeGreaterThan(0);
    } finally {
      attack.stop();
      await server.close();
    }
  });

  it('when everyone together is at the budget, the client holding more than an equal share gives way to another that waits', async () => {
    const { page, fetch, counter } = await largePages();
    const server = await startServer({ fetch, unreadPerClientBytes: 12 * MiB, unreadBudgetBytes: 8 * MiB });
    const first = await pipeline({
      origin: server.origin,
      page,
      connections: 6,
      requests: 5,
      localAddress: '127.0.0.4',
    });
    let second: Awaited<ReturnType<typeof pipeline>> | undefined;
    try {
      await attackInForce(server);
      expect(server.connections().reclaimed).toBe(0);
      second = await pipeline({ origin: server.origin, page, connections: 2, requests: 5, localAddress: '127.0.0.5' });
      // The newcomer's first answer fits; its next one waits on everyone's budget until the first client gives way.
      await eventually(() => {
        expect(server.connections().reclaimed).toBeGreaterThan(0);
        expect(counter.by.get('127.0.0.5')).toBeGreaterThanOrEqual(2);
      });
      const me = await probe(server.origin, '/api/member/me/', { authorization: page.authorization }, '127.0.0.6');
      expect(me.status).toBe(200);
      expect(server.connections().unreadBytes).toBeLessThanOrEqual(8 * MiB + 3.2 * 1e6);
    } finally {
      first.stop();
      second?.stop();
      await server.close();
    }
  });

  // The sandbox's own handler is answered on the host's direct path; any other fetch handler through a Response.
  it.each([
    ["the sandbox's own handler", (fetch: FetchHandler) => fetch],
    [
      'any fetch handler',
      (fetch: FetchHandler): FetchHandler =>
        (request) =>
          fetch(request),
    ],
  ])(
    'an answer that would take its client past its budget while it holds another is refused with 503 and Retry-After (%s)',
    async (_, handler) => {
      const { gate, release } = gated();
      const seen: string[] = [];
      const server = await startServer({
        fetch: handler(sized(12 * MiB, seen, gate)),
        unreadPerClientBytes: 4 * MiB,
      });
      const sockets = [await open(server.origin, '127.0.0.6'), await open(server.origin, '127.0.0.6')];
      try {
        const heads = sockets.map(
          (socket, i) =>
            new Promise<string>((resolve) => {
              socket.pause();
              socket.write(get(i).replace('\r\n\r\n', '\r\nOrigin: http://localhost:5173\r\n\r\n'));
              socket.once('readable', () => resolve(String(socket.read()).slice(0, 1024)));
            }),
        );
        await eventually(() => expect(seen).toHaveLength(2));
        release();
        const [first, second] = await within(Promise.all(heads));
        const statuses = [first, second].map((head) => /^HTTP\/1\.1 (\d+)/.exec(head ?? '')?.[1]).sort();
        expect(statuses).toEqual(['200', '503']);
        const refused = [first, second].find((head) => head?.includes(' 503 '));
        expect(refused).toMatch(/retry-after: 1/i);
        // A page of another origin can read the refusal and when to ask again, as it reads the API's answers.
        expect(refused).toMatch(/access-control-allow-origin: http:\/\/localhost:5173/i);
        expect(refused).toMatch(/access-control-expose-headers: [^\r]*Retry-After/i);
        expect(server.connections().refused).toBe(1);
      } finally {
        release();
        for (const socket of sockets) socket.destroy();
        await server.close();
      }
    },
    30_000,
  );

  it('a client asking for many large pages at once takes turns: a small request from another client is answered before they are all built', async () => {
    const { page, fetch, counter } = await largePages();
    const server = await startServer({ fetch });
    const crowd = 40;
    try {
      let probed: Promise<{ status: number; builtBefore: number }> | undefined;
      // The moment the crowd's first page is built, another client connects and asks for something small.
      counter.onBuilt = (client, count) => {
        if (client !== '127.0.0.7' || count !== 1) return;
        probed = probe(server.origin, '/api/member/me/', { authorization: page.authorization }, '127.0.0.8').then(
          (me) => ({ status: me.status, builtBefore: counter.by.get('127.0.0.7') ?? 0 }),
        );
      };
      const pages = await Promise.all(
        Array.from({ length: crowd }, () =>
          probe(server.origin, page.target, { authorization: page.authorization }, '127.0.0.7'),
        ),
      );
      expect(pages.map((p) => p.status)).toEqual(Array(crowd).fill(200));
      const me = await (probed as Promise<{ status: number; builtBefore: number }>);
      expect(me.status).toBe(200);
      expect(me.builtBefore).toBeLessThan(crowd / 2);
    } finally {
      await server.close();
    }
  });
});
