// How the kit's server commands stop (docs/sandbox.md "Start", docs/mock.md): on SIGINT and SIGTERM, and when the npm
// or npx process that ran them is gone, so a signal to the process the user started always frees the port.

/** How often a command run by npm looks whether the shell npm started it with is still there. */
export const PARENT_CHECK_MS = 100;
/** A close still running after this is a hang: the process exits anyway, which frees the port (the OS closes it). */
export const CLOSE_BOUND_MS = 3_000;

export interface StopOptions {
  /** Names the command in the line printed on stopping, e.g. `sandbox`. */
  name: string;
  /** Closes the server; the process exits 0 once it settles, 1 when it rejects. */
  close(): Promise<void>;
}

/**
 * Stops the server once, on the first of: SIGINT, SIGTERM, or the end of the npm process that ran the command.
 *
 * npm runs a script (`npm start`) and npx a command (`npx task-sandbox`) through `sh -c`, and passes SIGINT and SIGTERM
 * to that shell only. A shell that forks the command instead of replacing itself with it (dash, Debian's and Ubuntu's
 * sh) dies of the signal without passing it on, and the command would be left listening with no parent. So a command
 * run by npm (npm names the script in `npm_lifecycle_event`) also watches its parent: when the parent is gone, the
 * command the user started is gone, and the server stops as on SIGTERM.
 */
export function stopOnSignals({ name, close }: StopOptions): void {
  let closing = false;
  const stop = (why: string) => {
    if (closing) return;
    closing = true;
    console.log(`\n${name}: ${why}, closing`);
    // The close frees the port first (each host closes its listener before anything else); a close that hangs after
    // that (a child that will not exit, a disk that does not answer) must not keep the user waiting.
    setTimeout(() => {
      console.error(`${name}: still closing after ${CLOSE_BOUND_MS / 1000} s, exiting`);
      process.exit(1);
    }, CLOSE_BOUND_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${name}: close failed`, error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  if (process.env.npm_lifecycle_event === undefined) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop('the npm process that ran it ended');
  }, PARENT_CHECK_MS);
  watch.unref();
}
