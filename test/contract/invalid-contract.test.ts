// An invalid contract stops `npm run generate` and `npm start` with one message naming the file, the place and what is
// wrong, and no stack trace (README "Changing the contract"): each runs in a copy of the kit whose openapi.yaml is
// broken, as a user runs it (npm), and changes no generated file.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractProblem } from '../../contract/readable.js';
import { userEnv } from '../support/commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('an invalid openapi.yaml', () => {
  let copy: string;
  let original: string;
  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'kit-invalid-contract-'));
    // The kit's files but its tests, builds and reports, walked rather than asked of git (a mutation run's copy of the
    // kit is no git work tree), and its node_modules by a link (nothing is installed).
    const left = new Set([
      'node_modules',
      'test',
      'dist',
      'build',
      'reports',
      '.git',
      '.stryker-tmp',
      'coverage',
      '.artifacts',
    ]);
    cpSync(root, copy, {
      recursive: true,
      filter: (source) => !left.has(relative(root, source).split(sep)[0] ?? ''),
    });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    original = readFileSync(join(copy, 'openapi.yaml'), 'utf8');
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const npm = (...args: string[]) =>
    spawnSync('npm', args, { cwd: copy, env: userEnv(), encoding: 'utf8', timeout: 5 * 60_000 });
  const broken = (edit: (text: string) => string) => writeFileSync(join(copy, 'openapi.yaml'), edit(original));
  const generated = () => readFileSync(join(copy, 'generated/openapi-document.ts'), 'utf8');

  const cases = [
    {
      what: 'a YAML error',
      edit: (text: string) => text.replace(/^ {2}version: (.*)$/m, '  version: [$1'),
      says: /openapi\.yaml at line \d+, column \d+: .*(indented|\])/,
    },
    {
      what: 'a $ref that names nothing',
      edit: (text: string) =>
        text.replace("$ref: '#/components/schemas/Scenario'", "$ref: '#/components/schemas/Scenari'"),
      says: /openapi\.yaml at .*#\/components\/schemas\/Scenari/,
    },
  ];

  for (const { what, edit, says } of cases) {
    it(`npm run generate on ${what}: one message naming the place, exit 2, no generated file changed`, () => {
      const before = generated();
      broken(edit);
      expect(readFileSync(join(copy, 'openapi.yaml'), 'utf8')).not.toBe(original);
      const result = npm('run', '--silent', 'generate');
      expect(result.status, result.stdout + result.stderr).toBe(2);
      const lines = result.stderr.trim().split('\n');
      expect(lines[0]).toMatch(new RegExp(`^generate: ${join(copy, 'openapi.yaml').replaceAll('.', '\\.')}`));
      expect(lines[0]).toMatch(says);
      expect(lines[1]).toBe('generate: fix the contract and run it again (README "Changing the contract")');
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(generated()).toBe(before);
    });
  }

  it('npm start on a YAML error: the same message from the docs build it starts with, no stack trace, no server', () => {
    broken(cases[0]?.edit ?? ((t) => t));
    const result = npm('start');
    expect(result.status, result.stdout + result.stderr).not.toBe(0);
    expect(result.stderr).toMatch(/^docs: .*openapi\.yaml at line \d+, column \d+: /m);
    expect(result.stderr).toContain('docs: fix the contract and run it again (README "Changing the contract")');
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).not.toMatch(/http:\/\/127\.0\.0\.1:\d+/);
  });

  it("the kit's own openapi.yaml has no such problem (in process)", () => {
    expect(contractProblem()).toBeUndefined();
  });
});
