// Test helper: a Node process of the kit's own (a Vitest run, the conformance CLI) run to its end from the repository
// root, with this process's environment less Vitest's markers, CONFORMANCE_* overrides and GitHub Actions' variables
// (the CLI would annotate the kit's own job and write to its summary).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** This process's environment without Vitest's own markers and CONFORMANCE_* overrides, plus `extra`. */
function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      !k.startsWith('VITEST') &&
      !k.startsWith('CONFORMANCE_') &&
      !k.startsWith('GITHUB_') &&
      k !== 'TEST' &&
      k !== 'NODE_ENV'
    )
      env[k] = v;
  }
  return { ...env, ...extra, NO_COLOR: '1', FORCE_COLOR: '0' };
}

/** A process to its end, without blocking this one (a server in this process answers it meanwhile). */
export function processRun(
  args: string[],
  env: Record<string, string>,
): Promise<{ status: number | null; output: string }> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, output })));
}
