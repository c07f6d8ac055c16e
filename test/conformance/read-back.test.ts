// Reading back what a check deleted (docs/conformance.md, "What the suite does not assume", whether a deleted id is
// reused): judged by the object, not the status. A 404 is gone, and so is a success answering another object under
// that id (another title, another parent or scenario), the rule's reason then saying `the server reused the id N of a
// deleted case for another case`; the same object still there fails, as does any other status.
import { describe, expect, it } from 'vitest';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import { CheckFailure } from '../../conformance/engine/explain.js';
import type { Harness } from '../../conformance/harness/harness.js';
import {
  caseIdentity,
  expectGone,
  type Identity,
  scenarioIdentity,
  stillListed,
} from '../../conformance/harness/read-back.js';
import { loadProfile } from '../../conformance/profile.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { RUN_BOUNDS } from '../support/waiting.js';
import { idsReused, idsReusedLastDeleted } from './faults/choices/ids.js';
import { type Fault, parse, reply } from './faults/wrap.js';

const BASE_URL = 'http://sandbox.invalid/api';
const run = (target: Parameters<typeof runConformance>[0]['target'], only: string[]) =>
  runConformance({
    profile: loadProfile('conformance/targets/sandbox.json', {}, BASE_URL),
    target,
    only,
    ...RUN_BOUNDS,
  });

describe('against a server that hands a deleted id to the next object (runConformance)', () => {
  it('QA-06 and QA-21 pass, and their reason says the server reused the id of a deleted case', async () => {
    const result = await run(idsReusedLastDeleted.wrap(createSandbox().fetch), ['QA-06', 'QA-21']);
    for (const id of ['QA-06', 'QA-21']) {
      const rule = result.rules.find((r) => r.id === id);
      expect(rule?.outcome, id).toBe('PASS');
      expect(rule?.reason, id).toMatch(/the server reused the id \d+ of a deleted case for another case/);
    }
  });

  it('a deletion that does not delete still fails QA-06 and QA-21 there', async () => {
    const deletesIgnored: Fault = (inner) => async (req) => {
      const { operationId } = await parse(req);
      if (operationId === 'deleteCase' || operationId === 'deleteScenario') return reply(200, { status: 'success' });
      return inner(req);
    };
    const result = await run(deletesIgnored(idsReused.wrap(createSandbox().fetch)), ['QA-06', 'QA-21']);
    expect(result.rules.filter((r) => r.outcome === 'FAIL').map((r) => r.id)).toEqual(['QA-06', 'QA-21']);
  });
});

/** A harness that keeps only the notes a read-back gives. */
function noting() {
  const notes: string[] = [];
  return { notes, h: { note: (text: string) => notes.push(text) } as unknown as Harness };
}

/** The answer of a read of a deleted object: its status and the object it shows. */
function read(status: number, object?: Record<string, unknown>) {
  const answer: Answer = {
    record: { method: 'GET', path: '/features/qa/cases/detail/' } as Answer['record'],
    status,
    body: object,
    json: true,
  };
  return { answer, object };
}

// Made inside each test (Stryker counts only what a test runs, not what the file does while it is collected).
const CASE = () => caseIdentity('Login works', 7);
const SCENARIO = () => scenarioIdentity('Sign-in', 3);
const TOP = () => scenarioIdentity('Everything', null);

describe('one read of a deleted object', () => {
  const gone: [string, () => Identity, ReturnType<typeof read>][] = [
    ['a 404', CASE, read(404)],
    ['a case with another title', CASE, read(200, { title: 'Logout works', scenario: 7 })],
    ['a case with the same title in another scenario', CASE, read(200, { title: 'Login works', scenario: 8 })],
    ['the same, its scenario as scenario_id', CASE, read(200, { title: 'Login works', scenario_id: 8 })],
    ['the same, its scenario as an id string', CASE, read(200, { title: 'Login works', scenario: '8' })],
    ['a scenario under another parent', SCENARIO, read(200, { title: 'Sign-in', parent_id: 4 })],
    ['a scenario at the top where the deleted one was not', SCENARIO, read(200, { title: 'Sign-in', parent_id: null })],
    [
      'a scenario under a parent where the deleted one was at the top',
      TOP,
      read(200, { title: 'Everything', parent_id: 3 }),
    ],
  ];
  for (const [name, identity, answer] of gone) {
    it(`is gone: ${name}`, () => {
      const { notes, h } = noting();
      expect(() => expectGone(h, answer, 41, identity(), 'read back')).not.toThrow();
      if (answer.answer.status === 404) expect(notes).toEqual([]);
      else expect(notes).toEqual([expect.stringMatching(/^read back: the server reused the id 41 of a deleted /)]);
    });
  }

  it("names the kind and the other object's title in the note", () => {
    const { notes, h } = noting();
    expectGone(h, read(200, { title: 'Logout works', scenario: 7 }), 41, CASE(), 'QA-06 read');
    expect(notes).toEqual([
      'QA-06 read: the server reused the id 41 of a deleted case for another case ("Logout works"): judged gone',
    ]);
    const scenario = noting();
    expectGone(scenario.h, read(200, { parent_id: 4 }), 12, SCENARIO(), 'QA-21 read');
    expect(scenario.notes).toEqual([
      'QA-21 read: the server reused the id 12 of a deleted scenario for another scenario: judged gone',
    ]);
  });

  const still: [string, () => Identity, ReturnType<typeof read>][] = [
    ['the same case', CASE, read(200, { title: 'Login works', scenario: 7 })],
    ['the same case, its scenario as an id string', CASE, read(200, { title: 'Login works', scenario_id: '7' })],
    ['the same scenario', SCENARIO, read(200, { title: 'Sign-in', parent_id: 3 })],
    ['the same top-level scenario', TOP, read(200, { title: 'Everything', parent_id: null })],
    ['an object that shows neither title nor parent', CASE, read(200, { id: 41 })],
    ['an object that shows its title only', SCENARIO, read(200, { title: 'Sign-in' })],
    ['a 200 with no object', CASE, read(200)],
    [
      'a 200 whose object is no JSON object',
      CASE,
      { answer: read(200).answer, object: [] as unknown as Record<string, unknown> },
    ],
    ['a 410', CASE, read(410)],
    ['a 500 with another object', CASE, read(500, { title: 'Logout works', scenario: 7 })],
  ];
  for (const [name, identity, answer] of still) {
    it(`fails: ${name}`, () => {
      const { notes, h } = noting();
      expect(() => expectGone(h, answer, 41, identity(), 'read back')).toThrow(CheckFailure);
      expect(() => expectGone(h, answer, 41, identity(), 'read back')).toThrow(/^read back: expected 404, got/);
      expect(notes).toEqual([]);
    });
  }

  it('quotes at most 80 characters of the other title', () => {
    const { notes, h } = noting();
    expectGone(h, read(200, { title: 'x'.repeat(200) }), 41, CASE(), 'read');
    expect(notes[0]).toContain(`("${'x'.repeat(80)}")`);
    expect(notes[0]).not.toContain('x'.repeat(81));
  });
});

describe('a list searched for a deleted object', () => {
  it('holds it when a row has its id and shows nothing of another object', () => {
    const { notes, h } = noting();
    const listed = stillListed(h, CASE(), 41, 'list');
    expect(listed({ id: 41, title: 'Login works', scenario: 7 })).toBe(true);
    expect(listed({ id: 41 })).toBe(true);
    expect(listed({ id: 42, title: 'Login works', scenario: 7 })).toBe(false);
    expect(notes).toEqual([]);
  });

  it('does not hold it when the row under its id is another object, and says the id was reused', () => {
    const { notes, h } = noting();
    const listed = stillListed(h, SCENARIO(), 12, 'list');
    expect(listed({ id: 12, title: 'Another client', parent_id: 3 })).toBe(false);
    expect(notes).toEqual([
      'list: the server reused the id 12 of a deleted scenario for another scenario ("Another client"): judged gone',
    ]);
  });
});
