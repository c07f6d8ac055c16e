// The docs part of npm run bench (docs/benchmarks.md, README "For readers of the docs"): what the built pages weigh
// (as files and as a static host sends them, gzip) and how long the console takes to be ready in headless Chromium.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDocs } from '../../docs-build/build-docs.js';
import { launchChromium } from '../../drivers/chromium.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { fmt, median } from './figures.js';

/** Our goals: each page under 3 MiB as a file, and the console ready within 5 s of navigation. */
const PAGE_GOAL_BYTES = 3 * 2 ** 20;
const READY_GOAL_MS = 5000;

const mib = (bytes: number) => fmt(bytes / 2 ** 20, 2);

export async function benchDocs(loads: number): Promise<string> {
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-docs-'));
  try {
    const started = performance.now();
    buildDocs(join(dir, 'index.html'));
    const buildMs = performance.now() - started;
    const files = ['index.html', 'console.html', 'mockServiceWorker.js'].map((name) => {
      const text = readFileSync(join(dir, name));
      return { name, bytes: statSync(join(dir, name)).size, gzip: gzipSync(text).length };
    });

    const server = await startSandboxServer({ port: 0, docsDir: dir });
    const browser = await launchChromium();
    const readyMs: number[] = [];
    try {
      for (let load = 1; load <= loads; load++) {
        // A fresh context each time: no cached page, no service worker installed yet.
        const context = await browser.newContext();
        const page = await context.newPage();
        const from = performance.now();
        await page.goto(`${new URL(server.baseUrl).origin}/docs/console.html`);
        await page.waitForSelector('body[data-state=ready]', { timeout: 60_000 });
        readyMs.push(performance.now() - from);
        await context.close();
        console.log(`docs: console load ${load}: ready in ${fmt(readyMs.at(-1) ?? 0)} ms`);
      }
    } finally {
      await browser.close();
      await server.close();
    }
    const ready = median(readyMs);
    const largest = Math.max(...files.map((f) => f.bytes));
    return [
      '## Docs pages',
      '',
      `Command: \`BENCH_PARTS=docs BENCH_DOCS_LOADS=${loads} npm run bench\`. \`npm run docs\` into a temporary folder took`,
      `${fmt(buildMs)} ms; the console loaded ${loads} times in headless Chromium from the sandbox's node host, each in a fresh`,
      `context (no cache, no service worker yet), until ready (Swagger UI rendered, the in-page sandbox started). Node ${process.version},`,
      `load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      '| file | MiB | MiB gzip (as a static host sends it) |',
      '|---|---:|---:|',
      ...files.map((f) => `| \`docs/${f.name}\` | ${mib(f.bytes)} | ${mib(f.gzip)} |`),
      '',
      `| console load, fresh context | median ms | goal ms | ratio to goal |`,
      '|---|---:|---:|---:|',
      `| navigation → ready | ${fmt(ready)} | ${fmt(READY_GOAL_MS)} | ${fmt(ready / READY_GOAL_MS, 2)} |`,
      '',
      `- Goal: each page under ${mib(PAGE_GOAL_BYTES)} MiB: ${largest <= PAGE_GOAL_BYTES ? 'met' : 'NOT met'} (largest ${mib(largest)} MiB, ratio ${fmt(largest / PAGE_GOAL_BYTES, 2)}).`,
      `- Goal: the console ready within ${fmt(READY_GOAL_MS)} ms: ${ready <= READY_GOAL_MS ? 'met' : 'NOT met'}.`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
