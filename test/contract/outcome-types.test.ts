// The generated types reject a bug outcome without its three fields at compile time (npm run typecheck fails otherwise).
import { expect, test } from 'vitest';
import type { components } from '../../generated/schema.js';

type CaseOutcome = components['schemas']['CaseOutcome'];

test('CaseOutcome is a union discriminated by status', () => {
  const outcomes: CaseOutcome[] = [
    { status: 'pending' },
    { status: 'done' },
    { status: 'bug', actual_result: 'hangs', severity: 'major', priority: 'high' },
  ];
  // @ts-expect-error a bug needs actual_result, severity and priority
  const bugAlone: CaseOutcome = { status: 'bug' };
  // @ts-expect-error severity is missing
  const noSeverity: CaseOutcome = { status: 'bug', actual_result: 'hangs', priority: 'high' };
  // @ts-expect-error status is one of pending, done, bug
  const unknown: CaseOutcome = { status: 'closed' };
  expect([...outcomes, bugAlone, noSeverity, unknown]).toHaveLength(6);
});
