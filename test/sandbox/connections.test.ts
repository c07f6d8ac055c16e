// Bounded connections (docs/sandbox.md "Limits and throttles"): a client that never reads its answer is cut, and
// connections past the bound are closed at once, so no client holds the memory others need.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';

const closed = (socket: Socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()));

function open(origin: string): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('the node host', () => {
  it('cuts a reader that never reads a 48 MB answer, more than the socket buffers of the system hold', async () => {
    const server = await startSandboxServer({
      fetch: async () => new Response('x'.repeat(48 * 1024 * 1024), { headers: { 'content-type': 'text/plain' } }),
      slowReaderMs: 300,
    });
    try {
      const socket = await open(server.origin);
      socket.pause();
      socket.write('GET /api/member/me/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      // Read nothing past the bound, then read what is left: a cut connection ends short of the answer.
      await new Promise((r) => setTimeout(r, 1_500));
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.on('error', () => undefined);
      const cut = closed(socket);
      socket.resume();
      const result = await Promise.race([
        cut.then(() => 'cut'),
        new Promise((r) => setTimeout(() => r('still open'), 10_000)),
      ]);
      expect(result).toBe('cut');
      expect(received).toBeLessThan(48 * 1024 * 1024);
      socket.destroy();
    } finally {
      await server.close();
    }
  }, 20_000);

  it.each([
    ['from everyone', { maxConnections: 5 }],
    ['from one client', { maxConnectionsPerClient: 5 }],
  ])('closes connections past its bound %s at once, and serves again once they go', async (_label, bound) => {
    const server = await startSandboxServer(bound);
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) sockets.push(await open(server.origin));
      const extra = await open(server.origin);
      await closed(extra);
      for (const s of sockets) s.destroy();
      await new Promise((r) => setTimeout(r, 100));
      const res = await fetch(`${server.baseUrl}/member/me/`);
      expect(res.status).toBe(401);
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });
});
