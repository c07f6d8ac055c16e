// The state diagrams (scripts/state-machines.ts) show the contract's states and operations, and every one is in the docs.
import { describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { docsDocument } from '../../scripts/build-docs.js';
import { injectDiagrams, renderStateMachine } from '../../scripts/diagrams.js';
import { QA_STATES, STATE_MACHINES, type StateMachine, TOKEN_STATES } from '../../scripts/state-machines.js';

const { document, byId } = loadContract();
const schemas = (document.components as { schemas: Record<string, { enum?: string[]; properties?: object }> }).schemas;
const stateIds = (machine: StateMachine, ids: string[]): string[] =>
  machine.states.filter((s) => ids.includes(s.id)).map((s) => s.id);

describe('the pictures match the contract', () => {
  test('the case report states are exactly CaseReportStatus', () => {
    const reportStates = ['pending', 'done', 'bug'];
    expect(stateIds(QA_STATES, reportStates).sort()).toEqual([...(schemas.CaseReportStatus?.enum ?? [])].sort());
  });

  test('session and token states name is_active, a field the contract returns for both', () => {
    expect(Object.keys(schemas.Session?.properties ?? {})).toContain('is_active');
    expect(Object.keys(schemas.ApiToken?.properties ?? {})).toContain('is_active');
    const details = (machine: StateMachine, id: string) => machine.states.find((s) => s.id === id)?.detail;
    expect([details(QA_STATES, 'active'), details(QA_STATES, 'finished')]).toEqual([
      'is_active: true',
      'is_active: false',
    ]);
    expect([details(TOKEN_STATES, 'active'), details(TOKEN_STATES, 'inactive')]).toEqual([
      'is_active: true',
      'is_active: false',
    ]);
  });

  test.each(STATE_MACHINES.map((m) => [m.id, m]))(
    '%s: every move is a contract operation, every state is drawn',
    (_id, m) => {
      for (const t of m.transitions) {
        if (t.operationId) expect(byId.has(t.operationId), t.operationId).toBe(true);
        expect(m.states.map((s) => s.id)).toEqual(expect.arrayContaining([t.from, t.to]));
      }
      const svg = renderStateMachine(m, document);
      for (const state of m.states) expect(svg).toContain(`>${state.label}</text>`);
      for (const t of m.transitions.filter((x) => x.operationId)) {
        const op = byId.get(t.operationId as string);
        expect(svg).toContain(`${op?.method.toUpperCase()} ${op?.path}`);
      }
    },
  );
});

describe('injecting the pictures into info.description', () => {
  test('the built docs carry every diagram as a data: image and no marker is left', () => {
    const description = (docsDocument().info as { description: string }).description;
    expect(description).not.toMatch(/\(diagram:/);
    for (const m of STATE_MACHINES)
      expect(description).toContain(`<img alt="${m.alt}" src="data:image/svg+xml;base64,`);
  });

  test('a marker without a machine, or a machine without a marker, fails the build', () => {
    expect(() => injectDiagrams('![x](diagram:nope)', document)).toThrow(/diagram:nope/);
    expect(() => injectDiagrams('![x](diagram:qa-states)', document)).toThrow(/diagram:token-states/);
  });
});
