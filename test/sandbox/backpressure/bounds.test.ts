// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: what the bounds on unread answers and waiting heads measure, and what a refusal says.
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually, within } from '../../support/waiting.js';
import {
  answerOrder,
  ask,
  firstRead,
  gated,
  get,
  MiB,
  open,
  pipelined,
  readUntil,
  sized,
  startServer,
  whole,
} from './helpers.js';

describe('what the bounds measure', () => {
  it('the refusal for unread answers says in words how many MiB the client may leave unread, and names no field', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: sized(12 * MiB, seen, gate), unreadPerClientBytes: 4 * MiB });
    const sockets = [await open(server.origin, '127.0.0.66'), await open(server.origin, '127.0.0.66')];
    try {
      const heads = sockets.map((socket, i) => {
        socket.pause();
        socket.write(get(i));
        return firstRead(socket);
      });
      await eventually(() => expect(seen).toHaveLength(2));
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
  });

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
    const server = await startServer({
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
  });
});
