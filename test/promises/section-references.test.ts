// Every section the kit's messages point at exists (docs/testing.md, "Tests from promises"): a message, a usage text or
// a page that says `docs/x.md "Heading"`, `docs/x.md, "Heading"` or `README "Heading"` names a heading of that page
// (or the bold lead of one of its paragraphs). Comments are left out: they point maintainers, not users.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tracked = execFileSync('git', ['-C', root, 'ls-files', '--cached', '--others', '--exclude-standard'], {
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => f && existsSync(`${root}/${f}`));

/** What users read: product sources, the approvals file, the docs and package READMEs; not tests, not generated code. */
const READ_BY_USERS = tracked.filter(
  (f) =>
    /\.(ts|mjs|yaml|md|hbs)$/.test(f) &&
    !/^(test|generated|dist|node_modules)\//.test(f) &&
    !f.endsWith('.d.ts') &&
    f !== 'openapi.yaml',
);

const REFERENCE = /((?:[\w.-]+\/)*[\w.-]+\.md|README)(?:,)? "([^"\n]{2,80})"/g;
/** A line that is a comment of its language: a maintainer's note. */
const COMMENT = /^\s*(\/\/|\*|\/\*\*?|<!--)/;

function anchorsOf(page: string): string[] {
  const text = readFileSync(`${root}/${page}`, 'utf8');
  const headings = text
    .split('\n')
    .filter((l) => /^#{1,6} /.test(l))
    .map((l) => l.replace(/^#+ /, ''));
  const leads = [...text.matchAll(/\*\*([^*\n]+?)\.?\*\*/g)].map((m) => m[1] ?? '');
  return [...headings, ...leads].map((h) => h.replaceAll('`', '').trim());
}

/** The page a reference names, from the file it stands in: README is the repository's, a bare name is under docs/. */
function pageOf(name: string, from: string): string | undefined {
  if (name === 'README') return from.startsWith('client/') || from.startsWith('conformance/') ? undefined : 'README.md';
  for (const candidate of [name, `docs/${name}`, name.replace(/^\.\.\//, '')]) {
    if (existsSync(`${root}/${candidate}`)) return candidate;
  }
  return name;
}

interface SectionReference {
  file: string;
  line: number;
  page: string;
  section: string;
}

/** Every reference to a section in what users read, with the page it resolves to. */
function sectionReferences(files = READ_BY_USERS): SectionReference[] {
  const found: SectionReference[] = [];
  for (const file of files) {
    const lines = readFileSync(`${root}/${file}`, 'utf8').split('\n');
    lines.forEach((text, i) => {
      // A YAML comment counts: the approvals file's comment is the instructions of the file the user edits.
      if (/\.(ts|mjs|hbs)$/.test(file) && COMMENT.test(text)) return;
      for (const m of text.matchAll(REFERENCE)) {
        const page = pageOf(m[1] ?? '', file);
        if (page)
          found.push({ file, line: i + 1, page, section: (m[2] ?? '').replace(/\\'/g, "'").replaceAll('`', '') });
      }
    });
  }
  return found;
}

describe("the sections the kit's messages point at", () => {
  const references = sectionReferences();

  it('are found (the scan sees the gate message and the approvals file)', () => {
    expect(references.length, JSON.stringify(references)).toBeGreaterThanOrEqual(5);
    expect(
      references.some((r) => r.file === 'contract/evolution/releases.ts' && r.section === 'Changing the contract'),
    ).toBe(true);
    expect(references.some((r) => r.file === 'contract/approved-changes.yaml')).toBe(true);
  });

  it('each exists as a heading of its page', () => {
    const missing = references
      .filter((r) => !existsSync(`${root}/${r.page}`) || !anchorsOf(r.page).includes(r.section))
      .map((r) => `${r.file}:${r.line} points at ${r.page} "${r.section}", which has no such section`);
    expect(missing).toEqual([]);
  });

  it('a reference to a section that does not exist is reported by file and line', () => {
    const scratch = sectionReferences(['contract/evolution/releases.ts']).map((r) => ({
      ...r,
      section: `${r.section}!`,
    }));
    expect(scratch.length).toBeGreaterThan(0);
    expect(scratch.every((r) => !anchorsOf(r.page).includes(r.section))).toBe(true);
  });
});
