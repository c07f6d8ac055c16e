// npm run docs [-- --if-stale]: builds docs/index.html, the console and the Postman collection
// (docs-build/build-docs.ts) and prints their sizes; with --if-stale, only when an input changed since the last build.
// An invalid openapi.yaml stops it first with one message naming the place (contract/readable.ts); npm start runs it.
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { runOnContract } from '../contract/readable.js';
import { CONSOLE_FILE } from '../docs-build/build-console.js';
import { buildDocs, DOCS_PATH, isStale } from '../docs-build/build-docs.js';
import { POSTMAN_FILE } from '../docs-build/postman/collection.js';

const { values } = parseArgs({ options: { 'if-stale': { type: 'boolean', default: false } } });
runOnContract('docs', () => {
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
});
