// The inputs and outputs of the built docs (docs/index.html, the console beside it) and their staleness check, in plain
// JavaScript so that `npm start` checks in milliseconds.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const DOCS_PATH = at('docs/index.html');

/**
 * Every file `npm run docs` writes: the reference, the console, the console's service worker, the Postman collection,
 * and the Arazzo workflows with the contract they name.
 */
export const DOCS_OUTPUTS = [
  DOCS_PATH,
  at('docs/console.html'),
  at('docs/mockServiceWorker.js'),
  at('docs/task-management.postman_collection.json'),
  at('docs/workflows.arazzo.yaml'),
  at('docs/openapi.yaml'),
];

/** Generated pages appended to the introduction when they exist (npm run generate writes them). */
export const OPTIONAL_PAGES = ['docs/rules.md', 'docs/changes.md'];

/** Files whose change makes the built docs stale (package-lock.json: Redoc, Swagger UI and MSW versions). */
export const DOCS_INPUTS = [
  'openapi.yaml',
  'workflows.arazzo.yaml',
  'redocly.yaml',
  'docs/redoc-template.hbs',
  'docs-build/build-docs.ts',
  'docs-build/docs-inputs.mjs',
  'docs-build/assumptions-page.ts',
  'docs-build/bundle.ts',
  'docs-build/diagrams.ts',
  'docs-build/state-machines.ts',
  'docs-build/links-page.ts',
  'docs-build/code-samples.ts',
  'docs-build/build-console.ts',
  ...readdirSync(at('docs-build/postman')).map((name) => `docs-build/postman/${name}`),
  'docs-build/workflows.ts',
  'contract/resolved.ts',
  'package-lock.json',
  ...OPTIONAL_PAGES,
].map(at);

/** The console's sources: every file of console/ (its page template, and its script bundled with the sandbox and the contract). */
const CONSOLE_SOURCES = () =>
  existsSync(at('console')) ? readdirSync(at('console')).map((name) => at(`console/${name}`)) : [];

/** What the console bundles from generated/: the contract, and the sandbox's validators compiled from it. */
const CONSOLE_GENERATED = ['openapi-document', 'request-validators', 'snapshot-validator'].map((name) =>
  at(`generated/${name}.ts`),
);

/**
 * True when an output is missing or older than any of `inputs`. The docs' default inputs add the console's sources
 * and the generated modules the console bundles.
 */
export function isStale(outputs = DOCS_OUTPUTS, inputs = [...DOCS_INPUTS, ...CONSOLE_SOURCES(), ...CONSOLE_GENERATED]) {
  const files = Array.isArray(outputs) ? outputs : [outputs];
  if (files.some((file) => !existsSync(file))) return true;
  const built = Math.min(...files.map((file) => statSync(file).mtimeMs));
  return inputs.some((input) => existsSync(input) && statSync(input).mtimeMs > built);
}
