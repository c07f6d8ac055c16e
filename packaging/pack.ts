// Builds dist/ and packs the kit's npm packages (packages.ts) into tarballs, for npm run pack
// (scripts/pack-tarballs.ts). Each package gets the compiled files its entry points import, and exactly the npm
// dependencies those files import, at the versions this repository pins: a package can neither miss a file nor pull a
// dependency it does not use. Generated modules ship minified (their readable form is in the repository) and the docs
// pages brotli-compressed, so that a dev dependency stays small installed.

import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { transformSync } from 'esbuild';
import ts from 'typescript';
import { DOCS_OUTPUTS } from '../docs-build/docs-inputs.mjs';
import { distIsStale } from './dist-files.js';
import { PACKAGES, type PackageSpec } from './packages.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface PackedPackage {
  name: string;
  /** Absolute path of the staged package folder: what the tarball holds, and what `npm publish` publishes. */
  folder: string;
  /** Absolute path of the tarball. */
  tarball: string;
  /** Bytes of the tarball. */
  size: number;
  /** Bytes once unpacked. */
  unpackedSize: number;
  files: string[];
  dependencies: Record<string, string>;
}

interface RootManifest {
  version: string;
  license: string;
  engines: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

/** The repository's manifest: the version, license and engines every package shares, and the pinned versions. */
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as RootManifest;

/** The npm package a bare specifier names: `ajv/dist/2020.js` → `ajv`, `@scope/name/x` → `@scope/name`. */
export function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

/** The compiled or declaration file a relative specifier of `from` names, if there is one. */
function resolveRelative(from: string, specifier: string, declarations: boolean): string[] {
  const target = posix.join(posix.dirname(from), specifier);
  const found: string[] = [];
  if (existsSync(join(root, target))) found.push(target);
  const declaration = target.replace(/\.js$/, '.d.ts');
  if (declarations && declaration !== target && existsSync(join(root, declaration))) found.push(declaration);
  if (found.length === 0)
    throw new Error(`${from} imports ${specifier}, which dist/ does not hold: is the build stale?`);
  return found;
}

/**
 * Every file reachable from `entries` through relative imports (static, dynamic and type imports, read with
 * TypeScript's own pre-processor), and the npm packages they import. With `declarations`, each module's .d.ts comes too.
 */
export function closure(entries: string[], declarations: boolean): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    if (!/\.(js|d\.ts)$/.test(file)) continue;
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (fileName.startsWith('.')) queue.push(...resolveRelative(file, fileName, declarations));
      else if (!fileName.startsWith('node:')) packages.add(packageOf(fileName));
    }
  }
  return { files, packages };
}

/** `exports` of the manifest: a compiled module with its types, a declaration file, or an asset as it is. */
function exportsOf(spec: PackageSpec): Record<string, unknown> {
  const entries = Object.entries(spec.exports).map(([subpath, file]) => {
    if (file.endsWith('.d.ts')) return [subpath, { types: `./${file}` }];
    if (file.endsWith('.js')) return [subpath, { types: `./${file.replace(/\.js$/, '.d.ts')}`, import: `./${file}` }];
    return [subpath, `./${file}`];
  });
  return Object.fromEntries([...entries, ['./package.json', './package.json']]);
}

/**
 * `types` and `typesVersions` for TypeScript's `moduleResolution: node` (node10), which reads no `exports`: the root
 * entry's declarations, and each subpath's (`@task-management/conformance/vitest`). Newer settings read `exports`.
 */
function typesForNode10(spec: PackageSpec): Record<string, unknown> {
  const declarations = Object.entries(spec.exports).flatMap(([subpath, file]) => {
    const types = file.endsWith('.d.ts') ? file : file.endsWith('.js') ? file.replace(/\.js$/, '.d.ts') : undefined;
    return types ? [[subpath, `./${types}`] as const] : [];
  });
  const root = declarations.find(([subpath]) => subpath === '.')?.[1];
  const subpaths = declarations.filter(([subpath]) => subpath !== '.');
  return {
    ...(root ? { types: root } : {}),
    ...(subpaths.length > 0
      ? { typesVersions: { '*': Object.fromEntries(subpaths.map(([subpath, types]) => [subpath.slice(2), [types]])) } }
      : {}),
  };
}

/** The manifest of one package, its dependencies pinned to the versions this repository installs. */
export function manifestOf(spec: PackageSpec, packages: Set<string>): Record<string, unknown> {
  const pins = rootManifest;
  const versionOf = (name: string): string => {
    const version = pins.dependencies[name] ?? pins.devDependencies[name];
    if (!version) throw new Error(`${spec.name} imports ${name}, which package.json does not pin`);
    return version;
  };
  const peers = (spec.optionalPeers ?? []).filter((p) => packages.has(p));
  const dependencies = [...packages].filter((p) => !peers.includes(p)).sort();
  const majorRange = (name: string) => `^${versionOf(name).split('.')[0]}`;
  return {
    name: spec.name,
    version: pins.version,
    description: spec.description,
    keywords: spec.keywords,
    license: pins.license,
    type: 'module',
    engines: pins.engines,
    ...(Object.keys(spec.exports).length > 0 ? { exports: exportsOf(spec), ...typesForNode10(spec) } : {}),
    ...(spec.bin ? { bin: spec.bin } : {}),
    files: ['dist', ...(spec.assets ?? []), ...(spec.compressed ?? []).map((file) => `${file}.br`)],
    ...(spec.bin ? {} : { sideEffects: false }),
    dependencies: Object.fromEntries(dependencies.map((name) => [name, versionOf(name)])),
    ...(peers.length > 0
      ? {
          peerDependencies: Object.fromEntries(peers.map((name) => [name, majorRange(name)])),
          peerDependenciesMeta: Object.fromEntries(peers.map((name) => [name, { optional: true }])),
        }
      : {}),
  };
}

/** Brotli at its best quality and largest window: packing is rare, and a page ships as it is compressed here. */
function brotli(source: Buffer): Buffer {
  return brotliCompressSync(source, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
      [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
    },
  });
}

/**
 * A compiled module as shipped, by esbuild without its comments: a generated module (ajv's standalone validators, the
 * contract as data) also minified, a third of its readable size; one of ours with its code and names as written (its
 * comments are for readers of this repository, a third of the bytes; the .d.ts keep theirs, which editors show).
 */
function shipped(source: Buffer, minify: boolean): string {
  return transformSync(source.toString('utf8'), { format: 'esm', minify, legalComments: 'none' }).code;
}

/** Lays out one package in `stage` (manifest, README, LICENSE, its files) and returns its manifest. */
export function stagePackage(spec: PackageSpec, stage: string): Record<string, unknown> {
  const moduleEntries = Object.values(spec.exports).filter((f) => f.startsWith('dist/'));
  const typed = closure(
    moduleEntries.flatMap((f) => (f.endsWith('.js') ? [f, f.replace(/\.js$/, '.d.ts')] : [f])),
    true,
  );
  const run = closure(Object.values(spec.bin ?? {}), false);
  const files = new Set([...typed.files, ...run.files, ...(spec.assets ?? [])]);
  const packages = new Set([...typed.packages, ...run.packages, ...(spec.runs ?? [])]);
  rmSync(stage, { recursive: true, force: true });
  for (const file of [...files, ...(spec.compressed ?? [])]) {
    if (!existsSync(join(root, file))) throw new Error(`${spec.name} needs ${file}, which is missing`);
    mkdirSync(dirname(join(stage, file)), { recursive: true });
    const source = readFileSync(join(root, file));
    if (spec.compressed?.includes(file)) writeFileSync(join(stage, `${file}.br`), brotli(source));
    else if (/^dist\/generated\/.+\.js$/.test(file)) writeFileSync(join(stage, file), shipped(source, true));
    else if (/^dist\/.+\.js$/.test(file)) writeFileSync(join(stage, file), shipped(source, false));
    else cpSync(join(root, file), join(stage, file));
  }
  const manifest = manifestOf(spec, packages);
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  cpSync(join(root, spec.readme), join(stage, 'README.md'));
  cpSync(join(root, 'LICENSE'), join(stage, 'LICENSE'));
  return manifest;
}

/**
 * Builds dist/ and, if they are missing, the docs pages the sandbox serves: what the packages are made of. With
 * `whenStale`, dist/ only when it is older than its sources (dist-files.ts), as after the build `npm ci` runs.
 */
export function buildAll(options: { whenStale?: boolean } = {}): void {
  if (!options.whenStale || distIsStale())
    execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe' });
  if (DOCS_OUTPUTS.some((file) => !existsSync(file))) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/docs.ts'], { cwd: root, stdio: 'pipe' });
  }
}

/** Builds what the packages are made of when asked (buildAll), then packs every package into `outDir`. */
export function packAll(outDir: string, options: { build?: boolean } = {}): PackedPackage[] {
  if (options.build ?? true) buildAll();
  const out = resolve(outDir);
  mkdirSync(out, { recursive: true });
  return PACKAGES.map((spec) => {
    const stage = join(out, 'stage', spec.dir);
    const manifest = stagePackage(spec, stage);
    const [report] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--pack-destination', out], { cwd: stage, encoding: 'utf8' }),
    ) as { filename: string; size: number; unpackedSize: number; files: { path: string }[] }[];
    if (!report) throw new Error(`npm pack wrote nothing for ${spec.name}`);
    return {
      name: spec.name,
      folder: stage,
      tarball: join(out, report.filename),
      size: report.size,
      unpackedSize: report.unpackedSize,
      files: report.files.map((f) => f.path).sort(),
      dependencies: manifest.dependencies as Record<string, string>,
    };
  });
}
