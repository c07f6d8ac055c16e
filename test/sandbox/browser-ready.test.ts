// The sandbox core runs in a browser: nothing it imports, however deep, is a node:* module or a Node global.
import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
const NODE_GLOBALS = /\b(?:Buffer|process|require|__dirname|__filename)\b[.(]/;

/** Every local module reachable from `entry`, with the package specifiers each imports. */
function importGraph(entry: string): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const packages: string[] = [];
    seen.set(file, packages);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier).replace(/\.js$/, '');
        // generated/schema.js is a declaration file: types only, erased at build time.
        visit(existsSync(`${target}.ts`) ? `${target}.ts` : `${target}.d.ts`);
      } else packages.push(specifier);
    }
  };
  visit(entry);
  return seen;
}

const graph = importGraph(resolve(root, 'mocks/sandbox/core/app.ts'));
const where = (file: string) => relative(root, file);

test('the core reaches the handlers, auth, the validators and the generated contract', () => {
  const files = [...graph.keys()].map(where);
  expect(files).toEqual(
    expect.arrayContaining([
      'mocks/sandbox/domain/auth.ts',
      'mocks/sandbox/domain/passwords.ts',
      'mocks/sandbox/domain/totp.ts',
      'mocks/sandbox/handlers/index.ts',
      'contract/validators.ts',
      'generated/openapi-document.ts',
    ]),
  );
  expect(files).not.toContain('mocks/sandbox/hosts/node.ts');
});

test('no module of the core imports a Node built-in', () => {
  const builtins = new Set(builtinModules);
  const offending = [...graph].flatMap(([file, packages]) =>
    packages
      .filter((p) => p.startsWith('node:') || builtins.has(p.split('/')[0] as string))
      .map((p) => `${where(file)}: ${p}`),
  );
  expect(offending).toEqual([]);
});

test('no module of the core uses a Node global (Buffer, process, require)', () => {
  const offending = [...graph.keys()]
    .filter((file) => !file.endsWith('.d.ts'))
    .filter((file) => NODE_GLOBALS.test(readFileSync(file, 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '')))
    .map(where);
  expect(offending).toEqual([]);
});
