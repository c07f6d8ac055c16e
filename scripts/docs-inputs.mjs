// The inputs of docs/index.html and its staleness check, in plain JavaScript so that `npm start` checks in milliseconds.
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(`../${path}`, import.meta.url));

export const DOCS_PATH = at('docs/index.html');

/** Generated pages appended to the introduction when they exist (npm run generate writes them). */
export const OPTIONAL_PAGES = ['docs/rules.md', 'docs/changes.md'];

/** Files whose change makes docs/index.html stale. */
export const DOCS_INPUTS = [
  'openapi.yaml',
  'redocly.yaml',
  'docs/redoc-template.hbs',
  'scripts/build-docs.ts',
  'scripts/docs-inputs.mjs',
  'scripts/assumptions.ts',
  'scripts/bundle.ts',
  'scripts/diagrams.ts',
  'scripts/state-machines.ts',
  'scripts/links-page.ts',
  'scripts/code-samples.ts',
  'contract/resolved.ts',
  ...OPTIONAL_PAGES,
].map(at);

/** True when `outFile` is missing or older than any of `inputs`. */
export function isStale(outFile = DOCS_PATH, inputs = DOCS_INPUTS) {
  if (!existsSync(outFile)) return true;
  const built = statSync(outFile).mtimeMs;
  return inputs.some((input) => existsSync(input) && statSync(input).mtimeMs > built);
}
