// Default bounds of a conformance run, shared by the CLI's help text and the runner.

/** Per request, in ms (`--timeout`). */
export const DEFAULT_TIMEOUT_MS = 10_000;
/** For the whole run, in ms (`--total-timeout`). */
export const DEFAULT_TOTAL_TIMEOUT_MS = 300_000;
