// npm run docs: builds the self-contained Redoc page docs/index.html from openapi.yaml plus the generated doc pages, and
// the console beside it (scripts/build-console.ts) and the Postman collection (scripts/postman.ts).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { consoleAnchor } from '../console/swagger.js';
import { assumptionSince } from '../contract/evolution/history.js';
import { operationsOf } from '../contract/resolved.js';
import { renderAssumptions } from './assumptions.js';
import { buildConsole, CONSOLE_FILE } from './build-console.js';
import { bundleContract, redocly } from './bundle.js';
import { contractSamples, SAMPLE_VARIABLES, withCodeSamples } from './code-samples.js';
import { injectDiagrams } from './diagrams.js';
import { DOCS_PATH, isStale, OPTIONAL_PAGES } from './docs-inputs.mjs';
import { renderLinksPage } from './links-page.js';
import { POSTMAN_FILE, writePostmanCollection } from './postman.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string): string => join(root, path);

export { DOCS_INPUTS, DOCS_PATH, isStale } from './docs-inputs.mjs';

/** Redoc's page template plus a Content-Security-Policy that stops every network request. */
const TEMPLATE = at('docs/redoc-template.hbs');

/**
 * The bundled contract whose `info.description` carries the state diagrams and ends with the links page, the
 * assumptions page and the other generated pages, so that Redoc lists their headings in its menu. The generated pages
 * are rendered from the bundle itself, so they cannot be stale. Every operation carries its code samples.
 */
export function docsDocument(): Record<string, unknown> {
  const document = bundleContract();
  withCodeSamples(document, contractSamples(at('openapi.yaml')));
  withConsoleLinks(document);
  const info = document.info as { description?: string };
  info.description = injectDiagrams(info.description ?? '', document);
  const pages = [TRY_IT_PAGE, renderLinksPage(document), renderAssumptions(document, assumptionSince())];
  for (const page of OPTIONAL_PAGES) {
    if (existsSync(at(page))) pages.push(readFileSync(at(page), 'utf8'));
  }
  info.description = [info.description ?? '', ...pages].map((s) => s.trim()).join('\n\n');
  return document;
}

/** The introduction's pointer to the console, so that a reader finds it before the first operation. */
const TRY_IT_PAGE = `# Try it

The [console](${CONSOLE_FILE}) sends every operation of this reference, with its examples filled in, to a sandbox
that runs in the page (the demo world, kept for your tab: nothing to install) or to a server's base URL. Log in there
(the demo captcha is shown) to use a JWT, or use a named API token as Bearer: one kind at a time. Its **QA walkthrough**
runs the QA flow step by step: log in, find a board, create a scenario and a case, start a session, record a bug, see
its linked task, finish the session. Each operation below links to itself in the console, and shows a \`curl\` line and
a \`@task-management/client\` call that are tested against the sandbox. The samples read these environment variables:

| variable | what to put in it |
|---|---|
${Object.entries(SAMPLE_VARIABLES)
  .map(([name, meaning]) => `| \`${name}\` | ${meaning} |`)
  .join('\n')}`;

/** Ends every operation's description with a link to the same operation in the console (console.html). */
export function withConsoleLinks(document: Record<string, unknown>): void {
  for (const op of operationsOf(document)) {
    const operation = op.node;
    const tag = op.tags[0] ?? 'default';
    const link = `[Try it in the console](${CONSOLE_FILE}${consoleAnchor(tag, op.operationId)}) (the sandbox in the page, or your server).`;
    operation.description = [typeof operation.description === 'string' ? operation.description.trim() : '', link]
      .filter(Boolean)
      .join('\n\n');
  }
}

/** Redoc's footer ("API docs by" and a logo) fetches the logo from this CDN; Redocly offers no option to drop it. */
const CDN_LOGOS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];

/** The attribution as a local picture, so the footer reads "API docs by Redocly" offline, with no request. */
const LOCAL_LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14" viewBox="0 0 52 14"><text x="0" y="11" font-family="Helvetica,Arial,sans-serif" font-size="12" font-weight="bold" fill="#555">Redocly</text></svg>',
).toString('base64')}`;

/** The built page with the CDN logo addresses replaced by the local picture. */
export function withLocalLogo(html: string): string {
  return CDN_LOGOS.reduce((page, url) => page.split(url).join(LOCAL_LOGO), html);
}

/** Builds the page into `outFile` with `redocly build-docs --inlineBundle` (no CDN: it works offline from file://). */
export function buildDocs(outFile: string = DOCS_PATH): { bytes: number; consoleBytes: number; postmanBytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'docs-bundle-'));
  try {
    const bundle = join(dir, 'openapi.json');
    writeFileSync(bundle, JSON.stringify(docsDocument()));
    redocly(['build-docs', bundle, '--inlineBundle', '-t', TEMPLATE, '-o', outFile]);
    writeFileSync(outFile, withLocalLogo(readFileSync(outFile, 'utf8')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    bytes: statSync(outFile).size,
    consoleBytes: buildConsole(dirname(outFile)).bytes,
    postmanBytes: writePostmanCollection(dirname(outFile)).bytes,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
  const shown = relative(process.cwd(), DOCS_PATH);
  if (values['if-stale'] && !isStale()) {
    console.log(`${shown} is up to date`);
  } else {
    const { bytes, consoleBytes, postmanBytes } = buildDocs();
    const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;
    const beside = (file: string) => join(dirname(shown), file);
    console.log(
      `wrote ${shown} (${kib(bytes)}), ${beside(CONSOLE_FILE)} (${kib(consoleBytes)}) and ${beside(POSTMAN_FILE)} (${kib(postmanBytes)})`,
    );
  }
}
