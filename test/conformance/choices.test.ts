// Proof that no choice the source leaves open fails a server (docs/conformance.md, "What the suite does not assume"):
// each choice server (faults/choices.ts) alone fails no MUST rule, leaves none unverified, and fails only the SHOULD
// rules holding the contract's decision on its point. Each runs in process with two generated requests per operation
// and polarity; those that answer in the HTTP layer (redirects, a framework's pages, closed connections) over HTTP
// too. Every door (in process, over HTTP, the CLI) is compared on one server making every choice at once, in
// choices-drawn.test.ts.

import { describe, expect, it } from 'vitest';
import { RULES } from '../../conformance/rules.js';
import { CHOICES } from './faults/choices.js';
import { expectFair, runChoice, TIMEOUT } from './faults/runs.js';

/**
 * Generated requests per operation and polarity in these runs: what a choice can change in them is which kinds of
 * request it refuses or coerces, which two show as well as five (the default, which the drawn servers and the server
 * making every choice at once keep); the generated cases were two fifths of a whole run's time.
 */
const EXAMPLES = { maxExamples: 2 };

describe.concurrent('a server making one other choice where the source is silent', TIMEOUT, () => {
  for (const [i, [name, choice]] of Object.entries(CHOICES).entries()) {
    for (const door of choice.httpLayer ? (['in process', 'over HTTP'] as const) : (['in process'] as const)) {
      it(`${name} (${door}): no MUST rule fails or stays unverified, and only the contract's rules on it fail`, async () => {
        expectFair(await runChoice(i + 1, choice, door, EXAMPLES), choice);
      });
    }
  }
});

describe('the choices', () => {
  it('each depart only from SHOULD rules, and leave unjudged only rules of the catalogue', () => {
    for (const [name, choice] of Object.entries(CHOICES)) {
      for (const id of choice.departs ?? [])
        expect(RULES.find((r) => r.id === id)?.level, `${name}: ${id}`).toBe('SHOULD');
      for (const id of choice.unjudged ?? [])
        expect(
          RULES.map((r) => r.id),
          `${name}: ${id}`,
        ).toContain(id);
    }
  });
});
