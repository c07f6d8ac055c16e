// Proof that every check can fail and that none fails a server for a choice the source leaves open (docs/conformance.md,
// "How we know every check can fail" and "What the suite does not assume"): the suite passes 100% against the sandbox,
// each fault variant of the sandbox (a wrapper outside its core) makes the suite fail with the rule IDs it names as
// `breaks`, and each choice server (faults/choices.ts), alone and all at once, fails no MUST rule through any door.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RuleResult, RunResult } from '../../conformance/engine/result.js';
import { loadProfile, type Profile } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { lanes } from '../support/lanes.js';
import { HANG_MS, RUN_BOUNDS } from '../support/waiting.js';
import { ANOTHER_CLIENT, allChoices, CHOICES, type Choice } from './faults/choices.js';
import { FAULTS } from './faults/index.js';
import { deletedScenarioListed } from './faults/qa.js';
import { type Fault, parse, reply } from './faults/wrap.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs side by side: a run mostly waits for its sandbox, and the machine has two cores. */
const LANES = 2;
/** In-process runs: nothing listens here, every request goes to the handler. */
const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';
/** Queues `run` on a lane, so that no more than LANES runs go at once. */
const inLane = lanes(LANES);

/**
 * Runs the suite (or the named rules) in process against this handler. `preflight: false` lets a fault that breaks the
 * login or the company list reach the rules that judge it, where the CLI would stop at the preflight.
 */
function runAgainst(lane: number, fetch: FetchHandler, only: string[] = [], preflight = true): Promise<RunResult> {
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

/** Starts the sandbox with this handler on a free port and runs the whole suite against it over real HTTP. */
function runOverHttp(lane: number, fetch: FetchHandler): Promise<RunResult> {
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
function scope(rules: string[]): string[] {
  const alone = rules.every((id) => RULES.find((r) => r.id === id)?.overExchanges);
  return alone ? [...rules, 'CONV-01', 'CONV-04'] : rules;
}

/** The rules that read back what they deleted. */
const READ_BACK = ['QA-01', 'QA-04', 'QA-06', 'QA-07', 'QA-21'];
const { idsReused, idsReusedLastDeleted } = CHOICES as Record<'idsReused' | 'idsReusedLastDeleted', Choice>;

const failedRules = (result: RunResult): string[] => result.rules.filter((r) => r.outcome === 'FAIL').map((r) => r.id);

// A test's time includes the runs queued before it in its lane (Vitest starts at most 5 concurrent tests, so at most 4),
// each bounded by RUN_BOUNDS; a test's third run (the CLI's, below) comes after two of its own.
const TIMEOUT = { timeout: 7 * RUN_BOUNDS.totalTimeoutMs };

describe.concurrent('the suite against the sandbox', TIMEOUT, () => {
  it('passes every rule, skips none, and leaves behind only what the contract cannot delete', async ({ expect }) => {
    const result = await runOverHttp(0, createSandbox().fetch);
    const notPassed = result.rules.filter((r) => r.outcome !== 'PASS').map((r) => `${r.id} ${r.outcome}: ${r.reason}`);
    expect(notPassed).toEqual([]);
    expect(result.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(result.problems).toEqual([]);
    expect(new Set(result.leftBehind.map((e) => e.kind))).toEqual(new Set(['account', 'task']));
  });
});

/**
 * The rules of a result that did not pass, as `ID OUTCOME: reason`, with the first check that did not pass and why (a
 * rule's own reason only counts its checks), for a failure that says what went wrong.
 */
const notPassing = (rules: readonly RuleResult[]): string[] =>
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
function expectFair(result: RunResult, choice: Choice): void {
  const departs = new Set(choice.departs ?? []);
  const unjudged = new Set(choice.unjudged ?? []);
  const unfair = result.rules.filter((r) =>
    r.outcome === 'SKIP' ? !unjudged.has(r.id) : r.outcome !== 'PASS' && (r.level === 'MUST' || !departs.has(r.id)),
  );
  expect(notPassing(unfair)).toEqual([]);
  for (const id of departs) expect(RULES.find((r) => r.id === id)?.level, `${id} is a SHOULD rule`).toBe('SHOULD');
}

/** The profile of the sandbox, as `choice` needs it (its ids, its vocabularies), for a target at `baseUrl`. */
const profileFor = (choice: Choice, baseUrl: string): Profile => {
  const profile = loadProfile('conformance/targets/sandbox.json', {}, baseUrl);
  return choice.profile ? choice.profile(profile) : profile;
};

/** Runs the whole suite against the choice's server, in process or over HTTP. */
function runChoice(lane: number, choice: Choice, door: 'in process' | 'over HTTP'): Promise<RunResult> {
  if (door === 'in process') {
    return inLane(lane, () =>
      runConformance({
        target: choice.wrap(createSandbox().fetch),
        profile: profileFor(choice, IN_PROCESS_BASE_URL),
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
        ...RUN_BOUNDS,
      });
    } finally {
      await server.close();
    }
  });
}

describe.concurrent('a server making one other choice where the source is silent', TIMEOUT, () => {
  for (const [i, [name, choice]] of Object.entries(CHOICES).entries()) {
    for (const door of ['in process', 'over HTTP'] as const) {
      it(`${name} (${door}): no MUST rule fails or stays unverified, and only the contract's rules on it fail`, async () => {
        expectFair(await runChoice(i + 1, choice, door), choice);
      });
    }
  }
});

/** The seed of the drawn servers (printed; CHOICES_SEED replays it) and how many are drawn (CHOICES_RUNS; docs/testing.md). */
const DRAW_SEED = process.env.CHOICES_SEED ? Number(process.env.CHOICES_SEED) : 20261207;
const DRAW_RUNS = process.env.CHOICES_RUNS ? Number(process.env.CHOICES_RUNS) : 3;

describe.concurrent('servers drawn from the choices, each with a fault on top', () => {
  // Each draw runs the whole suite and then the fault's rules, one after the other, in one lane.
  it(`${DRAW_RUNS} drawn servers: no MUST rule fails or stays unverified, and the fault drawn on top fails its rules`, {
    timeout: (2 * DRAW_RUNS + 5) * RUN_BOUNDS.totalTimeoutMs,
  }, async () => {
    console.log(
      `servers drawn from the choices: CHOICES_SEED=${DRAW_SEED} CHOICES_RUNS=${DRAW_RUNS} (replay with both)`,
    );
    const draw = fc.record({
      // Any subset of the choices, each applied as allChoices does: every combination can occur.
      names: fc.subarray(Object.keys(CHOICES)),
      fault: fc.constantFrom(...Object.keys(FAULTS)),
    });
    await fc.assert(
      fc.asyncProperty(draw, async ({ names, fault: faultName }) => {
        const choice = allChoices(names);
        expectFair(await runChoice(0, choice, 'in process'), choice);
        const fault = FAULTS[faultName] as (typeof FAULTS)[string];
        // A rule the choices leave nothing to judge cannot fail under a fault either.
        const breaks = fault.breaks.filter((id) => !(choice.unjudged ?? []).includes(id));
        if (breaks.length === 0) return;
        const result = await inLane(0, () =>
          runConformance({
            target: fault.wrap(choice.wrap(createSandbox().fetch)),
            profile: profileFor(choice, IN_PROCESS_BASE_URL),
            only: scope(breaks),
            preflight: false,
            ...RUN_BOUNDS,
          }),
        );
        const failed = failedRules(result);
        expect(
          breaks.filter((id) => !failed.includes(id)),
          `${faultName} on ${names.join(', ')}`,
        ).toEqual([]);
      }),
      { seed: DRAW_SEED, numRuns: DRAW_RUNS, endOnFailure: true },
    );
  });
});

describe('the choices', () => {
  it('each depart only from SHOULD rules, and leave unjudged only rules of the catalogue', () => {
    for (const [name, choice] of Object.entries(CHOICES)) {
      for (const id of choice.departs ?? [])
        expect(RULES.find((r) => r.id === id)?.level, `${name}: ${id}`).toBe('SHOULD');
      for (const id of choice.unjudged ?? [])
        expect(
          RULES.map((r) => r.id),
          `${name}: ${id}`,
        ).toContain(id);
    }
  });
});

/** The CLI's environment: this process's, without vitest's markers, with only the given CONFORMANCE_* values. */
function cliEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
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
  return { ...env, ...extra };
}

/** Runs the CLI against `baseUrl` with the profile in CONFORMANCE_* variables; its exit code and its JSON report. */
async function runCli(profile: Profile): Promise<{ code: number | null; rules: { id: string; outcome: string }[] }> {
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

const verdict = (rules: readonly { id: string; outcome: string }[]): string[] =>
  rules.map((r) => `${r.id} ${r.outcome}`);

describe.concurrent('a server making every choice at once', TIMEOUT, () => {
  it('gets the same fair verdict in process, over HTTP and from the CLI', async () => {
    const choice = allChoices();
    const inProcess = await runChoice(0, choice, 'in process');
    expectFair(inProcess, choice);
    const overHttp = await runChoice(0, choice, 'over HTTP');
    expect(verdict(overHttp.rules)).toEqual(verdict(inProcess.rules));
    const fromCli = await inLane(0, async () => {
      const server = await startSandboxServer({
        port: 0,
        fetch: choice.wrap(createSandbox().fetch),
        keepAliveTimeoutMs: KEPT_ALIVE_MS,
      });
      try {
        return await runCli(profileFor(choice, server.baseUrl));
      } finally {
        await server.close();
      }
    });
    expect(verdict(fromCli.rules)).toEqual(verdict(inProcess.rules));
    // Only SHOULD rules fail: the CLI passes the run.
    expect(fromCli.code).toBe(0);
  });
});

describe.concurrent('what a check shows and how it copes', TIMEOUT, () => {
  it("QA-11 is not verified, naming the profile fields, when the target refuses the contract's severity", async () => {
    const { ownVocabulary } = CHOICES;
    const result = await runAgainst(1, ownVocabulary?.wrap(createSandbox().fetch) as FetchHandler, ['QA-11'], false);
    const rule = result.rules.find((r) => r.id === 'QA-11');
    expect(rule?.outcome).toBe('UNVERIFIED');
    expect(rule?.reason).toContain('CONFORMANCE_SEVERITY');
  });

  it('QA-21 shows the list page that still held the deleted scenario, not the last page of the walk', async () => {
    const result = await runAgainst(1, deletedScenarioListed.wrap(createSandbox().fetch), ['QA-21'], false);
    const check = result.rules.find((r) => r.id === 'QA-21')?.checks[0];
    expect(check?.outcome).toBe('FAIL');
    const shown = check?.exchanges[0];
    expect(shown?.path).toBe('/features/qa/scenarios/list/');
    expect(new URL(shown?.url ?? 'http://x/').searchParams.get('page')).toBe('1');
    // The walk went on past that page: the shown exchange is not the last one the check sent.
    expect(check?.steps?.at(-1)).not.toMatch(/^▶/);
  });

  it('QA-01, QA-04, QA-06, QA-07 and QA-21 pass when a deleted id is handed to the next object at once, and say so', async () => {
    const result = await runAgainst(1, idsReusedLastDeleted.wrap(createSandbox().fetch), READ_BACK);
    expect(notPassing(result.rules)).toEqual([]);
    for (const id of ['QA-06', 'QA-21']) {
      const rule = result.rules.find((r) => r.id === id);
      expect(rule?.reason, id).toMatch(/the server reused the id \d+ of a deleted case for another case/);
      expect(rule?.checks[0]?.notes?.length, id).toBeGreaterThan(0);
    }
  });

  it('no delete of the run or its clean-up reaches an object that took a deleted id (QA-06, QA-07, QA-21 against idsReusedLastDeleted)', async () => {
    const hit: string[] = [];
    const inner = idsReusedLastDeleted.wrap(createSandbox().fetch);
    const watched: FetchHandler = async (req) => {
      const { operationId, query } = await parse(req);
      if (operationId === 'deleteScenario' || operationId === 'deleteCase') {
        // What the id names at the moment of its delete, read as the deleting account.
        const read = await inner(new Request(req.url, { headers: req.headers }));
        if ((await read.text()).includes(ANOTHER_CLIENT)) hit.push(`${operationId} ${query.toString()}`);
      }
      return inner(req);
    };
    const result = await runAgainst(1, watched, ['QA-06', 'QA-07', 'QA-21']);
    expect(notPassing(result.rules)).toEqual([]);
    expect(hit).toEqual([]);
  });

  it('a deletion that does not delete still fails QA-06 and QA-21 on a server that reuses ids', async () => {
    const deletesIgnored: Fault = (inner) => async (req) => {
      const { operationId } = await parse(req);
      if (operationId === 'deleteCase' || operationId === 'deleteScenario') return reply(200, { status: 'success' });
      return inner(req);
    };
    const result = await runAgainst(1, deletesIgnored(idsReused.wrap(createSandbox().fetch)), ['QA-06', 'QA-21']);
    expect(failedRules(result)).toEqual(['QA-06', 'QA-21']);
  });

  it('TOKEN-08 passes when the token expired before its first use (a loaded machine), trying a longer life', async () => {
    let held = false;
    // The first expiring token's creation is answered only once the token has expired, as a busy machine would.
    const slowFirstExpiry: Fault = (inner) => async (req) => {
      const { operationId, body } = await parse(req);
      const res = await inner(req);
      const expires = isObject(body) ? Date.parse(String(body.expires_at)) : Number.NaN;
      if (operationId === 'createApiToken' && !held && Number.isFinite(expires)) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, expires - Date.now()) + 100));
      }
      return res;
    };
    const result = await runAgainst(1, slowFirstExpiry(createSandbox().fetch), ['TOKEN-08']);
    expect(held).toBe(true);
    expect(notPassing(result.rules)).toEqual([]);
  });
});

describe.concurrent('each fault makes the suite fail with the rules it names', TIMEOUT, () => {
  for (const [i, [name, { breaks, wrap }]] of Object.entries(FAULTS).entries()) {
    it(`${name} → ${breaks.join(', ')}`, async ({ expect }) => {
      const result = await runAgainst(i + 2, wrap(createSandbox().fetch), scope([...breaks]), false);
      const failed = failedRules(result);
      const passedOrSkipped = breaks.filter((id) => !failed.includes(id));
      expect(passedOrSkipped, `rules that did not fail against ${name}`).toEqual([]);
      expect(result.mustFailed).toBe(breaks.some((id) => RULES.find((r) => r.id === id)?.level === 'MUST'));
    });
  }
});

describe('the faults', () => {
  it('each name at least one rule of the catalogue', () => {
    for (const [name, { breaks }] of Object.entries(FAULTS)) {
      expect(breaks.length, name).toBeGreaterThan(0);
      for (const id of breaks)
        expect(
          RULES.map((r) => r.id),
          `${name} breaks ${id}`,
        ).toContain(id);
    }
  });

  it('break every MUST and every SHOULD rule between them', () => {
    const broken = new Set(Object.values(FAULTS).flatMap((f) => f.breaks));
    expect(RULES.filter((r) => !broken.has(r.id)).map((r) => `${r.id} ${r.level}`)).toEqual([]);
  });
});
