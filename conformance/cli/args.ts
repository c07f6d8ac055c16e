// The conformance CLI's arguments (docs/conformance.md, "Flags"), parsed with node:util parseArgs; bad ones get a
// message naming the flag.
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_EXAMPLES, DEFAULT_SEED } from '../cases/generation-defaults.js';
import { redirectOrigins } from '../engine/redirect-origins.js';
import { DEFAULT_TIMEOUT_MS, DEFAULT_TOTAL_TIMEOUT_MS } from '../engine/time-bounds.js';

export interface CliArgs {
  help: boolean;
  version: boolean;
  target?: string;
  baseUrl?: string;
  /** Replaces the port of the profile's base URL (`--port`). */
  port?: number;
  only: string[];
  /** Rules not to run (`--skip`), the same forms as `only`. */
  skip: string[];
  readOnly: boolean;
  register: boolean;
  junit?: string;
  json?: string;
  timeoutMs: number;
  totalTimeoutMs: number;
  /** fast-check's seed for the generated cases. */
  seed: number;
  /** Valid and broken requests per operation in the generated cases. */
  maxExamples: number;
  quiet: boolean;
  /** False with --no-preflight: the profile is not confirmed before the rules run. */
  preflight: boolean;
  /** SHOULD rules and an incomplete clean-up count like MUST rules: each fails the run (`--strict`). */
  strict: boolean;
  /** Operations declared missing (`missingOperations`) fail the run (`--require-all`; `--strict` implies it). */
  requireAll: boolean;
  /** Where to write every exchange as an HTTP Archive (`--har`). */
  har?: string;
  /** The least share of declared responses, in percent, that the run must exercise (`--min-coverage`). */
  minCoverage?: number;
  /** Where to write the self-contained HTML report (`--html`). */
  html?: string;
  /** Where to write the CTRF report (`--ctrf`). */
  ctrf?: string;
  /** `--format`: `github` writes annotations and the job summary; absent means `github` under GitHub Actions. */
  format?: OutputFormat;
  /** Origins besides the target's that a read may follow a redirect to (`--follow-redirects-to`). */
  followRedirectsTo: string[];
}

/** The console's output formats (`--format`): GitHub Actions workflow commands on top of the report, or not. */
export const FORMATS = ['github', 'console'] as const;
export type OutputFormat = (typeof FORMATS)[number];

export class ArgsError extends Error {
  override readonly name = 'ArgsError';
}

export const USAGE = `Usage: task-conformance [--target <profile.json>] [options]
       (in a clone of the kit: npm run conformance -- [--target <profile.json>] [options])

Runs the conformance suite against a server and reports, rule by rule, where it departs from the contract.

Options:
  --target <file>         target profile (JSON; its fields: README.md of @task-management/conformance, or
                          docs/conformance.md in a clone). Optional when CONFORMANCE_* environment variables supply
                          every value.
  --base-url <url>        REST base address, ending in /api (overrides the profile and CONFORMANCE_BASE_URL)
  --port <n>              replaces the port of the base address (after every other override)
  --only <ids|areas>      run only these rules: IDs (AUTH-03), areas (auth, login, tokens, access, envelope,
                          conventions, lists, qa, generated, contract) or ID prefixes (AUTH); comma-separated, repeatable
  --skip <ids|areas>      do not run these rules (the same forms as --only)
  --read-only             skip every check that creates, changes or deletes data (for shared environments)
  --no-register           send no registration request (registration leaves an account behind)
  --junit <file>          write a JUnit XML report
  --json <file>           write a JSON report
  --har <file>            write every HTTP exchange of the checks as an HTTP Archive (HAR 1.2), secrets masked
  --html <file>           write a self-contained HTML report (every rule, check, exchange and curl line, secrets
                          masked; it makes no network request: open it from disk)
  --ctrf <file>           write a CTRF report (Common Test Report Format, JSON; one test per check)
  --format <github|console>
                          github: also print a GitHub Actions annotation per failed rule (an error per MUST rule, a
                          warning per SHOULD rule) and append a job summary (Markdown) to the file GITHUB_STEP_SUMMARY
                          names; console: neither. Default: github when GITHUB_ACTIONS=true, else console
  --strict                SHOULD rules count like MUST rules: a failed or not-verified one fails the run (exit 1)
                          and is a <failure>/<error> in --junit (by default a failed SHOULD check is a warning there);
                          so does an incomplete clean-up (something it could delete left behind, a list not searched)
                          and any operation declared missing (as --require-all)
  --require-all           fail the run (exit 1) when the profile declares operations missing (missingOperations,
                          CONFORMANCE_MISSING_OPERATIONS): for a finished server's CI
  --min-coverage <n>      fail the run (exit 1) when less than n % (0-100) of the responses openapi.yaml declares
                          (operation x status) were exercised; a partial run (--only) exercises fewer
  --follow-redirects-to <origins>
                          comma-separated origins (https://auth.example.com) besides the target's that a GET may
                          follow a redirect to, sent without its credentials; repeatable. By default a GET follows
                          redirects within the target's origin only and a write follows none: a redirect not followed
                          is reported as the server's answer (its status and Location)
  --timeout <ms>          per request (default ${DEFAULT_TIMEOUT_MS})
  --total-timeout <ms>    for the whole run (default ${DEFAULT_TOTAL_TIMEOUT_MS})
  --seed <n>              seed of the generated cases (area generated); the same seed sends the same requests
                          (default ${DEFAULT_SEED})
  --max-examples <n>      valid and broken requests per operation in the generated cases (default ${DEFAULT_MAX_EXAMPLES})
  --quiet                 no progress lines
  --no-preflight          skip the preflight that confirms both accounts, companyId and boardId before any rule runs
                          (for a stateless mock such as Prism, where every account sees everything)
  -h, --help              this text
  --version               the version

Environment:
  CONFORMANCE_*           the profile's values, over those of --target (the names: the README's profile section)
  GITHUB_ACTIONS          true (as GitHub Actions sets it): the output format is github unless --format says console
  GITHUB_STEP_SUMMARY     the file the github format appends the job summary to (none when unset)

Exit codes: 0 no MUST rule failed or is not verified (nor a SHOULD rule, nor the clean-up incomplete, with --strict;
nor an operation declared missing, with --require-all; a rule not applicable counts neither way)
and the coverage reached --min-coverage; 1 otherwise; 2 bad arguments, bad profile (or one the preflight finds the target refuses), unwritable
report or unreachable target; 3 the suite itself failed; 130 interrupted (Ctrl-C); 143 terminated (SIGTERM).`;

/**
 * A whole-number flag from `min` to `max` (no upper bound when `max` is Infinity), or a message naming the flag and
 * the bounds, with `hint` in brackets. The run's and the replay's flags (replay-args.ts) share it, so both say it alike.
 */
export function wholeNumber(
  flag: string,
  raw: string,
  min: number,
  max = Number.POSITIVE_INFINITY,
  hint?: string,
): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    const to = max === Number.POSITIVE_INFINITY ? '' : ` to ${max}`;
    throw new ArgsError(`${flag} must be a whole number from ${min}${to}${hint === undefined ? '' : ` (${hint})`}`);
  }
  return value;
}

/** The port that replaces the base URL's (`--port`, in a run and in a replay). */
export const portFlag = (raw: string): number => wholeNumber('--port', raw, 1, 65_535);

/** What node's parseArgs makes of argv; its own errors (an unknown flag, a missing value) become an ArgsError (exit 2). */
export function parsedOrArgsError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ArgsError((error as Error).message);
  }
}

/** Each of these string flags, when given, holds more than spaces; else a message naming the flag. */
export function needValues<K extends string>(values: Partial<Record<K, string>>, flags: readonly K[]): void {
  for (const flag of flags) {
    if (values[flag] !== undefined && values[flag].trim() === '') throw new ArgsError(`--${flag} needs a value`);
  }
}

/** An integer flag within bounds, its default when absent. */
function integer(flag: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  return raw === undefined ? fallback : wholeNumber(flag, raw, min, max);
}

/** A percentage from 0 to 100 (decimals allowed), or a message naming the flag. */
function percent(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw.trim()) || value > 100) throw new ArgsError(`${flag} must be a number from 0 to 100`);
  return value;
}

function format(raw: string): OutputFormat {
  const value = FORMATS.find((f) => f === raw.trim());
  if (!value) throw new ArgsError(`--format must be one of ${FORMATS.join(', ')}`);
  return value;
}

function positiveMs(flag: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ArgsError(`${flag} must be a positive number of milliseconds`);
  return Number(raw);
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  const parsed = parsedOrArgsError(() => parse(argv));
  const v = parsed.values;
  if (parsed.positionals.length > 0) {
    throw new ArgsError(`unexpected argument ${JSON.stringify(parsed.positionals[0])}; did you mean --target?`);
  }
  needValues(v, ['target', 'base-url', 'junit', 'json', 'har', 'html', 'ctrf']);
  const list = (values: string[] | undefined, flag: string): string[] => {
    const items = (values ?? [])
      .flatMap((o) => o.split(','))
      .map((o) => o.trim())
      .filter(Boolean);
    if (values && items.length === 0) throw new ArgsError(`${flag} needs at least one rule ID or area`);
    return items;
  };
  const followRedirectsTo = (v['follow-redirects-to'] ?? []).flatMap((o) => o.split(',')).map((o) => o.trim());
  if (v['follow-redirects-to'] && followRedirectsTo.some((o) => o === '')) {
    throw new ArgsError('--follow-redirects-to needs origins, comma-separated (https://auth.example.com)');
  }
  try {
    redirectOrigins(followRedirectsTo, '--follow-redirects-to');
  } catch (error) {
    throw new ArgsError((error as Error).message);
  }
  const only = list(v.only, '--only');
  const skip = list(v.skip, '--skip');
  return {
    help: v.help ?? false,
    version: v.version ?? false,
    ...(v.target === undefined ? {} : { target: v.target }),
    ...(v['base-url'] === undefined ? {} : { baseUrl: v['base-url'] }),
    ...(v.port === undefined ? {} : { port: portFlag(v.port) }),
    only,
    skip,
    readOnly: v['read-only'] ?? false,
    register: !(v['no-register'] ?? false),
    ...(v.junit === undefined ? {} : { junit: v.junit }),
    ...(v.json === undefined ? {} : { json: v.json }),
    timeoutMs: positiveMs('--timeout', v.timeout, DEFAULT_TIMEOUT_MS),
    totalTimeoutMs: positiveMs('--total-timeout', v['total-timeout'], DEFAULT_TOTAL_TIMEOUT_MS),
    seed: integer('--seed', v.seed, DEFAULT_SEED, 0, 2_147_483_647),
    maxExamples: integer('--max-examples', v['max-examples'], DEFAULT_MAX_EXAMPLES, 1, 10_000),
    quiet: v.quiet ?? false,
    preflight: !(v['no-preflight'] ?? false),
    strict: v.strict ?? false,
    requireAll: (v['require-all'] ?? false) || (v.strict ?? false),
    ...(v.har === undefined ? {} : { har: v.har }),
    ...(v['min-coverage'] === undefined ? {} : { minCoverage: percent('--min-coverage', v['min-coverage']) }),
    ...(v.html === undefined ? {} : { html: v.html }),
    ...(v.ctrf === undefined ? {} : { ctrf: v.ctrf }),
    ...(v.format === undefined ? {} : { format: format(v.format) }),
    followRedirectsTo,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: true,
    options: {
      target: { type: 'string' },
      'base-url': { type: 'string' },
      port: { type: 'string' },
      only: { type: 'string', multiple: true },
      skip: { type: 'string', multiple: true },
      'read-only': { type: 'boolean' },
      'no-register': { type: 'boolean' },
      junit: { type: 'string' },
      json: { type: 'string' },
      har: { type: 'string' },
      html: { type: 'string' },
      ctrf: { type: 'string' },
      format: { type: 'string' },
      strict: { type: 'boolean' },
      'require-all': { type: 'boolean' },
      'min-coverage': { type: 'string' },
      'follow-redirects-to': { type: 'string', multiple: true },
      timeout: { type: 'string' },
      'total-timeout': { type: 'string' },
      seed: { type: 'string' },
      'max-examples': { type: 'string' },
      quiet: { type: 'boolean' },
      'no-preflight': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean' },
    },
  });
}
