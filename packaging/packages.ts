// The npm packages the kit is published as (README, "Install"): what each one exports and runs. Their files and
// dependencies are not listed here: pack.ts follows the imports of these entry points through dist/.

export interface PackageSpec {
  /** Folder name under the pack output, and the last part of the package name. */
  dir: string;
  name: string;
  description: string;
  keywords: string[];
  /** Subpath → file in the package: a compiled entry under dist/ (its .d.ts beside it gives the types), or an asset. */
  exports: Record<string, string>;
  /** Command name → compiled script in the package. */
  bin?: Record<string, string>;
  /** Files copied as they are, from the repository root to the same place in the package. */
  assets?: string[];
  /**
   * Files shipped brotli-compressed, as `<file>.br` beside where the file would be: the docs files, which the sandbox's
   * host sends compressed to a browser and decompresses for a client that takes no brotli (5.6 MB plain, 1.1 MB so).
   */
  compressed?: string[];
  /** npm packages started as programs rather than imported (so the import scan cannot see them). */
  runs?: string[];
  /** Packages the user brings when they use a subpath that needs them; never installed by us. */
  optionalPeers?: string[];
  /**
   * The package's README: written for a user who installed it (the package's own import paths and commands, no file
   * of the kit's clone); the guides under docs/ go deeper and speak to the clone too.
   */
  readme: string;
}

export const PACKAGES: readonly PackageSpec[] = [
  {
    dir: 'client',
    name: '@task-management/client',
    description:
      'Typed client and generated TypeScript types for the Task-Management Service REST API (openapi-fetch): both credential kinds, refresh rotation, envelope errors, pagination.',
    keywords: ['task-management', 'openapi', 'openapi-fetch', 'typescript', 'client'],
    exports: { '.': 'dist/client/index.js', './schema': 'dist/generated/schema.d.ts' },
    readme: 'client/README.md',
  },
  {
    dir: 'sandbox',
    name: '@task-management/sandbox',
    description:
      'Stateful sandbox of the Task-Management Service REST API: a server (task-sandbox), a fetch handler, and MSW handlers for the browser and tests.',
    keywords: ['task-management', 'openapi', 'mock-server', 'sandbox', 'msw'],
    exports: {
      '.': 'dist/mocks/sandbox/core/app.js',
      './node': 'dist/mocks/sandbox/hosts/node.js',
      './msw': 'dist/mocks/sandbox/hosts/msw.js',
    },
    bin: { 'task-sandbox': 'dist/mocks/sandbox/main.js' },
    compressed: [
      'docs/index.html',
      'docs/console.html',
      'docs/mockServiceWorker.js',
      'docs/task-management.postman_collection.json',
      'docs/workflows.arazzo.yaml',
      'docs/openapi.yaml',
    ],
    optionalPeers: ['msw'],
    readme: 'mocks/sandbox/README.md',
  },
  {
    dir: 'mock',
    name: '@task-management/mock',
    description:
      'Prism mock and validation proxy for the Task-Management Service REST API (task-mock), with the OpenAPI contract.',
    keywords: ['task-management', 'openapi', 'prism', 'mock-server'],
    exports: {
      '.': 'dist/mocks/prism/mock.js',
      './proxy': 'dist/mocks/prism/proxy.js',
      './openapi.yaml': 'openapi.yaml',
    },
    bin: { 'task-mock': 'dist/mocks/prism/bin.js' },
    runs: ['@stoplight/prism-cli'],
    assets: ['openapi.yaml'],
    readme: 'docs/mock.md',
  },
  {
    dir: 'conformance',
    name: '@task-management/conformance',
    description:
      'Conformance suite for implementations of the Task-Management Service REST API: auth, envelope and QA rules, rule by rule, as a command (task-conformance), a function (runConformance) or Vitest tests (describeConformance), against a URL or an app in process, with JUnit, JSON and HAR reports.',
    keywords: ['task-management', 'openapi', 'conformance', 'contract-testing', 'api-testing', 'vitest'],
    exports: { '.': 'dist/conformance/index.js', './vitest': 'dist/conformance/vitest.js' },
    bin: { 'task-conformance': 'dist/conformance/bin.js' },
    assets: ['conformance/targets/sandbox.json'],
    optionalPeers: ['vitest'],
    readme: 'conformance/README.md',
  },
  {
    dir: 'mcp',
    name: '@task-management/mcp',
    description:
      'The Task-Management Service contract kit over MCP (task-kit-mcp, stdio): look up operations, check requests and answers against the contract, start and reset a stateful sandbox, run the conformance suite against a URL.',
    keywords: ['task-management', 'openapi', 'mcp', 'model-context-protocol', 'agent'],
    exports: { '.': 'dist/mcp/server.js' },
    bin: { 'task-kit-mcp': 'dist/mcp/bin.js' },
    readme: 'mcp/README.md',
  },
];
