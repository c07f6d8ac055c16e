// Releases in the order of their versions (docs/changes.md, "Releasing a change"; contract/evolution/diff-command.ts
// --help "default: the last released version"): a kit copy whose contract/releases/ holds 0.9.0, 0.10.0, 1.0.0-rc.1
// and 1.0.0, as a user's clone would after those releases. `npm run contract:diff` compares with 1.0.0 (the last by
// semver, though not by text), names a pre-release as a version, lists the releases in semver order when one is
// missing, gates a pre-release package version, and `npm run generate` writes the Changes page newest first, each
// release against the one before it by semver (0.10.0 since 0.9.0, 1.0.0 since 1.0.0-rc.1).
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { compareVersions } from '../../contract/evolution/releases.js';
import { userEnv } from '../support/commands.js';
import { COMMAND_BOUND_MS, HANG_MS } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
type Node = Record<string, unknown>;

/** In text order these read 0.10.0, 0.9.0, 1.0.0, 1.0.0-rc.1: the wrong first, and the wrong last. */
const RELEASES = ['0.9.0', '0.10.0', '1.0.0-rc.1', '1.0.0'];
/** Each release's contract has one optional Scenario field of its own, so a diff shows which two it compared. */
const field = (version: string) => `since_${version.replace(/[.-]/g, '_')}`;

// Each test runs one or two npm commands, each bounded by COMMAND_BOUND_MS.
describe('releases ordered by semver', { timeout: 2 * COMMAND_BOUND_MS + HANG_MS }, () => {
  let copy: string;
  const contract = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as Node;
  /** openapi.yaml as released at `version`: its info.version, and its own field. */
  const releasedAs = (version: string): string => {
    const doc = structuredClone(contract);
    (doc.info as Node).version = version;
    const scenario = ((doc.components as Node).schemas as Node).Scenario as { properties: Node };
    scenario.properties[field(version)] = { type: 'string', description: `Added in ${version}.` };
    return stringify(doc);
  };
  const setVersion = (version: string) => {
    writeFileSync(join(copy, 'openapi.yaml'), releasedAs(version));
    const pkg = JSON.parse(readFileSync(join(copy, 'package.json'), 'utf8')) as Node;
    writeFileSync(join(copy, 'package.json'), `${JSON.stringify({ ...pkg, version }, null, 2)}\n`);
  };

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'kit-release-order-'));
    // The kit's files but its tests and builds (as test/contract/invalid-contract.test.ts copies it), node_modules
    // by a link.
    const left = new Set(['node_modules', 'test', 'dist', 'build', 'reports', '.git', '.stryker-tmp', 'coverage']);
    cpSync(root, copy, { recursive: true, filter: (source) => !left.has(relative(root, source).split(sep)[0] ?? '') });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
    // The kit's own releases replaced by these four.
    rmSync(join(copy, 'contract/releases'), { recursive: true });
    mkdirSync(join(copy, 'contract/releases'));
    for (const version of RELEASES)
      writeFileSync(join(copy, 'contract/releases', `${version}.yaml`), releasedAs(version));
    // The working contract is release 1.0.0 as it was released.
    setVersion('1.0.0');
  }, COMMAND_BOUND_MS);
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const npm = (...args: string[]) =>
    spawnSync('npm', ['run', '--silent', ...args], {
      cwd: copy,
      env: userEnv(),
      encoding: 'utf8',
      timeout: COMMAND_BOUND_MS,
    });

  it('compareVersions: numbers by value, a pre-release before its release', () => {
    const shuffled = ['1.0.0', '0.10.0', '1.0.0-rc.1', '0.9.0', '1.0.0-beta.2', '1.0.0-rc.10', '1.0.0-beta'];
    expect(shuffled.sort(compareVersions)).toEqual([
      '0.9.0',
      '0.10.0',
      '1.0.0-beta',
      '1.0.0-beta.2',
      '1.0.0-rc.1',
      '1.0.0-rc.10',
      '1.0.0',
    ]);
  });

  it('npm run contract:diff compares openapi.yaml with 1.0.0, the last release by semver', () => {
    const result = npm('contract:diff');
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('0 change(s), 0 breaking; gate: pass (version 1.0.0, released 1.0.0)');
  });

  it('npm run contract:diff -- 1.0.0-rc.1 1.0.0 names a pre-release as a released version', () => {
    const result = npm('contract:diff', '--', '1.0.0-rc.1', '1.0.0');
    expect(result.stdout).toContain(field('1.0.0-rc.1'));
    expect(result.stdout).toContain(field('1.0.0'));
    expect(result.stdout).toContain('released 1.0.0-rc.1');
    expect(result.stderr).not.toContain('not a version');
  });

  it('a version never released is refused, listing the releases in semver order', () => {
    const result = npm('contract:diff', '--', '0.11.0');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('no released contract 0.11.0 (released: 0.9.0, 0.10.0, 1.0.0-rc.1, 1.0.0)');
  });

  it('a pre-release package version is judged against the last release: the next major passes a break', () => {
    setVersion('2.0.0-rc.1');
    try {
      const result = npm('contract:diff');
      expect(result.stdout).toContain('gate: pass (version 2.0.0-rc.1, released 1.0.0)');
      expect(result.status, result.stderr).toBe(0);
    } finally {
      setVersion('1.0.0');
    }
  });

  it(
    'npm run generate writes the Changes page newest first, each release since the one before it by semver',
    () => {
      const result = npm('generate');
      expect(result.status, result.stderr).toBe(0);
      const page = readFileSync(join(copy, 'docs/changes.md'), 'utf8');
      const headings = page.split('\n').filter((line) => /^## (Unreleased|\d)/.test(line));
      expect(headings).toEqual([
        '## Unreleased (openapi.yaml since 1.0.0)',
        '## 1.0.0 (since 1.0.0-rc.1)',
        '## 1.0.0-rc.1 (since 0.10.0)',
        '## 0.10.0 (since 0.9.0)',
        '## 0.9.0',
      ]);
      const section = (heading: string) => page.split(`${heading}\n`)[1]?.split('\n## ')[0] ?? '';
      expect(section('## 0.10.0 (since 0.9.0)')).toContain(field('0.10.0'));
      expect(section('## 0.10.0 (since 0.9.0)')).toContain(field('0.9.0'));
      expect(section('## 0.10.0 (since 0.9.0)')).not.toContain(field('1.0.0'));
    },
    2 * COMMAND_BOUND_MS + HANG_MS,
  );
});
