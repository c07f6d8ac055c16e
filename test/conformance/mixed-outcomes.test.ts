// One verdict whichever door (docs/conformance.md, "Exit codes" and "In your Vitest suite") for a rule some of whose
// checks pass and others fail: runConformance, the CLI's exit code and describeConformance's test all fail it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { loadProfile } from '../../conformance/profile.js';
import { junitReport } from '../../conformance/report/files.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { processRun } from '../support/node-process.js';
import { apiTokenAcceptedUnderJwt } from './faults/auth.js';
import type { FaultVariant } from './faults/wrap.js';

/**
 * A named API token taken under the JWT scheme on reads only: AUTH-04's checks of the reads fail and those of the
 * writes pass, so the rule is mixed whatever token AUTH-04 sends.
 */
const apiTokenUnderJwtOnReads: FaultVariant = {
  breaks: ['AUTH-04'],
  wrap: (inner) => {
    const faulty = apiTokenAcceptedUnderJwt.wrap(inner);
    return (req) => (req.method === 'GET' ? faulty(req) : inner(req));
  },
};

const dir = mkdtempSync(join(tmpdir(), 'conformance-mixed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The team-style file (test/conformance/fixtures/sandbox.conformance.ts) in a Vitest of its own, against `url`. */
const vitestAgainst = (url: string, only: string, report: string) =>
  processRun(['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts'], {
    TARGET_URL: url,
    ONLY: only,
    JSON_REPORT: report,
  });

describe('a MUST rule with checks that pass and checks that fail', { timeout: 180_000 }, () => {
  it('fails in every door: runConformance, the CLI (exit 1) and describeConformance', async () => {
    const fetch = apiTokenUnderJwtOnReads.wrap(createSandbox().fetch);
    const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
    try {
      const only = 'AUTH-04';
      const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
      const cliJson = join(dir, 'cli.json');
      const vitestJson = join(dir, 'vitest.json');
      const lines: string[] = [];
      const io = { out: (t: string) => lines.push(t), err: (t: string) => lines.push(t), env: {} };
      const cliArgs = ['--target', 'conformance/targets/sandbox.json', '--base-url', server.baseUrl];
      const [inProcess, cli, vitest] = await Promise.all([
        runConformance({ target: server.baseUrl, profile, only: [only] }),
        main([...cliArgs, '--only', only, '--quiet', '--json', cliJson], io),
        vitestAgainst(server.baseUrl, only, vitestJson),
      ]);
      // The case this file is about: the rule's checks are mixed, neither all passed nor all failed.
      const rule = inProcess.rules.find((r) => r.id === only);
      expect(rule?.passed).toBeGreaterThan(0);
      expect(rule?.failed).toBeGreaterThan(0);
      expect(rule?.outcome).toBe('FAIL');
      expect(verdictOf(inProcess).reasons).toEqual([`MUST rules failed: ${only}`]);
      // JUnit, one test case per check: the failed checks are failures, the passed ones are not hidden by them.
      expect(junitReport(inProcess)).toContain(`tests="${rule?.checks.length}" failures="${rule?.failed}"`);

      const cliOutput = lines.join('');
      expect(cli, cliOutput).toBe(1);
      expect(cliOutput).toContain(`MUST rules failed: ${only}`);
      const fromCli = JSON.parse(readFileSync(cliJson, 'utf8'));
      expect(fromCli.verdict).toMatchObject({ failed: true, reasons: [`MUST rules failed: ${only}`] });

      expect(vitest.status, vitest.output).toBe(1);
      expect(vitest.output).toContain(`${only} (MUST)`);
      expect(vitest.output).toContain(`${rule?.failed} of ${(rule?.passed ?? 0) + (rule?.failed ?? 0)} checks failed`);
      expect(vitest.output).toMatch(/Tests\s+1 failed \| 2 passed \(3\)/);
      const fromVitest = JSON.parse(readFileSync(vitestJson, 'utf8'));
      expect(fromVitest.verdict).toEqual(fromCli.verdict);
    } finally {
      await server.close();
    }
  });
});
