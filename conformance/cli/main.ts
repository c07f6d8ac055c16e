// npm run conformance -- --target <profile.json> (docs/conformance.md): runs the suite, prints the per-rule report and
// the coverage table, writes --junit/--json, and always ends with an exit code of the documented set.
import { fileURLToPath } from 'node:url';
import { createRedactor } from '../engine/redact.js';
import { runConformance, SelectionError, TargetUnreachableError } from '../engine/run.js';
import { formatReport } from '../report/console.js';
import { jsonReport, junitReport, writeReport } from '../report/files.js';
import { ArgsError, parseCliArgs, USAGE } from './args.js';
import { loadProfile, type Profile, ProfileError, profileSecrets } from './profile.js';

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
    return result.mustFailed || result.mustUnverified ? EXIT.mustFailed : EXIT.ok;
  } catch (error) {
    if (error instanceof SelectionError || error instanceof TargetUnreachableError) {
      io.err(`conformance: ${error.message}\n`);
      return EXIT.usage;
    }
    // The message may quote a request; it goes through the same redaction as the report.
    const redactor = createRedactor(profileSecrets(profile));
    io.err(`conformance: the suite failed: ${redactor.text(String((error as Error)?.message ?? error))}\n`);
    return EXIT.internal;
  }
}

/**
 * The process around `main`: Ctrl-C handling, real stdout/stderr, and the exit once the output is flushed. Whatever
 * happens, the process ends with a message and a documented code: an error nobody caught, or an event loop that ran
 * empty while the run was still pending (Node's silent exit 13), is the suite failing (3).
 */
export async function runCli(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const exit = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  const failed = (why: string) => {
    // No profile secret is known here: anything JWT-shaped is still masked.
    process.stderr.write(`conformance: the suite failed: ${createRedactor().text(why)}\n`);
    exit(EXIT.internal);
  };
  process.on('uncaughtException', (error) => failed(error.message));
  process.on('unhandledRejection', (reason) => failed(String((reason as Error)?.message ?? reason)));
  process.on('beforeExit', () => failed('the run stopped without finishing (nothing left to wait for)'));
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
  // Exit once the output is written: a socket left open by a misbehaving target must not keep us alive.
  exit(code);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runCli();
