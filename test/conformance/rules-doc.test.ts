// docs/rules.md must be what conformance/write-rules-doc.ts renders from the catalogue now, and the catalogue sound.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES, ruleIdOf, selectRules } from '../../conformance/rules.js';
import { RULES_DOC_COMMAND, RULES_DOC_PATH, renderRulesDoc } from '../../conformance/write-rules-doc.js';

describe('the rule catalogue', () => {
  it(`docs/rules.md is fresh (run ${RULES_DOC_COMMAND} when this fails)`, () => {
    expect(readFileSync(RULES_DOC_PATH, 'utf8'), `docs/rules.md is stale: run ${RULES_DOC_COMMAND}`).toBe(
      renderRulesDoc(),
    );
  });

  it('has unique IDs, each with a level, a source and one sentence', () => {
    expect(new Set(RULES.map((r) => r.id)).size).toBe(RULES.length);
    for (const r of RULES) {
      expect(r.id, r.id).toMatch(/^[A-Z]+-\d{2}$/);
      expect(['MUST', 'SHOULD'], r.id).toContain(r.level);
      expect(r.source.trim(), r.id).not.toBe('');
      expect(r.text, r.id).toMatch(/^[^.]+(\.[^.]+)*\.$/);
      expect(ruleIdOf(`${r.id} a check`), r.id).toBe(r.id);
    }
  });

  it('gives MUST only to rules the source states (a section sign and its words), never to a contract assumption', () => {
    for (const r of RULES.filter((x) => x.level === 'MUST')) {
      expect(r.source, r.id).toMatch(/§\d/);
      expect(r.quotes?.length, `${r.id} quotes the source`).toBeGreaterThan(0);
      for (const q of r.quotes ?? []) expect(q.trim(), r.id).not.toBe('');
    }
    for (const r of RULES.filter((x) => x.source.startsWith('contract'))) expect(r.level, r.id).toBe('SHOULD');
  });

  it('resolves --only items: IDs, areas and prefixes, and names the unknown ones', () => {
    expect([...selectRules(['AUTH-03']).selected]).toEqual(['AUTH-03']);
    expect(selectRules(['tokens']).selected.size).toBe(RULES.filter((r) => r.area === 'tokens').length);
    expect(selectRules(['tokenz']).unknown).toEqual(['tokenz']);
    expect([...selectRules(['TOKEN']).selected].every((id) => id.startsWith('TOKEN-'))).toBe(true);
    expect(selectRules(['qa', 'NOPE-01']).unknown).toEqual(['NOPE-01']);
  });
});
