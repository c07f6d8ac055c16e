// Builds the docs console (README "Publishing the docs"): docs/console.html, one page with Swagger UI, the console's
// script (console/) and their styles inlined, and docs/mockServiceWorker.js, MSW's worker, which must sit beside it.
import { copyFileSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const swaggerDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const mswWorker = join(dirname(require.resolve('msw/package.json')), 'lib/mockServiceWorker.js');

export const CONSOLE_FILE = 'console.html';
export const WORKER_FILE = 'mockServiceWorker.js';

/** Text safe inside an inline <script>: the HTML parser ends a script at `</script` and treats `<!--` specially. */
function inlineScript(code: string): string {
  return code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '<\\!--');
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
  });
  return result.outputFiles[0]?.text ?? '';
}

/** Writes console.html and mockServiceWorker.js into `outDir`; returns the page's size in bytes. */
export function buildConsole(outDir: string = join(root, 'docs')): { bytes: number } {
  const parts: Record<string, string> = {
    '/*SWAGGER_CSS*/': readFileSync(join(swaggerDir, 'swagger-ui.css'), 'utf8'),
    '/*SWAGGER_BUNDLE*/': inlineScript(readFileSync(join(swaggerDir, 'swagger-ui-bundle.js'), 'utf8')),
    '/*CONSOLE_BUNDLE*/': inlineScript(consoleBundle()),
  };
  let html = readFileSync(join(root, 'console/template.html'), 'utf8');
  for (const [slot, text] of Object.entries(parts)) {
    const at = html.indexOf(slot);
    if (at < 0) throw new Error(`console/template.html lacks ${slot}`);
    html = html.slice(0, at) + text + html.slice(at + slot.length);
  }
  const page = join(outDir, CONSOLE_FILE);
  writeFileSync(page, html);
  copyFileSync(mswWorker, join(outDir, WORKER_FILE));
  return { bytes: statSync(page).size };
}
