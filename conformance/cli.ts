// npm run conformance -- --target <profile.json>: runs the suite, prints the per-rule report and the coverage table,
// writes --junit/--json, and exits 1 iff a MUST rule failed, 2 on bad arguments or an unreachable target.
import { fileURLToPath } from 'node:url';
import { ArgsError, parseCliArgs, USAGE } from './args.js';
import { loadProfile, type Profile, ProfileError, profileSecrets } from './profile.js';
import { createRedactor } from './redact.js';
import { jsonReport, junitReport, writeReport } from './reports.js';
import { formatReport } from './results.js';

export const EXIT = { ok: 0, mustFailed: 1, usage: 2, internal: 3, interrupted: 130, terminated: 143 } as const;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    io.err(`conformance: ${error.message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    io.out(`${USAGE}\n`);
    return EXIT.ok;
  }
  let profile: Profile;
  try {
    profile = loadProfile(args.target, io.env, args.baseUrl);
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    io.err(`conformance: ${error.message}\n`);
    return EXIT.usage;
  }
  // Loaded only now: vitest's Node API takes a moment to import, and bad arguments should not wait for it.
  const { runConformance, SelectionError, TargetUnreachableError } = await import('./run.js');
  try {
    const result = await runConformance({
      profile,
      only: args.only,
      readOnly: args.readOnly,
      register: args.register,
      timeoutMs: args.timeoutMs,
      seed: args.seed,
      maxExamples: args.maxExamples,
      totalTimeoutMs: args.totalTimeoutMs,
      progress: args.quiet ? () => undefined : io.out,
      ...(io.signal ? { signal: io.signal } : {}),
    });
    io.out(`${formatReport(result).join('\n')}\n`);
    if (args.junit) writeReport(args.junit, junitReport(result));
    if (args.json) writeReport(args.json, jsonReport(result));
    if (io.signal?.aborted) return io.signal.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
    return result.mustFailed ? EXIT.mustFailed : EXIT.ok;
  } catch (error) {
    if (error instanceof SelectionError || error instanceof TargetUnreachableError) {
      io.err(`conformance: ${error.message}\n`);
      return EXIT.usage;
    }
    // The message may quote a request; it goes through the same redaction as the report.
    const redactor = createRedactor(profileSecrets(profile));
    io.err(`conformance: the suite failed: ${redactor.text((error as Error).message)}\n`);
    return EXIT.internal;
  }
}

/** The process around `main`: Ctrl-C handling, real stdout/stderr, and the exit once the output is flushed. */
export async function runCli(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal does not wait for the clean-up.
      if (controller.signal.aborted) process.exit(signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
      process.stderr.write(
        `\nconformance: ${signal === 'SIGTERM' ? 'terminated' : 'interrupted'}; cleaning up what the run created (Ctrl-C again to quit now)\n`,
      );
      controller.abort(signal);
    });
  }
  const code = await main(argv, {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
    env: process.env,
    signal: controller.signal,
  });
  process.exitCode = code;
  // Exit once the output is written: a worker thread or socket left by a misbehaving target must not keep us alive.
  process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runCli();
