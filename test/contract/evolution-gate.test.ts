// The contract diff's gate (docs/changes.md, "Changing the contract"): an unapproved break fails, over a copy of
// openapi.yaml edited three ways and compared with openapi.yaml itself, so the tests hold whatever the working contract
// and the package's version are; `--base` against a git revision; `--gate`; info.version kept with package.json; and the
// Changes page it renders.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CHANGE_KINDS, type Change } from '../../contract/evolution/compare.js';
import { contractDiff } from '../../contract/evolution/diff-command.js';
import { renderChangesPage } from '../../contract/evolution/history.js';
import { CONTRACT_FILE, gate, releases } from '../../contract/evolution/releases.js';
import { CHANGES_PATH } from '../../generators/generated-files.js';
import type { Node } from './evolution-contracts.js';

describe('the gate', () => {
  const breakingChange: Change = { kind: 'property-removed', class: 'breaking-clients', place: '/x', message: 'gone' };
  it('fails an unapproved break, passes it with the minor raised while 0.x or with an approval naming it', () => {
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).failed).toBe(true);
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).message).toContain(
      "raise the version to 0.2.0 in package.json and in openapi.yaml's info.version",
    );
    expect(gate([breakingChange], '1.3.0', '1.3.0', []).message).toContain('raise the version to 2.0.0');
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).message).toContain('- change: property-removed /x');
    expect(gate([breakingChange], '0.2.0', '0.1.0', []).failed).toBe(false);
    expect(gate([breakingChange], '0.1.1', '0.1.0', []).failed).toBe(true);
    expect(gate([breakingChange], '1.4.0', '1.3.0', []).failed).toBe(true);
    expect(gate([breakingChange], '2.0.0', '1.3.0', []).failed).toBe(false);
    expect(
      gate([breakingChange], '0.1.0', '0.1.0', [{ change: 'property-removed /x', reason: 'nobody reads it' }]).failed,
    ).toBe(false);
  });

  const work = mkdtempSync(join(tmpdir(), 'contract-gate-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  /**
   * openapi.yaml as OLD and a copy of it changed by `edit` as NEW: only the edit is compared, judged by the copy's own
   * info.version (the same as openapi.yaml's), so a raised package version or an unreleased break in openapi.yaml
   * changes nothing here.
   */
  function editedCopy(name: string, edit: (doc: Node) => void): string[] {
    const doc = parse(readFileSync(CONTRACT_FILE, 'utf8')) as Node;
    edit(doc);
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, stringify(doc));
    return [CONTRACT_FILE, file];
  }
  const schemas = (doc: Node) =>
    (doc.components as Node).schemas as Record<string, Node & { properties: Node; required?: string[] }>;
  const run = (args: string[]) => contractDiff(args);
  const workingVersion = () => ((parse(readFileSync(CONTRACT_FILE, 'utf8')) as Node).info as Node).version as string;
  const nextMinor = (version: string) => {
    const [major, minor] = version.split('.').map(Number) as [number, number];
    return major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
  };

  it('openapi.yaml passes against the last release', () => {
    const result = contractDiff([]);
    expect(result.code, result.err).toBe(0);
  });

  it('a removed response field fails, naming the change and what to do', () => {
    const result = run(editedCopy('removed', (doc) => delete schemas(doc).Scenario?.properties.title));
    expect(result.code).toBe(1);
    expect(result.out).toContain('[breaking for clients] response property title removed');
    expect(result.err).toContain(`raise the version to ${nextMinor(workingVersion())} in package.json`);
    expect(result.err).toContain('README "Changing the contract"');
  });

  it("the same break passes once the copy's version is raised as the gate says", () => {
    const result = run(
      editedCopy('raised', (doc) => {
        delete schemas(doc).Scenario?.properties.title;
        (doc.info as Node).version = nextMinor(workingVersion());
      }),
    );
    expect(result.code, result.err).toBe(0);
  });

  it('a new required request field fails', () => {
    const result = run(
      editedCopy('required', (doc) => {
        const create = schemas(doc).ScenarioCreate as Node & { properties: Node; required: string[] };
        create.properties.owner = { type: 'string' };
        create.required = [...(create.required ?? []), 'owner'];
      }),
    );
    expect(result.code).toBe(1);
    expect(result.out).toContain('[breaking for clients] new required request property owner');
  });

  it('a new optional response field passes', () => {
    const result = run(
      editedCopy('optional', (doc) =>
        Object.assign(schemas(doc).Scenario?.properties ?? {}, { color: { type: 'string' } }),
      ),
    );
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('[compatible] new optional response property color');
  });
});

describe('openapi.yaml and package.json', () => {
  it("openapi.yaml's info.version is package.json's version", () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    expect((parse(readFileSync(CONTRACT_FILE, 'utf8')) as { info: { version: string } }).info.version).toBe(
      pkg.version,
    );
  });

  it('the gate fails, naming both, when they disagree', () => {
    const result = contractDiff(['--gate'], { version: '9.9.9' });
    expect(result.code).toBe(1);
    expect(result.err).toContain("openapi.yaml's info.version (");
    expect(result.err).toContain("is not package.json's version (9.9.9)");
    expect(result.err).toContain('set info.version in openapi.yaml to 9.9.9');
  });
});

describe('--base REV: openapi.yaml at a git revision', () => {
  // Made before the tests, not while Vitest collects the file: a run that filters them out (-t, a mutation run) would
  // never reach afterAll and leave the folder behind.
  let repo = '';
  let first = '';
  let newer = '';
  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, '-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], {
      encoding: 'utf8',
    }).trim();
  beforeAll(() => {
    repo = mkdtempSync(join(tmpdir(), 'contract-base-repo-'));
    const original = readFileSync(CONTRACT_FILE, 'utf8');
    const doc = parse(original) as Node;
    const scenario = ((doc.components as Node).schemas as Record<string, { properties: Node }>).Scenario as {
      properties: Node;
    };
    delete scenario.properties.title;
    git('init', '-q');
    writeFileSync(join(repo, 'openapi.yaml'), original);
    git('add', 'openapi.yaml');
    git('commit', '-q', '-m', 'first');
    first = git('rev-parse', 'HEAD');
    writeFileSync(join(repo, 'openapi.yaml'), stringify(doc));
    git('commit', '-q', '-am', 'title removed');
    newer = join(repo, 'openapi.yaml');
  });
  afterAll(() => {
    if (repo) rmSync(repo, { recursive: true, force: true });
  });

  it('compares openapi.yaml at that revision with NEW: the break since that commit, and only it', () => {
    const result = contractDiff(['--base', first, newer], { repo });
    expect(result.code).toBe(1);
    expect(result.out).toContain(`Changes from openapi.yaml at ${first} to ${newer}:`);
    expect(result.out).toContain('[breaking for clients] response property title removed');
    expect(result.out).toMatch(/^1 change\(s\), 1 breaking; gate: FAIL/m);
  });

  it('HEAD against the file committed at HEAD: no change', () => {
    const result = contractDiff(['--base', 'HEAD', newer], { repo });
    expect(result.code, result.err).toBe(0);
    expect(result.out).toContain('No changes.');
  });

  it('a branch name and HEAD~1 name revisions too', () => {
    git('branch', '-q', 'before', first);
    expect(contractDiff(['--base', 'before', newer], { repo }).out).toContain('response property title removed');
    expect(contractDiff(['--base', 'HEAD~1', newer], { repo }).out).toContain('response property title removed');
  });

  it('a revision git does not know is exit 2 naming it; a revision that looks like an option is refused', () => {
    const unknown = contractDiff(['--base', 'no-such-branch', newer], { repo });
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('no openapi.yaml at git revision "no-such-branch"');
    const option = contractDiff(['--base=--output=/tmp/x', newer], { repo });
    expect(option.code).toBe(2);
    expect(option.err).toContain('--base needs a git revision');
  });

  it('with --base, OLD is not given as well', () => {
    const result = contractDiff(['--base', first, '0.1.0', newer], { repo });
    expect(result.code).toBe(2);
    expect(result.err).toContain('only NEW with --base');
  });
});

describe('--markdown and --json', () => {
  it('--markdown prints the changes as the Changes page lists them; --json the same changes and the gate', () => {
    const markdown = contractDiff(['--markdown']);
    expect(markdown.code, markdown.err).toBe(0);
    const page = readFileSync(CHANGES_PATH, 'utf8');
    const section = page.slice(page.indexOf('## Unreleased'), page.indexOf('\n## ', page.indexOf('## Unreleased') + 3));
    for (const line of markdown.out
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('- ')))
      expect(section).toContain(line);
    const json = JSON.parse(contractDiff(['--json']).out) as { changes: unknown[]; gate: { failed: boolean } };
    expect(json.changes.length).toBe(markdown.out.split('\n').filter((l) => l.startsWith('- ')).length);
    expect(json.gate.failed).toBe(false);
  });
});

describe('--gate: what npm test runs before the type check', () => {
  it('prints only the breaking changes and the verdict', () => {
    const work = mkdtempSync(join(tmpdir(), 'contract-gate-only-'));
    try {
      const doc = parse(readFileSync(CONTRACT_FILE, 'utf8')) as Node;
      const schemas = (doc.components as Node).schemas as Record<string, { properties: Node }>;
      delete schemas.Scenario?.properties.title;
      Object.assign(schemas.Scenario?.properties ?? {}, { color: { type: 'string' } });
      const file = join(work, 'edited.yaml');
      writeFileSync(file, stringify(doc));
      const result = contractDiff([CONTRACT_FILE, file, '--gate']);
      expect(result.code).toBe(1);
      expect(result.out).toContain('[breaking for clients] response property title removed');
      expect(result.out).not.toContain('color');
      expect(result.out).toMatch(/^contract gate: 2 change\(s\), 1 breaking; gate: FAIL/m);
      expect(result.err).toContain('approve each change in contract/approved-changes.yaml');
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('npm test runs lint, then the gate, then the type check, then the tests', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    const steps = (scripts.test ?? '').split('&&').map((s) => s.trim());
    expect(steps).toEqual(['npm run lint', 'npm run contract:gate', 'npm run typecheck', 'vitest run']);
    expect(scripts['contract:gate']).toBe('tsx scripts/contract-diff.ts --gate');
  });

  it('npm run test:contract, the fast command the README gives for a contract change, runs the gate and test/contract', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts['test:contract']).toBe('npm run contract:gate && vitest run --project kit test/contract');
    expect(readFileSync('README.md', 'utf8')).toContain('`npm run test:contract`');
    expect(readFileSync(CHANGES_PATH, 'utf8')).toContain('`npm run test:contract`');
  });
});

describe('the Changes page', () => {
  it('docs/changes.md is fresh (run npm run generate when this fails)', () => {
    expect(readFileSync(CHANGES_PATH, 'utf8')).toBe(renderChangesPage());
  });

  it('lists every release and every kind the diff knows', () => {
    const page = renderChangesPage();
    for (const version of releases()) expect(page).toContain(`## ${version}`);
    for (const kind of Object.keys(CHANGE_KINDS)) expect(page).toContain(`| \`${kind}\` |`);
  });
});
