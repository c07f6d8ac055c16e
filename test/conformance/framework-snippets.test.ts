// The framework snippets of docs/conformance.md ("In your Vitest suite") and of the conformance package's README, each
// a code fence tagged `ts framework:<name>`: all of them type-checked in one tsc run against the frameworks' own
// types, beside a snippet that must fail, so that a run which checks nothing cannot pass.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGES } from '../../packaging/packages.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FRAMEWORKS = ['express', 'fastify', 'hono', 'koa', 'nestjs'];
const README = PACKAGES.find((p) => p.name === '@task-management/conformance')?.readme ?? 'conformance/README.md';
const DOCS = { docs: 'docs/conformance.md', readme: README };

interface Snippet {
  file: string;
  framework: string;
  code: string;
}

function snippetsOf(doc: keyof typeof DOCS): Snippet[] {
  const text = readFileSync(join(ROOT, DOCS[doc]), 'utf8');
  return [...text.matchAll(/^```ts framework:([a-z]+)\n([\s\S]*?)^```$/gm)].map(([, framework = '', code = '']) => ({
    file: `${doc}-${framework}.ts`,
    framework,
    code,
  }));
}

const snippets = [...snippetsOf('docs'), ...snippetsOf('readme')];

/** `profile` is the one name a snippet may take from the text around it ("with the same profile"). */
const PROFILE = `import type { ProfileInput } from '@task-management/conformance';\ndeclare const profile: ProfileInput;\n`;
/** Must fail: a number is no target. */
const CONTROL = `${PROFILE}import { describeConformance } from '@task-management/conformance/vitest';\ndescribeConformance({ target: 42, profile });\n`;

// Under node_modules/ so that the frameworks resolve from this checkout as from a user's project.
const cache = join(ROOT, 'node_modules', '.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'framework-snippets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function typeCheck(): { status: number | null; output: string } {
  mkdirSync(join(dir, 'test'));
  mkdirSync(join(dir, 'src'));
  // The user's own module a NestJS snippet imports.
  writeFileSync(join(dir, 'src', 'app.module.ts'), 'export class AppModule {}\n');
  const files = [...snippets.map((s) => ({ name: s.file, code: s.code })), { name: 'control.ts', code: CONTROL }];
  for (const { name, code } of files) {
    const declared = /\bconst profile\b/.test(code) || name === 'control.ts';
    writeFileSync(join(dir, 'test', name), declared ? code : `${PROFILE}${code}`);
  }
  const tsconfig = {
    extends: join(ROOT, 'tsconfig.json'),
    compilerOptions: {
      // As a Vitest project resolves: bare paths without extensions, top-level await.
      module: 'ESNext',
      moduleResolution: 'Bundler',
      verbatimModuleSyntax: false,
      paths: {
        '@task-management/conformance': [join(ROOT, 'conformance', 'index.ts')],
        '@task-management/conformance/vitest': [join(ROOT, 'conformance', 'vitest.ts')],
      },
    },
    include: ['test', 'src'],
    exclude: [],
  };
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 240_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('the framework snippets of the docs and the package README', () => {
  it('each document shows every framework', () => {
    for (const doc of Object.keys(DOCS) as (keyof typeof DOCS)[]) {
      expect(
        snippetsOf(doc)
          .map((s) => s.framework)
          .sort(),
        DOCS[doc],
      ).toEqual(FRAMEWORKS);
    }
  });

  it('type-check against the real packages; only the control snippet fails', { timeout: 300_000 }, () => {
    const { status, output } = typeCheck();
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(status).toBe(2);
    expect(errors.length, output).toBeGreaterThan(0);
    expect(
      errors.filter((line) => !line.startsWith('test/control.ts')),
      output,
    ).toEqual([]);
  });
});
