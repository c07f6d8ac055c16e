// The contract's history as docs/changes.md ("Releasing a change") and the assumptions page promise it, read from a
// release folder of four versions: releases in semver order (0.10.0 after 0.9.0, 1.0.0-rc.1 before 1.0.0), each
// section comparing a release with the one before it, the working contract under "Unreleased", and each assumption
// "since" the oldest release from which it holds as written in every later one.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { assumptionSince, renderChangesPage } from '../../contract/evolution/history.js';
import { RELEASES_DIR } from '../../contract/evolution/releases.js';

type Doc = Record<string, unknown> & { info: Record<string, unknown>; servers: Record<string, unknown>[] };

const base = readFileSync(join(RELEASES_DIR, '0.1.0.yaml'), 'utf8');
const copy = (): Doc => parse(base) as Doc;
const contactOf = (doc: Doc) => (doc.info.contact as Record<string, unknown>)['x-assumption'] as string;
const serverOf = (doc: Doc) => (doc.servers[0] as Record<string, unknown>)['x-assumption'] as string;

const original = copy();
const T1 = contactOf(original);
const S1 = serverOf(original);
const T2 = 'The contact was decided again in 0.10.0.';
const S2 = 'The first server was decided again in 1.0.0.';
const T3 = 'The contact is being decided again, unreleased.';

/** A copy of release 0.1.0 with the contact's and the first server's assumptions set to these texts. */
function variant(contact: string, server: string): string {
  const doc = copy();
  (doc.info.contact as Record<string, unknown>)['x-assumption'] = contact;
  (doc.servers[0] as Record<string, unknown>)['x-assumption'] = server;
  return stringify(doc);
}

const work = mkdtempSync(join(tmpdir(), 'contract-history-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const releasesDir = join(work, 'releases');
mkdirSync(releasesDir);
// Written in an order that is neither semver nor text order, so that neither the folder nor a text sort can pass.
for (const [version, contact, server] of [
  ['1.0.0', T2, S2],
  ['0.9.0', T1, S1],
  ['1.0.0-rc.1', T2, S1],
  ['0.10.0', T2, S1],
] as const) {
  writeFileSync(join(releasesDir, `${version}.yaml`), variant(contact, server));
}
const contractFile = join(work, 'openapi.yaml');
writeFileSync(contractFile, variant(T3, S2));

// Every call is made inside a test, not while Vitest collects the file: a mutation run switches a mutant on per test.
describe('the assumptions page: since which release an assumption holds as written', () => {
  it.each([
    ['held by every release alike: the oldest', '/components/parameters/Page', undefined, '0.9.0'],
    ['reworded in 0.10.0 and kept since: 0.10.0, not 0.9.0 (semver, not text order)', '/info/contact', T2, '0.10.0'],
    ['reworded in 1.0.0, after its release candidate', '/servers/0', S2, '1.0.0'],
    ["the text of an earlier release, since reworded: it is not any release's now", '/info/contact', T1, 'unreleased'],
    ['the text of the working contract alone', '/info/contact', T3, 'unreleased'],
  ])('%s', (_label, pointer, text, expected) => {
    const held =
      text ??
      ((original.components as Record<string, Record<string, Record<string, unknown>>>).parameters?.Page?.[
        'x-assumption'
      ] as string);
    expect(assumptionSince({ releasesDir })(pointer, held)).toBe(expected);
  });

  it('says "unreleased" for everything when no release is kept', () => {
    const empty = join(work, 'none');
    mkdirSync(empty, { recursive: true });
    expect(assumptionSince({ releasesDir: empty })('/info/contact', T1)).toBe('unreleased');
  });
});

describe('the Changes page of four releases', () => {
  const headingsOf = (page: string) => page.split('\n').filter((line) => /^## (Unreleased|\d)/.test(line));
  /** The text of a section of the page, from its heading to the next. */
  const sectionOf = (page: string, heading: string): string => {
    const start = page.indexOf(`\n${heading}\n`);
    expect(start, heading).toBeGreaterThanOrEqual(0);
    const end = page.indexOf('\n## ', start + 1);
    return page.slice(start, end);
  };

  it('lists Unreleased, then the releases newest first in semver order, each since the one before it', () => {
    const page = renderChangesPage({ releasesDir, contractFile });
    expect(headingsOf(page)).toEqual([
      '## Unreleased (openapi.yaml since 1.0.0)',
      '## 1.0.0 (since 1.0.0-rc.1)',
      '## 1.0.0-rc.1 (since 0.10.0)',
      '## 0.10.0 (since 0.9.0)',
      '## 0.9.0',
    ]);
    expect(sectionOf(page, '## 0.9.0')).toContain('The first released contract.');
    // Each heading stands alone on its line, a blank line before its list, as Markdown needs to render the list.
    for (const heading of headingsOf(page)) expect(page).toContain(`\n${heading}\n\n`);
  });

  it('puts each change under the release that made it, and the working contract under Unreleased', () => {
    const page = renderChangesPage({ releasesDir, contractFile });
    const section = (heading: string) => sectionOf(page, heading);
    const changed = (pointer: string) => `\`assumption-changed\` at \`${pointer}\``;
    expect(section('## Unreleased (openapi.yaml since 1.0.0)')).toContain(changed('/info/contact'));
    expect(section('## Unreleased (openapi.yaml since 1.0.0)')).not.toContain(changed('/servers/0'));
    expect(section('## 1.0.0 (since 1.0.0-rc.1)')).toContain(changed('/servers/0'));
    expect(section('## 1.0.0 (since 1.0.0-rc.1)')).not.toContain(changed('/info/contact'));
    expect(section('## 1.0.0-rc.1 (since 0.10.0)')).toContain('No changes to operations, schemas or decisions.');
    expect(section('## 0.10.0 (since 0.9.0)')).toContain(changed('/info/contact'));
    expect(section('## 0.10.0 (since 0.9.0)')).not.toContain(changed('/servers/0'));
  });

  it('has no Unreleased section and no release section when no release is kept', () => {
    const empty = join(work, 'none-either');
    mkdirSync(empty, { recursive: true });
    const bare = renderChangesPage({ releasesDir: empty, contractFile });
    expect(bare).not.toContain('## Unreleased');
    expect(headingsOf(bare)).toEqual([]);
  });
});
