// The contract diff's gate (docs/changes.md): an unapproved break fails, over a copy of openapi.yaml edited three ways;
// and the Changes page it renders.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { CHANGE_KINDS, type Change } from '../../contract/evolution/compare.js';
import { contractDiff } from '../../contract/evolution/diff-command.js';
import { renderChangesPage } from '../../contract/evolution/history.js';
import { gate, releases } from '../../contract/evolution/releases.js';
import { CHANGES_PATH } from '../../generators/generated-files.js';
import type { Node } from './evolution-contracts.js';

describe('the gate', () => {
  const breakingChange: Change = { kind: 'property-removed', class: 'breaking-clients', place: '/x', message: 'gone' };
  it('fails an unapproved break, passes it with the minor raised while 0.x or with an approval naming it', () => {
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).failed).toBe(true);
    expect(gate([breakingChange], '0.1.0', '0.1.0', []).message).toContain(
      'raise the version in package.json to 0.2.0',
    );
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
  /** A copy of openapi.yaml changed by `edit`, and an empty approvals file. */
  function editedCopy(name: string, edit: (doc: Node) => void): string[] {
    const doc = parse(readFileSync('openapi.yaml', 'utf8')) as Node;
    edit(doc);
    const file = join(work, `${name}.yaml`);
    writeFileSync(file, stringify(doc));
    return [releases().at(-1) as string, file];
  }
  const schemas = (doc: Node) =>
    (doc.components as Node).schemas as Record<string, Node & { properties: Node; required?: string[] }>;
  const run = (args: string[]) => contractDiff(args, { version: '0.1.0' });

  it('openapi.yaml passes against the last release', () => {
    const result = contractDiff([]);
    expect(result.code, result.err).toBe(0);
  });

  it('a removed response field fails, naming the change and what to do', () => {
    const result = run(editedCopy('removed', (doc) => delete schemas(doc).Scenario?.properties.title));
    expect(result.code).toBe(1);
    expect(result.out).toContain('[breaking for clients] response property title removed');
    expect(result.err).toContain('raise the version in package.json to 0.2.0');
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
