// A rule's outcome does not depend on which other rules run with it (docs/conformance.md, "What the suite does not
// assume"): each check writes on objects of its own, so each rule run alone (`only`) gets the outcome it gets in the
// full run. Proven against the sandbox and against all the choices at once, which holds every choice server that
// limits one object (one running session per scenario, one task per case, locked outcomes, unique titles, review
// before finishing); `ISOLATION_SERVERS=all` adds each of those alone (docs/testing.md). The rules judged over every exchange are left out: run alone, they run every check, as the full run does.
// The generated-request rules run alone as one group: they judge one exploration, made once per run by the first of
// their checks, so any one of them alone sends the requests the four send together (conformance/checks/cases.check.ts).

import { describe, expect, it } from 'vitest';
import { GENERATED_RULES } from '../../conformance/cases/verdicts.js';
import { loadProfile } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { lanes } from '../support/lanes.js';
import { RUN_BOUNDS } from '../support/waiting.js';
import { allChoices, CHOICES, type Choice } from './faults/choices.js';

/** In-process runs: nothing listens here, every request goes to the handler. */
const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';

/** The choices that limit one object: where a check sharing objects with another would be blocked by it. */
const LIMITING = [
  'oneRunningSessionPerScenario',
  'oneTaskPerCase',
  'outcomesLocked',
  'finishNeedsReview',
  'conflictsAs400',
  'tokenTitlesUnique',
  'scenarioTitlesUnique',
] as const;

/**
 * The sandbox and every choice at once in `npm test`; with ISOLATION_SERVERS=all, each limiting choice alone as well
 * (a sweep is about 70 runs of the suite: nine sweeps were a tenth of npm test's time).
 */
const SERVERS: [string, Choice][] = [
  ['the sandbox', { wrap: (inner) => inner }],
  ...(process.env.ISOLATION_SERVERS === 'all'
    ? LIMITING.map((name): [string, Choice] => [name, CHOICES[name] as Choice])
    : []),
  ['every choice at once', allChoices()],
];

/** Sweeps run side by side on two lanes: a run mostly waits for its handler, and the machine has two cores. */
const LANES = 2;
const inLane = lanes(LANES);

/** The rule's outcome in a run of `only` (every rule when empty), against a fresh server making `choice`. */
async function outcomes(choice: Choice, only: string[] = []): Promise<Map<string, string>> {
  const base = loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL);
  const result = await runConformance({
    target: choice.wrap(createSandbox().fetch),
    profile: choice.profile ? choice.profile(base) : base,
    only,
    // A loaded machine may hold an in-process answer for seconds: a timeout here would be the machine's, not the rule's.
    ...RUN_BOUNDS,
  });
  return new Map(
    result.rules.map((r) => {
      const why = r.checks.find((c) => c.outcome !== 'PASS')?.reason ?? r.reason;
      return [r.id, `${r.outcome}${r.outcome === 'PASS' ? '' : `: ${why?.slice(0, 300)}`}`];
    }),
  );
}

const outcomeOf = (line: string | undefined): string | undefined => line?.split(':')[0];

const generated = new Set<string>(GENERATED_RULES);

/**
 * The runs of rules alone: each rule not judged over exchanges by itself, the generated-request rules together (one
 * exploration instead of four, each costing more than all the other rules alone).
 */
const ALONE: readonly (readonly string[])[] = [
  ...RULES.filter((r) => !r.overExchanges && !generated.has(r.id)).map((r) => [r.id]),
  [...GENERATED_RULES],
];

describe('the runs of rules alone', () => {
  it('hold every rule not judged over exchanges, each once', () => {
    const alone = ALONE.flat();
    expect(alone.toSorted()).toEqual(
      RULES.filter((r) => !r.overExchanges)
        .map((r) => r.id)
        .toSorted(),
    );
    expect(new Set(alone).size).toBe(alone.length);
  });
});

describe.concurrent('a rule run alone', { timeout: 600_000 }, () => {
  for (const [i, [name, choice]] of SERVERS.entries()) {
    it(`gets the outcome it gets in the full run, against ${name}`, async () => {
      const differing = await inLane(i, async () => {
        const full = await outcomes(choice);
        const found: string[] = [];
        for (const only of ALONE) {
          const run = await outcomes(choice, [...only]);
          for (const id of only) {
            const alone = run.get(id);
            const inFull = full.get(id);
            if (outcomeOf(alone) !== outcomeOf(inFull)) found.push(`${id}: full run ${inFull}; alone ${alone}`);
          }
        }
        return found;
      });
      expect(differing).toEqual([]);
    });
  }
});
