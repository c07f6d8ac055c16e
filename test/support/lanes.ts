// Test helper: runs queued on a few lanes (docs/testing.md "Rules every test keeps"): a whole-suite run mostly waits for
// its server, so a file runs a few side by side, and no more, whatever Vitest starts at once.

/** Lanes of queued runs: `inLane(n, run)` starts `run` once every run queued before it on lane n % count has settled. */
export function lanes(count: number): <T>(lane: number, run: () => Promise<T>) => Promise<T> {
  const tails: Promise<unknown>[] = Array.from({ length: count }, () => Promise.resolve());
  return <T>(lane: number, run: () => Promise<T>): Promise<T> => {
    const i = lane % count;
    const next = (tails[i] as Promise<unknown>).then(run);
    // A failed run fails its own test only: the lane goes on.
    tails[i] = next.catch(() => undefined);
    return next;
  };
}
