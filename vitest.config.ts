// Test runner settings for npm test: every suite under test/, each file in its own worker (docs/testing.md "How long
// `npm test` takes"). Timeouts bound a hang, never an expected duration: a test that takes seconds on a quiet machine
// takes ten times as long on a 2-core machine at load 20, and must still pass there.
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run the suite whole many times, longest first (docs/testing.md "How long `npm test` takes"). Vitest
 * starts the files it has timed longest first, and on a fresh clone, with no timings, the largest: these are small
 * files, so they would start last and run alone on one core at the end.
 */
const LONGEST = [
  'test/conformance/choices.test.ts',
  'test/conformance/faults.test.ts',
  'test/conformance/isolation.test.ts',
  'test/conformance/cleanup.test.ts',
  'test/conformance/vitest-door.test.ts',
  'test/conformance/choices-drawn.test.ts',
  'test/docs/arazzo-workflows.test.ts',
  'test/docs/arazzo-steps.test.ts',
  'test/conformance/cli.test.ts',
];

/** Vitest's order, with LONGEST first within its project; `--sequence.shuffle` still shuffles the files, by its seed. */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { shuffle, seed } = this.ctx.config.sequence;
    if (shuffle) return shuffled(files, seed);
    const rank = (spec: TestSpecification): number => {
      const at = LONGEST.indexOf(relative(this.ctx.config.root, spec.moduleId).split('\\').join('/'));
      return at === -1 ? LONGEST.length : at;
    };
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of await super.sort(files)) {
      const group = byProject.get(spec.project.name) ?? [];
      group.push(spec);
      byProject.set(spec.project.name, group);
    }
    // Array#sort is stable: the rest keep Vitest's order.
    return [...byProject.values()].flatMap((group) => group.sort((a, b) => rank(a) - rank(b)));
  }
}

/** Fisher–Yates with a seeded generator (mulberry32), so a seed replays its order. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** What both projects share (not through `extends`, which would copy a maxWorkers set here into each, past --maxWorkers). */
const shared = {
  // Twice the longest single wait a test makes (HANG_MS in test/support/waiting.ts): a test still running after two
  // minutes is hung, not slow. Files whose steps are npm installs, compilers or a browser say a larger bound.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // One worker per core, not Vitest's default of one fewer (a single worker on two cores): the tests' time is mostly
    // spent waiting on other processes (npm, tsc, Chromium, servers), so on a quiet 2-core machine two workers took the
    // run from 642 s to 445 s; on a busy one they were no slower (docs/testing.md "How long `npm test` takes").
    // `--maxWorkers=1` on the command line still runs one file at a time.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          ...shared,
          name: 'kit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/package/**'],
        },
      },
      {
        test: {
          ...shared,
          name: 'package',
          include: ['test/package/*.test.ts'],
          // Built before any file, then packed, published and installed once for the whole folder, beside the kit's files
          // (npm installs take minutes on a busy machine); its files run after the kit's (Vitest orders projects by name).
          globalSetup: ['test/package/global-setup.ts'],
          testTimeout: 10 * 60_000,
          hookTimeout: 10 * 60_000,
        },
      },
    ],
  },
});
