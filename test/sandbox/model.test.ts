// The sandbox against a reference model written from the source (docs/testing.md, "A model of the sandbox"): random
// sequences of the API's operations (accounts, logins and refresh rotation, named tokens, scenario trees at any depth,
// cases, sessions and outcomes, deletions with their cascades), each step's status and envelope predicted by the model,
// and after every step everything a client can list compared with it. A divergence shrinks to the shortest sequence and
// is printed as the requests it sent. MODEL_SEED replays a run; MODEL_RUNS and MODEL_STEPS make it longer.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandArbitraries, setUp, type World } from './model/commands.js';
import type { Real } from './model/real.js';
import type { Model } from './model/reference.js';

const seed = Number(process.env.MODEL_SEED ?? 20261207);
const numRuns = Number(process.env.MODEL_RUNS ?? 50);
const maxCommands = Number(process.env.MODEL_STEPS ?? 100);
/** A bound on a hang, not a duration: about 2,000 steps, each followed by some 25 list reads, on a machine at load 20. */
const HANG_BOUND_MS = 10 * 60_000;

describe('the sandbox beside its reference model', () => {
  it(
    `agrees with the model after every step (seed ${seed}, ${numRuns} runs of up to ${maxCommands} steps)`,
    async () => {
      const commands = fc.commands(commandArbitraries, { maxCommands, size: 'max' });
      const statuses = new Map<number, number>();
      let steps = 0;
      const result = await fc.check(
        fc.asyncProperty(commands, async (cmds) => {
          const world = await setUp();
          await fc.asyncModelRun(() => ({ model: world.model, real: world.real }), cmds);
          world.real.expectContractKept();
          steps += world.model.steps;
          for (const [status, n] of world.real.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
        }),
        { seed, numRuns, endOnFailure: false },
      );
      if (!result.failed) {
        // Every kind of answer the model predicts was met: successes, refusals of each kind, conflicts and throttles.
        console.log(`${steps} steps; answers by status: ${JSON.stringify([...statuses].sort())}`);
        for (const status of [200, 201, 401, 403, 404, 409])
          expect(statuses.get(status), `answers ${status}`).toBeGreaterThan(0);
        return;
      }
      // Replay the shrunk sequence once more, writing down every request it sends, so the failure reads as requests.
      const [shrunk] = result.counterexample ?? [];
      const replay: World = await setUp({ log: true });
      let error: unknown = result.errorInstance;
      try {
        await fc.asyncModelRun(
          () => ({ model: replay.model, real: replay.real }),
          shrunk as Iterable<fc.AsyncCommand<Model, Real>>,
        );
      } catch (e) {
        error = e;
      }
      expect.fail(
        [
          `The sandbox and the model disagree (seed ${seed}, replay with MODEL_SEED=${seed}); shortest sequence: ${String(shrunk)}`,
          'Requests of that sequence (the set-up logins first; every step is followed by reading every list, not shown):',
          ...(replay.real.log ?? []),
          `What disagreed: ${error instanceof Error ? error.message : String(error)}`,
        ].join('\n'),
      );
    },
    HANG_BOUND_MS,
  );
});
