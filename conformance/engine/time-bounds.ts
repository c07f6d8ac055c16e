// The runner's time bounds when the caller gives none (docs/conformance.md, "Flags": --timeout, --total-timeout).

/** Per request, in ms (`--timeout`). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** For the whole run, in ms (`--total-timeout`). */
export const DEFAULT_TOTAL_TIMEOUT_MS = 300_000;
