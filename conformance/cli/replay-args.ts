// The arguments of `task-conformance replay` (docs/conformance.md, "Replaying a failure"), parsed with node:util
// parseArgs; a bad one gets a message naming what to correct.
import { parseArgs } from 'node:util';
import { ArgsError, needValues, parsedOrArgsError, portFlag, wholeNumber } from './args.js';

export interface ReplayArgs {
  help: boolean;
  /** The --json report of the run whose failures to replay. */
  report?: string;
  /** Only this rule's failed checks (`--rule`). */
  rule?: string;
  /** Only this check of the rule, 1-based in the report's order (`--check`; needs --rule). */
  check?: number;
  /** The profile file, as for a run (`--target`). */
  target?: string;
  /** Another base URL than the report's (`--base-url`). */
  baseUrl?: string;
  /** Replaces the port of the base URL (`--port`). */
  port?: number;
}

/** The one line the suite's own --help gives replay. */
export const REPLAY_LINE =
  'Replay the failed checks of a --json report: task-conformance replay <report.json> [--rule ID] [--check N] (--help for more)';

export const REPLAY_USAGE = `Usage: task-conformance replay <report.json> [--rule <ID>] [--check <n>] [options]
       (in a clone of the kit: npm run conformance -- replay <report.json> [options])

Runs the failed checks of a report written with --json again, with their set-up and fresh objects, the same seed and
options as the report's run, and says check by check whether each is fixed or still failing. Each failure in the
report (its "replay" field, and the console's "replay:" line) names the exact command.

Options:
  --rule <ID>             only the failed checks of this rule (e.g. AUTH-03)
  --check <n>             only the n-th check of --rule, counted from 1 in the report's order (needs --rule)
  --target <file>         the target profile (the accounts), as for a run; CONFORMANCE_* variables apply as for a run
  --base-url <url>        replay against this base URL, ending in /api, in place of the report's
  --port <n>              replaces the port of the base URL (after every other override)
  -h, --help              this text

The target: --base-url, else CONFORMANCE_BASE_URL, else the baseUrl of a --target profile other than the report's run's,
else the report's baseUrl; then --port.

Exit codes: 0 every replayed check is fixed (or the report has no failed check); 1 a check still fails, or could not be
judged (not verified, skipped); 2 bad arguments, a missing or unreadable report, a rule or check the report has no
failure for, bad profile or unreachable target; 3 the suite itself failed.`;

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      rule: { type: 'string' },
      check: { type: 'string' },
      target: { type: 'string' },
      'base-url': { type: 'string' },
      port: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}

export function parseReplayArgs(argv: readonly string[]): ReplayArgs {
  const parsed = parsedOrArgsError(() => parse(argv));
  const v = parsed.values;
  if (v.help) return { help: true };
  const [report, extra] = parsed.positionals;
  if (report === undefined || report.trim() === '') {
    throw new ArgsError('replay needs the report: task-conformance replay <report.json> (a file written with --json)');
  }
  if (extra !== undefined) throw new ArgsError(`unexpected argument ${JSON.stringify(extra)}: replay takes one report`);
  needValues(v, ['rule', 'target', 'base-url']);
  let check: number | undefined;
  if (v.check !== undefined) {
    if (v.rule === undefined) throw new ArgsError('--check needs --rule: the check is counted within a rule');
    check = wholeNumber('--check', v.check, 1, undefined, 'the check of --rule, as the report counts them');
  }
  const port = v.port === undefined ? undefined : portFlag(v.port);
  return {
    help: false,
    report,
    ...(v.rule === undefined ? {} : { rule: v.rule.trim().toUpperCase() }),
    ...(check === undefined ? {} : { check }),
    ...(v.target === undefined ? {} : { target: v.target }),
    ...(v['base-url'] === undefined ? {} : { baseUrl: v['base-url'] }),
    ...(port === undefined ? {} : { port }),
  };
}
