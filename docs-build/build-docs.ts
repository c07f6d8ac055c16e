// The docs build (npm run docs, scripts/docs.ts): the self-contained Redoc page docs/index.html from openapi.yaml plus
// the generated doc pages, and the console beside it (build-console.ts) and the Postman collection (postman/).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleAnchor } from '../console/swagger.js';
import { assumptionSince } from '../contract/evolution/history.js';
import { isObject } from '../contract/json.js';
import { nodeAt } from '../contract/pointer.js';
import { operationsOf } from '../contract/resolved.js';
import { renderAssumptions } from './assumptions-page.js';
import { buildConsole, CONSOLE_FILE } from './build-console.js';
import { bundleContract, redocly } from './bundle.js';
import { contractSamples, SAMPLE_VARIABLES, withCodeSamples } from './code-samples.js';
import { injectDiagrams } from './diagrams.js';
import { DOCS_PATH, OPTIONAL_PAGES } from './docs-inputs.mjs';
import { renderLinksPage } from './links-page.js';
import { POSTMAN_FILE, writePostmanCollection } from './postman/collection.js';
import { publishWorkflows, renderWorkflowsPage } from './workflows.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (path: string): string => join(root, path);

export { DOCS_INPUTS, DOCS_PATH, isStale } from './docs-inputs.mjs';

/** Redoc's page template plus a Content-Security-Policy that stops every network request. */
const TEMPLATE = at('docs/redoc-template.hbs');

/**
 * The bundled contract as the page shows it: the operations first, then the guide (the introduction's sections, with
 * the state diagrams) and the generated pages (links, assumptions, rules, changes), rendered from the bundle itself so
 * they cannot be stale. Every operation carries its code samples.
 */
export function docsDocument(): Record<string, unknown> {
  return docsPage().document;
}

/** The page's document, and where the introduction's former addresses now lead (withGuideAfterOperations). */
function docsPage(): { document: Record<string, unknown>; moved: Record<string, string> } {
  const document = bundleContract();
  withCodeSamples(document, contractSamples(at('openapi.yaml')));
  withConsoleLinks(document);
  const info = document.info as { description?: string };
  info.description = injectDiagrams(info.description ?? '', document);
  const pages = [
    TRY_IT_PAGE,
    renderWorkflowsPage(document),
    renderLinksPage(document),
    renderAssumptions(document, assumptionSince()),
  ];
  for (const page of OPTIONAL_PAGES) {
    if (existsSync(at(page))) pages.push(readFileSync(at(page), 'utf8'));
  }
  const moved = withGuideAfterOperations(document, pages);
  withFirstSteps(document);
  const published = JSON.parse(servedPaths(JSON.stringify(document), pagesByFile(pages))) as Record<string, unknown>;
  unwrapDescriptions(published);
  return { document: published, moved };
}

/** The files published beside the reference (README "Publishing the docs"), linked from its first screen. */
export const PUBLISHED_FILES = [
  ['the console', CONSOLE_FILE],
  ['the Postman collection', POSTMAN_FILE],
  ['the Arazzo workflows', 'workflows.arazzo.yaml'],
  ['the contract', 'openapi.yaml'],
] as const;

/**
 * The first screen says how to begin: the console (and how to log in there, with the demo account of the contract's
 * login example) and every file published beside the page.
 */
function withFirstSteps(document: Record<string, unknown>): void {
  const info = document.info as { description?: string };
  const login = nodeAt(document, '/paths/~1member~1login~1/post/requestBody/content/application~1json/examples');
  const example = isObject(login) ? Object.values(login)[0] : undefined;
  const demo = isObject(example) && isObject(example.value) ? example.value : {};
  const files = PUBLISHED_FILES.slice(1)
    .map(([name, file]) => `[${name}](${file})`)
    .join(', ');
  const start =
    `**Start here**: log in as \`${String(demo.username)}\` / \`${String(demo.password)}\` (captcha ` +
    `\`${String(demo.captcha_token)}\`) in [the console](${CONSOLE_FILE}), which runs every operation against a sandbox ` +
    `in your browser. Also published here: ${files}.`;
  const [lead = '', ...rest] = (info.description ?? '').split('\n\n');
  info.description = [lead, start, ...rest].join('\n\n');
}

/** Which guide or reference section each docs/*.md file is published as on this page, by file name. */
function pagesByFile(pages: string[]): Record<string, string> {
  const byFile: Record<string, string> = {};
  for (const file of OPTIONAL_PAGES) {
    const page = existsSync(at(file)) ? readFileSync(at(file), 'utf8') : '';
    if (pages.includes(page)) byFile[file] = sectionOf(page).name;
  }
  // The Assumptions page is rendered from the contract, as docs/assumptions.md is (npm run generate).
  const assumptions = pages.map(sectionOf).find((section) => section.name === 'Assumptions');
  if (assumptions) byFile['docs/assumptions.md'] = assumptions.name;
  return byFile;
}

/**
 * The reference is published without the kit's Markdown pages, so a `docs/X.md` it names would be a 404 where it is
 * served: one that is a section of this page becomes a link to it, any other names the kit's docs folder instead.
 * Works on the document's JSON text (the replacements need no escaping there).
 */
export function servedPaths(json: string, sections: Record<string, string>): string {
  return json.replace(/`?(?<![\w/.-])(docs\/[\w.-]+\.md)(#[\w-]+)?`?/g, (_whole, file: string) => {
    const section = sections[file];
    return section
      ? `[${section}](#/${slugOf(section)})`
      : `${file.slice('docs/'.length)} (a page of the kit's docs folder, not published here)`;
  });
}

/**
 * Joins the hard-wrapped lines of a paragraph with a space: Markdown reads them so, but Redoc's search snippets drop the
 * line break without one ("when\ntwo-factor" → "whentwo-factor"). Lists, tables, headings, HTML and code stay as written.
 */
export function unwrapLines(markdown: string): string {
  const out: string[] = [];
  let fenced = false;
  const opensBlock = /^\s*([-*+]\s|\d+[.)]\s|#|>|\||<|```|~~~)|^\s{4}/;
  for (const line of markdown.split('\n')) {
    const fence = /^\s*(```|~~~)/.test(line);
    const previous = out[out.length - 1];
    const joins =
      !fenced &&
      !fence &&
      previous !== undefined &&
      previous.trim() !== '' &&
      line.trim() !== '' &&
      !opensBlock.test(line) &&
      !/^\s*(\||#|<|```|~~~)/.test(previous) &&
      !/ {2}$|\\$/.test(previous);
    if (joins) out[out.length - 1] = `${previous} ${line.trim()}`;
    else out.push(line);
    if (fence) fenced = !fenced;
  }
  return out.join('\n');
}

/** Every `description` of the document, unwrapped (unwrapLines). */
function unwrapDescriptions(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) unwrapDescriptions(item);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === 'description' && typeof value === 'string') node[key] = unwrapLines(value);
    else unwrapDescriptions(value);
  }
}

interface Section {
  name: string;
  description: string;
}

/** `# Title` (or `## Title`) on the first line, and the rest: one guide section. */
const sectionOf = (markdown: string): Section => {
  const [first = '', ...rest] = markdown.trim().split('\n');
  return { name: first.replace(/^#+\s*/, '').trim(), description: rest.join('\n').trim() };
};

/** Redoc's address for a heading or a tag: lower case, spaces as hyphens, other punctuation but `.()_-` dropped. */
export const slugOf = (heading: string): string =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s.()_-]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

/** The menu group of the operations' tags, which the page opens on; the guide groups follow it. */
export const API_GROUP = 'API';
export const GUIDE_GROUP = 'Guide';
export const PAGES_GROUP = 'Reference pages';

/**
 * The reference opens on the API: info.description keeps only its lead paragraph and a line pointing to the guide.
 * Each of its `##` sections, and each generated page, becomes a guide section (a tag with `x-traitTag`, which Redoc
 * shows as a section without operations, at `#/<slug>`), grouped after the operations' tags by `x-tagGroups`.
 * Returns where each former address (`#/section/<slug>`, the introduction's headings) now is.
 */
export function withGuideAfterOperations(document: Record<string, unknown>, pages: string[]): Record<string, string> {
  const info = document.info as { description?: string };
  const [lead = '', ...rest] = (info.description ?? '').split(/^(?=## )/m);
  const guide = rest.map(sectionOf);
  const reference = pages.map(sectionOf);
  const tags = (document.tags ?? []) as { name: string }[];
  const list = (sections: Section[]) => sections.map((s) => `[${s.name}](#/${slugOf(s.name)})`).join(' · ');
  info.description = [
    lead.trim(),
    `**On this page**: the operations by tag, from [${tags[0]?.name}](#/${slugOf(tags[0]?.name ?? '')}); then the ` +
      `**${GUIDE_GROUP}** (${list(guide)}) and the **${PAGES_GROUP}** (${list(reference)}).`,
  ].join('\n\n');
  document.tags = [
    ...tags,
    ...[...guide, ...reference].map((s) => ({ name: s.name, description: s.description, 'x-traitTag': true })),
  ];
  document['x-tagGroups'] = [
    { name: API_GROUP, tags: tags.map((t) => t.name) },
    { name: GUIDE_GROUP, tags: guide.map((s) => s.name) },
    { name: PAGES_GROUP, tags: reference.map((s) => s.name) },
  ];
  const moved: Record<string, string> = {};
  for (const section of [...guide, ...reference]) {
    const top = slugOf(section.name);
    moved[top] ??= top;
    for (const [, heading = ''] of section.description.matchAll(/^#{2,3} (.+)$/gm)) {
      moved[slugOf(heading)] ??= `${top}/${slugOf(heading)}`;
    }
  }
  return moved;
}

/**
 * A script, first in the page, that sends a former address of the introduction (`#/section/<slug>`, before the guide
 * moved after the operations) to where that section is now, so bookmarks and links from elsewhere keep working.
 */
export function withMovedSections(html: string, moved: Record<string, string>): string {
  const script = `<script>(function(){var moved=${JSON.stringify(moved)};var m=/^#\\/section\\/(.+)$/.exec(location.hash);if(m&&Object.prototype.hasOwnProperty.call(moved,m[1]))history.replaceState(null,'','#/'+moved[m[1]]);})();</script>`;
  return html.replace('<head>', `<head>\n  ${script}`);
}

/** The guide's page about the console, linked from the page's lead line. */
const TRY_IT_PAGE = `# Try it

The [console](${CONSOLE_FILE}) sends every operation of this reference, with its examples filled in, to a sandbox
that runs in the page (the demo world, kept for your tab: nothing to install) or to a server's base URL. Log in there
(the demo captcha is shown) to use a JWT, or use a named API token as Bearer: one kind at a time. Its **QA walkthrough**
runs the QA flow step by step: log in, find a board, create a scenario and a case, start a session, record a bug, see
its linked task, finish the session. Each operation of this reference links to itself in the console, and shows a \`curl\` line and
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

/**
 * Redocly's page is rendered on the server with its menu links as root paths (`href="/qa-cases"`), while the page reads
 * them as hash addresses (`#/qa-cases`): a link copied from the menu before any click would be a 404. The built page
 * gets the hash form the page itself uses.
 */
export function withHashMenuLinks(html: string): string {
  return html.replace(/href="\/([^"/]*)"/g, 'href="#/$1"');
}

/** The address the contract gives the sandbox, which a page served by a sandbox on another port replaces. */
const DEFAULT_SANDBOX = 'http://127.0.0.1:4010';

/**
 * A script, run before Redoc draws the page, for a page a sandbox serves (at `/docs/` over http(s), its API at `/api`
 * of the same origin): the contract's sandbox address in the server list, the code samples and the text becomes that
 * origin, so a curl line copied from the page reaches the server it came from. On file:// or another host, nothing
 * changes.
 */
export function withServedAddress(html: string): string {
  const call = 'hydrate(__redoc_definition,';
  if (!html.includes(call)) throw new Error('the built reference no longer calls hydrate(__redoc_definition, …)');
  const script = `<script>window.__servedAddress=function(definition){var served=(location.protocol==='http:'||location.protocol==='https:')&&/^\\/docs(\\/|$)/.test(location.pathname);if(!served||location.origin===${JSON.stringify(DEFAULT_SANDBOX)})return definition;var from=${JSON.stringify(DEFAULT_SANDBOX)},to=location.origin;var walker=document.createTreeWalker(document.getElementById('redoc')||document.body,NodeFilter.SHOW_TEXT);for(var node=walker.nextNode();node;node=walker.nextNode())if(node.nodeValue.indexOf(from)>=0)node.nodeValue=node.nodeValue.split(from).join(to);return JSON.parse(JSON.stringify(definition).split(from).join(to));};</script>`;
  return html
    .replace('<head>', `<head>\n  ${script}`)
    .replace(call, 'hydrate(window.__servedAddress(__redoc_definition),');
}

/** Builds the page into `outFile` with `redocly build-docs --inlineBundle` (no CDN: it works offline from file://). */
export function buildDocs(outFile: string = DOCS_PATH): { bytes: number; consoleBytes: number; postmanBytes: number } {
  const dir = mkdtempSync(join(tmpdir(), 'docs-bundle-'));
  try {
    const bundle = join(dir, 'openapi.json');
    const { document, moved } = docsPage();
    writeFileSync(bundle, JSON.stringify(document));
    redocly(['build-docs', bundle, '--inlineBundle', '-t', TEMPLATE, '-o', outFile]);
    const built = withLocalLogo(readFileSync(outFile, 'utf8'));
    writeFileSync(outFile, withServedAddress(withHashMenuLinks(withMovedSections(built, moved))));
    publishWorkflows(dirname(outFile));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    bytes: statSync(outFile).size,
    consoleBytes: buildConsole(dirname(outFile)).bytes,
    postmanBytes: writePostmanCollection(dirname(outFile)).bytes,
  };
}
