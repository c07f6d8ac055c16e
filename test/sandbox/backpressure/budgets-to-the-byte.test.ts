// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: the unread budgets hold to the byte: at a budget or an equal share exactly, no one gives way.
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually, within } from '../../support/waiting.js';
import {
  afterLargeAnswer,
  ask,
  bytesAnswers,
  client,
  closing,
  drain,
  firstRead,
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
  it('an answer that takes its client exactly to its budget is written; one byte more is refused with 503', async () => {
    for (const [extra, status] of [
      [0, '200'],
      [1, '503'],
    ] as const) {
      const seen: string[] = [];
      const server = await startServer({ fetch: bytesAnswers(seen), unreadPerClientBytes: 20 * MiB });
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
  });

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
  });

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
      await eventually(() => expect(server.connections().waiting).toBe(1));
      expect(server.connections().reclaimed).toBe(0);
      // Once that client reads, the newcomer is answered.
      for (const socket of heavy) socket.resume();
      const text = await within(answered);
      expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(server.connections().reclaimed).toBe(0);
    });
  });

  it('everyone exactly at the budget cuts no one; once a reader frees room and a waiter short of its share still has none, the heaviest client gives way', async () => {
    const seen: string[] = [];
    const { server, one } = await serverWithBudgetOf((one) => ({ unreadBudgetBytes: 4 * one }), seen);
    await closing(server, async (sockets) => {
      // The newcomer first reads a 20 MiB answer whole: its next is expected as large.
      const newcomer = await afterLargeAnswer(server, sockets, '127.0.0.134', 20 * MiB);
      const heavy = await stallMany(server, sockets, '127.0.0.135', 2, 8 * MiB);
      // The newcomer waits; the heavy client holds exactly its share of two and keeps its connections.
      newcomer.write(getBytes(10));
      await eventually(() => expect(server.connections().waiting).toBe(1));
      expect(server.connections().reclaimed).toBe(0);
      // A reader takes the rest of the budget, to the byte: everyone together is at it, not past it.
      const reader = await stallMany(server, sockets, '127.0.0.136', 2, 8 * MiB);
      expect(server.connections().unreadBytes).toBe(4 * one);
      expect(server.connections().reclaimed).toBe(0);
      // The reader reads one answer; the newcomer still has no room, and now the heavy client holds more than an
      // equal share among three: its connection held longest gives way.
      (reader[0] as Socket).resume();
      await eventually(() => expect(server.connections().reclaimed).toBe(1));
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
    });
  });

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
      await eventually(() => expect(server.connections().reclaimed).toBe(1));
      expect(await within(drain(heavy[0] as Socket))).toBeLessThan(8 * MiB);
      expect((await within(head)).slice(0, 12)).toBe('HTTP/1.1 200');
    });
  });

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
      await eventually(() => expect(server.connections().reclaimed).toBe(1));
      expect(await within(drain(first[0] as Socket))).toBeLessThan(8 * MiB);
      expect(await within(answered)).toMatch(/^HTTP\/1\.1 200 /);
      for (const socket of [first[1] as Socket, ...second]) {
        expect((await within(resumed(socket))).length).toBeGreaterThan(8 * MiB);
      }
    });
  });

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
  });
});
