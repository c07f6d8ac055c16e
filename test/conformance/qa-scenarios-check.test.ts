// The QA rules for scenarios and cases (conformance/checks/qa-scenarios.check.ts; source §2, §4, §7: create, read,
// rename, hierarchy, filters, availability and complete deletion), judged on their own: every rule of the file passes
// against the sandbox, and each fails against a server that breaks exactly what it states (a fault of
// test/conformance/faults/qa.js, answered as if nothing were wrong), run through runConformance with `only` that rule.
import { describe, expect, it } from 'vitest';
import { HANG_MS, RUN_BOUNDS } from '../support/waiting.js';
import * as qa from './faults/qa.js';
import { runRules } from './faults/runs.js';
import type { FaultVariant } from './faults/wrap.js';

/** Each rule of the file, and the fault that breaks only what it states. */
const RULE_FAULTS: [string, string, FaultVariant][] = [
  ['QA-01', 'renameIgnored', qa.renameIgnored],
  ['QA-02', 'parentDropped', qa.parentDropped],
  ['QA-03', 'parentDropped', qa.parentDropped],
  ['QA-04', 'caseUpdateIgnored', qa.caseUpdateIgnored],
  ['QA-05', 'caseListMixesScenarios', qa.caseListMixesScenarios],
  ['QA-06', 'casesOutliveScenario', qa.casesOutliveScenario],
  ['QA-07', 'descendantsSurvive', qa.descendantsSurvive],
  ['QA-21', 'deletedScenarioListed', qa.deletedScenarioListed],
  ['QA-22', 'caseListDropsField', qa.caseListDropsField],
];

const judge = runRules;

describe('the QA rules for scenarios and cases', { timeout: RUN_BOUNDS.totalTimeoutMs + HANG_MS }, () => {
  it('every one passes against the sandbox', async () => {
    const run = await judge(undefined, [...new Set(RULE_FAULTS.map(([rule]) => rule))]);
    expect(run.rules.map((r) => [r.id, r.outcome, r.reason ?? ''])).toEqual(
      RULE_FAULTS.map(([rule]) => [rule, 'PASS', '']),
    );
  });

  it.each(RULE_FAULTS)('%s fails against %s', async (rule, _name, fault) => {
    expect(fault.breaks).toContain(rule);
    const run = await judge(fault, [rule]);
    expect(run.rules.map((r) => [r.id, r.outcome])).toEqual([[rule, 'FAIL']]);
  });
});
