// Reading back what a check deleted (docs/conformance.md, "What the suite does not assume"): judged by the object, not
// the status. Source §2 says only that ids are "numeric": a server may hand a deleted id to the next object created
// (SQLite's rowids), so a read of it that answers another object (another title, another parent or scenario) says the
// deleted one is gone, and the report says the server reused the id.
import { isObject } from '../../contract/json.js';
import { numericId } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { isSuccess } from '../engine/payload.js';
import { expectStatus } from './assertions.js';
import type { Harness } from './harness.js';

/** What the run created an object with: the fields that tell it from another object of its kind. */
export interface Identity {
  kind: 'scenario' | 'case';
  title: string;
  /** A scenario's parent (null for a top-level one), or a case's scenario. */
  parent?: number | null;
}

/** The identity of a created scenario or case, from what it was created with. */
export const scenarioIdentity = (title: string, parent: number | null): Identity => ({
  kind: 'scenario',
  title,
  parent,
});
export const caseIdentity = (title: string, scenario: number): Identity => ({ kind: 'case', title, parent: scenario });

/**
 * Whether `row` may be the object created with `identity`: false only when a field it shows differs (its title, its
 * parent or scenario). A row that shows neither cannot be told apart, and counts as the same object.
 */
export function sameObject(row: unknown, identity: Identity): boolean {
  if (!isObject(row)) return true;
  if (typeof row.title === 'string' && row.title !== identity.title) return false;
  if (identity.parent === undefined) return true;
  const shown = identity.kind === 'scenario' ? row.parent_id : (row.scenario ?? row.scenario_id);
  if (shown === undefined) return true;
  const parent = shown === null ? null : numericId(shown);
  return parent === identity.parent;
}

/** The words of the report for a read that answered another object under a deleted id. */
export function reusedNote(identity: Identity, id: number, row: unknown): string {
  const title = isObject(row) && typeof row.title === 'string' ? ` (${JSON.stringify(row.title.slice(0, 80))})` : '';
  return `the server reused the id ${id} of a deleted ${identity.kind} for another ${identity.kind}${title}: judged gone`;
}

/**
 * The object read back after its delete is gone: a 404, or a success that answers another object under its id (the
 * server reused the id; the check notes it). The same object still there, or any other status, fails.
 */
export function expectGone(
  h: Harness,
  read: { answer: Answer; object: Record<string, unknown> | undefined },
  id: number,
  identity: Identity,
  what: string,
): void {
  if (isSuccess(read.answer.status) && read.object !== undefined && !sameObject(read.object, identity)) {
    h.note(`${what}: ${reusedNote(identity, id, read.object)}`);
    return;
  }
  expectStatus(read.answer, [404], what);
}

/** A list row that holds the deleted object: its id, and nothing showing it is another object (noted when it is). */
export function stillListed(h: Harness, identity: Identity, id: number, what: string) {
  return (row: Record<string, unknown> & { id: number }): boolean => {
    if (row.id !== id) return false;
    if (sameObject(row, identity)) return true;
    h.note(`${what}: ${reusedNote(identity, id, row)}`);
    return false;
  };
}
