// Real objects of the member for checks that address one by id: created with the run marker, or, in read-only mode,
// found by listing (then a placeholder id where the board holds none).

import { CheckFailure, NotVerified } from '../engine/explain.js';
import type { Harness } from './harness.js';
import { listCases, listScenarios, listSessions, listTokens } from './list-readers.js';
import { createCase, createScenario, createToken, startSession } from './setup-steps.js';
import type { Ids } from './valid-requests.js';

export interface MemberObjects {
  ids: Ids;
  /** The secret of a named API token of the member; none in read-only mode. */
  apiToken?: string;
  /** Why the objects could not be made, when the ids are placeholders instead. */
  problem?: string;
  /** The rule covering the step that failed to make them; none when a step got no answer at all. */
  blockedBy?: string;
  /** The ids that point at nothing (placeholders): an answer about them says nothing about access. */
  missing: ReadonlySet<keyof Ids>;
}

/** Id used in read-only mode when the board has no object of that kind: the answer must still be 401/403/404. */
const PLACEHOLDER_ID = 2_147_483_000;

export async function memberObjects(h: Harness): Promise<MemberObjects> {
  const member = await h.as('member');
  if (h.run.readOnly) return findObjects(h);
  const scenario = await createScenario(h, member, h.board, { title: h.title('probe scenario'), parent_id: null });
  const testCase = await createCase(h, member, h.board, scenario.id, h.title('probe case'));
  const session = await startSession(h, member, h.board, scenario.id);
  const token = await createToken(h, member, { title: h.title('probe token') });
  const report = session.case_reports[0]?.id;
  return {
    ids: {
      ...h.board,
      scenario_id: scenario.id,
      case_id: testCase.id,
      case_report_id: report ?? PLACEHOLDER_ID,
      sessions_id: session.id,
      key: token.key,
    },
    apiToken: token.secret,
    missing: new Set(report === undefined ? ['case_report_id'] : []),
  };
}

/**
 * The objects were made, or the check cannot go on: not verified when a step was refused under another rule, failed
 * when a step got no answer at all (the target did not answer, whichever rule the step belongs to).
 */
export function ensureObjects(objects: MemberObjects, what: string): void {
  if (objects.problem === undefined) return;
  const message = `${what}: ${objects.problem}`;
  throw objects.blockedBy ? new NotVerified(objects.blockedBy, message) : new CheckFailure(message);
}

/** Ids that point at nothing, for when the objects cannot be made: auth and access answers must not depend on them. */
export function placeholderObjects(h: Harness, error?: unknown): MemberObjects {
  return {
    ...(error === undefined ? {} : { problem: h.redactor.text(String((error as Error).message ?? error)) }),
    ...(error instanceof NotVerified ? { blockedBy: error.blockedBy } : {}),
    ids: {
      ...h.board,
      scenario_id: PLACEHOLDER_ID,
      case_id: PLACEHOLDER_ID,
      case_report_id: PLACEHOLDER_ID,
      sessions_id: PLACEHOLDER_ID,
      key: 'no-such-token',
    },
    missing: new Set(['scenario_id', 'case_id', 'case_report_id', 'sessions_id', 'key']),
  };
}

async function findObjects(h: Harness): Promise<MemberObjects> {
  const member = await h.as('member');
  const scenarios = await listScenarios(h, member, h.board).catch(() => []);
  const scenarioId = scenarios[0]?.id ?? PLACEHOLDER_ID;
  const cases = await listCases(h, member, h.board, scenarioId).catch(() => []);
  const sessions = await listSessions(h, member, h.board, true).catch(() => []);
  const withReport = sessions.find((s) => s.case_reports.length > 0);
  const tokens = await listTokens(h, member).catch(() => []);
  // Read-only mode creates no token, so the key cannot be discovered: the contract's `key` member it is.
  const key = tokens[0]?.key;
  const ids: Ids = {
    ...h.board,
    scenario_id: scenarioId,
    case_id: cases[0]?.id ?? PLACEHOLDER_ID,
    case_report_id: withReport?.case_reports[0]?.id ?? PLACEHOLDER_ID,
    sessions_id: sessions[0]?.id ?? PLACEHOLDER_ID,
    key: typeof key === 'string' || typeof key === 'number' ? key : 'no-such-token',
  };
  const missing = new Set<keyof Ids>();
  for (const name of ['scenario_id', 'case_id', 'case_report_id', 'sessions_id'] as const) {
    if (ids[name] === PLACEHOLDER_ID) missing.add(name);
  }
  if (ids.key === 'no-such-token') missing.add('key');
  return { ids, missing };
}
