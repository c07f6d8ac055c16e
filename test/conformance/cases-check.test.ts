// The generated requests' rules (conformance/checks/cases.check.ts, docs/generated-cases.md; source §7: GEN-01..04),
// judged on their own: each passes against the sandbox, and each fails against a server that breaks what it states
// (a fault of test/conformance/faults/cases.js and lists.js), run through runConformance with `only` that rule and the
// defaults the docs give (seed 1, five examples), which the fault variants need; a failure shows a curl line and the
// options that replay it, as this door writes them.
import { describe, expect, it } from 'vitest';
import { HANG_MS, RUN_BOUNDS } from '../support/waiting.js';
import { FAULTS } from './faults/index.js';
import { runRules } from './faults/runs.js';
import type { FaultVariant } from './faults/wrap.js';

/** Each rule, and a fault that breaks what it states (one run judges the two rules wrongTypeAs500 breaks). */
const RULE_FAULTS: [string[], string][] = [
  [['GEN-01', 'GEN-04'], 'wrongTypeAs500'],
  [['GEN-02'], 'validationAs422'],
  [['GEN-03'], 'titleCappedAt100'],
];

const judge = runRules;

describe('the generated requests rules', { timeout: RUN_BOUNDS.totalTimeoutMs + HANG_MS }, () => {
  it('every one passes against the sandbox', async () => {
    const run = await judge(undefined, ['generated']);
    expect(run.rules.map((r) => [r.id, r.outcome])).toEqual([
      ['GEN-01', 'PASS'],
      ['GEN-02', 'PASS'],
      ['GEN-03', 'PASS'],
      ['GEN-04', 'PASS'],
    ]);
  });

  it.each(RULE_FAULTS)('%s fail against %s, showing a curl line and the replay', async (rules, name) => {
    const fault = FAULTS[name] as FaultVariant;
    expect(fault.breaks).toEqual(expect.arrayContaining(rules));
    const run = await judge(fault, rules);
    expect(run.rules.map((r) => [r.id, r.outcome])).toEqual(rules.map((rule) => [rule, 'FAIL']));
    for (const [i, rule] of rules.entries()) {
      const text = JSON.stringify(run.rules[i]);
      expect(text).toContain('curl ');
      expect(text).toContain(`runConformance({ …, only: ['${rule}'], seed: 1, maxExamples: 5 })`);
    }
  });
});
