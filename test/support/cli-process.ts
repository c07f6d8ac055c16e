// Test helper: waits for a bin of the kit run as a child process and collects what it wrote (docs/testing.md "Rules
// every test keeps": a bound stops a hang, never a slow run). A whole run of the suite takes minutes at load 15, so
// the bound is the suite's own total timeout, which the CLI keeps by itself, plus its clean-up and a margin.
import type { ChildProcess } from 'node:child_process';
import { DEFAULT_TOTAL_TIMEOUT_MS } from '../../conformance/engine/time-bounds.js';
import { HANG_MS } from './waiting.js';

/** Past this a CLI run is hung: it stops itself at its total timeout (5 minutes by default) and cleans up. */
export const CLI_BOUND_MS = DEFAULT_TOTAL_TIMEOUT_MS + 2 * HANG_MS;

export interface Outcome {
  /** The exit code; null when the process was killed (by the bound: it hung). */
  code: number | null;
  stdout: string;
  stderr: string;
}

/** What the child wrote and how it exited; killed once it runs past `boundMs`. */
export function collect(child: ChildProcess, boundMs: number = CLI_BOUND_MS): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => {
    const watchdog = setTimeout(() => child.kill('SIGKILL'), boundMs);
    child.on('close', (code) => {
      clearTimeout(watchdog);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A user's environment for the CLI: this process's, without Vitest's markers, CONFORMANCE_* or GitHub's variables. */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(VITEST|CONFORMANCE_|GITHUB_|TEST$|NODE_ENV$)/.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}
