// startSandboxServer's maxPipelined and unreadBudgetBytes (docs/sandbox.md "Connections and back-pressure": "the bounds
// are constants in mocks/sandbox/hosts/node.ts, and startSandboxServer options lower them"), each given to the door
// itself and met over real sockets: past maxPipelined waiting requests the connection is closed and another client is
// answered; past unreadBudgetBytes of everyone's unread answers, the client holding the most gives up its connection
// so that a client holding nothing gets in. With the defaults (32 requests, 256 MiB) neither happens here.
import { describe, expect, it } from 'vitest';
import { probe } from '../../../drivers/pipelining-attack.js';
import { type SandboxServerOptions, startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { eventually, HANG_MS, within } from '../../support/waiting.js';
import {
  answerOrder,
  ask,
  bytesAnswers,
  client,
  closed,
  closing,
  drain,
  gated,
  get,
  getBytes,
  MiB,
  open,
  sized,
  stall,
} from './helpers.js';

/** Only the bound under test: the time-based cuts come after any test's own bound. */
const quiet: SandboxServerOptions = { keepAliveTimeoutMs: 10 * HANG_MS, slowReaderMs: 10 * HANG_MS };

describe('startSandboxServer({ maxPipelined })', () => {
  /** Six requests in one write, the first held at a gate: five wait behind it. Closed, or all answered in order. */
  async function sixPipelined(options: SandboxServerOptions): Promise<'closed' | string[]> {
    const { gate, release } = gated();
    const seen: string[] = [];
    const server = await startSandboxServer({ ...quiet, fetch: sized(10, seen, gate), ...options });
    try {
      const socket = await open(server.origin);
      socket.on('error', () => undefined);
      let raw = '';
      const answered = new Promise<string[]>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          raw += chunk.toString('latin1');
          if (answerOrder(raw).length === 6 && raw.endsWith('5:xxxxxxxxxx')) resolve(answerOrder(raw));
        });
      });
      const ended = closed(socket).then(() => 'closed' as const);
      socket.write([0, 1, 2, 3, 4, 5].map(get).join(''));
      await eventually(() => expect(seen).toEqual(['0']));
      release();
      const outcome = await within(Promise.race([ended, answered]));
      if (outcome === 'closed') {
        // Another client is answered all the same.
        expect((await probe(server.origin, '/api/n/other', {}, '127.0.0.2')).status).toBe(200);
        expect(server.connections().queueOverflows).toBe(1);
      }
      socket.destroy();
      return outcome;
    } finally {
      release();
      await server.close();
    }
  }

  it('five waiting requests with maxPipelined 4: the connection is closed, another client answered', async () => {
    expect(await sixPipelined({ maxPipelined: 4 })).toBe('closed');
  });

  it('five waiting requests with maxPipelined 5, or the default 32: every one answered, in order', async () => {
    expect(await sixPipelined({ maxPipelined: 5 })).toEqual(['0', '1', '2', '3', '4', '5']);
    expect(await sixPipelined({})).toEqual(['0', '1', '2', '3', '4', '5']);
  });
});

describe('startSandboxServer({ unreadBudgetBytes })', () => {
  /**
   * A client leaves an answer of 8 MiB unread; a newcomer holding nothing asks for 8 MiB more. The newcomer's answer,
   * and whether the first client's connection was given up for it.
   */
  async function newcomerAfterStall(options: SandboxServerOptions): Promise<{ reclaimed: number; heavyCut: boolean }> {
    const server = await startSandboxServer({ ...quiet, fetch: bytesAnswers([]), ...options });
    let result = { reclaimed: -1, heavyCut: false };
    await closing(server, async (sockets) => {
      const heavy = await stall(server, sockets, '127.0.0.131', 8 * MiB);
      const newcomer = await client(server, sockets, '127.0.0.132');
      expect(await within(ask(newcomer, getBytes(8 * MiB)))).toMatch(/^HTTP\/1\.1 200 /);
      const reclaimed = server.connections().reclaimed;
      // The first client's answer: whole when it kept its connection, short when it was given up.
      const read = await within(reclaimed > 0 ? drain(heavy) : readWhole(heavy));
      result = { reclaimed, heavyCut: read < 8 * MiB };
    });
    return result;
  }
  /** Reads one whole answer of 8 MiB (its head and body) and returns the bytes read. */
  const readWhole = (socket: import('node:net').Socket) =>
    new Promise<number>((resolve) => {
      let bytes = 0;
      socket.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= 8 * MiB) resolve(bytes);
      });
      socket.resume();
    });

  it('everyone together past 12 MiB: the client holding the most gives up its connection, the newcomer gets in', async () => {
    expect(await newcomerAfterStall({ unreadBudgetBytes: 12 * MiB })).toEqual({ reclaimed: 1, heavyCut: true });
  });

  it('with the default budget of 256 MiB, no one is cut', async () => {
    expect(await newcomerAfterStall({})).toEqual({ reclaimed: 0, heavyCut: false });
  });
});
