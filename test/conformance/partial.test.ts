// A server half built (docs/conformance.md, "A server half built"): operations declared missing are never called,
// the rules that need them are not applicable, and the run is green when every applicable MUST rule passes; an
// undeclared 404 still fails, --require-all fails the list itself, and the token endpoints are still fuzzed.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../conformance/engine/result.js';
import { formatReport } from '../../conformance/report/console.js';
import { junitReport } from '../../conformance/report/files.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { unknownFieldsIgnored } from './faults/cases.js';
import { tokenPageIgnored } from './faults/lists.js';
import { halfBuilt, NOT_BUILT } from './faults/partial.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const run = (target: FetchHandler, missingOperations: readonly string[] = NOT_BUILT) =>
  runConformance({ target, profile: { ...DEMO_PROFILE, missingOperations } });

const outcomes = (result: RunResult, outcome: string) =>
  result.rules.filter((r) => r.outcome === outcome).map((r) => r.id);

describe('a half-built server with its missing operations declared', () => {
  const sent: string[] = [];
  const server = halfBuilt(createSandbox().fetch);
  const watched: FetchHandler = async (req) => {
    sent.push(`${req.method} ${new URL(req.url).pathname}`);
    return server(req);
  };
  const result = run(watched);

  it('passes: no rule failed or unverified, the verdict and the result agree', async () => {
    const r = await result;
    expect(outcomes(r, 'FAIL')).toEqual([]);
    expect(outcomes(r, 'UNVERIFIED')).toEqual([]);
    expect(r.mustFailed || r.mustUnverified).toBe(false);
    expect(verdictOf(r).failed).toBe(false);
    // The token rules, AUTH-04 (a named token, no scenario) and the generated cases are judged, not excused.
    for (const id of ['TOKEN-01', 'TOKEN-02', 'AUTH-01', 'AUTH-04', 'GEN-02', 'GEN-04']) {
      expect(r.rules.find((x) => x.id === id)?.outcome, id).toBe('PASS');
    }
  });

  it('pages the token list, and leaves the paging of the lists it lacks not applicable', async () => {
    const r = await result;
    for (const id of ['LIST-01', 'LIST-02']) {
      const checks = r.rules.find((x) => x.id === id)?.checks ?? [];
      const tokens = checks.filter((c) => c.name.includes('listApiTokens'));
      expect(
        tokens.map((c) => c.outcome),
        id,
      ).toEqual(['PASS']);
      const others = checks.filter((c) => !c.name.includes('listApiTokens'));
      expect(others.length, id).toBeGreaterThan(0);
      expect(new Set(others.map((c) => c.outcome)), id).toEqual(new Set(['NOT_APPLICABLE']));
    }
  });

  it('never calls a missing operation', async () => {
    await result;
    expect(sent.filter((s) => s.includes('/features/qa/') || s.includes('/task/list/'))).toEqual([]);
  });

  it('ends the rules that need one not applicable, naming the operation, neither passed nor failed', async () => {
    const r = await result;
    const qa01 = r.rules.find((x) => x.id === 'QA-01');
    expect(qa01?.outcome).toBe('NOT_APPLICABLE');
    expect(qa01?.reason).toMatch(/waits for \w+ .*declared missing/);
    expect(r.notApplicable).toBe(outcomes(r, 'NOT_APPLICABLE').length);
    expect(r.notApplicable).toBeGreaterThan(0);
    expect(r.passed + r.failed + r.skipped + r.unverified + r.notApplicable).toBe(r.rules.length);
  });

  it('leads the report with the ladder: each missing operation with the rules it would unlock', async () => {
    const r = await result;
    expect(r.missingOperations.map((m) => m.operationId).sort()).toEqual([...NOT_BUILT].sort());
    const scenario = r.missingOperations.find((m) => m.operationId === 'createScenario');
    expect(scenario?.rules).toContain('QA-01');
    const counts = r.missingOperations.map((m) => m.rules.length);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const text = formatReport(r).join('\n');
    expect(text.indexOf('Not built yet')).toBeLessThan(text.indexOf('Rules ('));
    expect(text).toMatch(new RegExp(`createScenario +${scenario?.rules.length} rules: `));
    expect(text).toContain('not applicable');
    const junit = junitReport(r);
    expect(junit).toContain('<testsuite name="operations declared missing (missingOperations)"');
    expect(junit).toMatch(/<skipped message="not applicable: waits for /);
  });

  it('fails with requireAll (and strict), naming the operations', async () => {
    const r = await result;
    const strict = verdictOf(r, { requireAll: true });
    expect(strict.failed).toBe(true);
    expect(strict.reasons.join()).toContain('operations declared missing: ');
    expect(verdictOf(r, { strict: true }).reasons.join()).toContain('operations declared missing');
    expect(junitReport(r, { strict: false, requireAll: true })).toContain('type="MISSING"');
  });
});

describe('a half-built server', () => {
  it('fails when it declares nothing missing: a 404 is not taken for an operation not built yet', async () => {
    const r = await run(halfBuilt(createSandbox().fetch), []);
    expect(verdictOf(r).failed).toBe(true);
    expect(outcomes(r, 'FAIL')).toContain('QA-01');
    expect(r.notApplicable).toBe(0);
    expect(r.missingOperations).toEqual([]);
  });

  it('that drops unknown body fields is caught by the generated cases on its token endpoints', async () => {
    const r = await run(unknownFieldsIgnored.wrap(halfBuilt(createSandbox().fetch)));
    const gen02 = r.rules.find((x) => x.id === 'GEN-02');
    expect(gen02?.outcome).toBe('FAIL');
    expect(gen02?.checks.map((c) => c.reason).join()).toMatch(/ApiToken/);
  });

  it("whose token list ignores page fails the token list's paging", async () => {
    const r = await run(tokenPageIgnored.wrap(halfBuilt(createSandbox().fetch)));
    const list02 = r.rules.find((x) => x.id === 'LIST-02');
    expect(list02?.outcome).toBe('FAIL');
    const failed = list02?.checks.filter((c) => c.outcome === 'FAIL') ?? [];
    expect(failed.map((c) => c.name)).toEqual([expect.stringContaining('listApiTokens')]);
    expect(failed[0]?.reason).toMatch(/more than once|never returned/);
  });
});
