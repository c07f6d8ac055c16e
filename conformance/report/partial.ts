// How a rule that passed with some of its checks skipped, not applicable or judged in part is said in every report
// (docs/conformance.md, "Reading the report"): the same sentence in the console, the JUnit file and the Vitest door
// as the JSON report's `reason`, with the count and why.
import type { RuleResult } from '../engine/result.js';

/** What a passing rule could not judge (`1 of 2 checks skipped: read-only mode`), or nothing for a whole pass. */
export const passedInPart = (r: Pick<RuleResult, 'outcome' | 'reason'>): string | undefined =>
  r.outcome === 'PASS' && r.reason ? r.reason : undefined;

/** The sentence of a rule that passed in part: `AUTH-01 MUST passed in part: 1 of 2 checks skipped: read-only mode.` */
export function passedInPartLine(r: Pick<RuleResult, 'id' | 'level' | 'outcome' | 'reason'>): string | undefined {
  const why = passedInPart(r);
  if (why === undefined) return undefined;
  return `${r.id} ${r.level} passed in part: ${why}${/[.!?)]$/.test(why) ? '' : '.'}`;
}
