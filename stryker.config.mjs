// Mutation testing (docs/testing.md "Mutation testing"): StrykerJS mutates every product module and runs the
// project's own Vitest tests against each mutant. `npm run mutate` runs it incrementally (only mutants whose code or
// tests changed since the last run on this machine); `npm run mutate -- --mutate client/paginate.ts` narrows it to
// one file, which is how it is run on a shared machine (docs/testing.md, "Mutating one changed file").
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.config.ts',
    related: true,
  },
  // Every product file, by folder, not a curated list: a new module is measured from the day it lands. Left out, each
  // for a reason a test run cannot change:
  mutate: [
    'client/**/*.ts',
    'mocks/**/*.ts',
    'conformance/**/*.ts',
    'contract/**/*.ts',
    'console/**/*.ts',
    'docs-build/**/*.{ts,mjs}',
    'mcp/**/*.ts',
    // Declarations hold no code to mutate.
    '!**/*.d.ts',
    '!**/*.d.mts',
    // The bins run only as child processes (they act at load: parse argv, listen, exit). Stryker switches a mutant on
    // inside the Vitest worker, never in a child, so every mutant here would survive whatever the tests check; what
    // they call is measured in the modules they import (cli/main.ts, hosts/, worlds/, mcp/server.ts).
    '!conformance/bin.ts',
    '!mocks/sandbox/main.ts',
    '!mocks/prism/bin.ts',
    '!mcp/bin.ts',
    // The console's page modules run only inside headless Chromium, from the bundle docs-build makes: a mutant there
    // is switched on in no process a test observes. The console's logic they call (base-url, console-state,
    // credentials, send, swagger, walkthrough, arazzo) is in the set above and tested in process.
    '!console/page.ts',
    '!console/walkthrough-view.ts',
    '!console/in-page-sandbox.ts',
  ],
  // Vitest strips types without checking them, so the `// @ts-nocheck` Stryker would add to every TypeScript file buys
  // nothing, and added to generated/schema.d.ts it fails the test that keeps that file what `npm run generate` makes.
  disableTypeChecks: false,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: 'reports/mutation/incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: {
    fileName: 'reports/mutation/mutation.json',
  },
  htmlReporter: {
    fileName: 'reports/mutation/mutation.html',
  },
  thresholds: {
    high: 90,
    low: 85,
    break: null,
  },
  timeoutMS: 10000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
