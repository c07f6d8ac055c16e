// runConformance, the suite's one entry point for code (docs/conformance.md, "In your Vitest suite" and "From a script"): the
// options checked before any rule runs, the target opened, the catalogue and the checks handed to the engine, the
// target closed. The CLI and the Vitest suite are users of this function.
import { CHECK_FILES, EXCHANGE_RULES } from './checks/index.js';
import type { EntryPoint } from './engine/entry-points.js';
import { OriginError, redirectOrigins } from './engine/redirect-origins.js';
import type { ProgressEvent, RunResult } from './engine/result.js';
import { maskedResult, runSuite } from './engine/run-suite.js';
import { send } from './engine/send.js';
import { DEFAULT_TIMEOUT_MS, DEFAULT_TOTAL_TIMEOUT_MS } from './engine/time-bounds.js';
import { type ProfileInput, profileFrom, profileSecrets } from './profile.js';
import { type HarLog, harOf } from './report/har.js';
import { RULES, selectRules } from './rules.js';
import { type OpenTarget, openTarget, type Target, TargetError } from './target.js';

export interface ConformanceOptions {
  /** A base URL, a fetch handler, a Node request listener or an http.Server (conformance/target.ts). */
  target: Target;
  /** The same fields as the CLI's profile file; `baseUrl` is optional for an in-process target. */
  profile: ProfileInput;
  /** Aborting it stops the run, cleans up what it created and resolves with what ran. */
  signal?: AbortSignal;
  /** Rule IDs, areas or ID prefixes to run (`--only`); every rule when absent or empty. */
  only?: readonly string[];
  /** Rule IDs, areas or ID prefixes not to run (`--skip`). */
  skip?: readonly string[];
  /** Receives each progress event (a check file finished, a warning, the run stopping). */
  onProgress?: (event: ProgressEvent) => void;
  /** Skip every check that writes (`--read-only`). */
  readOnly?: boolean;
  /** Send registration requests (default true; `--no-register`). */
  register?: boolean;
  /** Per request, in ms (default 10 000). */
  timeoutMs?: number;
  /** For the whole run, in ms (default 300 000): what has not finished by then fails. */
  totalTimeoutMs?: number;
  /** Seed of the generated cases (`--seed`). */
  seed?: number;
  /** Requests per operation and polarity in the generated cases (`--max-examples`). */
  maxExamples?: number;
  /** Confirm the profile before any rule runs (default true). */
  preflight?: boolean;
  /** Keep every exchange and return them as an HTTP Archive, secrets masked. */
  har?: boolean;
  /**
   * Origins (`https://auth.example.com`) besides the target's that a GET or HEAD may follow a redirect to, without its
   * credentials (`--follow-redirects-to`). By default a read follows redirects within the target's origin only; a write
   * never follows one.
   */
  followRedirectsTo?: readonly string[];
}

export interface ConformanceResult extends RunResult {
  /** How the suite reached the target. */
  target: OpenTarget['kind'];
  /** Every exchange of the checks as an HTTP Archive, when asked for (`har: true`). */
  har?: HarLog;
}

/** An option that cannot be used (a mistyped value, an unknown rule in `only`); the message names the option. */
export class OptionsError extends Error {
  override readonly name = 'OptionsError';
}

const OPTION_KINDS: Record<
  keyof ConformanceOptions,
  'any' | 'signal' | 'list' | 'origins' | 'function' | 'boolean' | 'count'
> = {
  target: 'any',
  profile: 'any',
  signal: 'signal',
  only: 'list',
  skip: 'list',
  onProgress: 'function',
  readOnly: 'boolean',
  register: 'boolean',
  timeoutMs: 'count',
  totalTimeoutMs: 'count',
  seed: 'count',
  maxExamples: 'count',
  preflight: 'boolean',
  har: 'boolean',
  followRedirectsTo: 'origins',
};

const KIND_TEXT = {
  signal: 'an AbortSignal',
  list: 'an array of rule IDs, areas or ID prefixes',
  origins: 'an array of origins (https://auth.example.com)',
  function: 'a function',
  boolean: 'true or false',
  count: 'a non-negative integer',
} as const;

function checkOptions(options: unknown): asserts options is ConformanceOptions {
  if (typeof options !== 'object' || options === null) {
    throw new OptionsError('runConformance takes one object: { target, profile, … }');
  }
  for (const [key, value] of Object.entries(options)) {
    const kind = OPTION_KINDS[key as keyof ConformanceOptions];
    if (!kind) throw new OptionsError(`${key} is not an option (the options: ${Object.keys(OPTION_KINDS).join(', ')})`);
    if (value === undefined || kind === 'any') continue;
    const fits =
      kind === 'signal'
        ? value instanceof AbortSignal
        : kind === 'list' || kind === 'origins'
          ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : kind === 'function'
            ? typeof value === 'function'
            : kind === 'boolean'
              ? typeof value === 'boolean'
              : Number.isSafeInteger(value) && (value as number) >= 0;
    if (!fits) throw new OptionsError(`${key} must be ${KIND_TEXT[kind]}`);
  }
  if (!('target' in options) || (options as { target?: unknown }).target === undefined) {
    throw new OptionsError(
      'target is required: a base URL, a fetch handler, a Node request listener or an http.Server',
    );
  }
}

/**
 * The rules a run reports: `only` (or all), less `skip`. Throws an OptionsError naming the option as the entry point spells
 * it (`--only` in the CLI, `only` in code).
 */
export function selection(
  only: readonly string[] | undefined,
  skip: readonly string[] | undefined,
  door: EntryPoint = 'code',
): Set<string> {
  const chosen = selectRules(only?.length ? only : RULES.map((r) => r.id));
  const left = selectRules(skip ?? []);
  const named = (option: string) => (door === 'cli' ? `--${option}` : option);
  for (const [option, unknown] of [
    ['only', chosen.unknown],
    ['skip', left.unknown],
  ] as const) {
    if (unknown.length > 0) throw new OptionsError(`${named(option)} names no rule or area: ${unknown.join(', ')}`);
  }
  const selected = new Set([...chosen.selected].filter((id) => !left.selected.has(id)));
  if (selected.size === 0) throw new OptionsError(`${named('only')} and ${named('skip')} leave no rule to run`);
  return selected;
}

/** The origins a read may be redirected to besides the target's; an OptionsError names the option as the door spells it. */
export function followedOrigins(values: readonly string[] | undefined, door: EntryPoint = 'code'): string[] {
  try {
    return redirectOrigins(values ?? [], door === 'cli' ? '--follow-redirects-to' : 'followRedirectsTo');
  } catch (error) {
    if (error instanceof OriginError) throw new OptionsError(error.message);
    throw error;
  }
}

/**
 * An in-process target must answer the reachability probe without throwing: a listener or handler that throws on
 * GET /member/me/ would fail every rule for one reason, which is better said once.
 */
async function probeInProcess(target: OpenTarget, timeoutMs: number): Promise<void> {
  if (target.kind === 'url') return;
  try {
    await send(target.fetch, new Request(`${target.baseUrl}/member/me/`), { timeoutMs });
  } catch {
    // No answer in time: the engine's own probe says so.
  }
  const [first] = target.thrown();
  if (first)
    throw new TargetError(
      `${first.message} (answering ${first.request}): ${first.fix ?? 'fix the app, or pass another target'}`,
    );
}

/** Runs the suite once against the target; see ConformanceOptions. Throws before any rule runs on bad options. */
export function runConformance(options: ConformanceOptions): Promise<ConformanceResult> {
  return runThrough('code', options);
}

/** `runConformance` for the CLI and describeConformance: hints in messages and reports name what the entry point `door` offers. */
export async function runThrough(door: EntryPoint, options: ConformanceOptions): Promise<ConformanceResult> {
  checkOptions(options);
  const selected = selection(options.only, options.skip, door);
  const followRedirectsTo = followedOrigins(options.followRedirectsTo, door);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // A profile error names profile fields; the base URL is the target's, for any kind of target.
  const target = await openTarget(options.target, options.profile?.baseUrl);
  try {
    const profile = profileFrom(options.profile, target.baseUrl);
    // The target decides where requests go; the profile's base URL only lends its path to an in-process target.
    profile.baseUrl = target.baseUrl;
    await probeInProcess(target, timeoutMs);
    const run = await runSuite({
      door,
      rules: RULES,
      files: CHECK_FILES,
      exchangeRules: EXCHANGE_RULES,
      selected,
      profile,
      fetch: target.fetch,
      secrets: profileSecrets(profile),
      readOnly: options.readOnly ?? false,
      register: (options.register ?? true) && !options.readOnly,
      timeoutMs,
      totalTimeoutMs: options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
      ...(options.maxExamples === undefined ? {} : { maxExamples: options.maxExamples }),
      preflight: options.preflight ?? true,
      keepWire: options.har ?? false,
      followRedirectsTo,
      onProgress: options.onProgress ?? (() => undefined),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const problems = target.thrown().map((t) => `${t.message} (answering ${t.request})`);
    const result: ConformanceResult = {
      ...run.result,
      target: target.kind,
      problems: [...run.result.problems, ...problems],
      ...(options.har ? { har: harOf(run.answers, run.redactor) } : {}),
    };
    return maskedResult(result, run.redactor);
  } finally {
    await target.close();
  }
}
