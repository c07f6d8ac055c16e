// Test runner settings for npm test: every suite under test/, each file in its own worker (docs/testing.md "How long
// `npm test` takes"). Timeouts bound a hang, never an expected duration: a test that takes seconds on a quiet machine
// takes ten times as long on a 2-core machine at load 20, and must still pass there.
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
    // Workers: Vitest's default (one fewer than the cores: one here). A second on two cores was no faster on a busy
    // machine (docs/testing.md "How long `npm test` takes"): the tests' waits are mostly on other processes that need
    // the CPU too (npm, tsc, Chromium, servers). `--maxWorkers=2` tries it.
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
          // Built, packed, published and installed once for the whole folder (npm installs take minutes on a busy machine).
          globalSetup: ['test/package/rehearsal.ts'],
          testTimeout: 10 * 60_000,
          hookTimeout: 10 * 60_000,
        },
      },
    ],
  },
});
