// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: who gives way when everyone together is at the unread budget, and who does not.
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probe } from '../../../drivers/pipelining-attack.js';
import { eventually, within } from '../../support/waiting.js';
import {
  afterLargeAnswer,
  ask,
  bytesAnswers,
  client,
  closing,
  drain,
  gated,
  getBytes,
  lightHeavyOther,
  MiB,
  resumed,
  serverWithBudgetOf,
  stall,
  stallMany,
  startServer,
  waitsForRoom,
} from './helpers.js';

describe('budgets to the byte, and who gives way', () => {
  it('everyone together at the budget: a client at its own budget only waits, and a newcomer gets in by the heaviest client losing its connection held longest, no one else', async () => {
    const seen: string[] = [];
    // Four answers of 8 MiB held take 32 MiB (and their heads) of 33 MiB: no one else's answer of 1 MiB fits.
    const server = await startServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
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
      await eventually(() => expect(server.connections().waiting).toBe(0));
      // The heavy client's connection held longest was cut: it ends short of its answer. Every other answer is whole.
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      for (const socket of [light, heavy[1] as Socket, other]) {
        expect(await within(resumed(socket))).toMatch(/^HTTP\/1\.1 200 /);
      }
    });
  });

  it('an answer that takes everyone together past the budget makes the heaviest client give up its connection held longest, with no one waiting', async () => {
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 22 * MiB });
    await closing(server, async (sockets) => {
      const light = await stall(server, sockets, '127.0.0.97', 4 * MiB);
      const oldest = await stall(server, sockets, '127.0.0.98', 8 * MiB);
      // Expected at 8 MiB (its client's last answer), this one fits; it turns out 12 MiB and takes everyone to 24 MiB.
      const larger = await client(server, sockets, '127.0.0.98', { paused: true, ignoreErrors: true });
      larger.write(getBytes(12 * MiB));
      await eventually(() => expect(server.connections().reclaimed).toBe(1));
      expect(await within(drain(oldest))).toBeLessThan(8 * MiB);
      expect(server.connections().waiting).toBe(0);
      for (const [socket, bytes] of [
        [light, 4 * MiB],
        [larger, 12 * MiB],
      ] as const) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(bytes);
      }
    });
  });

  it('a client holding less than an equal share that waits for a second answer makes the heaviest client give way', async () => {
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
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
      await eventually(() => expect(server.connections().reclaimed).toBeGreaterThanOrEqual(1));
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // Only the heavy client lost connections; the light one's and the other's first answers come whole.
      for (const socket of [light, other]) {
        expect(await within(resumed(socket))).toMatch(/^HTTP\/1\.1 200 /);
      }
    });
  });

  it('a client that waits only because of its own budget makes no one else give way', async () => {
    const seen: string[] = [];
    const server = await startServer({
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
  });

  it('a client holding more than an equal share that waits for room makes no one else give way', async () => {
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen), unreadBudgetBytes: 33 * MiB });
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
      await eventually(() => expect(server.connections().waiting).toBe(0));
      expect(server.connections().reclaimed).toBe(0);
    });
  });

  it('a client holding nothing whose last answer was larger than its own budget still makes the heaviest client give way', async () => {
    const seen: string[] = [];
    const server = await startServer({
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
  });

  it('a client that closed its connection while waiting for room makes no one give way', async () => {
    const seen: string[] = [];
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      // The leaving client first reads a 20 MiB answer whole: its next is expected as large, and does not fit.
      const leaving = await afterLargeAnswer(server, sockets, '127.0.0.148', 20 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.149', 2, 8 * MiB);
      leaving.write(getBytes(10));
      await eventually(() => expect(server.connections().waiting).toBe(1));
      // It gives up waiting and closes its connection.
      leaving.destroy();
      await eventually(() => expect(server.connections().open).toBe(2));
      // A reader takes the rest of the budget, then reads one answer: an equal share among three would be less than
      // the heavy client holds, but no one is left waiting for it.
      const reader = await stallMany(server, sockets, '127.0.0.150', 2, 8 * MiB);
      (reader[0] as Socket).resume();
      await eventually(() => expect(server.connections().unreadBytes).toBeLessThan(4 * one));
      expect(server.connections()).toMatchObject({ reclaimed: 0, waiting: 0 });
      for (const socket of heavy) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(8 * MiB);
      }
    });
  });

  it('two answers built in the same turn that take everyone past the budget: the client holding the most gives up its own connection, and the server goes on', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 10 * MiB });
    await closing(
      server,
      async (sockets) => {
        const lighter = await client(server, sockets, '127.0.0.151', { paused: true });
        const heavier = await client(server, sockets, '127.0.0.152', { paused: true, ignoreErrors: true });
        lighter.write(getBytes(8 * MiB, true));
        heavier.write(getBytes(12 * MiB, true));
        await eventually(() => expect(server.connections().building).toBe(2));
        // Both are built at once: the first is held while the second, counted already, has no connection held yet.
        release();
        await eventually(() => expect(server.connections().reclaimed).toBe(1));
        expect(await within(drain(heavier))).toBeLessThan(12 * MiB);
        expect((await within(resumed(lighter))).length).toBeGreaterThan(8 * MiB);
        expect(server.connections().reclaimed).toBe(1);
        const other = await probe(server.origin, '/api/b/10', {}, '127.0.0.153');
        expect(other.status).toBe(200);
      },
      release,
    );
  });

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
        await eventually(() => expect(server.connections().building).toBe(1));
        await stall(server, sockets, '127.0.0.156', 8 * MiB);
        await waitsForRoom(server, sockets, '127.0.0.156', 8 * MiB);
        expect(server.connections().reclaimed).toBe(0);
      },
      release,
    );
  });

  it('an answer that takes everyone past the budget costs its client one connection, the one held longest, not the answer itself, when the only waiter has left', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: bytesAnswers(seen, gate), unreadBudgetBytes: 17.5 * MiB });
    await closing(
      server,
      async (sockets) => {
        // The heavy client's large answer is asked for first and built last.
        const large = await client(server, sockets, '127.0.0.161', { paused: true });
        large.write(getBytes(20 * MiB, true));
        await eventually(() => expect(server.connections().building).toBe(1));
        const oldest = await stall(server, sockets, '127.0.0.161', 8 * MiB);
        const other = await stall(server, sockets, '127.0.0.162', 8 * MiB);
        // The other client asks for one more: it waits, holding an equal share; then it gives up and closes.
        const leaving = await waitsForRoom(server, sockets, '127.0.0.162', 8 * MiB);
        expect(server.connections().reclaimed).toBe(0);
        leaving.destroy();
        await eventually(() => expect(server.connections().open).toBe(3));
        // The large answer is built: everyone together is past the budget, and the heavy client's oldest gives way.
        release();
        await eventually(() => expect(server.connections().reclaimed).toBe(1));
        expect(await within(drain(oldest))).toBeLessThan(8 * MiB);
        await eventually(() => expect(server.connections().waiting).toBe(0));
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
  });

  it('when room is made for one answer, a waiting client with nothing under way goes before an older waiter whose client has an answer being built', async () => {
    const releases: (() => void)[] = [];
    const gates = [0, 1].map(() => new Promise<void>((resolve) => releases.push(resolve)));
    let asked = 0;
    const seen: string[] = [];
    // Two answers being built count 1 MiB each: a third does not fit 2 MiB until one of them is built.
    const server = await startServer({
      fetch: bytesAnswers(seen, () => gates[asked++] as Promise<void>),
      unreadBudgetBytes: 2 * MiB,
    });
    await closing(
      server,
      async (sockets) => {
        const building = await client(server, sockets, '127.0.0.167');
        building.write(getBytes(10, true));
        await eventually(() => expect(server.connections().building).toBe(1));
        const other = await client(server, sockets, '127.0.0.168');
        other.write(getBytes(11, true));
        await eventually(() => expect(server.connections().building).toBe(2));
        // The older waiter's client has an answer being built; the younger one's has nothing under way.
        const older = await client(server, sockets, '127.0.0.167');
        const olderAnswer = ask(older, getBytes(20));
        await eventually(() => expect(server.connections().waiting).toBe(1));
        const younger = await client(server, sockets, '127.0.0.169');
        const youngerAnswer = ask(younger, getBytes(21));
        await eventually(() => expect(server.connections().waiting).toBe(2));
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
  });
});
