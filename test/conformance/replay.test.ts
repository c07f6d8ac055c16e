// `task-conformance replay` (docs/conformance.md, "Replaying a failure"): a fault server fails a rule, the --json
// report names the replay command of each failure, and the replay says "still failing" (exit 1) against the same
// fault and "fixed" (exit 0) against the sandbox; the target named now overrides the report's; bad input exits 2 with
// a message naming what to fix, and no stack trace.

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { HANG_MS } from '../support/waiting.js';
import { deletionIgnored } from './faults/tokens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TARGET = 'conformance/targets/sandbox.json';
const RULE = 'TOKEN-06';
const dir = mkdtempSync(join(tmpdir(), 'conformance-replay-'));
const REPORT = join(dir, 'report.json');

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI's `main` in this process with these variables only. */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    env,
  });
  return { code, stdout, stderr };
}

const portOf = (server: SandboxServer): string => new URL(server.baseUrl).port;

let fault: SandboxServer;
let fixed: SandboxServer;
/** The first run, against the fault: what its report and console said. */
let run: Outcome;
let report: {
  baseUrl: string;
  run: Record<string, unknown>;
  rules: { id: string; checks: { name: string; outcome: string; replay?: string }[] }[];
};

beforeAll(async () => {
  fault = await startSandboxServer({
    port: 0,
    fetch: deletionIgnored.wrap(createSandbox().fetch),
    keepAliveTimeoutMs: KEPT_ALIVE_MS,
  });
  fixed = await startSandboxServer({ port: 0, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  // The profile's base URL takes its port from PORT: the report records the fault's.
  run = await cli(['--target', TARGET, '--quiet', '--only', RULE, '--seed', '7', '--json', REPORT], {
    PORT: portOf(fault),
  });
  report = JSON.parse(readFileSync(REPORT, 'utf8'));
}, HANG_MS);

afterAll(async () => {
  await fault?.close();
  await fixed?.close();
  rmSync(dir, { recursive: true, force: true });
});

const failedChecks = () =>
  (report.rules.find((r) => r.id === RULE)?.checks ?? []).flatMap((c, i) => (c.outcome === 'FAIL' ? [i + 1] : []));

describe('task-conformance replay', { timeout: 2 * HANG_MS }, () => {
  it('the report records the run settings and, on each failed check, the exact replay command; so does the console', () => {
    expect(run.code).toBe(1);
    expect(report.baseUrl).toBe(fault.baseUrl);
    expect(report.run).toEqual({
      target: TARGET,
      seed: 7,
      maxExamples: 5,
      readOnly: false,
      register: true,
      preflight: true,
      timeoutMs: 10_000,
      totalTimeoutMs: 300_000,
    });
    const checks = report.rules.find((r) => r.id === RULE)?.checks ?? [];
    expect(failedChecks().length).toBeGreaterThan(0);
    checks.forEach((c, i) => {
      const command = `task-conformance replay ${REPORT} --target ${TARGET} --rule ${RULE} --check ${i + 1}`;
      expect(c.replay).toBe(c.outcome === 'FAIL' ? command : undefined);
      if (c.outcome === 'FAIL') expect(run.stdout).toContain(`      replay: ${command}`);
    });
  });

  it('against the same fault (the report base URL): still failing, exit 1', async () => {
    const replay = await cli(['replay', REPORT]);
    expect(replay.stderr).toBe('');
    expect(replay.stdout).toContain(`against ${fault.baseUrl}, seed 7`);
    for (const n of failedChecks()) expect(replay.stdout).toContain(`✗ ${RULE} check ${n}: still failing:`);
    expect(replay.stdout).toContain(`Replay: 0 fixed, ${failedChecks().length} still failing, 0 not judged.`);
    expect(replay.code).toBe(1);
  });

  it('against the fixed server, named by --port, --base-url or CONFORMANCE_BASE_URL: fixed, exit 0', async () => {
    const [n] = failedChecks();
    const byPort = await cli(['replay', REPORT, '--rule', RULE, '--check', String(n), '--port', portOf(fixed)]);
    expect(byPort.stdout).toContain(`against ${fixed.baseUrl}`);
    expect(byPort.stdout).toContain(`✓ ${RULE} check ${n}: fixed:`);
    expect(byPort.stdout).toContain('Replay: 1 fixed, 0 still failing, 0 not judged.');
    expect(byPort.code).toBe(0);
    const byFlag = await cli(['replay', REPORT, '--rule', RULE.toLowerCase(), '--base-url', fixed.baseUrl]);
    expect(byFlag.stdout).toContain(`Replay: ${failedChecks().length} fixed, 0 still failing`);
    expect(byFlag.code).toBe(0);
    const byEnv = await cli(['replay', REPORT], { CONFORMANCE_BASE_URL: fixed.baseUrl });
    expect(byEnv.stdout).toContain(`against ${fixed.baseUrl}`);
    expect(byEnv.code).toBe(0);
  });

  it("replays with the report's settings: a read-only run skips the writing check, which is not judged, exit 1", async () => {
    const readOnly = join(dir, 'read-only.json');
    writeFileSync(readOnly, JSON.stringify({ ...report, run: { ...report.run, readOnly: true } }));
    const replay = await cli(['replay', readOnly, '--base-url', fixed.baseUrl]);
    const n = failedChecks().length;
    for (const c of failedChecks()) expect(replay.stdout).toContain(`✗ ${RULE} check ${c}: not judged:`);
    expect(replay.stdout).toContain('SKIP: ');
    expect(replay.stdout).toContain(`Replay: 0 fixed, 0 still failing, ${n} not judged.`);
    expect(replay.code).toBe(1);
  });

  it('a --target profile other than the run one replaces the report base URL', async () => {
    const other = join(dir, 'other.json');
    const profile = JSON.parse(readFileSync(join(ROOT, TARGET), 'utf8'));
    writeFileSync(other, JSON.stringify({ ...profile, baseUrl: fixed.baseUrl }));
    const replay = await cli(['replay', REPORT, '--target', other]);
    expect(replay.stdout).toContain(`against ${fixed.baseUrl}`);
    expect(replay.code).toBe(0);
  });

  it('bad input: exit 2, a message naming what to fix, no stack trace, nothing run', async () => {
    const notReport = join(dir, 'not-a-report.json');
    writeFileSync(notReport, JSON.stringify({ hello: 'world' }));
    const notJson = join(dir, 'junit.xml');
    writeFileSync(notJson, '<?xml version="1.0"?><testsuites/>');
    const noRun = join(dir, 'no-run.json');
    writeFileSync(noRun, JSON.stringify({ ...report, run: undefined }));
    const failedRun = join(dir, 'failed-run.json');
    writeFileSync(failedRun, JSON.stringify({ error: { exitCode: 2, reason: 'unreachable' }, rules: [] }));
    const checkCount = report.rules.find((r) => r.id === RULE)?.checks.length ?? 0;
    const cases: [string[], string][] = [
      [['replay'], 'replay needs the report'],
      [['replay', join(dir, 'missing.json')], `the report ${join(dir, 'missing.json')} does not exist`],
      [['replay', notReport], `${notReport} is not a conformance report`],
      [['replay', notJson], `${notJson} is not a report (not JSON)`],
      [['replay', noRun], `${noRun} has no run settings`],
      [['replay', failedRun], `${failedRun} records a run that ended before any rule ran (exit 2)`],
      [['replay', REPORT, '--rule', 'TOKEN-99'], '--rule TOKEN-99 names no rule of the suite'],
      [['replay', REPORT, '--rule', 'AUTH-01'], `--rule AUTH-01 did not run in ${REPORT} (its failed rules: ${RULE})`],
      [['replay', REPORT, '--check', '1'], '--check needs --rule'],
      [['replay', REPORT, '--rule', RULE, '--check', '0'], '--check must be a whole number from 1'],
      [
        ['replay', REPORT, '--rule', RULE, '--check', String(checkCount + 1)],
        `--check ${checkCount + 1} is out of range: ${RULE} has checks 1 to ${checkCount} in ${REPORT}`,
      ],
      [['replay', REPORT, '--port', '65536'], '--port must be a whole number from 1 to 65535'],
      [['replay', REPORT, '--bogus'], "Unknown option '--bogus'"],
    ];
    for (const [args, message] of cases) {
      const outcome = await cli(args);
      expect(outcome.stderr, args.join(' ')).toContain(message);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      expect(outcome.stdout).toBe('');
      expect(outcome.code, args.join(' ')).toBe(2);
    }
  });

  it('a check that did not fail is not replayed: exit 2 naming the failed ones', async () => {
    // The report as a run where the rule's first failed check had passed.
    const [first, ...rest] = failedChecks();
    const edited = join(dir, 'one-passed.json');
    const rules = report.rules.map((r) =>
      r.id === RULE ? { ...r, checks: r.checks.map((c, i) => (i + 1 === first ? { ...c, outcome: 'PASS' } : c)) } : r,
    );
    writeFileSync(edited, JSON.stringify({ ...report, rules }));
    const outcome = await cli(['replay', edited, '--rule', RULE, '--check', String(first)]);
    expect(outcome.stderr).toContain(`--check ${first} of ${RULE} did not fail in ${edited} (it is PASS; `);
    expect(outcome.stderr).toContain(rest.length ? `its failed checks: ${rest.join(', ')}` : 'it has no failed check');
    expect(outcome.code).toBe(2);
  });

  it('a report with no failed check: nothing to replay, exit 0; an unreachable target: exit 2 naming it', async () => {
    const clean = join(dir, 'clean.json');
    const rules = report.rules.map((r) => ({ ...r, checks: r.checks.map((c) => ({ ...c, outcome: 'PASS' })) }));
    writeFileSync(clean, JSON.stringify({ ...report, rules }));
    const nothing = await cli(['replay', clean]);
    expect(nothing.stdout).toBe(`Nothing to replay: ${clean} has no failed check.\n`);
    expect(nothing.code).toBe(0);
    const closed = await startSandboxServer({ port: 0 });
    await closed.close();
    const unreachable = await cli(['replay', REPORT, '--base-url', closed.baseUrl]);
    expect(unreachable.stderr).toContain(closed.baseUrl);
    expect(unreachable.stderr).not.toMatch(/\n\s+at /);
    expect(unreachable.code).toBe(2);
  });

  it("the suite's own --help names the replay command", async () => {
    const help = await cli(['--help']);
    expect(help.stdout).toContain(
      'Replay the failed checks of a --json report: task-conformance replay <report.json> [--rule ID] [--check N]',
    );
    expect(help.code).toBe(0);
  });

  it('the real command: --help, and a missing report exits 2 with one line and no stack trace', async () => {
    const spawned = (args: string[]) =>
      new Promise<Outcome>((resolve) => {
        const child = spawn(process.execPath, ['--import', 'tsx', 'conformance/cli/main.ts', ...args], {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c) => {
          stdout += c;
        });
        child.stderr.on('data', (c) => {
          stderr += c;
        });
        child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
      });
    const [missing, help] = await Promise.all([
      spawned(['replay', join(dir, 'gone.json')]),
      spawned(['replay', '--help']),
    ]);
    expect(missing.stderr).toBe(
      `conformance replay: the report ${join(dir, 'gone.json')} does not exist: pass the file a run wrote with --json\n`,
    );
    expect(missing.code).toBe(2);
    expect(help.stdout).toContain('Usage: task-conformance replay <report.json> [--rule <ID>] [--check <n>]');
    expect(help.code).toBe(0);
  });
});
