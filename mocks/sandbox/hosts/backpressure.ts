// The node host's back-pressure (docs/sandbox.md "Connections and back-pressure"): one answer in flight per connection, a bounded queue of pipelined requests, budgets for answers clients have not read, and the slow-reader cut.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { SandboxError } from '../domain/errors.js';
import type { AddressGroup, Connection, ConnectionTable } from './connections.js';

export interface BackPressureBounds {
  /** Bytes of answers written and not yet taken by the system, every connection together. */
  budgetBytes: number;
  /** The same for one address group: what one client may leave unread before its next answer waits. */
  groupBudgetBytes: number;
  /** Counted against both budgets for each answer being built, before its size is known (at least). */
  reserveBytes: number;
  /** Requests one connection may have waiting behind the one being answered; past it, the connection is closed. */
  maxQueued: number;
  /** Bytes of request lines and headers those waiting requests may hold; past it, the connection is closed. */
  maxQueuedBytes: number;
  /** An answer the system has not taken within this time (its client does not read) has its connection cut. */
  slowReaderMs: number;
  /**
   * A client whose last answer was at least this large takes turns with the others for its next ones: one large
   * answer is started per turn of the event loop.
   */
  largeAnswerBytes: number;
}

/** Answers one request: at once (the common request), or by the promise it returns. */
export type RunRequest = (req: IncomingMessage, res: ServerResponse, connection: Connection) => void | Promise<void>;
/** Answers the failure of RunRequest (a bug of the host), on the answer it was writing. */
export type RunFailed = (res: ServerResponse, error: unknown) => void;

/** What back-pressure has done since the start, for tests and the bench. */
export interface BackPressureCounts {
  /** Connections closed for pipelining past the queue's bound. */
  queueOverflows: number;
  /** Connections cut because their answer was not read within slowReaderMs. */
  slowReaders: number;
  /** Connections cut because their group held more than an equal share of a full budget. */
  reclaimed: number;
  /** Answers refused with 503 because they would have taken their group past its budget. */
  refused: number;
}

/** 503 for an answer that would take its client past the bytes it may leave unread. */
export function unreadAnswersFull(groupBudgetBytes: number): SandboxError {
  return new SandboxError(
    503,
    `This client has ${groupBudgetBytes / 1024 / 1024} MiB of answers it has not read yet: read them, then ask again.`,
    [],
    { 'retry-after': '1' },
  );
}

/** Turns of the event loop without a large answer while new connections keep arriving, at most. */
const MAX_TURNS_SKIPPED = 64;

/** Approximate bytes a parsed request line and headers take. */
function headBytes(req: IncomingMessage): number {
  let bytes = (req.url?.length ?? 0) + 16;
  for (const part of req.rawHeaders) bytes += part.length + 2;
  return bytes;
}

/**
 * Orders the answers of each connection and bounds what unread answers hold. Node parses every request of a received
 * chunk before it pauses a connection (pipelining), so the host must not start them all: a connection's next request
 * starts once the previous answer is all with the system. An answer starts only while its group and everyone
 * together are under budget; otherwise it waits without holding up anyone else, since each connection waits on its
 * own.
 */
export class BackPressure {
  /** Bytes of answers written and not yet taken by the system, in all. */
  held = 0;
  /** Answers being built, in all, and the bytes they are expected to take. */
  building = 0;
  reserved = 0;
  readonly counts: BackPressureCounts = { queueOverflows: 0, slowReaders: 0, reclaimed: 0, refused: 0 };
  /** Connections whose next request waits for room in a budget, oldest first. */
  private readonly waiters = new Set<Connection>();
  /** Connections holding an answer not yet taken by the system. */
  private readonly stalled = new Set<Connection>();
  private sweep: NodeJS.Timeout | undefined;
  /** Requests for large answers waiting their turn, by client, in the order the clients take turns. */
  private readonly turns = new Map<
    AddressGroup,
    { connection: Connection; req: IncomingMessage; res: ServerResponse }[]
  >();
  /** A large answer was started since the event loop last turned. */
  private largeTurn = false;
  private turnScheduled = false;
  /** `table.arrivals` when the last turn was taken or skipped, and how many turns were skipped in a row. */
  private arrivalsSeen = 0;
  private turnsSkipped = 0;

  constructor(
    private readonly table: ConnectionTable,
    readonly bounds: BackPressureBounds,
    private readonly run: RunRequest,
    private readonly failed: RunFailed,
  ) {}

  /** Connections waiting for room in a budget. */
  get waiting(): number {
    return this.waiters.size;
  }

  /** A request node has parsed: answered now, or queued behind the connection's answer in progress. */
  receive(connection: Connection, req: IncomingMessage, res: ServerResponse): void {
    connection.lastActive = this.table.mark();
    const current = connection.current;
    if (connection.queue !== undefined || (current !== undefined && !current.writableFinished)) {
      this.enqueue(connection, req, res);
    } else if (this.admits(connection)) {
      this.start(connection, req, res);
    } else {
      this.enqueue(connection, req, res);
      this.wait(connection);
    }
  }

  /**
   * Whether an answer of `bytes` may be written on the connection: not when its group already holds unread answers
   * and this one would take it past its budget (the host answers 503 instead, and the answer built is dropped).
   */
  fits(connection: Connection, bytes: number): boolean {
    const group = connection.group;
    group.expected = bytes;
    connection.sized = true;
    if (group.held !== 0 && group.held + bytes > this.bounds.groupBudgetBytes) {
      this.counts.refused += 1;
      return false;
    }
    // Counted at once, so that the next answer of the group finished in the same turn sees it.
    connection.writing = bytes;
    group.held += bytes;
    this.held += bytes;
    return true;
  }

  /** Stops the slow-reader sweep (the server is closing). */
  close(): void {
    clearInterval(this.sweep);
    this.sweep = undefined;
  }

  private enqueue(connection: Connection, req: IncomingMessage, res: ServerResponse): void {
    // Node parses the rest of a received chunk after the connection was closed for it: those go nowhere.
    if (connection.socket.destroyed) return;
    const bytes = headBytes(req);
    const queue = connection.queue ?? [];
    if (queue.length >= this.bounds.maxQueued || connection.queuedBytes + bytes > this.bounds.maxQueuedBytes) {
      this.counts.queueOverflows += 1;
      connection.socket.destroy();
      return;
    }
    queue.push({ req, res, bytes });
    connection.queue = queue;
    connection.queuedBytes += bytes;
  }

  /** What the group's next answer is expected to take: as large as its last large one, at least `reserveBytes`. */
  private estimate(group: AddressGroup): number {
    return group.expected > this.bounds.reserveBytes ? group.expected : this.bounds.reserveBytes;
  }

  /**
   * Room for the connection's next answer, counting what its group and everyone hold and the estimates of the answers
   * being built (a pipelining client asks for the same again). A group that holds nothing always has room for one.
   */
  private admits(connection: Connection): boolean {
    const group = connection.group;
    const next = this.estimate(group);
    const own = group.held + group.reserved;
    const all = this.held + this.reserved;
    return (
      (own === 0 || own + next <= this.bounds.groupBudgetBytes) && (all === 0 || all + next <= this.bounds.budgetBytes)
    );
  }

  /**
   * Starts an answer, counted as being built from now. A client whose answers are large (its last one was) takes
   * turns: once one large answer was started since the event loop last turned, or a new connection came, the next
   * wait in a queue per client, served one client after another, one per turn, so that a crowd of large answers
   * cannot hold up a client asking for a small one.
   */
  private start(connection: Connection, req: IncomingMessage, res: ServerResponse): void {
    connection.current = res;
    const group = connection.group;
    group.building += 1;
    this.building += 1;
    const estimate = this.estimate(group);
    connection.reserved = estimate;
    group.reserved += estimate;
    this.reserved += estimate;
    if (group.expected >= this.bounds.largeAnswerBytes) {
      if (this.largeTurn || this.turns.size > 0 || this.table.arrivals !== this.arrivalsSeen) {
        const queue = this.turns.get(group);
        if (queue) queue.push({ connection, req, res });
        else this.turns.set(group, [{ connection, req, res }]);
        this.scheduleTurns();
        return;
      }
      this.largeTurn = true;
      this.scheduleTurns();
    }
    this.answer(connection, req, res);
  }

  private answer(connection: Connection, req: IncomingMessage, res: ServerResponse): void {
    // Made once per connection, not per request: one answer is in flight, so `current` is the one that settled.
    connection.settled ??= () => this.built(connection, connection.current as ServerResponse);
    connection.failed ??= (error: unknown) => {
      this.failed(connection.current as ServerResponse, error);
      this.built(connection, connection.current as ServerResponse);
    };
    let running: void | Promise<void>;
    try {
      running = this.run(req, res, connection);
    } catch (error) {
      connection.failed(error);
      return;
    }
    // An answer written at once is settled at once: no promise and no later turn for the common request.
    if (running instanceof Promise) running.then(connection.settled, connection.failed);
    else connection.settled();
  }

  private scheduleTurns(): void {
    if (this.turnScheduled) return;
    this.turnScheduled = true;
    setImmediate(this.takeTurns);
  }

  /**
   * Starts one large answer waiting its turn, the next client's, then lets the event loop turn before the next one:
   * the answer is built in the microtasks that follow, and new requests are read before another is started.
   */
  private readonly takeTurns = (): void => {
    this.turnScheduled = false;
    this.largeTurn = false;
    // Node takes one new connection per turn of a busy event loop: while connections arrive, turns stay short (up
    // to a bound), so that a client connecting behind a crowd is let in before the crowd's large answers are built.
    if (this.table.arrivals !== this.arrivalsSeen && this.turnsSkipped < MAX_TURNS_SKIPPED) {
      this.arrivalsSeen = this.table.arrivals;
      this.turnsSkipped += 1;
      this.scheduleTurns();
      return;
    }
    this.arrivalsSeen = this.table.arrivals;
    this.turnsSkipped = 0;
    for (const [group, queue] of this.turns) {
      const next = queue.shift() as (typeof queue)[number];
      this.turns.delete(group);
      // Back at the end of the line when it has more.
      if (queue.length > 0) this.turns.set(group, queue);
      if (next.connection.socket.destroyed) {
        this.built(next.connection, next.res);
        continue;
      }
      this.largeTurn = true;
      this.answer(next.connection, next.req, next.res);
      break;
    }
    if (this.turns.size > 0 || this.largeTurn) this.scheduleTurns();
  };

  /** The answer is written (or given up); what the system has not taken yet is held until it has. */
  private built(connection: Connection, res: ServerResponse): void {
    const group = connection.group;
    group.building -= 1;
    this.building -= 1;
    group.reserved -= connection.reserved;
    this.reserved -= connection.reserved;
    if (connection.writing !== 0) {
      group.held -= connection.writing;
      this.held -= connection.writing;
      connection.writing = 0;
    }
    // A small answer halves what the group's next answer is expected to take: one large page is soon forgotten.
    if (connection.sized) connection.sized = false;
    else if (group.expected !== 0) group.expected = Math.floor(group.expected / 2);
    if (!res.writableFinished) {
      this.hold(connection, res);
      return;
    }
    if (connection.queue !== undefined) this.next(connection);
    if (this.waiters.size > 0) this.pump();
    if (group.open === 0) this.table.forget(group);
  }

  private hold(connection: Connection, res: ServerResponse): void {
    const group = connection.group;
    const socket = connection.socket;
    // A connection already closing holds nothing: its buffers go with it.
    if (socket.destroyed) {
      if (this.waiters.size > 0) this.pump();
      this.table.forget(group);
      return;
    }
    const bytes = res.writableLength;
    connection.held = bytes;
    connection.heldSince = performance.now();
    group.held += bytes;
    this.held += bytes;
    this.stalled.add(connection);
    this.startSweep();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      group.held -= bytes;
      this.held -= bytes;
      connection.held = 0;
      this.stalled.delete(connection);
      socket.off('close', release);
      if (connection.queue !== undefined) this.next(connection);
      if (this.waiters.size > 0) this.pump();
      this.table.forget(group);
    };
    res.once('finish', release);
    res.once('close', release);
    // A pipelined answer not yet given the socket gets neither event if the socket closes first.
    socket.once('close', release);
    if (this.held > this.bounds.budgetBytes) this.reclaim();
    // It may hold less than was counted for it while it was built: the room left goes to the waiters now.
    else if (this.waiters.size > 0) this.admitWaiters();
  }

  /** Starts the connection's next queued request, or puts it among the waiters when there is no room. */
  private next(connection: Connection): void {
    const queue = connection.queue;
    if (queue === undefined || connection.socket.destroyed) return;
    const current = connection.current;
    if (current !== undefined && !current.writableFinished) return;
    if (!this.admits(connection)) {
      this.wait(connection);
      return;
    }
    const item = queue.shift() as (typeof queue)[number];
    connection.queuedBytes -= item.bytes;
    if (queue.length === 0) connection.queue = undefined;
    this.start(connection, item.req, item.res);
  }

  private wait(connection: Connection): void {
    if (connection.waiting) return;
    connection.waiting = true;
    this.waiters.add(connection);
    this.reclaim();
  }

  /** Room was given back: the waiters that have room go, and for those left the heaviest group may give way. */
  private pump(): void {
    this.admitWaiters();
    if (this.waiters.size > 0) this.reclaim();
  }

  /**
   * Lets waiters whose group now has room go, oldest first; the others keep their place. Waiters of groups that stay
   * within an equal share of the budget with one more answer go first, so that a group holding much cannot take back
   * at once the room it gave up.
   */
  private admitWaiters(): void {
    const share = this.share();
    for (const light of [true, false]) {
      for (const connection of this.waiters) {
        const group = connection.group;
        if (!connection.socket.destroyed) {
          if (light && group.held + group.reserved + this.estimate(group) > share) continue;
          if (!this.admits(connection)) continue;
        }
        this.waiters.delete(connection);
        connection.waiting = false;
        this.next(connection);
      }
    }
  }

  /** An equal share of the budget among the groups that hold answers or wait to. */
  private share(): number {
    const groups = new Set<AddressGroup>();
    for (const group of this.table.groups.values()) if (group.held > 0) groups.add(group);
    for (const connection of this.waiters) groups.add(connection.group);
    return this.bounds.budgetBytes / Math.max(1, groups.size);
  }

  /**
   * The budget is shared: when everyone together is past it, or a waiter of a group holding less than an equal share
   * waits because everyone together is at it, the group holding the most, if more than an equal share, loses the
   * connection it has held longest. A group that takes more than its share refuses no one else.
   */
  private reclaim(): void {
    let heaviest: AddressGroup | undefined;
    for (const group of this.table.groups.values()) {
      if (group.held > 0 && (heaviest === undefined || group.held > heaviest.held)) heaviest = group;
    }
    if (heaviest === undefined) return;
    const share = this.share();
    if (heaviest.held <= share) return;
    if (this.held <= this.bounds.budgetBytes && !this.shortOfShare(heaviest, share)) return;
    let victim: Connection | undefined;
    for (const connection of this.stalled) {
      if (connection.group !== heaviest || connection.socket.destroyed) continue;
      if (victim === undefined || connection.heldSince < victim.heldSince) victim = connection;
    }
    if (victim === undefined) return;
    this.counts.reclaimed += 1;
    victim.socket.destroy();
  }

  /** Whether a waiter of another group, holding less than `share`, waits only because everyone together is full. */
  private shortOfShare(heaviest: AddressGroup, share: number): boolean {
    for (const connection of this.waiters) {
      const group = connection.group;
      if (group === heaviest || group.held >= share) continue;
      const own = group.held + group.reserved;
      if (own === 0 || own + this.estimate(group) <= this.bounds.groupBudgetBytes) return true;
    }
    return false;
  }

  /** One timer for every held answer, running only while some answer is held: no timer per request. */
  private startSweep(): void {
    if (this.sweep !== undefined) return;
    const every = Math.max(10, Math.min(1000, this.bounds.slowReaderMs / 4));
    this.sweep = setInterval(() => {
      const now = performance.now();
      for (const connection of this.stalled) {
        if (connection.socket.destroyed || now - connection.heldSince < this.bounds.slowReaderMs) continue;
        this.counts.slowReaders += 1;
        connection.socket.destroy();
      }
      if (this.stalled.size === 0) this.close();
    }, every);
    this.sweep.unref();
  }
}
