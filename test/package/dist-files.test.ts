// The build's files (packaging/dist-files.ts), which the package project's global setup reads to skip a build of a
// dist/ newer than its sources: every compiled source names its JavaScript and declarations under dist/, the
// setup's dist/ is fresh, and an output older than the sources (the last step's copy, written only by a build that
// passed) makes it stale.
import { statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';
import { buildFiles, distIsStale } from '../../packaging/dist-files.js';
import { root } from './rehearsal.js';

const { inputs, outputs } = buildFiles();
const rel = (file: string) => relative(root, file).split('\\').join('/');

test('every compiled source has its JavaScript and declarations under dist/, at its own path', () => {
  const compiled = inputs.map(rel).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  expect(compiled).toContain('client/index.ts');
  expect(compiled).toContain('mocks/sandbox/main.ts');
  const named = new Set(outputs.map(rel));
  for (const source of compiled) {
    const stem = `dist/${source.replace(/\.ts$/, '')}`;
    expect(named.has(`${stem}.js`) && named.has(`${stem}.d.ts`), source).toBe(true);
  }
  expect(named.has('dist/generated/schema.d.ts')).toBe(true);
  for (const config of ['package.json', 'tsconfig.json', 'tsconfig.client.json', 'tsconfig.node.json']) {
    expect(inputs.map(rel)).toContain(config);
  }
});

test('the dist/ the global setup left is fresh; its last step older than a source makes it stale', () => {
  expect(distIsStale()).toBe(false);
  const stamp = join(root, 'dist/generated/schema.d.ts');
  const { atime, mtime } = statSync(stamp);
  try {
    utimesSync(stamp, atime, new Date(0));
    expect(distIsStale()).toBe(true);
  } finally {
    utimesSync(stamp, atime, mtime);
  }
  expect(distIsStale()).toBe(false);
});
