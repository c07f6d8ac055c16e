// Throttles against guessing and flooding (docs/sandbox.md "Limits and throttles"): a few failures per key within a
// window, then 429 with Retry-After until the oldest failure leaves the window. Short windows: the real owner of an
// account is slowed for a minute at most, never locked out.
import { SandboxError } from './errors.js';

export interface ThrottleOptions {
  /** Events allowed per key within a minute. */
  allowed: number;
  /** The field the 429 names, and what it says. */
  field: string;
  message: string;
}

const WINDOW_MS = 60_000;
/** Keys remembered at most: past it, the key seen longest ago is forgotten (a bound on memory). */
const MAX_KEYS = 10_000;

export class Throttle {
  private readonly events = new Map<string, number[]>();

  constructor(
    private readonly options: ThrottleOptions,
    private readonly now: () => number,
  ) {}

  /** Throws the 429 when `key` has used up its events in the window. */
  check(key: string): void {
    const recent = this.recent(key);
    if (recent.length < this.options.allowed) return;
    const retryAfterMs = (recent[0] as number) + WINDOW_MS - this.now();
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    throw new SandboxError(
      429,
      `${this.options.message}; try again in ${seconds} s.`,
      [{ field: this.options.field, message: `at most ${this.options.allowed} a minute` }],
      { 'retry-after': String(seconds) },
    );
  }

  /** Counts one event of `key`. */
  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.events.delete(key);
    this.events.set(key, recent);
    if (this.events.size > MAX_KEYS) {
      const oldest = this.events.keys().next().value;
      if (oldest !== undefined) this.events.delete(oldest);
    }
  }

  private recent(key: string): number[] {
    const since = this.now() - WINDOW_MS;
    return (this.events.get(key) ?? []).filter((t) => t > since);
  }

  clear(): void {
    this.events.clear();
  }
}
