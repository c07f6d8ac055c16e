// Test runner settings for npm test: every suite under test/, each file in its own worker (docs/testing.md "How long
// `npm test` takes"). Timeouts bound a hang, never an expected duration: a test that takes seconds on a quiet machine
// takes ten times as long on a 2-core machine at load 20, and must still pass there.
import { configDefaults, defineConfig } from 'vitest/config';

/** What both projects share (not through `extends`, which would copy maxWorkers into each and hide --maxWorkers). */
const shared = {
  // Twice the longest single wait a test makes (HANG_MS in test/support/waiting.ts): a test still running after two
  // minutes is hung, not slow. Files whose steps are npm installs, compilers or a browser say a larger bound.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Two files at a time on two cores: most tests spend their time waiting on a child process, a socket, npm or
    // Chromium, so a second worker fills the first one's waits (measured in docs/testing.md).
    maxWorkers: 2,
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
