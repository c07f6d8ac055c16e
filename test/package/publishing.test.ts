// The release rehearsal (README "Publishing the packages"; set up once in rehearsal.ts): npm publish of the four
// packages is clean, the user's project installed each by name from the registry, and what it installed is what a
// user needs: compiled JavaScript and declarations, nothing private, small, with entry points that load.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PACKAGES } from '../../packaging/packages.js';
import {
  app,
  dryRun,
  env,
  filesUnder,
  installed,
  npm,
  packed,
  readmeInstallLines,
  root,
  run,
  version,
  work,
} from './installed.js';

/** The published packages must stay small for a dev dependency: each at most this many bytes installed (`du`). */
const MAX_INSTALLED_BYTES = 2_500_000;

/** Packages that belong to servers and test runs: none may reach a frontend project through the client. */
const SERVER_SIDE = [
  'vitest',
  'ajv',
  'ajv-formats',
  'jose',
  '@stoplight/prism-cli',
  'tsx',
  'fast-check',
  'msw',
  'yaml',
];

describe('publishing', () => {
  it("the README's install lines name all four packages, and its publish command is the one the test uses", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const named = new Set(readmeInstallLines(readme).flatMap((words) => words.filter((w) => w.startsWith('@task-'))));
    expect([...named].sort()).toEqual(PACKAGES.map((p) => p.name).sort());
    expect(readme).toContain('npm run release -- --registry ');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.release).toBe('tsx scripts/release.ts');
  });

  it('npm publish --dry-run of every package is clean: no warning, no manifest npm had to correct', () => {
    expect(dryRun.map((p) => p.folder).sort()).toEqual(
      Object.values(packed)
        .map((p) => p.folder)
        .sort(),
    );
    for (const { folder, stderr } of dryRun) {
      expect(stderr, folder).toContain('(dry-run)');
      expect(stderr, folder).not.toMatch(/\bwarn/i);
    }
  });

  it('the project installed each package by name from the registry, with semver ranges and no file or link', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    const specs = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const { name } of PACKAGES) expect(specs[name], name).toBe(`^${version}`);
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')).packages;
    for (const { name } of PACKAGES) {
      const entry = lock[`node_modules/${name}`];
      expect(entry, name).toMatchObject({ version, integrity: expect.stringMatching(/^sha512-/) });
      expect(entry.link, name).toBeUndefined();
      expect(entry.resolved ?? '', name).not.toMatch(/^file:/);
      // What the installed package asks for resolves from a registry too: versions, never paths.
      const installedManifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8'));
      for (const [dep, range] of Object.entries({
        ...installedManifest.dependencies,
        ...installedManifest.peerDependencies,
      })) {
        expect(range, `${name} → ${dep}`).toMatch(/^\^?\d+(\.\d+\.\d+)?$/);
      }
    }
  });
});

describe('the installed packages', () => {
  it('hold compiled JavaScript, declarations, the manifest, README and LICENSE: no sources, tests or dev files', () => {
    expect(Object.keys(packed).sort()).toEqual(PACKAGES.map((p) => p.name).sort());
    for (const { name } of PACKAGES) {
      const files = filesUnder(installed(name)).sort();
      expect(files, name).toEqual(packed[name]?.files);
      for (const file of files) {
        expect(file, `${name}: ${file}`).toMatch(
          /^(package\.json|README\.md|LICENSE|dist\/.+\.(js|d\.ts)|openapi\.yaml|docs\/(index\.html|console\.html|mockServiceWorker\.js|task-management\.postman_collection\.json|workflows\.arazzo\.yaml|openapi\.yaml)\.br|conformance\/targets\/sandbox\.json)$/,
        );
        expect(file, `${name}: ${file}`).not.toMatch(/(^|\/)(test|faults|scripts)\/|\.test\./);
      }
    }
    expect(packed['@task-management/client']?.files.filter((f) => !f.startsWith('dist/client/'))).toEqual([
      'LICENSE',
      'README.md',
      // The shared shapes the client is written against: a JSON object, a server as a function.
      'dist/contract/http.d.ts',
      'dist/contract/http.js',
      'dist/contract/json.d.ts',
      'dist/contract/json.js',
      'dist/generated/schema.d.ts',
      'package.json',
    ]);
  });

  it('carry nothing private: no path of this machine, no registry login, no token', () => {
    const machine = [root.replace(/\/$/, ''), work, tmpdir(), '/root/', '/home/'];
    for (const { name } of PACKAGES) {
      for (const file of filesUnder(installed(name))) {
        const bytes = readFileSync(join(installed(name), file));
        const text = (file.endsWith('.br') ? brotliDecompressSync(bytes) : bytes).toString('utf8');
        for (const path of machine) expect(text.includes(path), `${name}/${file} names ${path}`).toBe(false);
        expect(text, `${name}/${file}`).not.toMatch(/_authToken|\bnpm_[A-Za-z0-9]{36}\b|rehearsal/);
      }
    }
  });

  it(`are each at most ${MAX_INSTALLED_BYTES / 1e6} MB installed (du)`, async () => {
    for (const { name } of PACKAGES) {
      const { stdout } = await run('du', ['-sk', '--exclude=node_modules', installed(name)]);
      expect(Number.parseInt(stdout, 10) * 1024, name).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    }
  });

  it('declare a name, version, license, engines, files, and exports with types', () => {
    for (const { name } of PACKAGES) {
      const manifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8'));
      expect(manifest).toMatchObject({ name, license: 'MIT', type: 'module', engines: { node: expect.any(String) } });
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(manifest.files).toContain('dist');
      for (const target of Object.values(manifest.exports ?? {})) {
        if (typeof target === 'object' && target && 'import' in target) expect(target).toHaveProperty('types');
      }
    }
  });

  it('every entry point imports in Node, and every asset entry resolves to a file', async () => {
    const specifiers = PACKAGES.flatMap((p) =>
      Object.entries(p.exports).map(([subpath, file]) => ({ specifier: p.name + subpath.slice(1), file })),
    );
    const modules = specifiers.filter((s) => s.file.endsWith('.js')).map((s) => s.specifier);
    const assets = specifiers.filter((s) => !/\.(js|d\.ts)$/.test(s.file)).map((s) => s.specifier);
    writeFileSync(
      join(app, 'entries.mjs'),
      `const loaded = {};
for (const specifier of ${JSON.stringify(modules)}) loaded[specifier] = Object.keys(await import(specifier)).length;
const assets = ${JSON.stringify(assets)}.map((s) => new URL(import.meta.resolve(s)).pathname);
console.log(JSON.stringify({ loaded, assets }));
`,
    );
    const { stdout } = await run(process.execPath, ['entries.mjs'], { cwd: app, env: env() });
    const { loaded, assets: paths } = JSON.parse(stdout) as { loaded: Record<string, number>; assets: string[] };
    expect(Object.keys(loaded).sort()).toEqual([...modules].sort());
    for (const [specifier, exported] of Object.entries(loaded)) expect(exported, specifier).toBeGreaterThan(0);
    for (const path of paths) expect(statSync(path).size, path).toBeGreaterThan(0);
  });

  it("the client's production tree holds only openapi-fetch: nothing of the server side", async () => {
    const tree = JSON.parse(await npm(['ls', '--all', '--omit=dev', '--json']));
    const names = new Set<string>();
    const walk = (deps: Record<string, { dependencies?: object }> = {}) => {
      for (const [name, node] of Object.entries(deps)) {
        names.add(name);
        walk(node.dependencies as Record<string, { dependencies?: object }>);
      }
    };
    walk(tree.dependencies['@task-management/client'].dependencies);
    expect(names.has('openapi-fetch')).toBe(true);
    expect(SERVER_SIDE.filter((n) => names.has(n))).toEqual([]);
    expect(Object.keys(packed['@task-management/client']?.dependencies ?? {})).toEqual(['openapi-fetch']);
  });
});
