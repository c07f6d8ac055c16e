// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: a request waiting for room is answered once room is made: by a reader, a closed connection, a smaller answer.
import { describe, expect, it } from 'vitest';
import { eventually, within } from '../../support/waiting.js';
import {
  afterLargeAnswer,
  ask,
  bytesAnswers,
  client,
  closing,
  gated,
  get,
  getBytes,
  MiB,
  open,
  sized,
  stall,
  startServer,
} from './helpers.js';

describe('budgets to the byte, and who gives way', () => {
  it('a pipelined request waits for room in its client budget like a new one, and is answered once room is made', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadPerClientBytes: 11 * MiB });
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
        await eventually(() => expect(seen).toEqual(['10']));
        // Meanwhile another connection of the same client takes 8 MiB it does not read: the client's next answer is
        // expected at 4 MiB after the small one, past its 11 MiB.
        const holder = await stall(server, sockets, '127.0.0.102', 8 * MiB);
        release();
        await eventually(() => {
          expect(raw.endsWith(`\r\n\r\n${'x'.repeat(10)}`)).toBe(true);
          expect(server.connections().waiting).toBe(1);
        });
        expect(seen).toEqual(['10', String(8 * MiB)]);
        // The holder reads: its room goes to the pipelined request.
        holder.resume();
        await eventually(() => expect(raw.endsWith(`\r\n\r\n${'x'.repeat(20)}`)).toBe(true));
        expect(seen).toEqual(['10', String(8 * MiB), '20']);
      },
      release,
    );
  });

  it('small answers soon make a client that took one large answer as light as a new one: two of its answers are built at once again within a 2 MiB budget', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadPerClientBytes: 2 * MiB });
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
        await eventually(() => {
          expect(server.connections().building).toBe(2);
          expect(server.connections().waiting).toBe(1);
        });
        release();
        for (const answer of await within(Promise.all(gated))) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      },
      release,
    );
  });

  it('a pipelining connection that waited for room once waits again, and is answered again, the next time its client is full', async () => {
    const gates = [gated(), gated()];
    const seen: string[] = [];
    // The first request with `?gate` waits for the first gate, the second for the second.
    let asked = 0;
    const next = () => (gates[asked++] as (typeof gates)[number]).gate;
    const server = await startServer({ fetch: bytesAnswers(seen, next), unreadPerClientBytes: 11 * MiB });
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
        await eventually(() => expect(seen).toEqual(['10']));
        // First time: another connection of the client holds 8 MiB; the second request waits, then goes when it reads.
        const first = await stall(server, sockets, '127.0.0.116', 8 * MiB);
        gates[0]?.release();
        await eventually(() => {
          expect(ends(10)).toBe(true);
          expect(server.connections().waiting).toBe(1);
        });
        first.resume();
        await eventually(() => expect(seen).toHaveLength(3));
        // Second time: while the second request is built, another 8 MiB is held; the third waits, then goes.
        const again = await stall(server, sockets, '127.0.0.116', 8 * MiB);
        gates[1]?.release();
        await eventually(() => {
          expect(ends(20)).toBe(true);
          expect(server.connections().waiting).toBe(1);
        });
        again.resume();
        await eventually(() => expect(ends(30)).toBe(true));
      },
      () => {
        for (const gate of gates) gate.release();
      },
    );
  });

  it('a connection that holds one answer after another, read each time, keeps no listener per answer', async () => {
    const seen: string[] = [];
    const server = await startServer({ fetch: sized(16 * MiB, seen) });
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
        await eventually(() => {
          expect(seen).toHaveLength(n);
          expect(server.connections().building).toBe(0);
        });
        socket.on('data', onData);
        socket.resume();
        await eventually(() => expect(received).toBeGreaterThanOrEqual(16 * MiB));
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
  });

  it('a client that closes its connection while its answer is built gives its room to a client waiting for it', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    // One answer being built counts 1 MiB: a second does not fit 1.5 MiB.
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 1.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        const leaving = await client(server, sockets, '127.0.0.107');
        leaving.write(getBytes(10, true));
        await eventually(() => expect(seen).toEqual(['10']));
        const waiting = await client(server, sockets, '127.0.0.108');
        const answered = ask(waiting, getBytes(20));
        await eventually(() => expect(server.connections().waiting).toBe(1));
        leaving.destroy();
        await eventually(() => expect(server.connections().open).toBe(1));
        release();
        const text = await within(answered);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(seen).toEqual(['10', '20']);
      },
      release,
    );
  });

  it('a client that closes its connection in the middle of sending a body gives its room to a client waiting for it', async () => {
    const seen: string[] = [];
    // The request whose body is being read counts 1 MiB: a second answer does not fit 1.5 MiB.
    const server = await startServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 1.5 * MiB });
    await closing(server, async (sockets) => {
      const leaving = await client(server, sockets, '127.0.0.140', { ignoreErrors: true });
      leaving.write(`POST /api/b/10 HTTP/1.1\r\nHost: sandbox\r\nContent-Length: 100\r\n\r\n${'x'.repeat(10)}`);
      await eventually(() => expect(server.connections().building).toBe(1));
      const waiting = await client(server, sockets, '127.0.0.141');
      const answered = ask(waiting, getBytes(20));
      await eventually(() => expect(server.connections().waiting).toBe(1));
      // Its answer never written, nothing is held for it: the room it had goes to the waiting client.
      leaving.destroy();
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(seen).toEqual(['20']);
      expect(server.connections().waiting).toBe(0);
    });
  });

  it('an answer built smaller than was counted for it gives the room left to a waiting client at once, though no one reads', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    // The heavy client's next answer is expected as large as its last (16 MiB): with it, no 1 MiB more fits.
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 16.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        // The heavy client reads a 16 MiB answer whole, then asks for another on a connection it does not read.
        await afterLargeAnswer(server, sockets, '127.0.0.145', 16 * MiB);
        const stalled = await client(server, sockets, '127.0.0.145', { paused: true, ignoreErrors: true });
        stalled.write(getBytes(8 * MiB, true));
        const waiting = await client(server, sockets, '127.0.0.146');
        const answered = ask(waiting, getBytes(11));
        await eventually(() => expect(server.connections().waiting).toBe(1));
        // The heavy client's answer turns out 8 MiB and stays unread; the 8 MiB counted for it and not used is room.
        release();
        const text = await within(answered);
        expect(text).toMatch(/^HTTP\/1\.1 200 /);
        expect(server.connections().unreadBytes).toBeGreaterThan(8 * MiB);
        expect(server.connections()).toMatchObject({ waiting: 0, reclaimed: 0, slowReaders: 0 });
      },
      release,
    );
  });
});
