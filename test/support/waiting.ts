// Test helper: waits that bound a hang, never an expected duration (docs/testing.md "Rules every test keeps"): a step
// that takes milliseconds on a quiet machine can take seconds on a 2-core one at load 20, and must still pass there.
import { vi } from 'vitest';

/**
 * How long one wait may last before the test calls it a hang: minutes past any step's time on a busy machine, and
 * half the test's own bound (vitest.config.ts), so that a hang fails with the wait's last error, not a bare timeout.
 */
export const HANG_MS = 60_000;

/**
 * A conformance run's own bounds in a test: a hang's, not a user's. The suite's defaults (10 s a request, 5 minutes a
 * run) fail what has not finished, and at load 12-15 on a 2-core machine whole runs took minutes and some requests over
 * 10 s; a test judges the rules, never how fast the machine ran them.
 */
export const RUN_BOUNDS = { timeoutMs: HANG_MS, totalTimeoutMs: 10 * HANG_MS } as const;

/**
 * How long one command of the kit run whole (`npm run generate`, `npx redocly respect`, a type check) may last before
 * the test calls it hung: seconds on a quiet machine, over a minute at load 15.
 */
export const COMMAND_BOUND_MS = 5 * HANG_MS;

/** Polls `check` (every 10 ms) until it stops throwing: what it then returns. */
export function eventually<T>(check: () => T | Promise<T>): Promise<T> {
  return vi.waitFor(check, { timeout: HANG_MS, interval: 10 });
}

/** What `promise` gives; one still pending after HANG_MS fails the test ("still waiting") instead of hanging it. */
export function within<T>(promise: Promise<T>): Promise<T> {
  let settled: { value: T } | undefined;
  void promise.then((value) => {
    settled = { value };
  });
  return eventually(() => {
    if (settled === undefined) throw new Error('still waiting');
    return settled.value;
  });
}

/** A Playwright page or context whose waits (30 s by default) bound a hang instead, at HANG_MS: the same `target`. */
export function unhurried<T extends { setDefaultTimeout(timeout: number): void }>(target: T): T {
  target.setDefaultTimeout(HANG_MS);
  return target;
}
