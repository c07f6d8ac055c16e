// Runs the conformance checks against a target with vitest's Node API and builds the report (issue 3 §3, §4, §6).
// `runConformance` is what the CLI and the bench call.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createVitest, type Vitest } from 'vitest/node';
import { loadContract } from '../contract/openapi.js';
import type { RunContext } from './context.js';
import { coverageOf } from './coverage.js';
import { DEFAULT_TIMEOUT_MS, DEFAULT_TOTAL_TIMEOUT_MS } from './defaults.js';
import { type ExchangeRecord, STOP_FILE } from './exchange.js';
import { type Profile, profileSecrets } from './profile.js';
import { createRedactor, type Redactor } from './redact.js';
import { type CollectingReporter, createReporter } from './reporter.js';
import { type CheckResult, judgeRules, type RunResult, stepLine } from './results.js';
import { type Area, RULES, selectRules } from './rules.js';
import { readJsonLines, sweep } from './sweep.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CHECKS_DIR = join(ROOT, 'conformance', 'checks');

/** Check files run side by side: they mostly wait for the target. */
const MAX_WORKERS = 4;
/** Far above what a check needs: the per-request timeout and the overall bound are what stop a slow target. */
const CHECK_TIMEOUT_MS = 600_000;

export interface ConformanceOptions {
  profile: Profile;
  /** Rule IDs, areas or ID prefixes (`--only`); every rule when absent or empty. */
  only?: readonly string[];
  /** Skip every check that writes (`--read-only`). */
  readOnly?: boolean;
  /** Send registration requests (default true; `--no-register` turns it off). */
  register?: boolean;
  /** Per request, in ms. */
  timeoutMs?: number;
  /** For the whole run, in ms: what has not finished by then fails. */
  totalTimeoutMs?: number;
  /** Seed of the generated cases (`--seed`). */
  seed?: number;
  /** Requests per operation and polarity in the generated cases (`--max-examples`). */
  maxExamples?: number;
  /** Receives progress text while the run goes on. */
  progress?: (text: string) => void;
  /** Aborting it (Ctrl-C) stops the run, cleans up and reports what ran. */
  signal?: AbortSignal;
}

/** The target did not answer at all: nothing can be checked. */
export class TargetUnreachableError extends Error {
  override readonly name = 'TargetUnreachableError';
}

/** Unknown `--only` items. */
export class SelectionError extends Error {
  override readonly name = 'SelectionError';
}

/**
 * One unauthenticated GET /member/me/: any HTTP answer means the target is up. Returns a hint when the answer
 * suggests a wrong base URL.
 */
export async function checkReachable(baseUrl: string, timeoutMs: number): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(`${baseUrl}/member/me/`, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    await response.arrayBuffer();
  } catch (error) {
    const cause = (error as Error).cause as { code?: string } | undefined;
    const why =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? (error as Error).message);
    throw new TargetUnreachableError(`the target ${baseUrl} is unreachable: ${why}`);
  }
  if (response.status === 404) {
    return `GET ${baseUrl}/member/me/ answered 404: is the base URL the REST base address (ending in /api)?`;
  }
  return undefined;
}

/** The area a check file covers, from its name: `qa-sessions.check.ts` → `qa`. */
const fileArea = (file: string): string =>
  basename(file)
    .replace(/\.check\.ts$/, '')
    .split('-')[0] as string;

function checkFiles(): string[] {
  return readdirSync(CHECKS_DIR)
    .filter((f) => f.endsWith('.check.ts'))
    .sort()
    .map((f) => join(CHECKS_DIR, f));
}

/**
 * Rules to run and files to load for a selection. Rules judged over exchanges need other checks to send requests:
 * selected alone, every check runs and only they are reported.
 */
function plan(selected: ReadonlySet<string>): { execute: Set<string>; files: string[] } {
  const own = RULES.filter((r) => selected.has(r.id) && !r.overExchanges);
  if (own.length === 0) return { execute: new Set(RULES.map((r) => r.id)), files: checkFiles() };
  const areas = new Set(own.map((r) => r.area));
  const execute = new Set([...selected, ...RULES.filter((r) => r.overExchanges).map((r) => r.id)]);
  return { execute, files: checkFiles().filter((f) => areas.has(fileArea(f) as Area)) };
}

function readExchanges(runDir: string): ExchangeRecord[] {
  return readdirSync(runDir)
    .filter((f) => f.startsWith('exchanges-'))
    .flatMap((name) => readJsonLines<ExchangeRecord>(join(runDir, name)));
}

/** A last pass over everything the report holds: no profile secret and nothing JWT-shaped survives. */
function scrub<T>(value: T, redactor: Redactor): T {
  return redactor.json(value) as T;
}

const noOutput = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

export interface ConformanceRunner {
  /** One run against one target; runs are sequential. */
  run(options: ConformanceOptions): Promise<RunResult>;
  close(): Promise<void>;
}

/**
 * A vitest instance kept for several runs (the fault proof runs the suite once per fault): its start-up is paid once.
 */
export async function createConformanceRunner(): Promise<ConformanceRunner> {
  const reporter = createReporter();
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const before = new Map(signals.map((s) => [s, new Set(process.listeners(s))]));
  const vitest = await createVitest(
    'test',
    {
      root: ROOT,
      config: false,
      watch: false,
      include: ['conformance/checks/*.check.ts'],
      reporters: [reporter],
      pool: 'threads',
      // Check files keep their state in their own module; sharing the loaded client, contract and compiled schemas
      // between the files of a worker halves the time of a run.
      isolate: false,
      maxWorkers: MAX_WORKERS,
      testTimeout: CHECK_TIMEOUT_MS,
      hookTimeout: CHECK_TIMEOUT_MS,
      silent: true,
      cache: false,
      passWithNoTests: true,
    },
    { logLevel: 'silent', clearScreen: false },
    { stdout: noOutput(), stderr: noOutput() },
  );
  // Vitest's logger exits the process on Ctrl-C. A conformance run must first stop and delete what it created: the
  // caller passes an AbortSignal for that (runCli does), so vitest's handlers go.
  for (const s of signals) {
    for (const listener of process.listeners(s)) if (!before.get(s)?.has(listener)) process.off(s, listener);
  }
  return {
    run: (options) => runOnce(vitest, reporter, options),
    close: () => vitest.close(),
  };
}

/** Runs the suite once: start-up, run, clean-up and report. What the CLI and the bench call. */
export async function runConformance(options: ConformanceOptions): Promise<RunResult> {
  const exitCode = process.exitCode;
  const runner = await createConformanceRunner();
  try {
    return await runner.run(options);
  } finally {
    await runner.close();
    process.exitCode = exitCode;
  }
}

async function runOnce(vitest: Vitest, reporter: CollectingReporter, options: ConformanceOptions): Promise<RunResult> {
  const started = Date.now();
  const { profile } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const totalTimeoutMs = options.totalTimeoutMs ?? DEFAULT_TOTAL_TIMEOUT_MS;
  const progress = options.progress ?? (() => undefined);
  const { selected, unknown } = selectRules(options.only?.length ? options.only : RULES.map((r) => r.id));
  if (unknown.length > 0) throw new SelectionError(`--only names no rule or area: ${unknown.join(', ')}`);

  const hint = await checkReachable(profile.baseUrl, timeoutMs);
  if (hint) progress(`warning: ${hint}\n`);

  const marker = `cf${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const runDir = mkdtempSync(join(tmpdir(), 'conformance-'));
  const { execute, files } = plan(selected);
  const context: RunContext = {
    profile,
    marker,
    runDir,
    selected: [...execute],
    readOnly: options.readOnly ?? false,
    register: (options.register ?? true) && !options.readOnly,
    timeoutMs,
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.maxExamples === undefined ? {} : { maxExamples: options.maxExamples }),
  };
  const problems: string[] = [];
  let stopReason: string | undefined;
  let runnerError: Error | undefined;

  reporter.begin(progress);
  vitest.getRootProject().provide('conformance', context);
  const stop = (reason: string) => {
    if (stopReason) return;
    stopReason = reason;
    // Cancelling lets the running checks finish; the flag makes their next request fail at once (recorder.ts), so the
    // overall bound holds for a check that would page or probe on.
    writeFileSync(join(runDir, STOP_FILE), reason);
    progress(`stopping: ${reason}\n`);
    void vitest.cancelCurrentRun('keyboard-input');
  };
  const timer = setTimeout(() => stop(`the overall bound of ${totalTimeoutMs} ms was reached`), totalTimeoutMs);
  const onAbort = () => stop('interrupted');
  options.signal?.addEventListener('abort', onAbort);
  if (options.signal?.aborted) onAbort();
  try {
    // A cancelled run still waits for the running checks; they end within their per-request timeouts.
    if (!stopReason) await vitest.runTestSpecifications(await vitest.globTestSpecifications(files), false);
  } catch (error) {
    runnerError = error as Error;
    problems.push(`the check runner failed: ${runnerError.message}`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }

  const records = existsSync(runDir) ? readExchanges(runDir) : [];
  const byId = new Map(records.map((r) => [r.id, r]));
  const checks: CheckResult[] = reporter.checks().map((c) => {
    // A check skipped for a reason of its own stays skipped; one the stopped run never reached failed.
    const outcome =
      c.state === 'passed' ? 'PASS' : c.state === 'skipped' && (c.skippedOnPurpose || !stopReason) ? 'SKIP' : 'FAIL';
    let reason = c.reason;
    if (outcome === 'FAIL' && c.state !== 'failed') reason = `did not finish: ${stopReason}`;
    let exchanges = c.exchangeIds.flatMap((id) => byId.get(id) ?? []);
    if (outcome === 'FAIL' && exchanges.length === 0) {
      const last = records.filter((r) => r.file === c.file && r.test === c.name).at(-1);
      exchanges = last ? [last] : [];
    }
    // The steps are worth showing when there is more than the exchange shown in full.
    const steps = c.stepIds.flatMap((id) => byId.get(id) ?? []);
    return {
      rule: c.rule,
      name: c.name,
      file: c.file,
      outcome,
      ...(reason ? { reason } : {}),
      exchanges,
      ...(outcome === 'FAIL' && steps.length > 1
        ? { steps: steps.map((r) => `${c.exchangeIds.includes(r.id) ? '▶' : ' '} ${stepLine(r)}`) }
        : {}),
      ms: c.ms,
    };
  });
  problems.push(...reporter.problems());
  if (stopReason) problems.push(`the run stopped early: ${stopReason}`);

  const cleanup = context.readOnly
    ? { leftBehind: [], problems: [] }
    : await sweep({ profile, marker, runDir, timeoutMs });
  problems.push(...cleanup.problems);
  rmSync(runDir, { recursive: true, force: true });
  if (runnerError && checks.length === 0) throw new Error(`the check runner failed: ${runnerError.message}`);

  const rules = judgeRules(checks, selected, stopReason);
  const result: RunResult = {
    baseUrl: profile.baseUrl,
    marker,
    startedAt: new Date(started).toISOString(),
    wallMs: Date.now() - started,
    rules,
    passed: rules.filter((r) => r.outcome === 'PASS').length,
    failed: rules.filter((r) => r.outcome === 'FAIL').length,
    skipped: rules.filter((r) => r.outcome === 'SKIP').length,
    mustFailed: rules.some((r) => r.outcome === 'FAIL' && r.level === 'MUST'),
    coverage: coverageOf(loadContract(), records),
    exchanges: records.length,
    problems,
    // A token's key as the checks' redactor saw it: the final scrub below knows the profile's secrets only.
    leftBehind: cleanup.leftBehind.map((e) => (e.kind === 'token' && e.shownKey ? { ...e, key: e.shownKey } : e)),
  };
  return scrub(result, createRedactor(profileSecrets(profile)));
}
