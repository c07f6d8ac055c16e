// Shared set-ups of the back-pressure tests (docs/sandbox.md "Connections and back-pressure"): real sockets to a node host, answers of a chosen size or held at a gate, readers of a raw HTTP/1.1 stream, and clients that stall answers unread.
import { connect, type Socket } from 'node:net';
import { expect } from 'vitest';
import { type Answer, fetchHandlerOf, type SandboxRequest } from '../../../mocks/sandbox/core/app.js';
import {
  type SandboxServer,
  type SandboxServerOptions,
  startSandboxServer,
} from '../../../mocks/sandbox/hosts/node.js';
import { eventually, HANG_MS, within } from '../../support/waiting.js';

export const MiB = 1024 * 1024;

/**
 * A node host whose time-based cuts (an idle kept-alive connection after 5 s, an unread answer after 30 s) come only
 * after any test's own bound: these tests hold connections idle or answers unread for as long as a busy machine takes
 * them to get round to reading, and judge the byte budgets, not those clocks (test/sandbox/backpressure/slow-reader).
 */
export function startServer(options: SandboxServerOptions): Promise<SandboxServer> {
  return startSandboxServer({ keepAliveTimeoutMs: 10 * HANG_MS, slowReaderMs: 10 * HANG_MS, ...options });
}

export function open(origin: string, localAddress = '127.0.0.1'): Promise<Socket> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ port: Number(port), host: hostname, localAddress }, () => resolve(socket));
    socket.once('error', reject);
  });
}

export const closed = (socket: Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

/** An answer handler (the host's direct path) answering `/api/n/<i>` with `<i>:` and `bytes` of padding. */
export function sized(bytes: number, seen: string[], gate?: Promise<void>) {
  return fetchHandlerOf(async (request: SandboxRequest): Promise<Answer> => {
    const n = request.url.split('/n/')[1] ?? '?';
    seen.push(n);
    if (gate) await gate;
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: `${n}:${'x'.repeat(bytes)}` };
  });
}

export const get = (n: number | string) => `GET /api/n/${n} HTTP/1.1\r\nHost: sandbox\r\n\r\n`;

/** The `<i>` of every answer in a raw HTTP/1.1 stream, in the order they came. */
export function answerOrder(raw: string): string[] {
  const order: string[] = [];
  let at = raw.indexOf('HTTP/1.1 ');
  while (at >= 0) {
    const body = raw.indexOf('\r\n\r\n', at) + 4;
    order.push(raw.slice(body, raw.indexOf(':', body)));
    at = raw.indexOf('HTTP/1.1 ', body);
  }
  return order;
}

/** A gate the test opens with `release`: an answer that waits on it is built only then. */
export function gated(): { gate: Promise<void>; release: () => void } {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { gate, release };
}

/**
 * Runs `test` with a list for the sockets it opens; whatever happens, then, `cleanup` runs (it opens a gate), every
 * socket in the list is closed, and the server too.
 */
export async function closing(
  server: SandboxServer,
  test: (sockets: Socket[]) => Promise<void>,
  cleanup: () => void = () => undefined,
): Promise<void> {
  const sockets: Socket[] = [];
  try {
    await test(sockets);
  } finally {
    cleanup();
    for (const socket of sockets) socket.destroy();
    await server.close();
  }
}

/**
 * A connection from `address` to `server`, kept in `sockets` for `closing` to close. `paused`: the client reads
 * nothing until it resumes. `ignoreErrors`: the server may cut it, and the error that makes is expected.
 */
export async function client(
  server: SandboxServer,
  sockets: Socket[],
  address: string,
  { paused = false, ignoreErrors = false }: { paused?: boolean; ignoreErrors?: boolean } = {},
): Promise<Socket> {
  const socket = await open(server.origin, address);
  sockets.push(socket);
  if (ignoreErrors) socket.on('error', () => undefined);
  if (paused) socket.pause();
  return socket;
}

/**
 * Sends `requests` (answered `0:`, `1:` … in that order) in one write on one connection while the first answer waits
 * at a gate: either all of them are kept and answered in order once it opens (`kept`), or the connection is closed
 * for them and counted once.
 */
export async function pipelined(requests: string[], kept: boolean, options: SandboxServerOptions = {}): Promise<void> {
  const { gate, release } = gated();
  const seen: string[] = [];
  const server = await startServer({ fetch: sized(10, seen, gate), ...options });
  try {
    const socket = await open(server.origin);
    socket.on('error', () => undefined);
    let raw = '';
    socket.on('data', (chunk: Buffer) => {
      raw += chunk.toString('latin1');
    });
    socket.write(requests.join(''));
    await eventually(() => expect(seen).toEqual(['0']));
    if (kept) {
      release();
      const all = requests.map((_, i) => String(i));
      await eventually(() => expect(answerOrder(raw)).toEqual(all));
      expect(server.connections().queueOverflows).toBe(0);
      socket.destroy();
    } else {
      await within(closed(socket));
      expect(server.connections().queueOverflows).toBe(1);
    }
  } finally {
    release();
    await server.close();
  }
}

/** Reads from `socket` until `done(text)` holds; the text so far (latin1). */
export function readUntil(socket: Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('latin1');
      if (!done(text)) return;
      socket.off('data', onData);
      resolve(text);
    };
    socket.on('data', onData);
  });
}

/** Whether `text` holds a whole answer: its head and the Content-Length bytes of its body. */
export function whole(text: string): boolean {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return false;
  const length = Number(/content-length: (\d+)/i.exec(text.slice(0, end))?.[1] ?? 0);
  return text.length >= end + 4 + length;
}

/**
 * Reads one whole answer from `socket` (its head and the Content-Length bytes of its body): the text (latin1). The body
 * is counted, not searched: `readUntil(socket, whole)` searches the text so far on every chunk, which for the answers
 * of many MiB these tests read is quadratic (seconds of CPU an answer).
 */
export function readWhole(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let expected = -1;
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (expected < 0) {
        const head = Buffer.concat(chunks).toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        expected = end + 4 + Number(/content-length: (\d+)/i.exec(head.slice(0, end))?.[1] ?? 0);
      }
      if (size < expected) return;
      socket.off('data', onData);
      resolve(Buffer.concat(chunks).toString('latin1'));
    };
    socket.on('data', onData);
  });
}

/** Sends `request` on `socket`: the whole answer it gets. */
export function ask(socket: Socket, request: string): Promise<string> {
  const answer = readWhole(socket);
  socket.write(request);
  return answer;
}

/** Resumes the paused `socket`: the whole answer it then reads. */
export function resumed(socket: Socket): Promise<string> {
  const answer = readWhole(socket);
  socket.resume();
  return answer;
}

/** What the paused `socket` has to read when it first has any (the head of its answer, at least). */
export function firstRead(socket: Socket): Promise<string> {
  return new Promise((resolve) => socket.once('readable', () => resolve(String(socket.read()))));
}

/** An answer handler answering `/api/b/<bytes>` with exactly that many bytes of body (after `gate` with `?gate`). */
export function bytesAnswers(seen: string[], gate?: Promise<void> | (() => Promise<void>)) {
  return fetchHandlerOf(async (request: SandboxRequest): Promise<Answer> => {
    const [bytes, query] = (request.url.split('/b/')[1] ?? '').split('?');
    seen.push(String(Number(bytes)));
    if (query === 'gate') await (typeof gate === 'function' ? gate() : gate);
    return { status: 200, headers: { 'content-type': 'text/plain' }, body: 'x'.repeat(Number(bytes)) };
  });
}
/** A request for `bytes` of body; with `gate`, one whose answer waits for the handler's gate. */
export const getBytes = (bytes: number, gate = false) =>
  `GET /api/b/${bytes}${gate ? '?gate' : ''} HTTP/1.1\r\nHost: sandbox\r\n\r\n`;

/**
 * Asks for `bytes` on a new paused connection from `address` (kept in `sockets`) and waits until the answer is held,
 * unread.
 */
export async function stall(server: SandboxServer, sockets: Socket[], address: string, bytes: number): Promise<Socket> {
  const before = server.connections().unreadBytes;
  const socket = await client(server, sockets, address, { paused: true, ignoreErrors: true });
  socket.write(getBytes(bytes));
  await eventually(() => expect(server.connections().unreadBytes).toBeGreaterThan(before + bytes));
  return socket;
}

/** Stalls `count` answers of `bytes` from `address`, one after another: their sockets, in that order. */
export async function stallMany(
  server: SandboxServer,
  sockets: Socket[],
  address: string,
  count: number,
  bytes: number,
): Promise<Socket[]> {
  const stalled: Socket[] = [];
  for (let i = 0; i < count; i++) stalled.push(await stall(server, sockets, address, bytes));
  return stalled;
}

/**
 * Asks for `bytes` on a new connection from `address` (kept in `sockets`) and waits until it is the one request
 * waiting for room: its socket.
 */
export async function waitsForRoom(
  server: SandboxServer,
  sockets: Socket[],
  address: string,
  bytes: number,
  options: { paused?: boolean } = {},
): Promise<Socket> {
  const socket = await client(server, sockets, address, options);
  socket.write(getBytes(bytes));
  await eventually(() => expect(server.connections().waiting).toBe(1));
  return socket;
}

/**
 * Three clients holding unread answers, in the order they came: `light` one answer, `heavy` two, `other` one, from
 * the three addresses, of the three sizes; their sockets are also kept in `sockets`.
 */
export async function lightHeavyOther(
  server: SandboxServer,
  sockets: Socket[],
  [lightAddress, heavyAddress, otherAddress]: [string, string, string],
  [lightBytes, heavyBytes, otherBytes]: [number, number, number],
): Promise<{ light: Socket; heavy: Socket[]; other: Socket }> {
  const light = await stall(server, sockets, lightAddress, lightBytes);
  const heavy = await stallMany(server, sockets, heavyAddress, 2, heavyBytes);
  const other = await stall(server, sockets, otherAddress, otherBytes);
  return { light, heavy, other };
}

/**
 * A new connection from `address` (kept in `sockets`) whose client first asks for an answer of `bytes` and reads it
 * whole: the server expects its next answer as large.
 */
export async function afterLargeAnswer(
  server: SandboxServer,
  sockets: Socket[],
  address: string,
  bytes: number,
): Promise<Socket> {
  const socket = await client(server, sockets, address);
  expect(await within(ask(socket, getBytes(bytes)))).toMatch(/^HTTP\/1\.1 200 /);
  await eventually(() => expect(server.connections().unreadBytes).toBe(0));
  return socket;
}

/** Reads the whole of what the server sends until it closes the connection; the number of bytes. */
export function drain(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    socket.once('close', () => resolve(bytes));
    socket.resume();
  });
}

/**
 * A server whose budgets are counted in answers of 8 MiB held unread: `bounds(one)` gets what one such answer
 * counts, head and body, measured on a first server. Its answers asked with `?gate` wait for `gate`.
 */
export async function serverWithBudgetOf(
  bounds: (one: number) => Pick<SandboxServerOptions, 'unreadBudgetBytes' | 'unreadPerClientBytes'>,
  seen: string[],
  gate?: Promise<void>,
): Promise<{ server: SandboxServer; one: number }> {
  const probe = await startServer({ fetch: bytesAnswers([]) });
  let one = 0;
  await closing(probe, async (sockets) => {
    await stall(probe, sockets, '127.0.0.124', 8 * MiB);
    one = probe.connections().unreadBytes;
  });
  return { server: await startServer({ fetch: bytesAnswers(seen, gate), ...bounds(one) }), one };
}
