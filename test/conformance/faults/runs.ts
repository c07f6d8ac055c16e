// Test helper: whole runs of the suite against the sandbox, its fault variants and its choice servers, in process,
// over HTTP and from the CLI (docs/conformance.md, "How we know every check can fail" and "What the suite does not
// assume"), and the verdicts they must give. Shared by faults.test.ts, choices.test.ts and choices-drawn.test.ts,
// which Vitest runs side by side, one per core.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { RuleResult, RunResult } from '../../../conformance/engine/result.js';
import { loadProfile, type Profile } from '../../../conformance/profile.js';
import { RULES } from '../../../conformance/rules.js';
import { runConformance } from '../../../conformance/run-conformance.js';
import type { FetchHandler } from '../../../contract/http.js';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { cliEnv } from '../../support/cli-process.js';
import { KEPT_ALIVE_MS } from '../../support/kept-alive.js';
import { lanes } from '../../support/lanes.js';
import { HANG_MS, RUN_BOUNDS } from '../../support/waiting.js';
import { DEMO_PROFILE } from '../fixtures/profile.js';
import type { Choice } from './choices.js';
import type { FaultVariant } from './wrap.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs side by side in one file: a run mostly waits for its sandbox, and the machine has two cores. */
const LANES = 2;
/** In-process runs: nothing listens here, every request goes to the handler. */
export const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';
/** Queues `run` on a lane, so that no more than LANES runs go at once. */
export const inLane = lanes(LANES);

// A test's time includes the runs queued before it in its lane (Vitest starts at most 5 concurrent tests, so at most 4),
// each bounded by RUN_BOUNDS; a test's third run (the CLI's) comes after two of its own.
export const TIMEOUT = { timeout: 7 * RUN_BOUNDS.totalTimeoutMs };

/**
 * Runs the suite (or the named rules) in process against this handler. `preflight: false` lets a fault that breaks the
 * login or the company list reach the rules that judge it, where the CLI would stop at the preflight.
 */
export function runAgainst(
  lane: number,
  fetch: FetchHandler,
  only: string[] = [],
  preflight = true,
): Promise<RunResult> {
  return inLane(lane, () =>
    runConformance({
      profile: loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL),
      target: fetch,
      only,
      preflight,
      ...RUN_BOUNDS,
    }),
  );
}

/** Runs the named rules in process, without the preflight, against the sandbox or the sandbox behind a fault. */
export const runRules = (fault: FaultVariant | undefined, only: string[]): Promise<RunResult> => {
  const inner = createSandbox().fetch;
  return runConformance({
    target: fault ? fault.wrap(inner) : inner,
    profile: DEMO_PROFILE,
    only,
    preflight: false,
    ...RUN_BOUNDS,
  });
};

/** Starts the sandbox with this handler on a free port and runs the whole suite against it over real HTTP. */
export function runOverHttp(lane: number, fetch: FetchHandler): Promise<RunResult> {
  return inLane(lane, async () => {
    // The keep-alive of a hang, not the default 5 s (test/support/kept-alive.ts): the run and the server share this
    // worker's event loop, and a loaded machine stalls it past 5 s; on waking, Node runs the server's idle timer before
    // it reads the request waiting on the socket, and closes it under the run (ECONNRESET).
    const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
    try {
      const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
      return await runConformance({ target: profile.baseUrl, profile, ...RUN_BOUNDS });
    } finally {
      await server.close();
    }
  });
}

/**
 * The rules to run for a fault. A rule judged over exchanges selected alone runs every check file; CONV-01 (the
 * smallest file, with a 2xx and a 4xx) gives it exchanges to judge at a fraction of the cost.
 */
export function scope(rules: string[]): string[] {
  const alone = rules.every((id) => RULES.find((r) => r.id === id)?.overExchanges);
  return alone ? [...rules, 'CONV-01', 'CONV-04'] : rules;
}

export const failedRules = (result: RunResult): string[] =>
  result.rules.filter((r) => r.outcome === 'FAIL').map((r) => r.id);

/**
 * The rules of a result that did not pass, as `ID OUTCOME: reason`, with the first check that did not pass and why (a
 * rule's own reason only counts its checks), for a failure that says what went wrong.
 */
export const notPassing = (rules: readonly RuleResult[]): string[] =>
  rules
    .filter((r) => r.outcome !== 'PASS')
    .map((r) => {
      const check = r.checks.find((c) => c.outcome !== 'PASS');
      return `${r.id} ${r.outcome}: ${r.reason}${check ? ` (${check.name}: ${String(check.reason).slice(0, 300)})` : ''}`;
    });

/**
 * What a server making `choice` may get: no MUST rule fails or stays unverified, a SHOULD rule fails or stays unverified
 * only where the choice departs from the contract's decision it holds, and a rule is skipped only where the choice
 * leaves it nothing to judge. Everything else passes, as against the sandbox.
 */
export function expectFair(result: RunResult, choice: Choice): void {
  const departs = new Set(choice.departs ?? []);
  const unjudged = new Set(choice.unjudged ?? []);
  const unfair = result.rules.filter((r) =>
    r.outcome === 'SKIP' ? !unjudged.has(r.id) : r.outcome !== 'PASS' && (r.level === 'MUST' || !departs.has(r.id)),
  );
  expect(notPassing(unfair)).toEqual([]);
  for (const id of departs) expect(RULES.find((r) => r.id === id)?.level, `${id} is a SHOULD rule`).toBe('SHOULD');
}

/** The profile of the sandbox, as `choice` needs it (its ids, its vocabularies), for a target at `baseUrl`. */
export const profileFor = (choice: Choice, baseUrl: string): Profile => {
  const profile = loadProfile('conformance/targets/sandbox.json', {}, baseUrl);
  return choice.profile ? choice.profile(profile) : profile;
};

/** Runs the whole suite against the choice's server, in process or over HTTP. */
export function runChoice(
  lane: number,
  choice: Choice,
  door: 'in process' | 'over HTTP',
  settings: { maxExamples?: number } = {},
): Promise<RunResult> {
  if (door === 'in process') {
    return inLane(lane, () =>
      runConformance({
        target: choice.wrap(createSandbox().fetch),
        profile: profileFor(choice, IN_PROCESS_BASE_URL),
        ...settings,
        ...RUN_BOUNDS,
      }),
    );
  }
  return inLane(lane, async () => {
    // As in runOverHttp: a keep-alive that only a hang outlasts.
    const server = await startSandboxServer({
      port: 0,
      fetch: choice.wrap(createSandbox().fetch),
      keepAliveTimeoutMs: KEPT_ALIVE_MS,
    });
    try {
      return await runConformance({
        target: server.baseUrl,
        profile: profileFor(choice, server.baseUrl),
        ...settings,
        ...RUN_BOUNDS,
      });
    } finally {
      await server.close();
    }
  });
}

/** Runs the CLI against `baseUrl` with the profile in CONFORMANCE_* variables; its exit code and its JSON report. */
export async function runCli(
  profile: Profile,
): Promise<{ code: number | null; rules: { id: string; outcome: string }[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-choices-'));
  try {
    const report = join(dir, 'report.json');
    const env = cliEnv({
      CONFORMANCE_BASE_URL: profile.baseUrl,
      CONFORMANCE_CAPTCHA_TOKEN: profile.captchaToken,
      CONFORMANCE_MEMBER_USERNAME: profile.accounts.member.username,
      CONFORMANCE_MEMBER_PASSWORD: profile.accounts.member.password,
      CONFORMANCE_OUTSIDER_USERNAME: profile.accounts.outsider.username,
      CONFORMANCE_OUTSIDER_PASSWORD: profile.accounts.outsider.password,
      CONFORMANCE_COMPANY_ID: String(profile.companyId),
      CONFORMANCE_BOARD_ID: String(profile.boardId),
      ...(profile.boardWithoutTodoColumnId === undefined
        ? {}
        : { CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID: String(profile.boardWithoutTodoColumnId) }),
      ...(profile.severity === undefined ? {} : { CONFORMANCE_SEVERITY: profile.severity }),
      ...(profile.priority === undefined ? {} : { CONFORMANCE_PRIORITY: profile.priority }),
    });
    const code = await new Promise<number | null>((resolve) => {
      const bounds = ['--timeout', String(RUN_BOUNDS.timeoutMs), '--total-timeout', String(RUN_BOUNDS.totalTimeoutMs)];
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'conformance/cli/main.ts', '--json', report, ...bounds],
        {
          cwd: ROOT,
          env,
          stdio: 'ignore',
        },
      );
      // The CLI stops itself at its total timeout; past that and its clean-up, it hangs.
      const watchdog = setTimeout(() => child.kill('SIGKILL'), RUN_BOUNDS.totalTimeoutMs + 2 * HANG_MS);
      child.once('exit', (exit) => {
        clearTimeout(watchdog);
        resolve(exit);
      });
    });
    return { code, rules: (JSON.parse(readFileSync(report, 'utf8')) as { rules: RuleResult[] }).rules };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const verdict = (rules: readonly { id: string; outcome: string }[]): string[] =>
  rules.map((r) => `${r.id} ${r.outcome}`);
