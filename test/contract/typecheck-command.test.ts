// `npm run typecheck` (README "Commands": "`tsc --noEmit`, strict"): the kit's own package.json script and tsconfig.json
// in a small project of their own (a copy holding one source file, node_modules by a link), run through npm as a
// contributor runs it: a strict error fails it naming the file and the error; once fixed it passes, and it writes
// no file.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { userEnv } from '../support/commands.js';
import { COMMAND_BOUND_MS, HANG_MS } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'kit-typecheck-'));
  for (const file of ['package.json', 'tsconfig.json']) copyFileSync(join(root, file), join(copy, file));
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  mkdirSync(join(copy, 'contract'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const typecheck = () =>
  spawnSync('npm', ['run', '--silent', 'typecheck'], {
    cwd: copy,
    env: userEnv(),
    encoding: 'utf8',
    timeout: COMMAND_BOUND_MS,
  });
/** Every file of the copy's own (node_modules aside). */
const files = () =>
  (readdirSync(copy, { recursive: true }) as string[]).filter((f) => !f.startsWith('node_modules')).sort();

it('is the command the README names', () => {
  const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(scripts.typecheck).toBe('tsc --noEmit');
});

it(
  'fails on what strict refuses, naming the file and the error; passes once fixed, and writes no file',
  () => {
    // An implicit any (strict) and an index read used as a number (noUncheckedIndexedAccess).
    writeFileSync(
      join(copy, 'contract/probe.ts'),
      'export const twice = (n) => n * 2;\nexport const first = (xs: number[]): number => xs[0];\n',
    );
    const broken = typecheck();
    expect(broken.status).not.toBe(0);
    expect(broken.stdout).toMatch(/contract\/probe\.ts\(1,\d+\): error TS7006/);
    expect(broken.stdout).toMatch(/contract\/probe\.ts\(2,\d+\): error TS2322/);

    writeFileSync(
      join(copy, 'contract/probe.ts'),
      'export const twice = (n: number) => n * 2;\nexport const first = (xs: number[]): number => xs[0] ?? 0;\n',
    );
    const fixed = typecheck();
    expect(fixed.status, fixed.stdout + fixed.stderr).toBe(0);
    expect(files()).toEqual(['contract', 'contract/probe.ts', 'package.json', 'tsconfig.json']);
  },
  COMMAND_BOUND_MS + HANG_MS,
);
