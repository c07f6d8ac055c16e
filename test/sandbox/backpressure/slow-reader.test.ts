// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: the slow-reader cut on a fake clock, and its sweep stopped when the server closes.
import type { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { HANG_MS } from '../../support/waiting.js';
import { client, get, MiB, sized } from './helpers.js';

describe('the slow-reader cut, on a fake clock', () => {
  // Only the clock the cut reads and its sweep are fake; sockets and the waits below run on real timers (vi.waitFor
  // would move a fake clock on its own).
  const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function until(condition: () => boolean, what: string): Promise<void> {
    for (let tries = 0; tries < HANG_MS / 25; tries++) {
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
  });

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
  });
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
      for (let tries = 0; tries < HANG_MS / 25 && running.connections().unreadBytes === 0; tries++) {
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
  });
});
