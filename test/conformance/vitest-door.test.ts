// describeConformance (docs/conformance.md, "In your Vitest suite"): the sandbox's rules as this file's own tests, and
// a team-style file run in a Vitest of its own, which passes against the sandbox and fails, naming the rule, against
// a fault; `only` and `skip` pick its tests, and on the same server it gives the CLI's verdict: a MUST rule failed or
// not verified fails both.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LeftBehind } from '../../conformance/engine/result.js';
import { loadProfile } from '../../conformance/profile.js';
import { CLEANUP_TEST } from '../../conformance/report/files.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { RULES, selectRules } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { describeConformance } from '../../conformance/vitest.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { processRun } from '../support/node-process.js';
import { CLEANUP_FAULTS } from './faults/cleanup.js';
import { FAULTS } from './faults/index.js';
import { halfBuilt, NOT_BUILT } from './faults/partial.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-doors-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describeConformance({
  name: 'the sandbox, in process, as Vitest tests',
  target: createSandbox().fetch,
  profile: DEMO_PROFILE,
});

const vitestProcess = (env: Record<string, string>, ...args: string[]) =>
  processRun(
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts', ...args],
    env,
  );

const cliWith = (env: Record<string, string>, ...args: string[]) =>
  processRun(
    ['--import', 'tsx', 'conformance/cli/main.ts', '--target', 'conformance/targets/sandbox.json', ...args],
    env,
  );
const cliProcess = (...args: string[]) => cliWith({}, ...args);

/** Runs the team-style file in a Vitest of its own; `FAULT` names a fault variant of the sandbox, or none. */
function vitestRun(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts', ...args],
    { encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a team-style test file in its own Vitest run', () => {
  it('registers one named test per rule and passes against the sandbox; -t picks rules', () => {
    const run = vitestRun({}, '--reporter', 'verbose', '-t', 'TOKEN-0');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('TOKEN-01 ');
    // One test per rule, the ladder's and the clean-up's.
    expect(run.output).toMatch(new RegExp(`Tests\\s+\\d+ passed \\| \\d+ skipped \\(${RULES.length + 2}\\)`));
  }, 130_000);

  it('fails against a fault, naming the rule, its source and a curl line', () => {
    const run = vitestRun({ FAULT: 'errorPayloadDropped' });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'FAIL  test/conformance/fixtures/sandbox.conformance.ts > conformance > Envelope and errors > ENV-02',
    );
    expect(run.output).toContain('ENV-02 (MUST): Every 4xx or 5xx answer carries an error payload');
    expect(run.output).toContain('source: §7 rules 1 and 3');
    expect(run.output).toContain('"An error payload is returned on failure."');
    expect(run.output).toContain('curl:');
  }, 130_000);
});

describe('the team-style file picks its tests', () => {
  it('registers only the rules `only` selects less those `skip` names, and -t filters them further', async () => {
    const run = await vitestProcess(
      { ONLY: 'tokens,auth', SKIP: 'TOKEN-02' },
      '--reporter',
      'verbose',
      '-t',
      'TOKEN-0',
    );
    const registered = [...selectRules(['tokens', 'auth']).selected].filter((id) => id !== 'TOKEN-02');
    const picked = registered.filter((id) => id.startsWith('TOKEN-0'));
    expect(run.status, run.output).toBe(0);
    expect(run.output).not.toContain('TOKEN-02 ');
    expect(run.output).toMatch(
      new RegExp(
        `Tests\\s+${picked.length} passed \\| ${registered.length - picked.length + 2} skipped \\(${registered.length + 2}\\)`,
      ),
    );
  }, 130_000);

  it("shows a SHOULD rule's failed checks and their reasons in its skip note", async () => {
    const run = await vitestProcess({ FAULT: 'deletionIgnored', ONLY: 'TOKEN-07' }, '--reporter', 'verbose');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(
      /SHOULD not met \(fails only with strict: true\): 1 of 1 checks failed: TOKEN-07 [^:]+: \S/,
    );
  }, 130_000);

  it('says a rule that passed with some checks skipped passed in part, with the count and why', async () => {
    const run = await vitestProcess({ READ_ONLY: '1', ONLY: 'AUTH-01', PROGRESS: '1' }, '--reporter', 'verbose');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toMatch(/passed in part: \d+ of \d+ checks skipped: read-only mode/);
    // onProgress is handed on by this door too: the run's events reach the team's own callback.
    expect(run.output).toMatch(/progress: \S/);
  }, 130_000);

  it('fails the file at collection when `only` names no rule, naming the option', async () => {
    const run = await vitestProcess({ ONLY: 'TOKEN-99' });
    expect(run.status).toBe(1);
    expect(run.output).toContain('only names no rule or area: TOKEN-99');
  }, 130_000);
});

/** A fault of the sandbox (or of what its clean-up needs) served on a free port: the same server for every door. */
async function serving<T>(fault: string | undefined, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const inner = createSandbox().fetch;
  const wrap = fault
    ? (FAULTS[fault]?.wrap ?? CLEANUP_FAULTS[fault] ?? (fault === 'halfBuilt' ? halfBuilt : undefined))
    : undefined;
  const fetch = wrap ? wrap(inner) : inner;
  const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  try {
    return await use(server.baseUrl);
  } finally {
    await server.close();
  }
}

describe.concurrent('one verdict, whichever door: the CLI and Vitest on the same server', { timeout: 180_000 }, () => {
  it('a MUST rule not verified fails both, and each says why', async () => {
    // Login answers 401 without an Authorization header: TOKEN-02 needs a session, LOGIN-02 (not selected) fails.
    await serving('loginNeedsAuthorization', async (baseUrl) => {
      const report = join(dir, 'unverified.json');
      const [cli, vitest] = await Promise.all([
        cliProcess('--base-url', baseUrl, '--only', 'TOKEN-02', '--no-preflight'),
        vitestProcess({ TARGET_URL: baseUrl, ONLY: 'TOKEN-02', PREFLIGHT: '0', JSON_REPORT: report }),
      ]);
      expect(cli.status, cli.output).toBe(1);
      expect(cli.output).toMatch(/^ {2}! tokens\.check\.\w+ +0 passed, +0 failed, +0 skipped, 1 not verified/m);
      expect(cli.output).toContain('MUST rules not verified: TOKEN-02');
      expect(vitest.status, vitest.output).toBe(1);
      // The clean-up's and the ladder's tests pass: no creation was sent, nothing was left, nothing declared missing.
      expect(vitest.output).toMatch(/Tests\s+1 failed \| 2 passed \(3\)/);
      expect(vitest.output).toContain('TOKEN-02 (MUST)');
      expect(vitest.output).toContain('not verified: 1 of 1 checks not verified: not verified, blocked by LOGIN-02');
      expect(vitest.output).toContain('fix LOGIN-02 first');
      expect(JSON.parse(readFileSync(report, 'utf8')).verdict).toMatchObject({ failed: true });
    });
  });

  it('a failed MUST rule fails both', async () => {
    await serving('jwtAcceptedUnderBearer', async (baseUrl) => {
      const [cli, vitest] = await Promise.all([
        cliProcess('--base-url', baseUrl, '--only', 'AUTH-03'),
        vitestProcess({ TARGET_URL: baseUrl, ONLY: 'AUTH-03' }),
      ]);
      expect(cli.status, cli.output).toBe(1);
      expect(cli.output).toContain('MUST rules failed: AUTH-03');
      expect(vitest.status, vitest.output).toBe(1);
      expect(vitest.output).toContain('AUTH-03 (MUST)');
      // A hint names what describeConformance offers, not the CLI's flags.
      expect(vitest.output).toContain("describeConformance's json or junit option");
      expect(vitest.output).not.toContain('--json');
    });
  });

  it('a server that holds the rules passes both', async () => {
    await serving(undefined, async (baseUrl) => {
      const [cli, vitest] = await Promise.all([
        cliProcess('--base-url', baseUrl, '--only', 'TOKEN-02,AUTH-03'),
        vitestProcess({ TARGET_URL: baseUrl, ONLY: 'TOKEN-02,AUTH-03' }),
      ]);
      expect(cli.status, cli.output).toBe(0);
      expect(vitest.status, vitest.output).toBe(0);
      expect(vitest.output).toMatch(/Tests\s+4 passed \(4\)/);
    });
  });

  it('a half-built server: green in both with its missing operations declared, the same outcome for every rule; red without them, and with require-all', async () => {
    // Each run its own server: runs side by side on one shared account would change each other's token lists.
    const onHalfBuilt = <T>(use: (baseUrl: string) => Promise<T>) => serving('halfBuilt', use);
    const missing = NOT_BUILT.join(',');
    const declared = { CONFORMANCE_MISSING_OPERATIONS: missing };
    const [cliJson, vitestJson] = [join(dir, 'partial-cli.json'), join(dir, 'partial-vitest.json')];
    const [cliCtrf, vitestCtrf] = [join(dir, 'partial-cli.ctrf.json'), join(dir, 'partial-vitest.ctrf.json')];
    const vitestHtml = join(dir, 'partial-vitest.html');
    // The two whole runs first, then the short ones: five at once on a loaded machine let a request time out.
    const [cli, vitest] = await Promise.all([
      onHalfBuilt((url) => cliWith(declared, '--base-url', url, '--json', cliJson, '--ctrf', cliCtrf)),
      onHalfBuilt((url) =>
        vitestProcess({
          TARGET_URL: url,
          MISSING: missing,
          JSON_REPORT: vitestJson,
          CTRF_REPORT: vitestCtrf,
          HTML_REPORT: vitestHtml,
        }),
      ),
    ]);
    const [cliAll, vitestAll, undeclared, vitestUndeclared] = await Promise.all([
      onHalfBuilt((url) => cliWith(declared, '--base-url', url, '--require-all', '--only', 'TOKEN-01')),
      onHalfBuilt((url) => vitestProcess({ TARGET_URL: url, MISSING: missing, REQUIRE_ALL: '1', ONLY: 'TOKEN-01' })),
      onHalfBuilt((url) => cliProcess('--base-url', url, '--only', 'QA-01,TOKEN-01')),
      onHalfBuilt((url) => vitestProcess({ TARGET_URL: url, ONLY: 'QA-01,TOKEN-01' })),
    ]);
    expect(cli.status, cli.output).toBe(0);
    expect(cli.output).toMatch(/Not built yet \(declared in missingOperations; --require-all fails the run for it\)/);
    expect(cli.output).toMatch(/^ {2}createScenario +\d+ rules: /m);
    expect(cli.output).toMatch(/QA-01 +MUST +NOT_APPLICABLE .*waits for createScenario/);
    expect(vitest.status, vitest.output).toBe(0);
    expect(vitest.output).toMatch(/conformance: Not built yet \(declared in missingOperations; requireAll: true fails/);
    expect(vitest.output).toMatch(/^ {2}createScenario +\d+ rules: /m);
    // One outcome per rule, whichever door, not applicable included.
    const outcomes = (file: string) =>
      Object.fromEntries(
        (JSON.parse(readFileSync(file, 'utf8')).rules as { id: string; outcome: string }[]).map((r) => [
          r.id,
          r.outcome,
        ]),
      );
    const fromCli = outcomes(cliJson);
    expect(Object.values(fromCli)).toContain('NOT_APPLICABLE');
    expect(outcomes(vitestJson)).toEqual(fromCli);
    expect(cliAll.status, cliAll.output).toBe(1);
    expect(cliAll.output).toContain('operations declared missing: ');
    expect(vitestAll.status, vitestAll.output).toBe(1);
    expect(vitestAll.output).toContain('> operations declared missing (missingOperations)');
    expect(undeclared.status, undeclared.output).toBe(1);
    expect(undeclared.output).toContain('MUST rules failed: QA-01');
    // The CTRF and HTML options of describeConformance write what the CLI's --ctrf and --html write: the same tests.
    const ctrfTests = (file: string) =>
      (JSON.parse(readFileSync(file, 'utf8')).results.tests as { name: string; status: string }[])
        .map((t) => `${t.status} ${t.name}`)
        .sort();
    expect(ctrfTests(vitestCtrf)).toEqual(ctrfTests(cliCtrf));
    expect(ctrfTests(cliCtrf).some((t) => t.startsWith('skipped operations declared missing'))).toBe(true);
    expect(readFileSync(vitestHtml, 'utf8')).toMatch(/<h1>Conformance: <span class="verdict-PASS">PASS<\/span>/);
    // Undeclared, each door names the routes that answered only 404 once, with the line that declares them (the
    // CLI's profile has limits, whose preflight reads one more list than the Vitest profile's).
    const declareLine = (output: string) => /"missingOperations": \[[^\]]*\]/.exec(output)?.[0];
    expect(declareLine(undeclared.output)).toMatch(/"createScenario"/);
    expect(declareLine(vitestUndeclared.output)).toMatch(/"createScenario"/);
    expect(undeclared.output.match(/Operations that look unbuilt/g)).toHaveLength(1);
    expect(vitestUndeclared.output.match(/Operations that look unbuilt/g)).toHaveLength(1);
  });

  it('a clean-up whose deletes are refused: every door names each object left, and fails under strict only', async () => {
    await serving('deletesRefused', async (baseUrl) => {
      // QA-02 makes a parent and a child scenario, ACCESS-02 a token of each account; both rules pass on this server.
      const only = 'QA-02,ACCESS-02';
      const [cliJson, vitestJson] = [join(dir, 'left-cli.json'), join(dir, 'left-vitest.json')];
      const [cli, strict, lenient, inProcess] = await Promise.all([
        cliProcess('--base-url', baseUrl, '--only', only, '--strict', '--json', cliJson),
        vitestProcess({ TARGET_URL: baseUrl, ONLY: only, STRICT: '1', JSON_REPORT: vitestJson }),
        vitestProcess({ TARGET_URL: baseUrl, ONLY: only }),
        runConformance({
          target: baseUrl,
          profile: loadProfile('conformance/targets/sandbox.json', {}, baseUrl),
          only: only.split(','),
        }),
      ]);
      const incomplete = 'clean-up incomplete: 2 tokens and 2 scenarios left behind';
      expect(cli.status, cli.output).toBe(1);
      expect(cli.output).toContain('Clean-up: INCOMPLETE: 2 tokens and 2 scenarios left behind');
      expect(cli.output).toMatch(
        /named API token tok_\w+ of the outsider: DELETE \/member\/bearer-tokens\/detail\/ answered 403/,
      );
      // One verdict whichever door: the same reasons, and the same objects left for the same reasons.
      const fromCli = JSON.parse(readFileSync(cliJson, 'utf8'));
      const fromVitest = JSON.parse(readFileSync(vitestJson, 'utf8'));
      const shape = (left: LeftBehind[]) => left.map((e) => `${e.kind} of the ${e.actor}: ${e.why}`).sort();
      expect(fromCli.verdict.reasons).toEqual([incomplete]);
      expect(fromVitest.verdict.reasons).toEqual([incomplete]);
      expect(verdictOf(inProcess, { strict: true }).reasons).toEqual([incomplete]);
      expect(shape(fromVitest.leftBehind)).toEqual(shape(fromCli.leftBehind));
      expect(shape(inProcess.leftBehind)).toEqual(shape(fromCli.leftBehind));
      expect(shape(inProcess.leftBehind)).toEqual([
        'scenario of the member: DELETE /features/qa/scenarios/ answered 403',
        'scenario of the member: DELETE /features/qa/scenarios/ answered 403',
        'token of the member: DELETE /member/bearer-tokens/detail/ answered 403',
        'token of the outsider: DELETE /member/bearer-tokens/detail/ answered 403',
      ]);
      // Vitest: the clean-up's own test fails with strict, listing what was left; without strict it is skipped, with
      // a warning in the output, and the file passes as the CLI without --strict exits 0.
      expect(strict.status, strict.output).toBe(1);
      expect(strict.output).toContain(`> ${CLEANUP_TEST}`);
      expect(strict.output).toMatch(
        /named API token tok_\w+ of the member: DELETE \/member\/bearer-tokens\/detail\/ answered 403/,
      );
      expect(lenient.status, lenient.output).toBe(0);
      expect(lenient.output).toContain(`conformance: ${incomplete}`);
      expect(lenient.output).toMatch(/Tests\s+3 passed \| 1 skipped \(4\)/);
    });
  });
});
