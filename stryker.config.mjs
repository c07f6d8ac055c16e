// Mutation testing (docs/testing.md): StrykerJS mutates the modules where a wrong answer costs users most and runs the
// project's own Vitest tests against each mutant. `npm run mutate` runs it incrementally (only mutants whose code or
// tests changed since the last run on this machine); `npm run mutate -- --mutate client/paginate.ts` narrows it.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: {
    configFile: 'vitest.config.ts',
    related: true,
  },
  mutate: [
    'mocks/sandbox/domain/auth.ts',
    'mocks/sandbox/domain/access.ts',
    'mocks/sandbox/domain/limits.ts',
    'mocks/sandbox/domain/throttle.ts',
    'mocks/sandbox/domain/qa.ts',
    'mocks/sandbox/domain/store.ts',
    'mocks/sandbox/domain/accounting.ts',
    'mocks/sandbox/worlds/snapshot.ts',
    'mocks/sandbox/worlds/state-file.ts',
    'mocks/sandbox/hosts/durable.ts',
    'mocks/sandbox/worlds/journal.ts',
    'mocks/sandbox/hosts/node.ts',
    'mocks/sandbox/hosts/connections.ts',
    'mocks/sandbox/hosts/backpressure.ts',
    'client/transport.ts',
    'client/credentials.ts',
    'client/refresh.ts',
    'client/paginate.ts',
    'conformance/engine/result.ts',
    'conformance/engine/cleanup.ts',
    'conformance/engine/cleanup-ledger.ts',
    'conformance/engine/exchange-rule-judge.ts',
    'conformance/engine/explain.ts',
    'conformance/report/verdict.ts',
    'conformance/engine/redact.ts',
    'conformance/engine/matcher.ts',
    'conformance/report/files.ts',
    'conformance/report/har.ts',
    'conformance/report/console.ts',
    'contract/evolution/compare.ts',
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
