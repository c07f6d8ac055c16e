// What the kit's texts promise a user can set (docs/promises.md): every flag and environment variable that the README,
// the docs, the package READMEs and each command's --help name, and every option of the kit's doors as their exported
// TypeScript option types declare them. Read from the texts and types themselves, so a flag, a variable or an option
// added anywhere is picked up with no list to update; test/promises/promise-index.test.ts holds them to the tests.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { PACKAGES } from '../../packaging/packages.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** docs/ pages that promise nothing of their own: the index itself. */
const NOT_PROMISES = new Set(['docs/promises.md']);

/** Pages a user reads: the README, every docs page, and each package's README (packaging/packages.ts `readme`). */
export function promisingPages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .filter((f) => !NOT_PROMISES.has(f));
  return [...new Set(['README.md', ...docs, ...PACKAGES.map((p) => p.readme)])].sort();
}

/** Product modules that hold a command's --help text: any with a `USAGE` template, wherever a command is added. */
export function usageModules(): string[] {
  const found: string[] = [];
  for (const dir of ['client', 'mocks', 'conformance', 'contract', 'console', 'docs-build', 'scripts']) {
    for (const entry of readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|mjs)$/.test(entry.name) || entry.name.endsWith('.d.ts')) continue;
      const file = relative(ROOT, join(entry.parentPath, entry.name));
      if (/\b\w*USAGE\w* = `/.test(read(file))) found.push(file);
    }
  }
  return found.sort();
}

/** The --help texts of a module: its `…USAGE… = \`…\`` templates, with their `${…}` interpolations left out. */
export function usageTexts(file: string): string[] {
  return [...read(file).matchAll(/\b\w*USAGE\w* = `([\s\S]*?)`;/g)].map((m) =>
    (m[1] ?? '').replace(/\$\{[^}]*\}/g, ' '),
  );
}

/** A text and where a user reads it: a page, or a module's --help. */
export interface Source {
  where: string;
  text: string;
}

export function promisingTexts(): Source[] {
  return [
    ...promisingPages().map((where) => ({ where, text: read(where) })),
    ...usageModules().flatMap((file) => usageTexts(file).map((text) => ({ where: `${file} --help`, text }))),
  ];
}

const FLAG = /(?<![\w-])--[a-z][a-zA-Z0-9-]*[a-zA-Z0-9]/g;
/**
 * An environment variable: a name with a prefix the kit's variables use, or any UPPER_CASE name written as one is set
 * or read (`NAME=`, `$NAME`, `${NAME}`, `env.NAME`).
 */
const ENV_PREFIXED =
  /\b(?:TASK|CONFORMANCE|GITHUB|SANDBOX|MOCK|PROXY|BENCH|QA|STAGING|NPM)_[A-Z0-9_]*[A-Z0-9]\b|\bPORT\b/g;
const ENV_IN_USE =
  /(?:\$\{?|env\.|\b)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?==)|(?:\$\{?|env\.)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g;

export interface Named {
  name: string;
  /** Where each is named: pages and --help texts. */
  where: string[];
}

function collect(sources: Source[], find: (text: string) => string[]): Named[] {
  const found = new Map<string, Set<string>>();
  for (const { where, text } of sources) {
    for (const name of find(text)) {
      if (!found.has(name)) found.set(name, new Set());
      found.get(name)?.add(where);
    }
  }
  return [...found]
    .map(([name, where]) => ({ name, where: [...where].sort() }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const promisedFlags = (sources = promisingTexts()): Named[] =>
  collect(sources, (text) => [...text.matchAll(FLAG)].map((m) => m[0]));

export const promisedVariables = (sources = promisingTexts()): Named[] =>
  collect(sources, (text) => [
    ...[...text.matchAll(ENV_PREFIXED)].map((m) => m[0]),
    ...[...text.matchAll(ENV_IN_USE)].map((m) => m[1] ?? m[2] ?? ''),
  ]);

/** A door: an exported function of the kit whose first parameter is an options object. */
export interface Door {
  door: string;
  module: string;
}

/** The doors whose options the docs promise (docs/conformance.md, docs/sandbox.md, client/README.md). */
export const DOORS: readonly Door[] = [
  { door: 'runConformance', module: 'conformance/run-conformance.ts' },
  { door: 'describeConformance', module: 'conformance/vitest.ts' },
  { door: 'sandboxHandlers', module: 'mocks/sandbox/hosts/msw.ts' },
  { door: 'createSandbox', module: 'mocks/sandbox/core/app.ts' },
  { door: 'startSandboxServer', module: 'mocks/sandbox/hosts/node.ts' },
  { door: 'createApiClient', module: 'client/index.ts' },
];

/** The parsed source of a module, from its path (`.js` imports name `.ts` sources). */
function sourceOf(file: string): ts.SourceFile {
  const path = file.replace(/\.js$/, '.ts');
  return ts.createSourceFile(path, read(path), ts.ScriptTarget.Latest, true);
}

/** Where a name imported into `file` is declared: the module its import names, relative to `file`. */
function importedFrom(file: ts.SourceFile, name: string): string | undefined {
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
    if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings))) continue;
    if (!bindings.elements.some((e) => e.name.text === name)) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral | undefined)?.text;
    if (spec?.startsWith('.')) return relative(ROOT, join(ROOT, file.fileName.replace(ROOT, ''), '..', spec));
  }
  return undefined;
}

/**
 * The property names of the type `name` in `file`, read from the declarations alone (no type checker: the whole
 * program would take tens of seconds on a busy machine): interface members, `extends` (through `Omit<…>` and
 * `Partial<…>`), type literals, intersections, and types imported from other modules of the kit.
 */
function propertiesOf(file: ts.SourceFile, type: ts.TypeNode | string): string[] {
  if (typeof type !== 'string') {
    if (ts.isTypeLiteralNode(type))
      return type.members.flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : []));
    if (ts.isIntersectionTypeNode(type)) return type.types.flatMap((t) => propertiesOf(file, t));
    if (ts.isParenthesizedTypeNode(type)) return propertiesOf(file, type.type);
    if (ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName)) {
      const name = type.typeName.text;
      const [inner, dropped] = type.typeArguments ?? [];
      if ((name === 'Omit' || name === 'Partial' || name === 'Readonly' || name === 'Required') && inner) {
        const omitted = new Set(
          dropped ? [...dropped.getText(file).matchAll(/'([^']+)'|"([^"]+)"/g)].map((m) => m[1] ?? m[2]) : [],
        );
        return propertiesOf(file, inner).filter((p) => name !== 'Omit' || !omitted.has(p));
      }
      return propertiesOf(file, name);
    }
    return [];
  }
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement) && statement.name.text === type) {
      const own = statement.members.flatMap((m) => (m.name && ts.isIdentifier(m.name) ? [m.name.text] : []));
      const inherited = (statement.heritageClauses ?? []).flatMap((h) =>
        h.types.flatMap((t) =>
          ts.isIdentifier(t.expression)
            ? propertiesOf(
                file,
                ts.factory.createTypeReferenceNode(
                  t.expression.text,
                  t.typeArguments ? [...t.typeArguments] : undefined,
                ),
              )
            : [],
        ),
      );
      return [...own, ...inherited];
    }
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === type) return propertiesOf(file, statement.type);
  }
  const from = importedFrom(file, type);
  return from ? propertiesOf(sourceOf(from), type) : [];
}

/** Each door's option names, as its exported option type declares them (inherited and picked ones included). */
export function doorOptions(doors = DOORS): { door: string; module: string; options: string[] }[] {
  return doors.map(({ door, module }) => {
    const file = sourceOf(module);
    let parameterType: ts.TypeNode | undefined;
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name?.text === door) parameterType ??= node.parameters[0]?.type;
      ts.forEachChild(node, visit);
    };
    visit(file);
    const options = parameterType ? propertiesOf(file, parameterType) : [];
    return { door, module, options: [...new Set(options)].sort() };
  });
}

/**
 * Every test source under test/, by path, but this folder's: the index's own check names every flag and variable (its
 * exclusions, its samples), and would otherwise count as the test of each.
 */
export function testSources(): Map<string, string> {
  const sources = new Map<string, string>();
  for (const entry of readdirSync(join(ROOT, 'test'), { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(ts|mts|js|mjs)$/.test(entry.name)) {
      const file = relative(ROOT, join(entry.parentPath, entry.name));
      if (file.startsWith('test/promises/')) continue;
      sources.set(file, read(file));
    }
  }
  return sources;
}
