// npm run docs: builds the self-contained Redoc page docs/index.html from openapi.yaml plus the generated doc pages (issue §5).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { renderAssumptions } from './assumptions.js';
import { bundleContract, redocly } from './bundle.js';
import { DOCS_PATH, isStale, OPTIONAL_PAGES } from './docs-inputs.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string): string => join(root, path);

export { DOCS_INPUTS, DOCS_PATH, isStale } from './docs-inputs.mjs';

/** Redoc's page template plus a Content-Security-Policy that stops every network request. */
const TEMPLATE = at('docs/redoc-template.hbs');

/**
 * The bundled contract whose `info.description` ends with the assumptions page and the other generated pages, so that
 * Redoc lists their headings in its menu. The assumptions page is rendered from the bundle itself, so it cannot be stale.
 */
export function docsDocument(): Record<string, unknown> {
  const document = bundleContract();
  const info = document.info as { description?: string };
  const pages = [renderAssumptions(document)];
  for (const page of OPTIONAL_PAGES) {
    if (existsSync(at(page))) pages.push(readFileSync(at(page), 'utf8'));
  }
  info.description = [info.description ?? '', ...pages].map((s) => s.trim()).join('\n\n');
  return document;
}

/** Builds the page into `outFile` with `redocly build-docs --inlineBundle` (no CDN: it works offline from file://). */
export function buildDocs(outFile: string = DOCS_PATH): { bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'docs-bundle-'));
  try {
    const bundle = join(dir, 'openapi.json');
    writeFileSync(bundle, JSON.stringify(docsDocument()));
    redocly(['build-docs', bundle, '--inlineBundle', '-t', TEMPLATE, '-o', outFile]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { bytes: statSync(outFile).size };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
  const shown = relative(process.cwd(), DOCS_PATH);
  if (values['if-stale'] && !isStale()) {
    console.log(`${shown} is up to date`);
  } else {
    const { bytes } = buildDocs();
    console.log(`wrote ${shown} (${bytes} bytes)`);
  }
}
