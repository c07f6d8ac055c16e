// A check's result as the runner records it (conformance/engine/result.ts), for the report writers' tests.
import type { CheckResult } from '../../conformance/engine/result.js';

export const checkResult = (rule: string, outcome: CheckResult['outcome'], reason?: string): CheckResult => ({
  rule,
  name: `${rule} a check`,
  file: 'x.check.ts',
  outcome,
  ...(reason ? { reason } : {}),
  exchanges: [],
  ms: 1,
});
