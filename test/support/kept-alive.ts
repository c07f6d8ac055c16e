// The keep-alive of sandbox servers that a conformance CLI process talks to in tests.

/**
 * The CLI runs as its own process on a machine shared by other suites: its event loop may lag past the second of
 * margin a client keeps before the server's keep-alive ends, and send a write on a connection being closed. A long
 * keep-alive keeps that race, which belongs to the target and the machine, out of these tests.
 */
export const KEPT_ALIVE_MS = 60_000;
