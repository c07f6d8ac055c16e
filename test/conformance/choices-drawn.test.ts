// Choices drawn together (docs/conformance.md, "What the suite does not assume"): any subset of the choice servers,
// applied as one server, fails no MUST rule and leaves none unverified, and a fault drawn on top still fails its rules;
// one server making every choice at once gets the same fair verdict in process, over HTTP and from the CLI.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { RUN_BOUNDS } from '../support/waiting.js';
import { allChoices, CHOICES } from './faults/choices.js';
import { FAULTS } from './faults/index.js';
import {
  expectFair,
  failedRules,
  IN_PROCESS_BASE_URL,
  inLane,
  notPassing,
  profileFor,
  runChoice,
  runCli,
  scope,
  TIMEOUT,
  verdict,
} from './faults/runs.js';

/** The seed of the drawn servers (printed; CHOICES_SEED replays it) and how many are drawn (CHOICES_RUNS; docs/testing.md). */
const DRAW_SEED = process.env.CHOICES_SEED ? Number(process.env.CHOICES_SEED) : 20261207;
const DRAW_RUNS = process.env.CHOICES_RUNS ? Number(process.env.CHOICES_RUNS) : 3;

describe.concurrent('servers drawn from the choices, each with a fault on top', () => {
  // Each draw runs the whole suite and then the fault's rules, one after the other, in one lane.
  it(`${DRAW_RUNS} drawn servers: no MUST rule fails or stays unverified, and the fault drawn on top fails its rules`, {
    timeout: (2 * DRAW_RUNS + 5) * RUN_BOUNDS.totalTimeoutMs,
  }, async () => {
    console.log(
      `servers drawn from the choices: CHOICES_SEED=${DRAW_SEED} CHOICES_RUNS=${DRAW_RUNS} (replay with both)`,
    );
    const draw = fc.record({
      // Any subset of the choices, each applied as allChoices does: every combination can occur.
      names: fc.subarray(Object.keys(CHOICES)),
      fault: fc.constantFrom(...Object.keys(FAULTS)),
    });
    await fc.assert(
      fc.asyncProperty(draw, async ({ names, fault: faultName }) => {
        const choice = allChoices(names);
        expectFair(await runChoice(0, choice, 'in process'), choice);
        const fault = FAULTS[faultName] as (typeof FAULTS)[string];
        // A rule the choices leave nothing to judge cannot fail under a fault either.
        const breaks = fault.breaks.filter((id) => !(choice.unjudged ?? []).includes(id));
        if (breaks.length === 0) return;
        const result = await inLane(0, () =>
          runConformance({
            target: fault.wrap(choice.wrap(createSandbox().fetch)),
            profile: profileFor(choice, IN_PROCESS_BASE_URL),
            only: scope(breaks),
            preflight: false,
            ...RUN_BOUNDS,
          }),
        );
        const failed = failedRules(result);
        expect(
          breaks.filter((id) => !failed.includes(id)),
          `${faultName} on ${names.join(', ')}`,
        ).toEqual([]);
      }),
      { seed: DRAW_SEED, numRuns: DRAW_RUNS, endOnFailure: true },
    );
  });
});

describe.concurrent('a server making every choice at once', TIMEOUT, () => {
  it('gets the same fair verdict in process, over HTTP and from the CLI', async () => {
    const choice = allChoices();
    const inProcess = await runChoice(0, choice, 'in process');
    expectFair(inProcess, choice);
    const overHttp = await runChoice(0, choice, 'over HTTP');
    // On a difference, why each rule that did not pass over HTTP did not: a verdict alone does not say which check.
    expect(verdict(overHttp.rules), notPassing(overHttp.rules).join('\n')).toEqual(verdict(inProcess.rules));
    const fromCli = await inLane(0, async () => {
      const server = await startSandboxServer({
        port: 0,
        fetch: choice.wrap(createSandbox().fetch),
        keepAliveTimeoutMs: KEPT_ALIVE_MS,
      });
      try {
        return await runCli(profileFor(choice, server.baseUrl));
      } finally {
        await server.close();
      }
    });
    expect(verdict(fromCli.rules)).toEqual(verdict(inProcess.rules));
    // Only SHOULD rules fail: the CLI passes the run.
    expect(fromCli.code).toBe(0);
  });
});
