// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: one answer in flight per connection, and a bounded pipeline of waiting requests.
import { describe, expect, it } from 'vitest';
import { probe } from '../../../drivers/pipelining-attack.js';
import { eventually, within } from '../../support/waiting.js';
import { answerOrder, closed, gated, get, MiB, open, pipelined, sized, startServer } from './helpers.js';

describe('one answer in flight per connection', () => {
  it('the next pipelined request is not started while the answer before it is unread, and all come in order', async () => {
    const seen: string[] = [];
    const server = await startServer({ fetch: sized(8 * MiB, seen) });
    try {
      const socket = await open(server.origin);
      socket.pause();
      socket.write([1, 2, 3, 4, 5].map(get).join(''));
      // The first answer is more than the system's socket buffers take: the server holds the rest of it.
      await eventually(() => expect(server.connections().unreadBytes).toBeGreaterThan(0));
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
  });

  it('a connection that pipelines past the bound is closed; another is answered', async () => {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startServer({ fetch: sized(10, seen, gate), maxPipelined: 4 });
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
    const server = await startServer({ fetch: sized(10, seen) });
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
        await eventually(() => expect(answerOrder(raw)).toEqual(expected));
      }
      expect(socket.destroyed).toBe(false);
      expect(server.connections().queueOverflows).toBe(0);
      socket.destroy();
    } finally {
      await server.close();
    }
  });
});
