// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: one answer in flight per connection, a bounded pipeline, and budgets for unread answers that hold the one who does not read and no one else.
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { pipeline, prepareCasePage, probe } from '../../drivers/pipelining-attack.js';
import {
  type Answer,
  createSandbox,
  type FetchHandler,
  fetchHandlerOf,
  requestClients,
  type SandboxRequest,
} from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, type SandboxServerOptions, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';

const MiB = 1024 * 1024;

function open(origin: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

/** An answer handler (the host's direct path) answering `/api/n/<i>` with `<i>:` and `bytes` of padding. */
function sized(bytes: number, seen: string[], gate?: Promise<void>) {
  return fetchHandlerOf(async (request: SandboxRequest): Promise<Answer> => {
    const n = request.url.split('/n/')[1] ?? '?';
    seen.push(n);
    if (gate) await gate;
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: `${n}:${'x'.repeat(bytes)}` };
  });
}

const get = (n: number | string) => `GET /api/n/${n} HTTP/1.1\r\nHost: sandbox\r\n\r\n`;

/** The `<i>` of every answer in a raw HTTP/1.1 stream, in the order they came. */
function answerOrder(raw: string): string[] {
  const order: string[] = [];
  let at = raw.indexOf('HTTP/1.1 ');
  while (at >= 0) {
    const body = raw.indexOf('\r\n\r\n', at) + 4;
    order.push(raw.slice(body, raw.indexOf(':', body)));
    at = raw.indexOf('HTTP/1.1 ', body);
  }
  return order;
}

/** A gate the test opens with `release`: an answer that waits on it is built only then. */
function gated(): { gate: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

/** What `promise` gives, waited for 10 s at most: a server that never answers fails the test instead of hanging it. */
function within<T>(promise: Promise<T>): Promise<T> {
  let settled: { value: T } | undefined;
  void promise.then((value) => {
    settled = { value };
  });
  return vi.waitFor(
    () => {
      if (settled === undefined) throw new Error('still waiting');
      return settled.value;
    },
    { timeout: 10_000, interval: 10 },
  );
}

/**
 * Runs `test` with a list for the sockets it opens; whatever happens, then, `cleanup` runs (it opens a gate), every
 * socket in the list is closed, and the server too.
 */
async function closing(
  server: SandboxServer,
  test: (sockets: Socket[]) => Promise<void>,
  cleanup: () => void = () => undefined,
): Promise<void> {
  const sockets: Socket[] = [];
  try {
    await test(sockets);
  } finally {
    cleanup();
    for (const socket of sockets) socket.destroy();
    await server.close();
  }
}

/**
 * A connection from `address` to `server`, kept in `sockets` for `closing` to close. `paused`: the client reads
 * nothing until it resumes. `ignoreErrors`: the server may cut it, and the error that makes is expected.
 */
async function client(
  server: SandboxServer,
  sockets: Socket[],
  address: string,
  { paused = false, ignoreErrors = false }: { paused?: boolean; ignoreErrors?: boolean } = {},
): Promise<Socket> {
  const socket = await open(server.origin, address);
  sockets.push(socket);
  if (ignoreErrors) socket.on('error', () => undefined);
  if (paused) socket.pause();
  return socket;
}

/**
 * Sends `requests` (answered `0:`, `1:` … in that order) in one write on one connection while the first answer waits
 * at a gate: either all of them are kept and answered in order once it opens (`kept`), or the connection is closed
 * for them and counted once.
 */
async function pipelined(requests: string[], kept: boolean, options: SandboxServerOptions = {}): Promise<void> {
  const { gate, release } = gated();
  const seen: string[] = [];
  const server = await startSandboxServer({ fetch: sized(10, seen, gate), ...options });
  try {
    const socket = await open(server.origin);
    socket.on('error', () => undefined);
    let raw = '';
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
    });
    socket.write(requests.join(''));
    await vi.waitFor(() => expect(seen).toEqual(['0']), { timeout: 10_000 });
    if (kept) {
      release();
      const all = requests.map((_, i) => String(i));
      await vi.waitFor(() => expect(answerOrder(raw)).toEqual(all), { timeout: 10_000 });
      expect(server.connections().queueOverflows).toBe(0);
      socket.destroy();
    } else {
      await within(closed(socket));
      expect(server.connections().queueOverflows).toBe(1);
    }
  } finally {
    release();
    await server.close();
  }
}

describe('one answer in flight per connection', () => {
  it('the next pipelined request is not started while the answer before it is unread, and all come in order', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: sized(8 * MiB, seen) });
    try {
      const socket = await open(server.origin);
      socket.pause();
      socket.write([1, 2, 3, 4, 5].map(get).join(''));
      // The first answer is more than the system's socket buffers take: the server holds the rest of it.
      await vi.waitFor(() => expect(server.connections().unreadBytes).toBeGreaterThan(0), { timeout: 10_000 });
      expect(seen).toEqual(['1']);
      expect(server.connections().building).toBe(0);
      const chunks: Buffer[] = [];
      let size = 0;
      const all = new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= 5 * (8 * MiB + 2)) resolve();
        });
      });
      socket.resume();
      await all;
      expect(answerOrder(Buffer.concat(chunks).toString('latin1'))).toEqual(['1', '2', '3', '4', '5']);
      expect(seen).toEqual(['1', '2', '3', '4', '5']);
      socket.destroy();
    } finally {
      await server.close();
    }
  }, 30_000);

  it('a connection that pipelines past the bound is closed; another is answered', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: sized(10, seen, gate), maxPipelined: 4 });
    try {
      const socket = await open(server.origin);
      socket.on('error', () => undefined);
      socket.write(Array.from({ length: 10 }, (_, i) => get(i)).join(''));
      await within(closed(socket));
      expect(server.connections().queueOverflows).toBe(1);
      expect(seen).toEqual(['0']);
      release();
      const other = await probe(server.origin, '/api/n/other', {}, '127.0.0.2');
      expect(other.status).toBe(200);
    } finally {
      release();
      await server.close();
    }
  });
  it('exactly the bound of waiting requests is kept and every one answered in order; one more closes the connection', async () => {
    // One answer in progress and four waiting behind it: the bound. Sent in one write, every request is parsed (and
    // queued) in the turn that starts the first.
    await pipelined([0, 1, 2, 3, 4].map(get), true, { maxPipelined: 4 });
    await pipelined([0, 1, 2, 3, 4, 5].map(get), false, { maxPipelined: 4 });
  });

  it('waiting requests whose heads add up past 64 KiB close the connection; fewer such heads are all answered', async () => {
    // Heads of about 12 KiB each (node reads heads of up to 16 KiB): five waiting hold about 60 KiB, six about 72 KiB.
    const padded = (n: number) =>
      `GET /api/n/${n} HTTP/1.1\r\nHost: sandbox\r\nX-Pad: ${'p'.repeat(12 * 1024)}\r\n\r\n`;
    await pipelined([0, 1, 2, 3, 4, 5].map(padded), true);
    await pipelined([0, 1, 2, 3, 4, 5, 6].map(padded), false);
  });
  it('heads count only while they wait: a connection that pipelines batches of large heads, one batch after another, is never closed', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: sized(10, seen) });
    try {
      const socket = await open(server.origin);
      // Batches of five heads of about 12 KiB (60 KiB waiting at most); eight of them send about 480 KiB in all.
      const padded = (n: number) =>
        `GET /api/n/${n} HTTP/1.1\r\nHost: sandbox\r\nX-Pad: ${'p'.repeat(12 * 1024)}\r\n\r\n`;
      let raw = '';
      socket.on('data', (chunk: Buffer) => {
        raw += chunk.toString('latin1');
      });
      const expected: string[] = [];
      for (let batch = 0; batch < 8; batch++) {
        const numbers = [1, 2, 3, 4, 5].map((i) => String(batch * 10 + i));
        expected.push(...numbers);
        socket.write(numbers.map((n) => padded(Number(n))).join(''));
        await vi.waitFor(() => expect(answerOrder(raw)).toEqual(expected), { timeout: 10_000 });
      }
      expect(socket.destroyed).toBe(false);
      expect(server.connections().queueOverflows).toBe(0);
      socket.destroy();
    } finally {
      await server.close();
    }
  }, 60_000);
});

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
      const server = await startSandboxServer({ fetch: sized(10, seen, gate), ...bounds });
      await closing(
        server,
        async (sockets) => {
          const answers: Promise<string>[] = [];
          for (const [i, address] of addresses.entries()) {
            const socket = await client(server, sockets, address);
            answers.push(readUntil(socket, (raw) => raw.endsWith(`${i}:${'x'.repeat(10)}`)));
            socket.write(get(i));
          }
          await vi.waitFor(
            () => {
              expect(seen).toHaveLength(2);
              expect(server.connections().waiting).toBe(1);
            },
            { timeout: 10_000 },
          );
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
    vi.waitFor(
      () => {
        const now = server.connections();
        expect(now.waiting).toBeGreaterThan(0);
        expect(now.building).toBe(0);
      },
      { timeout: 20_000 },
    );

  it('connections that pipeline 20 pages of 3 MB and never read (250 scaled down to 8): the attacker waits, its unread answers stay within its budget, another address is answered', async () => {
    const { page, fetch, counter } = await largePages();
    const server = await startSandboxServer({ fetch, unreadPerClientBytes: 8 * MiB, unreadBudgetBytes: 32 * MiB });
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
  }, 60_000);

  it('when everyone together is at the budget, the client holding more than an equal share gives way to another that waits', async () => {
    const { page, fetch, counter } = await largePages();
    const server = await startSandboxServer({ fetch, unreadPerClientBytes: 12 * MiB, unreadBudgetBytes: 8 * MiB });
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
      await vi.waitFor(
        () => {
          expect(server.connections().reclaimed).toBeGreaterThan(0);
          expect(counter.by.get('127.0.0.5')).toBeGreaterThanOrEqual(2);
        },
        { timeout: 20_000 },
      );
      const me = await probe(server.origin, '/api/member/me/', { authorization: page.authorization }, '127.0.0.6');
      expect(me.status).toBe(200);
      expect(server.connections().unreadBytes).toBeLessThanOrEqual(8 * MiB + 3.2 * 1e6);
    } finally {
      first.stop();
      second?.stop();
      await server.close();
    }
  }, 60_000);

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
      const server = await startSandboxServer({
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
        await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 10_000 });
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
    const server = await startSandboxServer({ fetch });
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
  }, 60_000);
});

/** Reads from `socket` until `done(text)` holds; the text so far (latin1). */
function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!done(text)) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
  });
}

/** Whether `text` holds a whole answer: its head and the Content-Length bytes of its body. */
function whole(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
  return text.length >= end + 4 + length;
}

/** Sends `request` on `socket`: the whole answer it gets. */
function ask(socket: Socket, request: string): Promise<string> {
  const answer = readUntil(socket, whole);
  socket.write(request);
  return answer;
}

/** Resumes the paused `socket`: the whole answer it then reads. */
function resumed(socket: Socket): Promise<string> {
  const answer = readUntil(socket, whole);
  socket.resume();
  return answer;
}

/** What the paused `socket` has to read when it first has any (the head of its answer, at least). */
function firstRead(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('readable', () => resolve(String(socket.read()))));
}

describe('what the bounds measure', () => {
  it('the refusal for unread answers says in words how many MiB the client may leave unread, and names no field', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: sized(12 * MiB, seen, gate), unreadPerClientBytes: 4 * MiB });
    const sockets = [await open(server.origin, '127.0.0.66'), await open(server.origin, '127.0.0.66')];
    try {
      const heads = sockets.map((socket, i) => {
        socket.pause();
        socket.write(get(i));
        return firstRead(socket);
      });
      await vi.waitFor(() => expect(seen).toHaveLength(2), { timeout: 10_000 });
      release();
      const firsts = await within(Promise.all(heads));
      const refusedAt = firsts.findIndex((head) => head.startsWith('HTTP/1.1 503 '));
      expect(refusedAt).toBeGreaterThanOrEqual(0);
      let refusal = firsts[refusedAt] as string;
      if (!whole(refusal)) {
        const socket = sockets[refusedAt] as Socket;
        socket.resume();
        refusal += await readUntil(socket, (text) => whole(refusal + text));
      }
      const body = refusal.slice(refusal.indexOf('\r\n\r\n') + 4);
      expect(JSON.parse(body)).toEqual({
        status: 'error',
        message: 'This client has 4 MiB of answers it has not read yet: read them, then ask again.',
      });
    } finally {
      release();
      for (const socket of sockets) socket.destroy();
      await server.close();
    }
  }, 30_000);

  it('waiting heads count their request target + 16 and each header name and value + 2: exactly 64 KiB of them is kept, one byte more closes the connection', async () => {
    // Five waiting heads of `/api/n/<i>` (8 characters) with Host and X-Pad count 8 + 16 + (4 + 2) + (7 + 2) + (5 + 2) +
    // (pad + 2) = 48 + pad bytes each; pads of 13,059 × 4 and 13,060 make 5 × 48 + 65,296 = 65,536.
    const padded = (n: number, pad: number) =>
      `GET /api/n/${n} HTTP/1.1\r\nHost: sandbox\r\nX-Pad: ${'p'.repeat(pad)}\r\n\r\n`;
    const requests = (extra: number) => [
      get(0),
      ...[1, 2, 3, 4, 5].map((n) => padded(n, n === 5 ? 13_060 + extra : 13_059)),
    ];
    await pipelined(requests(0), true);
    await pipelined(requests(1), false);
  });

  it('an answer larger than both budgets is still answered, one at a time, to a client that holds nothing unread', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({
      fetch: sized(3 * MiB, seen),
      unreadPerClientBytes: 2 * MiB,
      unreadBudgetBytes: 2 * MiB,
    });
    const socket = await open(server.origin, '127.0.0.67');
    try {
      // The first answer makes the client's next one expected at 3 MiB, more than either budget: with nothing held
      // by anyone, it still has room for one.
      for (const n of [1, 2]) {
        const text = await within(ask(socket, get(n)));
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(answerOrder(text)).toEqual([String(n)]);
      }
      expect(server.connections()).toMatchObject({ waiting: 0, refused: 0 });
    } finally {
      socket.destroy();
      await server.close();
    }
  }, 30_000);
});

describe('the slow-reader cut, on a fake clock', () => {
  // Only the clock the cut reads and its sweep are fake; sockets and the waits below run on real timers (vi.waitFor
  // would move a fake clock on its own).
  const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let tries = 0; tries < 400; tries++) {
      if (condition()) return;
      await realWait(25);
    }
    throw new Error(`still waiting for ${what}`);
  }

  /**
   * Runs `test` with a server of 8 MiB answers whose slow-reader cut runs on a fake clock, and `stall(n, address)`,
   * which asks for answer n on a new paused connection and waits until the rest of it is held, unread.
   */
  async function onFakeClock(
    slowReaderMs: number,
    test: (server: SandboxServer, stall: (n: number, address: string) => Promise<Socket>) => Promise<void>,
  ): Promise<void> {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'performance'] });
    const seen: string[] = [];
    let server: SandboxServer | undefined;
    const sockets: Socket[] = [];
    try {
      server = await startSandboxServer({ fetch: sized(8 * MiB, seen), slowReaderMs });
      const running = server;
      await test(running, async (n, address) => {
        const socket = await client(running, sockets, address, { paused: true, ignoreErrors: true });
        socket.write(get(n));
        // Built and more than the system's buffers take: the rest of the answer is held, unread, from now on.
        await until(() => seen.length === n && running.connections().building === 0, `answer ${n} held`);
        expect(running.connections().unreadBytes).toBeGreaterThan(0);
        return socket;
      });
    } finally {
      vi.useRealTimers();
      for (const socket of sockets) socket.destroy();
      await server?.close();
    }
  }

  it('an answer unread for exactly slowReaderMs has its connection cut, one held for less keeps it, and no timer runs once nothing is held', async () => {
    await onFakeClock(600, async (server, stall) => {
      const first = await stall(1, '127.0.0.68');
      vi.advanceTimersByTime(300);
      const second = await stall(2, '127.0.0.69');
      vi.advanceTimersByTime(299);
      expect(server.connections().slowReaders).toBe(0);
      vi.advanceTimersByTime(1);
      // 600 ms after the first answer was held: its connection is cut; the second, held for 300 ms, stays.
      expect(server.connections().slowReaders).toBe(1);
      // Paused, the client sees the end only once it reads what came before it.
      first.on('data', () => undefined);
      first.resume();
      await until(() => first.destroyed, 'the first connection closed');
      expect(second.destroyed).toBe(false);
      // The second reads its answer; with nothing held, the sweep stops.
      let received = 0;
      second.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      second.resume();
      await until(() => received > 8 * MiB && server.connections().unreadBytes === 0, 'the second answer read');
      vi.advanceTimersByTime(150);
      expect(server.connections().slowReaders).toBe(1);
      expect(vi.getTimerCount()).toBe(0);
    });
  }, 30_000);

  it('the sweep looks every quarter of slowReaderMs: an answer first held between two looks is cut at the first look past slowReaderMs, not sooner', async () => {
    // Looks at 150, 300, 450 … ms after the first answer was held.
    await onFakeClock(600, async (server, stall) => {
      await stall(1, '127.0.0.182');
      vi.advanceTimersByTime(310);
      // Held from 310 ms: unread for slowReaderMs at 910 ms, between the looks at 900 and 1050.
      const late = await stall(2, '127.0.0.183');
      vi.advanceTimersByTime(600);
      expect(server.connections().slowReaders).toBe(1);
      expect(late.destroyed).toBe(false);
      vi.advanceTimersByTime(139);
      expect(server.connections().slowReaders).toBe(1);
      vi.advanceTimersByTime(1);
      expect(server.connections().slowReaders).toBe(2);
    });
  }, 30_000);
});

describe('budgets to the byte, and who gives way', () => {
  /** An answer handler answering `/api/b/<bytes>` with exactly that many bytes of body (after `gate` with `?gate`). */
  function bytesAnswers(seen: string[], gate?: Promise<void> | (() => Promise<void>)) {
    return fetchHandlerOf(async (request: SandboxRequest): Promise<Answer> => {
      const [bytes, query] = (request.url.split('/b/')[1] ?? '').split('?');
      seen.push(String(Number(bytes)));
      if (query === 'gate') await (typeof gate === 'function' ? gate() : gate);
      return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(Number(bytes)) };
    });
  }
  /** A request for `bytes` of body; with `gate`, one whose answer waits for the handler's gate. */
  const getBytes = (bytes: number, gate = false) =>
    `GET /api/b/${bytes}${gate ? '?gate' : ''} HTTP/1.1\r\nHost: sandbox\r\n\r\n`;

  /**
   * Asks for `bytes` on a new paused connection from `address` (kept in `sockets`) and waits until the answer is held,
   * unread.
   */
  async function stall(server: SandboxServer, sockets: Socket[], address: string, bytes: number): Promise<Socket> {
    const before = server.connections().unreadBytes;
    const socket = await client(server, sockets, address, { paused: true, ignoreErrors: true });
    socket.write(getBytes(bytes));
    await vi.waitFor(() => expect(server.connections().unreadBytes).toBeGreaterThan(before + bytes), {
      timeout: 10_000,
    });
    return socket;
  }

  /** Stalls `count` answers of `bytes` from `address`, one after another: their sockets, in that order. */
  async function stallMany(
    server: SandboxServer,
    sockets: Socket[],
    address: string,
    count: number,
    bytes: number,
  ): Promise<Socket[]> {
    const stalled: Socket[] = [];
    for (let i = 0; i < count; i++) stalled.push(await stall(server, sockets, address, bytes));
    return stalled;
  }

  /**
   * Asks for `bytes` on a new connection from `address` (kept in `sockets`) and waits until it is the one request
   * waiting for room: its socket.
   */
  async function waitsForRoom(
    server: SandboxServer,
    sockets: Socket[],
    address: string,
    bytes: number,
    options: { paused?: boolean } = {},
  ): Promise<Socket> {
    const socket = await client(server, sockets, address, options);
    socket.write(getBytes(bytes));
    await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
    return socket;
  }

  /**
   * Three clients holding unread answers, in the order they came: `light` one answer, `heavy` two, `other` one, from
   * the three addresses, of the three sizes; their sockets are also kept in `sockets`.
   */
  async function lightHeavyOther(
    server: SandboxServer,
    sockets: Socket[],
    [lightAddress, heavyAddress, otherAddress]: [string, string, string],
    [lightBytes, heavyBytes, otherBytes]: [number, number, number],
  ): Promise<{ light: Socket; heavy: Socket[]; other: Socket }> {
    const light = await stall(server, sockets, lightAddress, lightBytes);
    const heavy = await stallMany(server, sockets, heavyAddress, 2, heavyBytes);
    const other = await stall(server, sockets, otherAddress, otherBytes);
    return { light, heavy, other };
  }

  /**
   * A new connection from `address` (kept in `sockets`) whose client first asks for an answer of `bytes` and reads it
   * whole: the server expects its next answer as large.
   */
  async function afterLargeAnswer(
    server: SandboxServer,
    sockets: Socket[],
    address: string,
    bytes: number,
  ): Promise<Socket> {
    const socket = await client(server, sockets, address);
    expect(await within(ask(socket, getBytes(bytes)))).toMatch(/^HTTP\/1\.1 200 /);
    await vi.waitFor(() => expect(server.connections().unreadBytes).toBe(0), { timeout: 10_000 });
    return socket;
  }

  /** Reads the whole of what the server sends until it closes the connection; the number of bytes. */
  function drain(socket: Socket): Promise<number> {
    return new Promise((resolve) => {
      let bytes = 0;
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      socket.once('close', () => resolve(bytes));
      socket.resume();
    });
  }

  /**
   * A server whose budgets are counted in answers of 8 MiB held unread: `bounds(one)` gets what one such answer
   * counts, head and body, measured on a first server. Its answers asked with `?gate` wait for `gate`.
   */
  async function serverWithBudgetOf(
    bounds: (one: number) => Pick<SandboxServerOptions, 'unreadBudgetBytes' | 'unreadPerClientBytes'>,
    seen: string[],
    gate?: Promise<void>,
  ): Promise<{ server: SandboxServer; one: number }> {
    const probe = await startSandboxServer({ fetch: bytesAnswers([]) });
    let one = 0;
    await closing(probe, async (sockets) => {
      await stall(probe, sockets, '127.0.0.124', 8 * MiB);
      one = probe.connections().unreadBytes;
    });
    return { server: await startSandboxServer({ fetch: bytesAnswers(seen, gate), ...bounds(one) }), one };
  }

  it('an answer that takes its client exactly to its budget is written; one byte more is refused with 503', async () => {
    for (const [extra, status] of [
      [0, '200'],
      [1, '503'],
    ] as const) {
      const seen: string[] = [];
      const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadPerClientBytes: 20 * MiB });
      await closing(server, async (sockets) => {
        await stall(server, sockets, '127.0.0.96', 8 * MiB);
        // What the client holds unread now, head and body of that answer: the next answer may bring it to the budget.
        const held = server.connections().unreadBytes;
        const next = await client(server, sockets, '127.0.0.96', { paused: true });
        const head = firstRead(next);
        next.write(getBytes(20 * MiB - held + extra));
        expect((await within(head)).slice(0, 12)).toBe(`HTTP/1.1 ${status}`);
        expect(server.connections().refused).toBe(extra);
      });
    }
  }, 30_000);

  it('everyone together at the budget: a client at its own budget only waits, and a newcomer gets in by the heaviest client losing its connection held longest, no one else', async () => {
    const seen: string[] = [];
    // Four answers of 8 MiB held take 32 MiB (and their heads) of 33 MiB: no one else's answer of 1 MiB fits.
    const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
    await closing(server, async (sockets) => {
      // The clients in the order they came: a light one, the heavy one (two answers), another light one.
      const { light, heavy, other } = await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.91', '127.0.0.92', '127.0.0.93'],
        [8 * MiB, 8 * MiB, 8 * MiB],
      );
      // The heavy client asks for a third: within its own budget, past everyone's. It waits; no one is cut for it.
      await waitsForRoom(server, sockets, '127.0.0.92', 8 * MiB, { paused: true });
      expect(server.connections().reclaimed).toBe(0);
      // A newcomer holding nothing waits only because everyone together is full: the heavy client gives way.
      const newcomer = await client(server, sockets, '127.0.0.94');
      const text = await within(ask(newcomer, getBytes(10)));
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.connections().reclaimed).toBe(1);
      // The newcomer's answer built, the room left goes to the heavy client's waiting request, over its share or not.
      await vi.waitFor(() => expect(server.connections().waiting).toBe(0), { timeout: 10_000 });
      // The heavy client's connection held longest was cut: it ends short of its answer. Every other answer is whole.
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      for (const socket of [light, heavy[1] as Socket, other]) {
        expect(await within(resumed(socket))).toMatch(/^HTTP\/1\.1 200 /);
      }
    });
  }, 60_000);

  it('an answer that takes everyone together past the budget makes the heaviest client give up its connection held longest, with no one waiting', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 22 * MiB });
    await closing(server, async (sockets) => {
      const light = await stall(server, sockets, '127.0.0.97', 4 * MiB);
      const oldest = await stall(server, sockets, '127.0.0.98', 8 * MiB);
      // Expected at 8 MiB (its client's last answer), this one fits; it turns out 12 MiB and takes everyone to 24 MiB.
      const larger = await client(server, sockets, '127.0.0.98', { paused: true, ignoreErrors: true });
      larger.write(getBytes(12 * MiB));
      await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
      expect(await within(drain(oldest))).toBeLessThan(8 * MiB);
      expect(server.connections().waiting).toBe(0);
      for (const [socket, bytes] of [
        [light, 4 * MiB],
        [larger, 12 * MiB],
      ] as const) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(bytes);
      }
    });
  }, 60_000);

  it('a pipelined request waits for room in its client budget like a new one, and is answered once room is made', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadPerClientBytes: 11 * MiB });
    await closing(
      server,
      async (sockets) => {
        // A reader pipelines two small requests; the first waits for the gate, the second behind it.
        const reader = await client(server, sockets, '127.0.0.102');
        let raw = '';
        reader.on('data', (chunk: Buffer) => {
          raw += chunk.toString('latin1');
        });
        reader.write(getBytes(10, true) + getBytes(20));
        await vi.waitFor(() => expect(seen).toEqual(['10']), { timeout: 10_000 });
        // Meanwhile another connection of the same client takes 8 MiB it does not read: the client's next answer is
        // expected at 4 MiB after the small one, past its 11 MiB.
        const holder = await stall(server, sockets, '127.0.0.102', 8 * MiB);
        release();
        await vi.waitFor(
          () => {
            expect(raw.endsWith(`\r\n\r\n${'x'.repeat(10)}`)).toBe(true);
            expect(server.connections().waiting).toBe(1);
          },
          { timeout: 10_000 },
        );
        expect(seen).toEqual(['10', String(8 * MiB)]);
        // The holder reads: its room goes to the pipelined request.
        holder.resume();
        await vi.waitFor(() => expect(raw.endsWith(`\r\n\r\n${'x'.repeat(20)}`)).toBe(true), { timeout: 10_000 });
        expect(seen).toEqual(['10', String(8 * MiB), '20']);
      },
      release,
    );
  }, 30_000);

  it('small answers soon make a client that took one large answer as light as a new one: two of its answers are built at once again within a 2 MiB budget', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadPerClientBytes: 2 * MiB });
    await closing(
      server,
      async (sockets) => {
        const first = await client(server, sockets, '127.0.0.103');
        // One answer of 8 MiB, read whole, then four small ones: each halves what the next is expected to take.
        for (const bytes of [8 * MiB, 10, 10, 10, 10]) {
          expect(await within(ask(first, getBytes(bytes)))).toMatch(/^HTTP\/1\.1 200 /);
        }
        const gated = [];
        for (let i = 0; i < 3; i++) {
          const socket = await client(server, sockets, '127.0.0.103');
          gated.push(ask(socket, getBytes(10, true)));
        }
        // Each counts 1 MiB while it is built: two fit the budget, the third waits for them.
        await vi.waitFor(
          () => {
            expect(server.connections().building).toBe(2);
            expect(server.connections().waiting).toBe(1);
          },
          { timeout: 10_000 },
        );
        release();
        for (const answer of await within(Promise.all(gated))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      },
      release,
    );
  }, 30_000);

  it('a client holding less than an equal share that waits for a second answer makes the heaviest client give way', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
    await closing(server, async (sockets) => {
      const { light, heavy, other } = await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.104', '127.0.0.105', '127.0.0.106'],
        [8 * MiB, 8 * MiB, 8 * MiB],
      );
      // The other client, holding one answer, asks for a second: within its own budget, past everyone's.
      const second = await client(server, sockets, '127.0.0.106', { ignoreErrors: true });
      const answered = ask(second, getBytes(8 * MiB));
      await vi.waitFor(() => expect(server.connections().reclaimed).toBeGreaterThanOrEqual(1), { timeout: 10_000 });
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // Only the heavy client lost connections; the light one's and the other's first answers come whole.
      for (const socket of [light, other]) {
        expect(await within(resumed(socket))).toMatch(/^HTTP\/1\.1 200 /);
      }
    });
  }, 60_000);

  it('a client that waits only because of its own budget makes no one else give way', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({
      fetch: bytesAnswers(seen),
      unreadBudgetBytes: 37 * MiB,
      unreadPerClientBytes: 17 * MiB,
    });
    await closing(server, async (sockets) => {
      await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.112', '127.0.0.113', '127.0.0.114'],
        [8 * MiB, 8 * MiB, 12 * MiB],
      );
      // The other client's second answer, expected at 12 MiB, would take it past its own 17 MiB: that is why it waits.
      await waitsForRoom(server, sockets, '127.0.0.114', 12 * MiB);
      expect(server.connections().reclaimed).toBe(0);
      // A newcomer holding nothing still gets in: the heavy client gives way to it.
      const newcomer = await client(server, sockets, '127.0.0.115');
      const text = await within(ask(newcomer, getBytes(10)));
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.connections().reclaimed).toBe(1);
    });
  }, 60_000);

  it('a pipelining connection that waited for room once waits again, and is answered again, the next time its client is full', async () => {
    const gates = [gated(), gated()];
    const seen: string[] = [];
    // The first request with `?gate` waits for the first gate, the second for the second.
    let asked = 0;
    const next = () => (gates[asked++] as (typeof gates)[number]).gate;
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, next), unreadPerClientBytes: 11 * MiB });
    await closing(
      server,
      async (sockets) => {
        const reader = await client(server, sockets, '127.0.0.116');
        let raw = '';
        reader.on('data', (chunk: Buffer) => {
          raw += chunk.toString('latin1');
        });
        const ends = (bytes: number) => raw.endsWith(`\r\n\r\n${'x'.repeat(bytes)}`);
        reader.write(getBytes(10, true) + getBytes(20, true) + getBytes(30));
        await vi.waitFor(() => expect(seen).toEqual(['10']), { timeout: 10_000 });
        // First time: another connection of the client holds 8 MiB; the second request waits, then goes when it reads.
        const first = await stall(server, sockets, '127.0.0.116', 8 * MiB);
        gates[0]?.release();
        await vi.waitFor(
          () => {
            expect(ends(10)).toBe(true);
            expect(server.connections().waiting).toBe(1);
          },
          { timeout: 10_000 },
        );
        first.resume();
        await vi.waitFor(() => expect(seen).toHaveLength(3), { timeout: 10_000 });
        // Second time: while the second request is built, another 8 MiB is held; the third waits, then goes.
        const again = await stall(server, sockets, '127.0.0.116', 8 * MiB);
        gates[1]?.release();
        await vi.waitFor(
          () => {
            expect(ends(20)).toBe(true);
            expect(server.connections().waiting).toBe(1);
          },
          { timeout: 10_000 },
        );
        again.resume();
        await vi.waitFor(() => expect(ends(30)).toBe(true), { timeout: 10_000 });
      },
      () => {
        for (const gate of gates) gate.release();
      },
    );
  }, 60_000);

  it('a client holding more than an equal share that waits for room makes no one else give way', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
    await closing(server, async (sockets) => {
      const { heavy } = await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.117', '127.0.0.118', '127.0.0.119'],
        [4 * MiB, 8 * MiB, 12 * MiB],
      );
      // The middle client holds 12 MiB, more than an equal share of 33 MiB among three (11 MiB): when it asks for
      // more and everyone together is full, it waits, and the heaviest client keeps its connections.
      await waitsForRoom(server, sockets, '127.0.0.119', 12 * MiB);
      expect(server.connections().reclaimed).toBe(0);
      // Once the heavy client reads, the middle one's request goes.
      for (const socket of heavy) socket.resume();
      await vi.waitFor(() => expect(server.connections().waiting).toBe(0), { timeout: 10_000 });
      expect(server.connections().reclaimed).toBe(0);
    });
  }, 60_000);

  it('a client holding nothing whose last answer was larger than its own budget still makes the heaviest client give way', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({
      fetch: bytesAnswers(seen),
      unreadBudgetBytes: 26 * MiB,
      unreadPerClientBytes: 11 * MiB,
    });
    await closing(server, async (sockets) => {
      // First, with no one holding anything, the newcomer reads a 12 MiB answer whole: its next is expected as large.
      const newcomer = await afterLargeAnswer(server, sockets, '127.0.0.120', 12 * MiB);
      const { heavy } = await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.121', '127.0.0.122', '127.0.0.123'],
        [4 * MiB, 5 * MiB, 4 * MiB],
      );
      // 18 MiB held and 12 expected do not fit 26 MiB: the newcomer waits only because everyone together is full.
      const text = await within(ask(newcomer, getBytes(10)));
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.connections().reclaimed).toBe(1);
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(5 * MiB);
    });
  }, 60_000);

  it('everyone together at exactly the budget, to the byte, is not past it: a client at its own budget only waits', async () => {
    const seen: string[] = [];
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      await lightHeavyOther(
        server,
        sockets,
        ['127.0.0.125', '127.0.0.126', '127.0.0.127'],
        [8 * MiB, 8 * MiB, 8 * MiB],
      );
      expect(server.connections().unreadBytes).toBe(4 * one);
      await waitsForRoom(server, sockets, '127.0.0.126', 8 * MiB);
      expect(server.connections().reclaimed).toBe(0);
    });
  }, 60_000);

  it('a client holding exactly an equal share, to the byte, keeps its connections, and a client only connected does not count in the share', async () => {
    const seen: string[] = [];
    // Shared by two clients (the one holding, the one waiting), the budget of four such answers is two each.
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      // A client only connected, asking for nothing.
      await client(server, sockets, '127.0.0.129');
      // The newcomer first reads a 20 MiB answer whole: its next is expected as large.
      const newcomer = await afterLargeAnswer(server, sockets, '127.0.0.130', 20 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.131', 2, 8 * MiB);
      expect(server.connections().unreadBytes).toBe(2 * one);
      // 20 MiB more do not fit: the newcomer waits; the client holding exactly its share is not cut for it.
      const answered = ask(newcomer, getBytes(10));
      await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
      expect(server.connections().reclaimed).toBe(0);
      // Once that client reads, the newcomer is answered.
      for (const socket of heavy) socket.resume();
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.connections().reclaimed).toBe(0);
    });
  }, 60_000);

  it('everyone exactly at the budget cuts no one; once a reader frees room and a waiter short of its share still has none, the heaviest client gives way', async () => {
    const seen: string[] = [];
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      // The newcomer first reads a 20 MiB answer whole: its next is expected as large.
      const newcomer = await afterLargeAnswer(server, sockets, '127.0.0.134', 20 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.135', 2, 8 * MiB);
      // The newcomer waits; the heavy client holds exactly its share of two and keeps its connections.
      newcomer.write(getBytes(10));
      await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
      expect(server.connections().reclaimed).toBe(0);
      // A reader takes the rest of the budget, to the byte: everyone together is at it, not past it.
      const reader = await stallMany(server, sockets, '127.0.0.136', 2, 8 * MiB);
      expect(server.connections().unreadBytes).toBe(4 * one);
      expect(server.connections().reclaimed).toBe(0);
      // The reader reads one answer; the newcomer still has no room, and now the heavy client holds more than an
      // equal share among three: its connection held longest gives way.
      (reader[0] as Socket).resume();
      await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
    });
  }, 60_000);

  it('a waiter whose next answer would bring its client exactly to its own budget counts as short of room: the heaviest client gives way to it', async () => {
    const seen: string[] = [];
    // Its own budget: one held answer and one more of the same 8 MiB body, to the byte.
    const { server } = await serverWithBudgetOf(
      (one) => ({ unreadBudgetBytes: 3 * one + 4 * MiB, unreadPerClientBytes: one + 8 * MiB }),
      seen,
    );
    await closing(server, async (sockets) => {
      // The waiter's client holds one answer, the heavy client two.
      await stall(server, sockets, '127.0.0.138', 8 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.139', 2, 8 * MiB);
      const second = await client(server, sockets, '127.0.0.138', { paused: true });
      const head = firstRead(second);
      second.write(getBytes(8 * MiB));
      await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      expect((await within(head)).slice(0, 12)).toBe('HTTP/1.1 200');
    });
  }, 60_000);

  it('a connection that holds one answer after another, read each time, keeps no listener per answer', async () => {
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: sized(16 * MiB, seen) });
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const socket = await open(server.origin, '127.0.0.132');
      socket.pause();
      // Sixteen answers, each more than the system's buffers take, so the server holds the rest until the client
      // reads: more than node's 10 listeners per event if each left one behind.
      for (let n = 1; n <= 16; n++) {
        let received = 0;
        const onData = (chunk: Buffer) => {
          received += chunk.length;
        };
        socket.write(get(n));
        await vi.waitFor(
          () => {
            expect(seen).toHaveLength(n);
            expect(server.connections().building).toBe(0);
          },
          { timeout: 10_000 },
        );
        socket.on('data', onData);
        socket.resume();
        await vi.waitFor(() => expect(received).toBeGreaterThanOrEqual(16 * MiB), { timeout: 10_000 });
        socket.pause();
        socket.off('data', onData);
      }
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([]);
      socket.destroy();
    } finally {
      process.off('warning', onWarning);
      await server.close();
    }
  }, 60_000);

  it('a client that closes its connection while its answer is built gives its room to a client waiting for it', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    // One answer being built counts 1 MiB: a second does not fit 1.5 MiB.
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 1.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        const leaving = await client(server, sockets, '127.0.0.107');
        leaving.write(getBytes(10, true));
        await vi.waitFor(() => expect(seen).toEqual(['10']), { timeout: 10_000 });
        const waiting = await client(server, sockets, '127.0.0.108');
        const answered = ask(waiting, getBytes(20));
        await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
        leaving.destroy();
        await vi.waitFor(() => expect(server.connections().open).toBe(1), { timeout: 10_000 });
        release();
        const text = await within(answered);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(seen).toEqual(['10', '20']);
      },
      release,
    );
  }, 30_000);

  it('a client that closes its connection in the middle of sending a body gives its room to a client waiting for it', async () => {
    const seen: string[] = [];
    // The request whose body is being read counts 1 MiB: a second answer does not fit 1.5 MiB.
    const server = await startSandboxServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 1.5 * MiB });
    await closing(server, async (sockets) => {
      const leaving = await client(server, sockets, '127.0.0.140', { ignoreErrors: true });
      leaving.write(`POST /api/b/10 HTTP/1.1\r\nHost: sandbox\r\nContent-Length: 100\r\n\r\n${'x'.repeat(10)}`);
      await vi.waitFor(() => expect(server.connections().building).toBe(1), { timeout: 10_000 });
      const waiting = await client(server, sockets, '127.0.0.141');
      const answered = ask(waiting, getBytes(20));
      await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
      // Its answer never written, nothing is held for it: the room it had goes to the waiting client.
      leaving.destroy();
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(seen).toEqual(['20']);
      expect(server.connections().waiting).toBe(0);
    });
  }, 30_000);

  it('an answer built smaller than was counted for it gives the room left to a waiting client at once, though no one reads', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    // The heavy client's next answer is expected as large as its last (16 MiB): with it, no 1 MiB more fits.
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 16.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        // The heavy client reads a 16 MiB answer whole, then asks for another on a connection it does not read.
        await afterLargeAnswer(server, sockets, '127.0.0.145', 16 * MiB);
        const stalled = await client(server, sockets, '127.0.0.145', { paused: true, ignoreErrors: true });
        stalled.write(getBytes(8 * MiB, true));
        const waiting = await client(server, sockets, '127.0.0.146');
        const answered = ask(waiting, getBytes(11));
        await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
        // The heavy client's answer turns out 8 MiB and stays unread; the 8 MiB counted for it and not used is room.
        release();
        const text = await within(answered);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(server.connections().unreadBytes).toBeGreaterThan(8 * MiB);
        expect(server.connections()).toMatchObject({ waiting: 0, reclaimed: 0, slowReaders: 0 });
      },
      release,
    );
  }, 60_000);

  it('a client that closed its connection while waiting for room makes no one give way', async () => {
    const seen: string[] = [];
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      // The leaving client first reads a 20 MiB answer whole: its next is expected as large, and does not fit.
      const leaving = await afterLargeAnswer(server, sockets, '127.0.0.148', 20 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.149', 2, 8 * MiB);
      leaving.write(getBytes(10));
      await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
      // It gives up waiting and closes its connection.
      leaving.destroy();
      await vi.waitFor(() => expect(server.connections().open).toBe(2), { timeout: 10_000 });
      // A reader takes the rest of the budget, then reads one answer: an equal share among three would be less than
      // the heavy client holds, but no one is left waiting for it.
      const reader = await stallMany(server, sockets, '127.0.0.150', 2, 8 * MiB);
      (reader[0] as Socket).resume();
      await vi.waitFor(() => expect(server.connections().unreadBytes).toBeLessThan(4 * one), { timeout: 10_000 });
      expect(server.connections()).toMatchObject({ reclaimed: 0, waiting: 0 });
      for (const socket of heavy) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(8 * MiB);
      }
    });
  }, 60_000);

  it('two answers built in the same turn that take everyone past the budget: the client holding the most gives up its own connection, and the server goes on', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 10 * MiB });
    await closing(
      server,
      async (sockets) => {
        const lighter = await client(server, sockets, '127.0.0.151', { paused: true });
        const heavier = await client(server, sockets, '127.0.0.152', { paused: true, ignoreErrors: true });
        lighter.write(getBytes(8 * MiB, true));
        heavier.write(getBytes(12 * MiB, true));
        await vi.waitFor(() => expect(server.connections().building).toBe(2), { timeout: 10_000 });
        // Both are built at once: the first is held while the second, counted already, has no connection held yet.
        release();
        await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
        expect(await within(drain(heavier))).toBeLessThan(12 * MiB);
        expect((await within(resumed(lighter))).length).toBeGreaterThan(8 * MiB);
        expect(server.connections().reclaimed).toBe(1);
        const other = await probe(server.origin, '/api/b/10', {}, '127.0.0.153');
        expect(other.status).toBe(200);
      },
      release,
    );
  }, 60_000);

  it('a client that waits only because of its own budget makes no one give way, even while another of its answers is being built', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    // Its own budget: one held answer and 8 MiB more; the 1 MiB counted for its answer being built takes it past.
    const { server } = await serverWithBudgetOf(
      (one) => ({ unreadBudgetBytes: 3 * one + 4 * MiB, unreadPerClientBytes: one + 8 * MiB }),
      seen,
      gate,
    );
    await closing(
      server,
      async (sockets) => {
        // The heavy client holds two answers.
        await stallMany(server, sockets, '127.0.0.155', 2, 8 * MiB);
        const building = await client(server, sockets, '127.0.0.156');
        building.write(getBytes(10, true));
        await vi.waitFor(() => expect(server.connections().building).toBe(1), { timeout: 10_000 });
        await stall(server, sockets, '127.0.0.156', 8 * MiB);
        await waitsForRoom(server, sockets, '127.0.0.156', 8 * MiB);
        expect(server.connections().reclaimed).toBe(0);
      },
      release,
    );
  }, 60_000);

  it('of two clients holding exactly as much, the one whose answer has been held longest gives way to a newcomer', async () => {
    const seen: string[] = [];
    // Four answers of 8 MiB held and less than 1 MiB left: a newcomer's answer does not fit.
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one + MiB / 2 }), seen);
    await closing(server, async (sockets) => {
      const first = await stallMany(server, sockets, '127.0.0.158', 2, 8 * MiB);
      const second = await stallMany(server, sockets, '127.0.0.159', 2, 8 * MiB);
      expect(server.connections().unreadBytes).toBe(4 * one);
      const newcomer = await client(server, sockets, '127.0.0.160');
      const answered = ask(newcomer, getBytes(10));
      await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
      expect(await within(drain(first[0] as Socket))).toBeLessThan(8 * MiB);
      expect(await within(answered)).toMatch(/^HTTP\/1\.1 200 /);
      for (const socket of [first[1] as Socket, ...second]) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(8 * MiB);
      }
    });
  }, 60_000);

  it('an answer that takes everyone past the budget costs its client one connection, the one held longest, not the answer itself, when the only waiter has left', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 17.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        // The heavy client's large answer is asked for first and built last.
        const large = await client(server, sockets, '127.0.0.161', { paused: true });
        large.write(getBytes(20 * MiB, true));
        await vi.waitFor(() => expect(server.connections().building).toBe(1), { timeout: 10_000 });
        const oldest = await stall(server, sockets, '127.0.0.161', 8 * MiB);
        const other = await stall(server, sockets, '127.0.0.162', 8 * MiB);
        // The other client asks for one more: it waits, holding an equal share; then it gives up and closes.
        const leaving = await waitsForRoom(server, sockets, '127.0.0.162', 8 * MiB);
        expect(server.connections().reclaimed).toBe(0);
        leaving.destroy();
        await vi.waitFor(() => expect(server.connections().open).toBe(3), { timeout: 10_000 });
        // The large answer is built: everyone together is past the budget, and the heavy client's oldest gives way.
        release();
        await vi.waitFor(() => expect(server.connections().reclaimed).toBe(1), { timeout: 10_000 });
        expect(await within(drain(oldest))).toBeLessThan(8 * MiB);
        await vi.waitFor(() => expect(server.connections().waiting).toBe(0), { timeout: 10_000 });
        expect(server.connections().reclaimed).toBe(1);
        for (const [socket, bytes] of [
          [large, 20 * MiB],
          [other, 8 * MiB],
        ] as const) {
          expect((await within(resumed(socket))).length).toBeGreaterThan(bytes);
        }
      },
      release,
    );
  }, 60_000);

  it('a waiter whose client holds exactly an equal share, to the byte, is not short of it: no one gives way to it', async () => {
    const seen: string[] = [];
    // Three clients share 6 answers' worth: an equal share is two answers.
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 6 * one }), seen);
    await closing(server, async (sockets) => {
      for (const [address, answers] of [
        ['127.0.0.164', 3],
        ['127.0.0.165', 2],
        ['127.0.0.166', 1],
      ] as const) {
        for (let i = 0; i < answers; i++) await stall(server, sockets, address, 8 * MiB);
      }
      expect(server.connections().unreadBytes).toBe(6 * one);
      // The client holding exactly its share asks for one more: it waits, and the heaviest keeps its connections.
      await waitsForRoom(server, sockets, '127.0.0.165', 8 * MiB);
      expect(server.connections().reclaimed).toBe(0);
    });
  }, 60_000);

  it('when room is made for one answer, a waiting client with nothing under way goes before an older waiter whose client has an answer being built', async () => {
    const releases: (() => void)[] = [];
    const gates = [0, 1].map(() => new Promise<void>((resolve) => releases.push(resolve)));
    let asked = 0;
    const seen: string[] = [];
    // Two answers being built count 1 MiB each: a third does not fit 2 MiB until one of them is built.
    const server = await startSandboxServer({
      fetch: bytesAnswers(seen, () => gates[asked++] as Promise<void>),
      unreadBudgetBytes: 2 * MiB,
    });
    await closing(
      server,
      async (sockets) => {
        const building = await client(server, sockets, '127.0.0.167');
        building.write(getBytes(10, true));
        await vi.waitFor(() => expect(server.connections().building).toBe(1), { timeout: 10_000 });
        const other = await client(server, sockets, '127.0.0.168');
        other.write(getBytes(11, true));
        await vi.waitFor(() => expect(server.connections().building).toBe(2), { timeout: 10_000 });
        // The older waiter's client has an answer being built; the younger one's has nothing under way.
        const older = await client(server, sockets, '127.0.0.167');
        const olderAnswer = ask(older, getBytes(20));
        await vi.waitFor(() => expect(server.connections().waiting).toBe(1), { timeout: 10_000 });
        const younger = await client(server, sockets, '127.0.0.169');
        const youngerAnswer = ask(younger, getBytes(21));
        await vi.waitFor(() => expect(server.connections().waiting).toBe(2), { timeout: 10_000 });
        // The other client's answer is built: room for one more, and the younger waiter takes it first.
        (releases[1] as () => void)();
        const text = await within(youngerAnswer);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(seen.slice(0, 3)).toEqual(['10', '11', '21']);
        // Then the older one goes too.
        (releases[0] as () => void)();
        expect(await within(olderAnswer)).toMatch(/^HTTP\/1\.1 200 /);
        expect(seen).toEqual(['10', '11', '21', '20']);
      },
      () => {
        for (const release of releases) release();
      },
    );
  }, 60_000);
});

describe('large answers take turns', () => {
  /** The size from which a client's next answers take turns (LARGE_ANSWER_BYTES in the host). */
  const large = 64 * 1024;
  /** One turn of the event loop: the test runs in the server's process, so its turns are the server's. */
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  /**
   * A server whose answers to `/api/n/<id>` are `<id>:` and padding, 64 KiB in all (`<id>:` and 10 bytes for an id
   * `small…`); `started` lists the ids in the order their answers started, and `onStart(id)` is called as each
   * starts, in the turn that starts it.
   */
  async function turnServer() {
    const started: string[] = [];
    const hooks = { onStart: (_id: string) => {} };
    const server = await startSandboxServer({
      fetch: fetchHandlerOf((request: SandboxRequest): Answer => {
        const id = request.url.split('/n/')[1] ?? '?';
        started.push(id);
        hooks.onStart(id);
        // Exactly 64 KiB in all: the least answer after which a client takes turns.
        const padding = 'x'.repeat(id.startsWith('small') ? 10 : large - id.length - 1);
        return { status: 200, headers: { 'content-type': 'text/plain' }, body: `${id}:${padding}` };
      }),
    });
    return { server, started, hooks };
  }

  /**
   * Makes the client on `socket` one whose answers are large, as the server sees it: a first answer of 64 KiB, then a
   * second, which takes its turn. Every connection should be open before: a new one counts as an arrival.
   */
  async function makeLarge(socket: Socket, name: string): Promise<void> {
    for (const n of [1, 2]) {
      expect(await within(ask(socket, get(`${name}-warm${n}`)))).toMatch(/^HTTP\/1\.1 200 /);
    }
    // The turn after the last large answer started passes: no large answer has started since the loop last turned.
    await turn();
    await turn();
  }

  async function connections(server: SandboxServer, addresses: string[]): Promise<Socket[]> {
    const sockets: Socket[] = [];
    for (const address of addresses) sockets.push(await open(server.origin, address));
    await vi.waitFor(() => expect(server.connections().open).toBe(addresses.length), { timeout: 10_000 });
    return sockets;
  }

  it('a client whose last answer was 64 KiB takes turns: its requests sent at once on open connections start one per turn, and another client asking at the same time goes before the rest', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      // Twenty-one connections of that client and one of another, all open before anyone asks.
      const addresses = [...Array.from({ length: 21 }, () => '127.0.0.109'), '127.0.0.110'];
      sockets.push(...(await connections(server, addresses)));
      const [first, ...others] = sockets as [Socket, ...Socket[]];
      const small = others.pop() as Socket;
      await makeLarge(first, 'a');
      const answers = [...others, small].map((socket) => readUntil(socket, whole));
      for (const [i, socket] of others.entries()) socket.write(get(`a${i + 1}`));
      small.write(get('small'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // The other client's request was sent last, yet it went before most of the large ones.
      expect(started.slice(2).indexOf('small')).toBeLessThan(10);
    });
  }, 30_000);

  it('a large answer asked for when no other is under way starts at once, before a small request another client sends just after it', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(...(await connections(server, ['127.0.0.171', '127.0.0.171', '127.0.0.172'])));
      const [warm, mine, other] = sockets as [Socket, Socket, Socket];
      await makeLarge(warm, 'a');
      const answers = [readUntil(mine, whole), readUntil(other, whole)];
      mine.write(get('a'));
      other.write(get('small'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(started.slice(2)).toEqual(['a', 'small']);
    });
  }, 30_000);

  it('one large answer per turn: a large request read in the turn after one started waits for the next turn, and a small request read with it goes first', async () => {
    const { server, started, hooks } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(
        ...(await connections(server, ['127.0.0.173', '127.0.0.173', '127.0.0.173', '127.0.0.173', '127.0.0.174'])),
      );
      const [warm, first, second, third, other] = sockets as [Socket, Socket, Socket, Socket, Socket];
      await makeLarge(warm, 'a');
      const answers = [first, second, third, other].map((socket) => readUntil(socket, whole));
      // The second waits its turn; as it starts, the client asks for a third, and another client for something small.
      hooks.onStart = (id) => {
        if (id !== 'a2') return;
        third.write(get('a3'));
        other.write(get('small'));
      };
      first.write(get('a1'));
      second.write(get('a2'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(started.slice(2)).toEqual(['a1', 'a2', 'small', 'a3']);
    });
  }, 30_000);

  it('a large request read after a turn skipped for a new connection goes behind the one already waiting its turn', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(
        ...(await connections(server, ['127.0.0.175', '127.0.0.175', '127.0.0.175', '127.0.0.176', '127.0.0.176'])),
      );
      const [warmA, first, second, warmC, third] = sockets as [Socket, Socket, Socket, Socket, Socket];
      await makeLarge(warmA, 'a');
      await makeLarge(warmC, 'c');
      const answers = [first, second, third].map((socket) => readUntil(socket, whole));
      // Client a asks for two (one waits its turn) as a new connection comes; client c asks a turn later.
      first.write(get('a1'));
      second.write(get('a2'));
      sockets.push(
        connect({ port: Number(new URL(server.origin).port), host: '127.0.0.1', localAddress: '127.0.0.177' }),
      );
      await turn();
      third.write(get('c'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(started.slice(4)).toEqual(['a1', 'a2', 'c']);
    });
  }, 30_000);

  it('large answers asked for at once start one per turn when no one connects: six of them within a few turns', async () => {
    const { server, started, hooks } = await turnServer();
    await closing(server, async (sockets) => {
      const addresses = Array.from({ length: 7 }, () => '127.0.0.178');
      sockets.push(...(await connections(server, addresses)));
      const [warm, ...crowd] = sockets as [Socket, ...Socket[]];
      await makeLarge(warm, 'a');
      let turns = 0;
      const at: number[] = [];
      hooks.onStart = () => at.push(turns);
      const answers = crowd.map((socket) => readUntil(socket, whole));
      for (const [i, socket] of crowd.entries()) socket.write(get(`a${i + 1}`));
      while (at.length < crowd.length && turns < 1000) {
        await turn();
        turns += 1;
      }
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(started).toHaveLength(2 + crowd.length);
      // One at once, then one per turn: never two in a turn, and none left waiting while the loop turns.
      expect(at).toEqual([0, 1, 2, 3, 4, 5]);
    });
  }, 30_000);

  it('while a new connection comes every turn, a large answer waiting its turn still starts after at most 64 turns skipped', async () => {
    const { server, hooks } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(...(await connections(server, ['127.0.0.179', '127.0.0.179', '127.0.0.179'])));
      const [warm, first, second] = sockets as [Socket, Socket, Socket];
      await makeLarge(warm, 'a');
      const port = Number(new URL(server.origin).port);
      const arrive = () => {
        const socket = connect({ port, host: '127.0.0.1', localAddress: '127.0.0.180' });
        socket.on('error', () => undefined);
        sockets.push(socket);
      };
      let turns = 0;
      const at: number[] = [];
      hooks.onStart = () => at.push(turns);
      const answers = [first, second].map((socket) => readUntil(socket, whole));
      // Of two asked for at once, one at least waits its turn.
      first.write(get('a1'));
      second.write(get('a2'));
      while (at.filter((turn) => turn > 0).length === 0 && turns < 200) {
        arrive();
        await turn();
        turns += 1;
      }
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      const waited = at.find((turn) => turn > 0);
      expect(waited).toBeLessThanOrEqual(65);
    });
  }, 30_000);

  it('a client that closes a connection while its large request waits its turn is skipped: that request is never started, and the others are answered', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      const addresses = Array.from({ length: 13 }, () => '127.0.0.181');
      sockets.push(...(await connections(server, addresses)));
      const [warm, ...crowd] = sockets as [Socket, ...Socket[]];
      await makeLarge(warm, 'a');
      const leaving = crowd.pop() as Socket;
      const answers = crowd.map((socket) => readUntil(socket, whole));
      for (const [i, socket] of crowd.entries()) socket.write(get(`a${i + 1}`));
      // The last asks and closes at once; its turn comes after the other eleven, one per turn.
      leaving.write(get('gone'));
      leaving.destroy();
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      await vi.waitFor(() => expect(server.connections()).toMatchObject({ open: 12, building: 0, unreadBytes: 0 }), {
        timeout: 10_000,
      });
      expect(started).not.toContain('gone');
      expect(started).toHaveLength(2 + crowd.length);
    });
  }, 30_000);
});

describe('closing the server', () => {
  it('stops the slow-reader sweep even while an answer is held', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const seen: string[] = [];
    let server: SandboxServer | undefined;
    const sockets: Socket[] = [];
    try {
      server = await startSandboxServer({ fetch: sized(8 * MiB, seen) });
      const running = server;
      const socket = await client(server, sockets, '127.0.0.111', { paused: true, ignoreErrors: true });
      socket.write(get(1));
      // vi.waitFor would move the fake clock: poll on real timers.
      for (let tries = 0; tries < 400 && running.connections().unreadBytes === 0; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(server.connections().unreadBytes).toBeGreaterThan(0);
      expect(vi.getTimerCount()).toBe(1);
      server = undefined;
      await running.close();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
      for (const socket of sockets) socket.destroy();
      await server?.close();
    }
  }, 30_000);
});
