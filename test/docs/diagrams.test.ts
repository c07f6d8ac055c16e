// The state diagrams (docs-build/state-machines.ts) show the contract's states and operations: as text in openapi.yaml,
// for every renderer, and as SVG on the kit's own page.
import { describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { docsDocument } from '../../docs-build/build-docs.js';
import { injectDiagrams, missingFromText, renderStateMachine } from '../../docs-build/diagrams.js';
import { QA_STATES, STATE_MACHINES, type StateMachine, TOKEN_STATES } from '../../docs-build/state-machines.js';

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

describe("the text form in openapi.yaml, and the pictures in its place on the kit's page", () => {
  const description = (document.info as { description: string }).description;
  const blocks = [...description.matchAll(/^```text diagram:([a-z-]+)\n([\s\S]*?)\n```$/gm)];

  test('openapi.yaml carries each machine as text any renderer shows, naming every state, move and request', () => {
    expect(blocks.map(([, id]) => id).sort()).toEqual(STATE_MACHINES.map((m) => m.id).sort());
    for (const [, id, text] of blocks) {
      const machine = STATE_MACHINES.find((m) => m.id === id) as StateMachine;
      expect(missingFromText(machine, text as string, document), id).toEqual([]);
    }
    expect(description).not.toMatch(/\]\(diagram:/);
  });

  test('the built docs carry every diagram as a data: image, and no text form is left', () => {
    // The page's guide sections are tags (x-traitTag): the pictures are in their descriptions.
    const page = docsDocument();
    const built = [
      (page.info as { description: string }).description,
      ...(page.tags as { description?: string }[]).map((t) => t.description ?? ''),
    ].join('\n');
    expect(built).not.toMatch(/text diagram:|\]\(diagram:/);
    for (const m of STATE_MACHINES) expect(built).toContain(`<img alt="${m.alt}" src="data:image/svg+xml;base64,`);
  });

  const block = (id: string, text: string) => `\`\`\`text diagram:${id}\n${text}\n\`\`\``;
  const textOf = (id: string) => blocks.find(([, found]) => found === id)?.[2] as string;

  test.each([
    ['a block without a machine', block('nope', 'x'), /diagram:nope/],
    ['a machine without a block', block('qa-states', textOf('qa-states')), /diagram:token-states/],
    [
      'a text form that lost a state',
      `${block('qa-states', textOf('qa-states').replaceAll('finished', 'closed'))}\n${block('token-states', textOf('token-states'))}`,
      /text form of diagram:qa-states does not name finished/,
    ],
    [
      'a text form that lost a request',
      `${block('qa-states', textOf('qa-states'))}\n${block('token-states', textOf('token-states').replaceAll('DELETE', 'REMOVE'))}`,
      /text form of diagram:token-states does not name DELETE \/member\/bearer-tokens\/detail\//,
    ],
  ])('%s fails the build', (_what, markdown, message) => {
    expect(() => injectDiagrams(markdown, document)).toThrow(message);
  });
});
