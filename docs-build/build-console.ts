// Builds the docs console (README "Publishing the docs"): docs/console.html, one page with Swagger UI, the console's
// script (console/, with workflows.arazzo.yaml for its walkthrough) and their styles inlined, and
// docs/mockServiceWorker.js, MSW's worker, which must sit beside it.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { readWorkflows } from './workflows.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const mswWorker = join(dirname(require.resolve('msw/package.json')), 'lib/mockServiceWorker.js');

export const CONSOLE_FILE = 'console.html';
export const WORKER_FILE = 'mockServiceWorker.js';

/**
 * Text safe inside an inline <script>: the HTML parser ends a script at `</script` and treats `<!--` specially, and
 * reads every CR LF or CR as LF, so the text hashed for the Content-Security-Policy is the text the browser hashes.
 */
function inlineScript(code: string): string {
  return code
    .replace(/\r\n?/g, '\n')
    .replace(/<\/(script)/gi, '<\\/$1')
    .replace(/<!--/g, '<\\!--');
}

/** A CSS text inlined in a <style> element: it must not end the element early. */
function inlineStyle(css: string): string {
  if (/<\/style/i.test(css)) throw new Error('an inlined style sheet contains </style');
  return css.replace(/\r\n?/g, '\n');
}

/** The CSP source that allows one inline element: the SHA-256 of its text (CSP Level 3, "hash-source"). */
const hashSource = (text: string): string => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/**
 * The page's inline <script> and <style> elements, each allowed by its hash alone: the page's Content-Security-Policy
 * has no 'unsafe-inline', so an injected element or attribute runs no script and sets no style. An event-handler or
 * style attribute would need 'unsafe-inline' (or 'unsafe-hashes'): the page has none, and this refuses one.
 */
function withHashes(html: string): string {
  const hashes = (tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}(?:\\s[^>]*)?>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) =>
      hashSource(m[1] ?? ''),
    );
  const body = html.slice(html.indexOf('</head>'));
  if (/\s(on[a-z]+|style)\s*=/i.test(body.replace(/<script[\s\S]*?<\/script>/g, ''))) {
    throw new Error('console/template.html has an inline event handler or style attribute: the CSP would block it');
  }
  return fill(html, {
    '/*SCRIPT_HASHES*/': hashes('script').join(' '),
    '/*STYLE_HASHES*/': hashes('style').join(' '),
  });
}

/** `html` with each slot (a CSS comment naming it, as in the template) replaced by its text. */
function fill(html: string, parts: Record<string, string>): string {
  let out = html;
  for (const [slot, text] of Object.entries(parts)) {
    const at = out.indexOf(slot);
    if (at < 0) throw new Error(`console/template.html lacks ${slot}`);
    out = out.slice(0, at) + text + out.slice(at + slot.length);
  }
  return out;
}

/** The console's own script, bundled for the browser (MSW, the sandbox core and the contract included). */
function consoleBundle(): string {
  const result = buildSync({
    entryPoints: [join(root, 'console/page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
    legalComments: 'none',
    // The QA walkthrough runs the steps of the workflows file (console/walkthrough.ts).
    define: { ARAZZO_WORKFLOWS: JSON.stringify(readWorkflows()) },
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Writes console.html and mockServiceWorker.js into `outDir`; returns the page's size in bytes. */
export function buildConsole(outDir: string = join(root, 'docs')): { bytes: number } {
  const html = withHashes(
    fill(readFileSync(join(root, 'console/template.html'), 'utf8'), {
      '/*SWAGGER_CSS*/': inlineStyle(readFileSync(join(swaggerDir, 'swagger-ui.css'), 'utf8')),
      '/*SWAGGER_BUNDLE*/': inlineScript(readFileSync(join(swaggerDir, 'swagger-ui-bundle.js'), 'utf8')),
      '/*CONSOLE_BUNDLE*/': inlineScript(consoleBundle()),
    }),
  );
  const page = join(outDir, CONSOLE_FILE);
  writeFileSync(page, html);
  copyFileSync(mswWorker, join(outDir, WORKER_FILE));
  return { bytes: statSync(page).size };
}
