// The check queues (conformance/engine/check-queues.ts; docs/conformance.md "How a run works": "the check files, in
// four parallel queues, each file's checks in the order they are written", and each check's outcome): PASS, FAIL,
// SKIP, UNVERIFIED when a step of another rule failed, NOT_APPLICABLE when it needs an operation the profile declares
// missing, a pass in part; checks the options leave out are not started; a stopped run starts no check more and says
// why; progress comes as each file finishes, with the run's counts so far.
import { describe, expect, it } from 'vitest';
import { runCheckQueues, type Stopper } from '../../conformance/engine/check-queues.js';
import type { RunState } from '../../conformance/engine/context.js';
import { CheckFailure, NotApplicable, NotVerified } from '../../conformance/engine/explain.js';
import { createRedactor } from '../../conformance/engine/redact.js';
import type { CheckFile, CheckFn, RegisteredCheck, Selection } from '../../conformance/engine/registry.js';
import type { CheckResult, ProgressEvent } from '../../conformance/engine/result.js';

const check = (file: string, rule: string, fn: CheckFn, more: Partial<RegisteredCheck> = {}): RegisteredCheck => ({
  rule,
  name: `${rule} ${file} check`,
  file,
  fn,
  writes: false,
  registers: false,
  needs: [],
  ...more,
});

/** The checks never reach the run's state here: what they do is decided by their own code. */
const state = { room: [] } as unknown as RunState;
const selection = (more: Partial<Selection> = {}): Selection => ({
  selected: new Set(),
  readOnly: false,
  register: true,
  ...more,
});
const running = (): Stopper & { stop(reason: string): void } => {
  const controller = new AbortController();
  let reason: string | undefined;
  return {
    signal: controller.signal,
    get reason() {
      return reason;
    },
    stop(why: string) {
      reason = why;
      controller.abort();
    },
  };
};

async function run(files: CheckFile[], chosen = selection(), stopper: Stopper = running()) {
  const events: ProgressEvent[] = [];
  const results = await runCheckQueues({
    files,
    selection: chosen,
    state,
    stopper,
    redactor: createRedactor(),
    onProgress: (e) => events.push(e),
  });
  return { results, events };
}
const outcomes = (results: CheckResult[]) =>
  Object.fromEntries(results.map((r) => [r.rule, [r.outcome, r.reason ?? '', r.blockedBy ?? r.waitsFor ?? '']]));

describe('runCheckQueues', () => {
  it("decides each check's outcome", async () => {
    const { results } = await run([
      {
        file: 'a.check.ts',
        checks: [
          check('a.check.ts', 'A-01', async () => undefined),
          check('a.check.ts', 'A-02', async () => {
            throw new CheckFailure('the title was not stored');
          }),
          check('a.check.ts', 'A-03', async (t) => t.skip('nothing to judge')),
          check('a.check.ts', 'A-04', async () => {
            throw new NotVerified('B-01', 'the scenario could not be created');
          }),
          // A step of its own rule failing is this rule's failure, not another's.
          check('a.check.ts', 'A-05', async () => {
            throw new NotVerified('A-05', 'its own step failed');
          }),
          check('a.check.ts', 'A-06', async (t) => t.partly('2 answers refused for another cause')),
          check('a.check.ts', 'A-07', async () => {
            throw new NotApplicable('deleteScenario');
          }),
        ],
      },
    ]);
    expect(outcomes(results)).toEqual({
      'A-01': ['PASS', '', ''],
      'A-02': ['FAIL', 'the title was not stored', ''],
      'A-03': ['SKIP', 'nothing to judge', ''],
      'A-04': ['UNVERIFIED', 'not verified, blocked by B-01: the scenario could not be created', 'B-01'],
      'A-05': ['FAIL', 'its own step failed', ''],
      'A-06': ['PASS', '2 answers refused for another cause', ''],
      'A-07': ['NOT_APPLICABLE', 'not applicable: waits for deleteScenario (declared missing)', 'deleteScenario'],
    });
    expect(results.find((r) => r.rule === 'A-06')?.partly).toBe(true);
  });

  it('does not start a check the options leave out: a write when read-only, one needing a missing operation', async () => {
    const started: string[] = [];
    const starts = (rule: string) => async () => {
      started.push(rule);
    };
    const { results } = await run(
      [
        {
          file: 'w.check.ts',
          checks: [
            check('w.check.ts', 'W-01', starts('W-01'), { writes: true }),
            check('w.check.ts', 'W-02', starts('W-02'), { needs: ['createCase'] }),
            check('w.check.ts', 'W-03', starts('W-03')),
          ],
        },
      ],
      selection({ readOnly: true, missing: new Set(['createCase']) }),
    );
    expect(started).toEqual(['W-03']);
    expect(outcomes(results)).toEqual({
      'W-01': ['SKIP', 'read-only mode', ''],
      'W-02': ['NOT_APPLICABLE', 'not applicable: waits for createCase (declared missing)', 'createCase'],
      'W-03': ['PASS', '', ''],
    });
  });

  it("runs each file's checks in the order written, one after another, and files side by side", async () => {
    const log: string[] = [];
    const step = (name: string) => async () => {
      log.push(`${name} start`);
      await new Promise((resolve) => setImmediate(resolve));
      log.push(`${name} end`);
    };
    const file = (name: string): CheckFile => ({
      file: name,
      checks: [1, 2, 3].map((n) => check(name, `${name}-0${n}`, step(`${name}${n}`))),
    });
    await run([file('p'), file('q')]);
    for (const name of ['p', 'q']) {
      const mine = log.filter((l) => l.startsWith(name));
      expect(mine).toEqual([1, 2, 3].flatMap((n) => [`${name}${n} start`, `${name}${n} end`]));
    }
    // Side by side: the second file starts before the first has finished.
    expect(log.indexOf('q1 start')).toBeLessThan(log.indexOf('p3 end'));
  });

  it('a stopped run starts no check more: the check in progress and those after it fail, saying why', async () => {
    const stopper = running();
    const started: string[] = [];
    const { results } = await run(
      [
        {
          file: 's.check.ts',
          checks: [
            check('s.check.ts', 'S-01', async () => {
              started.push('S-01');
            }),
            check('s.check.ts', 'S-02', async () => {
              started.push('S-02');
              stopper.stop('interrupted');
              await new Promise(() => undefined);
            }),
            check('s.check.ts', 'S-03', async () => {
              started.push('S-03');
            }),
          ],
        },
      ],
      selection(),
      stopper,
    );
    expect(started).toEqual(['S-01', 'S-02']);
    expect(outcomes(results)).toEqual({
      'S-01': ['PASS', '', ''],
      'S-02': ['FAIL', 'did not finish: interrupted', ''],
      'S-03': ['FAIL', 'did not finish: interrupted', ''],
    });
  });

  it('says how many files and checks at the start, and each file as it finishes with the counts so far', async () => {
    const fails = async () => {
      throw new CheckFailure('no');
    };
    const blocked = async () => {
      throw new NotVerified('X-09', 'blocked');
    };
    const { events } = await run([
      { file: 'one.check.ts', checks: [check('one.check.ts', 'O-01', fails), check('one.check.ts', 'O-02', blocked)] },
      { file: 'two.check.ts', checks: [check('two.check.ts', 'T-01', async () => undefined)] },
    ]);
    expect(events[0]).toEqual({ kind: 'start', files: 2, checks: 3 });
    const files = events.filter((e) => e.kind === 'file');
    expect(files.map((e) => e.file).sort()).toEqual(['one.check.ts', 'two.check.ts']);
    const last = files.at(-1);
    expect(last && { done: last.done, failed: last.failed, unverified: last.unverified, total: last.total }).toEqual({
      done: 3,
      failed: 1,
      unverified: 1,
      total: 3,
    });
    const one = files.find((e) => e.file === 'one.check.ts');
    expect(one?.results.map((r) => r.outcome)).toEqual(['FAIL', 'UNVERIFIED']);
  });
});
