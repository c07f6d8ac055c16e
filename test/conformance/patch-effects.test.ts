// Every effect a MUST rule claims to judge is proven by a fault (docs/conformance.md, "How we know every check can
// fail"): TOKEN-12 judges a token PATCH's title, metadata and expires_at, QA-04 a case PATCH's four fields. Against a
// server that stores all but one of them, and answers as if it stored it, the rule fails on the read-back of that
// one effect (not on a refused PATCH); against the sandbox it passes.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import * as qa from './faults/qa.js';
import * as tokens from './faults/tokens.js';
import type { FaultVariant } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** Per fault, the rule it breaks and what the failure must name: the effect it leaves out. */
const PER_EFFECT: [string, FaultVariant, RegExp][] = [
  ['tokenTitleNotStored', tokens.tokenTitleNotStored, /still shows the old title/],
  ['tokenMetadataNotStored', tokens.tokenMetadataNotStored, /shows metadata .* not the new one/],
  ['tokenExpiryNotMoved', tokens.tokenExpiryNotMoved, /expires_at was moved into the past/],
  ['caseTitleNotStored', qa.caseTitleNotStored, /the case reads title/],
  ['caseDescriptionNotStored', qa.caseDescriptionNotStored, /the case reads description/],
  ['caseStepsNotStored', qa.caseStepsNotStored, /the case reads steps_to_reproduce/],
  ['caseExpectedResultNotStored', qa.caseExpectedResultNotStored, /the case reads expected_result/],
];

const judge = async (fault: FaultVariant | undefined, only: string[]) => {
  const inner = createSandbox().fetch;
  return runConformance({ target: fault ? fault.wrap(inner) : inner, profile: DEMO_PROFILE, only, preflight: false });
};

describe('a MUST rule that judges several effects of a PATCH', { timeout: 120_000 }, () => {
  it('passes against the sandbox, which stores every one', async () => {
    const run = await judge(undefined, ['TOKEN-12', 'QA-04']);
    expect(run.rules.map((r) => [r.id, r.outcome])).toEqual([
      ['TOKEN-12', 'PASS'],
      ['QA-04', 'PASS'],
    ]);
  });

  it.each(PER_EFFECT)('fails against %s, naming the effect it leaves out', async (_name, fault, names) => {
    const run = await judge(fault, [...fault.breaks]);
    const [rule] = run.rules;
    expect(rule?.outcome).toBe('FAIL');
    const reasons = (rule?.checks ?? []).map((c) => c.reason ?? '').join('\n');
    expect(reasons).toMatch(names);
    expect(reasons).not.toContain('expected a 2xx success');
  });
});
