// Back-pressure in the node host (docs/sandbox.md "Connections and back-pressure"), with real sockets: large answers take turns, so a small request from another client is not held behind them.
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type Answer, fetchHandlerOf, type SandboxRequest } from '../../../mocks/sandbox/core/app.js';
import type { SandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { eventually, within } from '../../support/waiting.js';
import { ask, closing, get, open, readWhole, startServer } from './helpers.js';

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
    const server = await startServer({
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
    await eventually(() => expect(server.connections().open).toBe(addresses.length));
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
      const answers = [...others, small].map((socket) => readWhole(socket));
      for (const [i, socket] of others.entries()) socket.write(get(`a${i + 1}`));
      small.write(get('small'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      // The other client's request was sent last, yet it went before most of the large ones.
      expect(started.slice(2).indexOf('small')).toBeLessThan(10);
    });
  });

  it('a large answer asked for when no other is under way starts at once, before a small request another client sends just after it', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(...(await connections(server, ['127.0.0.171', '127.0.0.171', '127.0.0.172'])));
      const [warm, mine, other] = sockets as [Socket, Socket, Socket];
      await makeLarge(warm, 'a');
      const answers = [readWhole(mine), readWhole(other)];
      mine.write(get('a'));
      other.write(get('small'));
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      expect(started.slice(2)).toEqual(['a', 'small']);
    });
  });

  it('one large answer per turn: a large request read in the turn after one started waits for the next turn, and a small request read with it goes first', async () => {
    const { server, started, hooks } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(
        ...(await connections(server, ['127.0.0.173', '127.0.0.173', '127.0.0.173', '127.0.0.173', '127.0.0.174'])),
      );
      const [warm, first, second, third, other] = sockets as [Socket, Socket, Socket, Socket, Socket];
      await makeLarge(warm, 'a');
      const answers = [first, second, third, other].map((socket) => readWhole(socket));
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
  });

  it('a large request read after a turn skipped for a new connection goes behind the one already waiting its turn', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      sockets.push(
        ...(await connections(server, ['127.0.0.175', '127.0.0.175', '127.0.0.175', '127.0.0.176', '127.0.0.176'])),
      );
      const [warmA, first, second, warmC, third] = sockets as [Socket, Socket, Socket, Socket, Socket];
      await makeLarge(warmA, 'a');
      await makeLarge(warmC, 'c');
      const answers = [first, second, third].map((socket) => readWhole(socket));
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
  });

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
      const answers = crowd.map((socket) => readWhole(socket));
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
  });

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
      const answers = [first, second].map((socket) => readWhole(socket));
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
  });

  it('a client that closes a connection while its large request waits its turn is skipped: that request is never started, and the others are answered', async () => {
    const { server, started } = await turnServer();
    await closing(server, async (sockets) => {
      const addresses = Array.from({ length: 13 }, () => '127.0.0.181');
      sockets.push(...(await connections(server, addresses)));
      const [warm, ...crowd] = sockets as [Socket, ...Socket[]];
      await makeLarge(warm, 'a');
      const leaving = crowd.pop() as Socket;
      const answers = crowd.map((socket) => readWhole(socket));
      for (const [i, socket] of crowd.entries()) socket.write(get(`a${i + 1}`));
      // The last asks and closes at once; its turn comes after the other eleven, one per turn.
      leaving.write(get('gone'));
      leaving.destroy();
      for (const text of await within(Promise.all(answers))) expect(text).toMatch(/^HTTP\/1\.1 200 /);
      await eventually(() => expect(server.connections()).toMatchObject({ open: 12, building: 0, unreadBytes: 0 }));
      expect(started).not.toContain('gone');
      expect(started).toHaveLength(2 + crowd.length);
    });
  });
});
