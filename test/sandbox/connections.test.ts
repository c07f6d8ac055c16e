// Bounded connections (docs/sandbox.md "Connections and back-pressure"), with real sockets: clients grouped by address, a reader that never reads is cut, and when the table is full idle connections give way, so a few addresses cannot keep everyone else out.
import { connect, type Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { groupOf } from '../../mocks/sandbox/hosts/connections.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { probe } from '../../scripts/pipelining-attack.js';

const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

/** A connection from `localAddress` (any 127.x.y.z is loopback on Linux), open and sending nothing. */
function open(origin: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** The server has seen every connection made so far (its 'connection' event comes after the client's connect). */
const seen = (server: SandboxServer, open: number) =>
  vi.waitFor(() => expect(server.connections().open + server.connections().evicted).toBeGreaterThanOrEqual(open), {
    timeout: 10_000,
  });

describe('address groups', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:127.0.0.2', '127.0.0.2'],
    ['::FFFF:10.1.2.3', '10.1.2.3'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:bbbb:cccc:dddd:eeee', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002::', '2001:db8:1:2::/64'],
    ['2001:db8::2:1', '2001:db8:0:0::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('%s belongs to %s', (address, group) => {
    expect(groupOf(address)).toBe(group);
  });
});

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
      // Read nothing until the server says it cut the reader, then read what is left: it ends short of the answer.
      await vi.waitFor(() => expect(server.connections().slowReaders).toBe(1), { timeout: 15_000 });
      let received = 0;
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
      });
      socket.on('error', () => undefined);
      socket.resume();
      await closed(socket);
      expect(received).toBeLessThan(48 * 1024 * 1024);
      expect(server.connections().unreadBytes).toBe(0);
    } finally {
      await server.close();
    }
  }, 30_000);

  it('when the table is full, the connection idle longest gives way to a new one', async () => {
    const server = await startSandboxServer({ maxConnections: 5 });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 5; i++) sockets.push(await open(server.origin, '127.0.0.2'));
      await seen(server, 5);
      const answered = await probe(server.origin, '/api/member/me/', {}, '127.0.0.3');
      expect(answered.status).toBe(401);
      // The first opened was idle longest: it went, the other four stay.
      await closed(sockets[0] as Socket);
      expect(sockets.slice(1).every((s) => !s.destroyed)).toBe(true);
      expect(server.connections()).toMatchObject({ evicted: 1, turnedAway: 0 });
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('a client at its own bound makes room from its own idle connections, never from another client', async () => {
    const server = await startSandboxServer({ maxConnectionsPerClient: 3 });
    const sockets: Socket[] = [];
    try {
      const other = await open(server.origin, '127.0.0.4');
      for (let i = 0; i < 3; i++) sockets.push(await open(server.origin, '127.0.0.5'));
      await seen(server, 4);
      const answered = await probe(server.origin, '/api/member/me/', {}, '127.0.0.5');
      expect(answered.status).toBe(401);
      await closed(sockets[0] as Socket);
      expect(other.destroyed).toBe(false);
      other.destroy();
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('connections with a request in progress stay: a new one past the bound of its client is closed at once', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    const server = await startSandboxServer({
      maxConnectionsPerClient: 3,
      fetch: async () => {
        started += 1;
        await held;
        return new Response('done', { headers: { 'content-type': 'text/plain' } });
      },
    });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const socket = await open(server.origin, '127.0.0.6');
        socket.write('GET /api/member/me/ HTTP/1.1\r\nHost: sandbox\r\n\r\n');
        sockets.push(socket);
      }
      await vi.waitFor(() => expect(started).toBe(3), { timeout: 10_000 });
      const extra = await open(server.origin, '127.0.0.6');
      await closed(extra);
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
      expect(server.connections().turnedAway).toBe(1);
      const answers = sockets.map(
        (s) =>
          new Promise<string>((resolve) => {
            let text = '';
            s.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (text.endsWith('done')) resolve(text);
            });
          }),
      );
      release();
      for (const answer of await Promise.all(answers)) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      release();
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('a full table of busy connections from one client gives one up to another client', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await startSandboxServer({
      maxConnections: 4,
      fetch: async (request) => {
        if (new URL(request.url).pathname === '/api/held/') await held;
        return new Response('{}', { status: 401, headers: { 'content-type': 'application/json' } });
      },
    });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const socket = await open(server.origin, '127.0.0.7');
        socket.on('error', () => undefined);
        socket.write('GET /api/held/ HTTP/1.1\r\nHost: sandbox\r\n\r\n');
        sockets.push(socket);
      }
      await seen(server, 4);
      const answered = await probe(server.origin, '/api/member/me/', {}, '127.0.0.8');
      expect(answered.status).toBe(401);
      expect(sockets.filter((s) => s.destroyed || s.readyState !== 'open')).toHaveLength(1);
    } finally {
      release();
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('five addresses that keep 1,024 idle connections open (scaled down to 40 for a table of 20) keep no one out', async () => {
    const server = await startSandboxServer({ maxConnections: 20, maxConnectionsPerClient: 8 });
    const attackers = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];
    let running = true;
    const live = new Set<Socket>();
    // Each attacker keeps 8 connections open and opens another whenever one is closed.
    const keep = async (address: string): Promise<void> => {
      if (!running) return;
      const socket = await open(server.origin, address).catch(() => undefined);
      if (!socket) return keep(address);
      live.add(socket);
      socket.on('error', () => undefined);
      socket.once('close', () => {
        live.delete(socket);
        void keep(address);
      });
    };
    try {
      await Promise.all(attackers.flatMap((address) => Array.from({ length: 8 }, () => keep(address))));
      await vi.waitFor(() => expect(server.connections().open).toBe(20), { timeout: 10_000 });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await probe(server.origin, '/api/member/me/', {}, '127.0.0.20')).status);
      expect(statuses).toEqual(Array(10).fill(401));
      expect(server.connections().open).toBeLessThanOrEqual(20);
    } finally {
      running = false;
      for (const s of live) s.destroy();
      await server.close();
    }
  }, 30_000);
});
