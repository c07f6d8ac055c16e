// Throttles against guessing and flooding (docs/sandbox.md "Limits and throttles"): per key, a burst of `allowed`
// events, then one every minute / `allowed` (the generic cell rate algorithm: one number per key); past it, 429 with
// Retry-After. A key is who does it (an account name and a client, or a client), so one guesser never slows another.
import { SandboxError } from './errors.js';

export interface ThrottleOptions {
  /** Events allowed per key within a minute. */
  readonly allowed: number;
  /** Keys remembered one by one; past it, new keys share a fixed table, and no key is ever forgotten early. */
  readonly keys: number;
  /** The field the 429 names, and what it says. */
  readonly field: string;
  readonly message: string;
}

const WINDOW_MS = 60_000;
/** Slots of the shared table (a power of two): 512 KiB, whatever the number of keys past `keys`. */
const SHARED_SLOTS = 1 << 16;

/** 32-bit FNV-1a of `text` from `seed`, then murmur3's finaliser: a key's slot in the shared table. */
function slotOf(text: string, seed: number): number {
  let hash = seed ^ 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & (SHARED_SLOTS - 1);
}

export class Throttle {
  /**
   * Per key, when its debt is paid (ms since the epoch): each event adds minute / allowed, and a key may act while
   * its debt leaves room for one more event within a minute. Keys whose debt is paid hold nothing and are dropped.
   */
  private readonly due = new Map<string, number>();
  /**
   * Keys past `keys` share these slots (by a hash with a per-process seed, so nobody can choose a slot): a slot counts
   * every key in it, so a guesser in the table gets no more attempts than one remembered alone. Nothing an attacker
   * does makes the throttle forget a key.
   */
  private shared: Float64Array | undefined;
  private readonly seed = crypto.getRandomValues(new Uint32Array(1))[0] as number;
  /** No remembered key is paid off before this: sweeping earlier frees nothing. */
  private sweepAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly options: ThrottleOptions,
    private readonly now: () => number,
  ) {}

  /**
   * Throws the 429 when `key` may not act now. With `countRefused`, the refused attempt counts too: a guesser who
   * keeps trying while refused stays refused, and gets its next attempt only a pause after its last.
   */
  check(key: string, countRefused = false): void {
    const now = this.now();
    let wait = this.waitOf(key, now);
    if (wait <= 0) return;
    if (countRefused) {
      this.count(key, now);
      wait = this.waitOf(key, now);
    }
    const seconds = Math.max(1, Math.ceil(wait / 1000));
    throw new SandboxError(
      429,
      `${this.options.message}; try again in ${seconds} s.`,
      [{ field: this.options.field, message: `at most ${this.options.allowed} a minute` }],
      { 'retry-after': String(seconds) },
    );
  }

  /** Counts one event of `key`. */
  record(key: string): void {
    this.count(key, this.now());
  }

  /** Keys remembered one by one (at most `keys`). */
  get size(): number {
    return this.due.size;
  }

  clear(): void {
    this.due.clear();
    this.shared = undefined;
    this.sweepAt = Number.NEGATIVE_INFINITY;
  }

  private get interval(): number {
    return WINDOW_MS / this.options.allowed;
  }

  /** Milliseconds until `key` may act (≤ 0: now). */
  private waitOf(key: string, now: number): number {
    return this.dueOf(key) - now - (WINDOW_MS - this.interval);
  }

  private dueOf(key: string): number {
    return this.due.get(key) ?? this.shared?.[slotOf(key, this.seed)] ?? 0;
  }

  private count(key: string, now: number): void {
    // Capped at a minute ahead: a guesser polling while refused waits one interval after its last attempt, no longer.
    const next = Math.min(Math.max(this.dueOf(key), now) + this.interval, now + WINDOW_MS);
    if (this.due.has(key) || this.roomFor(now)) {
      // Delete first, so that Map order is the order of last events.
      this.due.delete(key);
      this.due.set(key, next);
      return;
    }
    this.shared ??= new Float64Array(SHARED_SLOTS);
    const slot = slotOf(key, this.seed);
    this.shared[slot] = Math.max(this.shared[slot] as number, next);
  }

  /** Whether one more key may be remembered, after dropping the keys whose debt is paid (never one that still owes). */
  private roomFor(now: number): boolean {
    if (this.due.size < this.options.keys) return true;
    if (now < this.sweepAt) return false;
    let soonest = Number.POSITIVE_INFINITY;
    for (const [key, due] of this.due) {
      if (due <= now) this.due.delete(key);
      else soonest = Math.min(soonest, due);
    }
    this.sweepAt = soonest;
    return this.due.size < this.options.keys;
  }
}
