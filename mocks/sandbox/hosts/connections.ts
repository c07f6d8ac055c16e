// The node host's connection table (docs/sandbox.md "Connections and back-pressure"): clients grouped by address, the bounds on open connections, and idle connections that give way to new ones.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** Everyone behind one address: an IPv4 address, or an IPv6 /64 (what one IPv6 client is given). */
export interface AddressGroup {
  readonly key: string;
  /** Open connections of the group. */
  open: number;
  /** Bytes of its answers written and not yet taken by the system (back-pressure). */
  held: number;
  /** Its requests being answered now, and the bytes their answers are expected to take (back-pressure). */
  building: number;
  reserved: number;
  /** Bytes of its last large answer: what its next answer is expected to take (back-pressure). */
  expected: number;
}

/** One request received and not yet started, waiting for the one before it (pipelining). */
export interface Queued {
  req: IncomingMessage;
  res: ServerResponse;
  /** Approximate bytes of its request line and headers. */
  bytes: number;
}

/** What the host knows of one open connection. */
export class Connection {
  /** The last request's answer; `writableFinished` once every byte of it is with the system. */
  current: ServerResponse | undefined;
  /** Requests that came while `current` was not done, oldest first; undefined when none (the usual case). */
  queue: Queued[] | undefined;
  queuedBytes = 0;
  /** Bytes of `current` written and not yet taken by the system, counted until it finishes. */
  held = 0;
  /** Bytes of a large answer being written, counted in its group's `held` until it is known what the system took. */
  writing = 0;
  /** Bytes counted for its answer being built, until it is written. */
  reserved = 0;
  /** The last answer was large enough to be weighed against the budget (its group's `expected` is its size). */
  sized = false;
  /** performance.now() when `held` began, for the slow-reader cut. */
  heldSince = 0;
  /** Waiting for room in the answer budget before starting its next request. */
  waiting = false;
  /** A sequence number of its last activity: the smallest among idle connections is the one idle longest. */
  lastActive: number;
  /** Called when `current` has been answered, or when answering it failed (set by back-pressure). */
  settled: (() => void) | undefined;
  failed: ((error: unknown) => void) | undefined;

  constructor(
    readonly socket: Socket,
    readonly group: AddressGroup,
    now: number,
  ) {
    this.lastActive = now;
  }

  /** No request in progress or waiting, nothing of an answer held: closing it loses nothing. */
  get idle(): boolean {
    return this.queue === undefined && this.held === 0 && (this.current === undefined || this.current.writableFinished);
  }
}

const CONNECTION = Symbol('sandbox connection');
type Tracked = Socket & { [CONNECTION]?: Connection };

/** The Connection of a socket the table admitted. */
export function connectionOf(socket: Socket): Connection | undefined {
  return (socket as Tracked)[CONNECTION];
}

const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The group key of a remote address: an IPv4 address as is (also when written as IPv4-mapped IPv6), an IPv6 address
 * by its first 64 bits, since one IPv6 client is usually given a whole /64.
 */
export function groupOf(address: string | undefined): string {
  if (address === undefined || address === '') return 'unknown';
  if (!address.includes(':')) return address;
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1] as string;
  // A zone (fe80::1%eth0) names an interface, not an address.
  const bare = address.split('%')[0] as string;
  const [head = '', tail] = bare.split('::');
  const first = head === '' ? [] : head.split(':');
  const last = tail === undefined || tail === '' ? [] : tail.split(':');
  const hextets = [...first, ...Array(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${hextets
    .slice(0, 4)
    .map((h) => Number.parseInt(h, 16).toString(16))
    .join(':')}::/64`;
}

export interface TableBounds {
  /** Open connections at once, from everyone. */
  max: number;
  /** Open connections at once from one address group. */
  perGroup: number;
}

/**
 * Every open connection, by address group. A connection past a bound makes room when it can: an idle connection
 * (nothing in progress, nothing held) gives way, the one idle longest first; when none is idle, a group holding more
 * than any other gives up one of its own to a group that holds fewer. Otherwise the new connection is closed: a
 * bound refuses the group that reached it, never another.
 */
export class ConnectionTable {
  readonly groups = new Map<string, AddressGroup>();
  readonly open = new Set<Connection>();
  /** Connections closed to make room, since the start (for tests and the bench). */
  evicted = 0;
  /** New connections refused, since the start. */
  refused = 0;
  /** New connections seen, since the start. */
  arrivals = 0;
  private tick = 0;

  constructor(private readonly bounds: TableBounds) {}

  /** A fresh activity mark: larger is more recent. */
  mark(): number {
    this.tick += 1;
    return this.tick;
  }

  /** Takes in a new socket, making room if it can; returns undefined (the socket destroyed) when refused. */
  add(socket: Socket): Connection | undefined {
    this.arrivals += 1;
    const key = groupOf(socket.remoteAddress);
    let group = this.groups.get(key);
    if (!group) {
      group = { key, open: 0, held: 0, building: 0, reserved: 0, expected: 0 };
      this.groups.set(key, group);
    }
    const fits =
      (group.open < this.bounds.perGroup || this.makeRoom(group, true)) &&
      (this.open.size < this.bounds.max || this.makeRoom(group, false));
    if (!fits) {
      this.refused += 1;
      this.forget(group);
      socket.destroy();
      return undefined;
    }
    const connection = new Connection(socket, group, this.mark());
    group.open += 1;
    this.open.add(connection);
    (socket as Tracked)[CONNECTION] = connection;
    socket.once('close', () => this.remove(connection));
    return connection;
  }

  private remove(connection: Connection): void {
    if (!this.open.delete(connection)) return;
    connection.group.open -= 1;
    this.forget(connection.group);
  }

  /** Drops a group that has nothing left: no connection, no answer held or being built. */
  forget(group: AddressGroup): void {
    if (group.open === 0 && group.held === 0 && group.building === 0 && this.groups.get(group.key) === group) {
      this.groups.delete(group.key);
    }
  }

  /**
   * Closes one connection so that `group` may open one more: within the group when `own` (it reached its own bound),
   * else from everyone. The idle connection idle longest goes first; with none idle and not `own`, the group with the
   * most connections gives one up if it has more than `group` (its oldest held, else its oldest), else nothing goes.
   */
  private makeRoom(group: AddressGroup, own: boolean): boolean {
    let victim: Connection | undefined;
    for (const c of this.open) {
      if ((!own || c.group === group) && c.idle && (victim === undefined || c.lastActive < victim.lastActive)) {
        victim = c;
      }
    }
    if (victim === undefined && !own) victim = this.fromLargestGroup(group);
    if (victim === undefined) return false;
    this.close(victim);
    return true;
  }

  /** A connection of the group with the most connections, when it has more than `newcomer` will with one more. */
  private fromLargestGroup(newcomer: AddressGroup): Connection | undefined {
    let largest: AddressGroup | undefined;
    for (const g of this.groups.values()) if (largest === undefined || g.open > largest.open) largest = g;
    if (largest === undefined || largest === newcomer || largest.open <= newcomer.open + 1) return undefined;
    let victim: Connection | undefined;
    for (const c of this.open) {
      if (c.group !== largest) continue;
      // Prefer one whose answer waits for a reader that does not read; among those, the one waiting longest.
      const score = c.held > 0 ? c.heldSince : Number.POSITIVE_INFINITY;
      const best = victim === undefined ? undefined : victim.held > 0 ? victim.heldSince : Number.POSITIVE_INFINITY;
      if (victim === undefined || score < (best as number) || (score === best && c.lastActive < victim.lastActive)) {
        victim = c;
      }
    }
    return victim;
  }

  /** Closes a connection now; its place is free at once (its own 'close' comes later and finds it gone). */
  close(connection: Connection): void {
    this.evicted += 1;
    this.remove(connection);
    connection.socket.destroy();
  }
}
