// Test runner settings for npm test: every suite under test/, each file in its own worker (docs/testing.md "How long
// `npm test` takes"). Timeouts bound a hang, never an expected duration: a test that takes seconds on a quiet machine
// takes ten times as long on a 2-core machine at load 20, and must still pass there.
import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

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
