// Bounded connections (docs/sandbox.md "Connections and back-pressure"), with real sockets: clients grouped by address, a reader that never reads is cut, and when the table is full idle connections give way, so a few addresses cannot keep everyone else out.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { probe } from '../../drivers/pipelining-attack.js';
import { groupOf } from '../../mocks/sandbox/hosts/connections.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { eventually } from '../support/waiting.js';

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
const seen = (server: SandboxServer, connections: number) =>
  eventually(() => {
    const { open, evicted, turnedAway } = server.connections();
    expect(open + evicted + turnedAway).toBeGreaterThanOrEqual(connections);
  });

/** Closed by the server (or on its way to be): the client has seen its end. */
const gone = (socket: Socket) => socket.destroyed || socket.readyState !== 'open';

/** Waits until `count` of `sockets` are closed; the indexes of those closed. */
async function closedAmong(sockets: Socket[], count: number): Promise<number[]> {
  await eventually(() => expect(sockets.filter(gone)).toHaveLength(count));
  return sockets.flatMap((socket, i) => (gone(socket) ? [i] : []));
}

/** Sends `request` on `socket`; resolves with the whole answer once its Content-Length bytes have come. */
function ask(socket: Socket, request: string): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
      if (text.length < end + 4 + length) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
    socket.write(request);
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: sandbox\r\n\r\n`;

/** A gate the fetch handlers below wait on; `open()` lets them go. */
function gate() {
  let open: () => void = () => undefined;
  const passed = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { passed, open };
}

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
    ['2001::3:4:5:6:7:8', '2001:0:3:4::/64'],
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
      await eventually(() => expect(server.connections().slowReaders).toBe(1));
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
  });

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

  it('the connection idle longest gives way, not the oldest: one used since keeps its place', async () => {
    const server = await startSandboxServer({ maxConnections: 3 });
    const sockets: Socket[] = [];
    try {
      for (const address of ['127.0.0.21', '127.0.0.22', '127.0.0.23'])
        sockets.push(await open(server.origin, address));
      await seen(server, 3);
      // The oldest connection asks for something: now the second one has been idle longest.
      expect(await ask(sockets[0] as Socket, get('/api/member/me/'))).toMatch(/^HTTP\/1\.1 401 /);
      const answered = await probe(server.origin, '/api/member/me/', {}, '127.0.0.24');
      expect(answered.status).toBe(401);
      expect(await closedAmong(sockets, 1)).toEqual([1]);
      expect(server.connections()).toMatchObject({ evicted: 1, turnedAway: 0 });
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('a connection the client closes frees its place: no connection and no client is counted after', async () => {
    const server = await startSandboxServer();
    const sockets: Socket[] = [];
    try {
      for (const address of ['127.0.0.25', '127.0.0.26', '127.0.0.26'])
        sockets.push(await open(server.origin, address));
      await seen(server, 3);
      expect(server.connections()).toMatchObject({ open: 3, clients: 2 });
      for (const s of sockets) s.destroy();
      await eventually(() => expect(server.connections()).toMatchObject({ open: 0, clients: 0 }));
    } finally {
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

  it('connections with a request in progress stay: each new one past the bound of its client is closed at once', async () => {
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
      await eventually(() => expect(started).toBe(3));
      // Refused once, the client is still at its bound: its next connection is refused too.
      const extras = [await open(server.origin, '127.0.0.6')];
      await seen(server, 4);
      extras.push(await open(server.origin, '127.0.0.6'));
      await seen(server, 5);
      expect(server.connections()).toMatchObject({ open: 3, clients: 1, turnedAway: 2 });
      await Promise.all(extras.map(closed));
      expect(sockets.every((s) => !s.destroyed)).toBe(true);
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

  /** A host whose answers to /api/held/ wait for `held`; `started` counts those begun. */
  /** A client at `address` asks for the held answer and closes its connection once that answer is being built. */
  async function leaveWhileBuilt(server: SandboxServer, counter: { started: number }, address: string) {
    const socket = await open(server.origin, address);
    socket.write(get('/api/held/'));
    await eventually(() => expect(counter.started).toBe(1));
    socket.destroy();
  }

  async function heldServer(options: Parameters<typeof startSandboxServer>[0], held: Promise<void>) {
    const counter = { started: 0 };
    const server = await startSandboxServer({
      ...options,
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        if (path === '/api/held/') {
          counter.started += 1;
          await held;
        }
        if (path === '/api/big/')
          return new Response('x'.repeat(16 * 1024 * 1024), { headers: { 'content-type': 'text/plain' } });
        return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
      },
    });
    return { server, counter };
  }

  /** `count` connections from `address`, each with a request to /api/held/ sent. */
  async function busy(origin: string, address: string, count: number): Promise<Socket[]> {
    const sockets: Socket[] = [];
    for (let i = 0; i < count; i++) {
      const socket = await open(origin, address);
      socket.on('error', () => undefined);
      socket.write(get('/api/held/'));
      sockets.push(socket);
    }
    return sockets;
  }

  it('a full table of busy connections gives one up to another client: the oldest of the client holding the most', async () => {
    const held = gate();
    const { server, counter } = await heldServer({ maxConnections: 4 }, held.passed);
    const sockets: Socket[] = [];
    try {
      sockets.push(...(await busy(server.origin, '127.0.0.9', 1)));
      sockets.push(...(await busy(server.origin, '127.0.0.7', 3)));
      await eventually(() => expect(counter.started).toBe(4));
      const answered = await probe(server.origin, '/api/member/me/', {}, '127.0.0.8');
      expect(answered.status).toBe(200);
      // 127.0.0.9's connection is the oldest of all, but its client holds fewer: 127.0.0.7's oldest goes.
      expect(await closedAmong(sockets, 1)).toEqual([1]);
      expect(server.connections()).toMatchObject({ evicted: 1, turnedAway: 0 });
    } finally {
      held.open();
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  it('a full table of busy connections, one per client: a new client is closed at once, and nobody loses one to it', async () => {
    const held = gate();
    const { server, counter } = await heldServer({ maxConnections: 2 }, held.passed);
    const sockets: Socket[] = [];
    try {
      sockets.push(...(await busy(server.origin, '127.0.0.31', 1)));
      sockets.push(...(await busy(server.origin, '127.0.0.32', 1)));
      await eventually(() => expect(counter.started).toBe(2));
      const refused = await probe(server.origin, '/api/member/me/', {}, '127.0.0.33');
      expect(refused.status).toBe(0);
      expect(server.connections()).toMatchObject({ open: 2, clients: 2, evicted: 0, turnedAway: 1 });
      expect(sockets.filter(gone)).toEqual([]);
    } finally {
      held.open();
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });

  // Three connections of one client fill the table: one is busy, one holds a 16 MiB answer its client does not read,
  // one asks for more and waits for its client to read (a 4 MiB budget). The order they were opened in must not matter.
  it.each([
    ['busy, non-reader, waiting', ['busy', 'unread', 'waiting']],
    ['non-reader, busy, waiting', ['unread', 'busy', 'waiting']],
  ])(
    'when no connection is idle, the client holding the most loses the one whose answer waits for its reader; the one waiting for room keeps its place (opened: %s)',
    async (_, order) => {
      const held = gate();
      const { server, counter } = await heldServer(
        { maxConnections: 3, unreadPerClientBytes: 4 * 1024 * 1024 },
        held.passed,
      );
      const sockets = new Map<string, Socket>();
      try {
        for (const role of order) {
          const socket = await open(server.origin, '127.0.0.41');
          socket.on('error', () => undefined);
          sockets.set(role, socket);
        }
        const role = (name: string) => sockets.get(name) as Socket;
        const [busySocket, unread, waiting] = [role('busy'), role('unread'), role('waiting')];
        await seen(server, 3);
        const busyAnswer = ask(busySocket, get('/api/held/'));
        await eventually(() => expect(counter.started).toBe(1));
        unread.pause();
        unread.write(get('/api/big/'));
        await eventually(() => expect(server.connections().unreadBytes).toBeGreaterThan(0));
        const waitingAnswer = ask(waiting, get('/api/small/'));
        await eventually(() => expect(server.connections().waiting).toBe(1));
        // The non-reader pipelines one more: it is the connection most recently active.
        unread.write(get('/api/small/'));
        const answered = await probe(server.origin, '/api/small/', {}, '127.0.0.42');
        expect(answered.status).toBe(200);
        expect(server.connections().evicted).toBe(1);
        // The non-reader reads again, and so meets its end.
        unread.resume();
        expect(await closedAmong([busySocket, unread, waiting], 1)).toEqual([1]);
        held.open();
        for (const answer of await Promise.all([busyAnswer, waitingAnswer])) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
        expect(server.connections()).toMatchObject({ evicted: 1, turnedAway: 0 });
      } finally {
        held.open();
        for (const s of sockets.values()) s.destroy();
        await server.close();
      }
    },
  );

  it('a client that closes its connection while its answer is built, then connects again, still has that answer counted against its budget', async () => {
    const held = gate();
    // A budget of one answer being built (the reserve counted for each is 1 MiB).
    const { server, counter } = await heldServer({ unreadPerClientBytes: 1024 * 1024 }, held.passed);
    try {
      await leaveWhileBuilt(server, counter, '127.0.0.51');
      await eventually(() => expect(server.connections().open).toBe(0));
      const again = await open(server.origin, '127.0.0.51');
      const answer = ask(again, get('/api/small/'));
      await eventually(() => expect(server.connections().waiting).toBe(1));
      held.open();
      expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
      again.destroy();
    } finally {
      held.open();
      await server.close();
    }
  });

  it('a client that leaves while its answer is built is forgotten once that answer is done: nothing stays counted for it', async () => {
    const held = gate();
    const { server, counter } = await heldServer({}, held.passed);
    try {
      await leaveWhileBuilt(server, counter, '127.0.0.54');
      await eventually(() => expect(server.connections()).toMatchObject({ open: 0, clients: 1, building: 1 }));
      held.open();
      await eventually(() =>
        expect(server.connections()).toMatchObject({ open: 0, clients: 0, building: 0, unreadBytes: 0 }),
      );
    } finally {
      held.open();
      await server.close();
    }
  });

  it('a client whose answer is still being built keeps it counted against its budget when a connection of it is refused', async () => {
    const held = gate();
    // A table of one connection; a budget of one answer being built (the reserve counted for each is 1 MiB).
    const { server, counter } = await heldServer({ maxConnections: 1, unreadPerClientBytes: 1024 * 1024 }, held.passed);
    try {
      await leaveWhileBuilt(server, counter, '127.0.0.52');
      await eventually(() => expect(server.connections().open).toBe(0));
      // Another client takes the only place with a request in progress: the first client's next connection is refused.
      const other = await open(server.origin, '127.0.0.53');
      other.on('error', () => undefined);
      other.write(get('/api/held/'));
      await eventually(() => expect(counter.started).toBe(2));
      const refused = await open(server.origin, '127.0.0.52');
      refused.on('error', () => undefined);
      await closed(refused);
      expect(server.connections()).toMatchObject({ open: 1, turnedAway: 1 });
      other.destroy();
      await eventually(() => expect(server.connections().open).toBe(0));
      // Its answer is still being built: the next request of that client waits for it.
      const again = await open(server.origin, '127.0.0.52');
      const answer = ask(again, get('/api/small/'));
      await eventually(() => expect(server.connections().waiting).toBe(1));
      held.open();
      expect(await answer).toMatch(/^HTTP\/1\.1 200 /);
      again.destroy();
    } finally {
      held.open();
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
      await eventually(() => expect(server.connections().open).toBe(20));
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
  });
});
