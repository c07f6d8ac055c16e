// npm run conformance -- --target <profile.json> (docs/conformance.md): runs the suite, prints the per-rule report and
// the coverage table, writes --junit/--json/--har, and always ends with an exit code of the documented set.
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { packageInfo } from '../../contract/version.js';
import { PreflightError } from '../engine/preflight.js';
import { TargetUnreachableError } from '../engine/reachable.js';
import { createRedactor } from '../engine/redact.js';
import { loadProfile, type Profile, ProfileError, profileSecrets } from '../profile.js';
import { formatReport, progressLine } from '../report/console.js';
import { ctrfFailure, ctrfReport } from '../report/ctrf.js';
import { jsonFailure, jsonReport, junitFailure, junitReport, writeReport } from '../report/files.js';
import { githubAnnotations, githubFailureAnnotation, underGitHubActions } from '../report/github-annotations.js';
import { githubFailureSummary, githubSummary } from '../report/github-summary.js';
import { harFailure, harReport } from '../report/har.js';
import { htmlFailure, htmlReport } from '../report/html.js';
import { inertConsoleText } from '../report/inert-text.js';
import { unbuiltLines } from '../report/unbuilt.js';
import { verdictOf } from '../report/verdict.js';
import { OptionsError, runThrough } from '../run-conformance.js';
import { TargetError } from '../target.js';
import { ArgsError, type CliArgs, parseCliArgs, USAGE } from './args.js';
import { REPLAY_COMMAND, replayMain, runSettings } from './replay.js';
import { REPLAY_LINE } from './replay-args.js';

export const EXIT = { ok: 0, failed: 1, usage: 2, internal: 3, interrupted: 130, terminated: 143 } as const;

export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Aborted on Ctrl-C. */
  signal?: AbortSignal;
}

interface ReportPaths {
  junit?: string;
  json?: string;
  har?: string;
  html?: string;
  ctrf?: string;
}

/** Where the reports go, as far as the arguments can be read: bad arguments name no trustworthy path. */
function reportPaths(argv: readonly string[]): ReportPaths {
  try {
    const { junit, json, har, html, ctrf } = parseCliArgs(argv);
    return {
      ...(junit ? { junit } : {}),
      ...(json ? { json } : {}),
      ...(har ? { har } : {}),
      ...(html ? { html } : {}),
      ...(ctrf ? { ctrf } : {}),
    };
  } catch {
    return {};
  }
}

/** The file GitHub's job summary is appended to, when the output format is github (`--format`, GITHUB_ACTIONS). */
function githubOutput(args: Pick<CliArgs, 'format'>, env: NodeJS.ProcessEnv): { summary?: string } | undefined {
  const github = args.format === 'github' || (args.format === undefined && underGitHubActions(env));
  if (!github) return undefined;
  const summary = env.GITHUB_STEP_SUMMARY?.trim();
  return summary ? { summary } : {};
}

/** Appends the job summary (GitHub keeps what earlier steps wrote); says why it could not. */
function appendSummary(file: string, text: string): string {
  try {
    appendFileSync(file, text);
    return '';
  } catch (error) {
    return `conformance: cannot append the job summary to ${file} (GITHUB_STEP_SUMMARY): ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`;
  }
}

/** Writes every requested report of a run that ended without a per-rule result; says which it could not write. */
function writeFailureReports(paths: ReportPaths, why: string, code: number): string {
  const problems: string[] = [];
  for (const [file, text] of [
    [paths.junit, junitFailure(why, code)],
    [paths.json, jsonFailure(why, code)],
    [paths.har, harReport(harFailure(`exit ${code}: ${why}`))],
    [paths.html, htmlFailure(why, code)],
    [paths.ctrf, ctrfFailure(why, code)],
  ] as const) {
    if (!file) continue;
    try {
      writeReport(file, text);
    } catch (error) {
      problems.push(
        `conformance: cannot write the report ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`,
      );
    }
  }
  return problems.join('');
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv[0] === REPLAY_COMMAND) return replayMain(argv.slice(1), io);
  // Everything printed may quote the target's answers: no control character reaches the terminal as it is, and no
  // line of the target's starts a CI runner's command (report/inert-text.ts).
  const out = (text: string) => io.out(inertConsoleText(text));
  const err = (text: string) => io.err(inertConsoleText(text));
  let args: ReturnType<typeof parseCliArgs>;
  try {
    args = parseCliArgs(argv);
  } catch (error) {
    if (!(error instanceof ArgsError)) throw error;
    err(`conformance: ${error.message}\n\n${USAGE}\n`);
    return EXIT.usage;
  }
  if (args.help) {
    out(`${USAGE}\n\n${REPLAY_LINE}\n`);
    return EXIT.ok;
  }
  if (args.version) {
    out(`${packageInfo(import.meta.url).version}\n`);
    return EXIT.ok;
  }
  let redactor = createRedactor();
  /** Every early end: both requested reports say why, and so does one line on stderr. */
  const github = githubOutput(args, io.env);
  const fail = (code: number, why: string): number => {
    const line = redactor.text(why);
    err(`conformance: ${line}\n${writeFailureReports(args, line, code)}`);
    if (github) {
      // Already inert and escaped: written as it is, so that the runner reads the command.
      io.out(`${githubFailureAnnotation(line, code)}\n`);
      if (github.summary) err(appendSummary(github.summary, githubFailureSummary(line, code)));
    }
    return code;
  };
  // Before the run, not minutes later: the archive of a run that does not finish says so.
  if (args.har) {
    try {
      writeReport(args.har, harReport(harFailure('the run has not finished')));
    } catch (error) {
      err(`conformance: cannot write the report ${args.har}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`);
      return EXIT.usage;
    }
  }
  let profile: Profile;
  try {
    profile = loadProfile(args.target, io.env, args.baseUrl, args.port);
  } catch (error) {
    if (!(error instanceof ProfileError)) throw error;
    return fail(EXIT.usage, error.message);
  }
  redactor = createRedactor(profileSecrets(profile));
  let result: Awaited<ReturnType<typeof runThrough>>;
  try {
    result = await runThrough('cli', {
      target: profile.baseUrl,
      profile,
      only: args.only,
      skip: args.skip,
      readOnly: args.readOnly,
      register: args.register,
      timeoutMs: args.timeoutMs,
      seed: args.seed,
      maxExamples: args.maxExamples,
      totalTimeoutMs: args.totalTimeoutMs,
      ...(args.quiet ? {} : { onProgress: (event) => out(progressLine(event)) }),
      preflight: args.preflight,
      ...(io.signal ? { signal: io.signal } : {}),
      har: args.har !== undefined,
      followRedirectsTo: args.followRedirectsTo,
    });
  } catch (error) {
    if (
      error instanceof OptionsError ||
      error instanceof TargetError ||
      error instanceof TargetUnreachableError ||
      error instanceof PreflightError
    ) {
      return fail(EXIT.usage, error.message);
    }
    // The message may quote a request; it goes through the same redaction as the report.
    return fail(EXIT.internal, `the suite failed: ${String((error as Error)?.message ?? error)}`);
  }
  const verdict = verdictOf(result, {
    strict: args.strict,
    requireAll: args.requireAll,
    ...(args.minCoverage === undefined ? {} : { minCoverage: args.minCoverage }),
  });
  // Said once, before the report: routes that answer like nobody wrote them (it excuses nothing).
  const unbuilt = unbuiltLines(result, 'cli');
  if (unbuilt.length > 0) out(`\n${unbuilt.join('\n')}\n`);
  // Already inert and escaped: written as they are, so that the runner reads the commands.
  if (github) for (const line of githubAnnotations(result, verdict)) io.out(`${line}\n`);
  const replay = args.json === undefined ? undefined : { file: args.json, run: runSettings(args) };
  out(`${formatReport(result, verdict, replay).join('\n')}\n`);
  if (github?.summary) {
    const problem = appendSummary(github.summary, githubSummary(result, verdict));
    if (problem) {
      err(problem);
      return EXIT.usage;
    }
  }
  const { har } = result;
  for (const [file, text] of [
    [args.junit, () => junitReport(result, verdict)],
    [args.json, () => jsonReport(result, verdict, replay)],
    [args.har, () => harReport(har ?? harFailure('the run returned no archive'))],
    [args.html, () => htmlReport(result, verdict)],
    [args.ctrf, () => ctrfReport(result, verdict)],
  ] as const) {
    if (!file) continue;
    try {
      writeReport(file, text());
    } catch (error) {
      err(`conformance: cannot write the report ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}\n`);
      return EXIT.usage;
    }
  }
  if (io.signal?.aborted) return io.signal.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  return verdict.failed ? EXIT.failed : EXIT.ok;
}

/**
 * The process around `main`: Ctrl-C handling, real stdout/stderr, and the exit once the output is flushed. Whatever
 * happens, the process ends with a message and a documented code: an error nobody caught, or an event loop that ran
 * empty while the run was still pending (Node's silent exit 13), is the suite failing (3).
 */
export async function runCli(argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const exit = (code: number) => process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
  const paths = reportPaths(argv);
  const failed = (why: string) => {
    // No profile secret is known here: anything JWT-shaped is still masked.
    const line = `the suite failed: ${createRedactor().text(why)}`;
    process.stderr.write(inertConsoleText(`conformance: ${line}\n${writeFailureReports(paths, line, EXIT.internal)}`));
    exit(EXIT.internal);
  };
  process.on('uncaughtException', (error) => failed(error.message));
  process.on('unhandledRejection', (reason) => failed(String((reason as Error)?.message ?? reason)));
  process.on('beforeExit', () => failed('the run stopped without finishing (nothing left to wait for)'));
  const controller = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal does not wait for the clean-up.
      if (controller.signal.aborted) {
        const code = signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
        const line = 'stopped by a second signal before the clean-up finished';
        process.stderr.write(`conformance: ${line}\n${writeFailureReports(paths, line, code)}`);
        process.exit(code);
      }
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
