// An invalid contract stops `npm run generate` and `npm start` with one message naming the file, the place and what is
// wrong, and no stack trace (README "Changing the contract"): each runs in a copy of the kit whose openapi.yaml is
// broken, as a user runs it (npm), and changes no generated file.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractProblem, failureMessage, runOnContract } from '../../contract/readable.js';
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

describe('the one message, in process (contract/readable.ts)', () => {
  const work = mkdtempSync(join(tmpdir(), 'kit-readable-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const path = join(work, name);
    writeFileSync(path, text);
    return path;
  };
  const head = 'openapi: 3.1.0\ninfo: {title: t, version: 0.1.0}\n';

  it('names the file, the line and what is wrong for a YAML error; the file and the $ref for a $ref to nothing', () => {
    const yaml = file('yaml.yaml', `${head}paths: [\n`);
    expect(contractProblem(yaml)).toMatch(new RegExp(`^${yaml.replaceAll('.', '\\.')} at line \\d+, column \\d+: `));
    const ref = file(
      'ref.yaml',
      `${head}paths: {}\ncomponents:\n  schemas:\n    A: {$ref: '#/components/schemas/B'}\n`,
    );
    const problem = contractProblem(ref);
    expect(problem).toContain(ref);
    expect(problem).toContain('#/components/schemas/B');
    expect(contractProblem(file('fine.yaml', `${head}paths: {}\n`))).toBeUndefined();
    // A file that cannot be read at all is a message too, naming it.
    expect(contractProblem(join(work, 'absent.yaml'))).toMatch(/absent\.yaml: cannot be read \(ENOENT\)/);
  });

  it("a failed step's message keeps its words and drops stack frames; a child's stderr is preferred", () => {
    const error = new Error('first line\nsecond line');
    error.stack = 'Error: x\n    at f (/a.js:1:1)';
    expect(failureMessage(error)).toBe('first line\nsecond line');
    const child = Object.assign(new Error('Command failed'), {
      stderr: 'node:internal/errors:984\nYamlParseError: bad (5:3)\n    at parse (/x.js:1:1)\n  at two\nlast words\n',
    });
    expect(failureMessage(child)).toBe('YamlParseError: bad (5:3)\nlast words');
    expect(failureMessage('plain')).toBe('plain');
    // Only a line that is a stack frame goes: words that merely contain " at " or "node:internal" stay.
    const words = new Error('Failed to parse API description at openapi.yaml:\nthrown from node:internal/x');
    expect(failureMessage(words)).toBe('Failed to parse API description at openapi.yaml:\nthrown from node:internal/x');
  });

  it('runOnContract: a broken contract exits 2 before any step; a failing step exits 1 with its message alone', () => {
    const written: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    try {
      let ran = false;
      const broken = file('broken.yaml', `${head}paths: [\n`);
      expect(() => runOnContract('generate', () => (ran = true), broken)).toThrow('exit 2');
      expect(ran).toBe(false);
      expect(written.join('')).toMatch(/^generate: .*broken\.yaml at line \d+, column \d+: .*\n/);
      expect(written.join('')).toContain(
        'generate: fix the contract and run it again (README "Changing the contract")\n',
      );
      written.length = 0;
      const fine = file('fine2.yaml', `${head}paths: {}\n`);
      expect(() =>
        runOnContract(
          'docs',
          () => {
            throw new Error('bundle failed\n    at x (/y.js:1:1)');
          },
          fine,
        ),
      ).toThrow('exit 1');
      expect(written.join('')).toBe('docs: bundle failed\n');
      written.length = 0;
      let done = false;
      runOnContract('docs', () => (done = true), fine);
      expect(done).toBe(true);
      expect(written).toEqual([]);
    } finally {
      write.mockRestore();
      exit.mockRestore();
    }
  });
});
