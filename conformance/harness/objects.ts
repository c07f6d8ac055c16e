// Real objects of the member for checks that address one by id: created with the run marker, or, in read-only mode,
// found by listing (then a placeholder id where the board holds none).

import { CheckFailure, NotApplicable, NotVerified, notApplicableIn } from '../engine/explain.js';
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
  /** What stopped the step (a limit answer among its causes makes the checks not verified for the account's limit). */
  cause?: unknown;
  /** The ids that point at nothing (placeholders): an answer about them says nothing about access. */
  missing: ReadonlySet<keyof Ids>;
  /** The first operation declared missing that left an id a placeholder. */
  waitsFor?: string;
}

/** Id used in read-only mode when the board has no object of that kind: the answer must still be 401/403/404. */
const PLACEHOLDER_ID = 2_147_483_000;

/**
 * What a step made, or undefined when it needs an operation the profile declares missing (the id is a placeholder;
 * the operation is added to `waits`).
 */
export async function unlessMissing<T>(step: () => Promise<T>, waits: string[] = []): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    const missing = notApplicableIn(error);
    if (!missing) throw error;
    waits.push(missing.operation);
    return undefined;
  }
}

/**
 * Each object is made only where the operations it needs exist: an operation declared missing leaves its id (and the
 * ids that depend on it) a placeholder, so a check about tokens never waits for QA.
 */
export async function memberObjects(h: Harness): Promise<MemberObjects> {
  const member = await h.as('member');
  if (h.run.readOnly) return findObjects(h);
  const waits: string[] = [];
  const scenario = await unlessMissing(
    () => createScenario(h, member, h.board, { title: h.title('probe scenario'), parent_id: null }),
    waits,
  );
  const testCase =
    scenario && (await unlessMissing(() => createCase(h, member, h.board, scenario.id, h.title('probe case')), waits));
  const session = scenario && (await unlessMissing(() => startSession(h, member, h.board, scenario.id), waits));
  const token = await unlessMissing(() => createToken(h, member, { title: h.title('probe token') }), waits);
  const report = session?.case_reports[0]?.id;
  const ids: Ids = {
    ...h.board,
    scenario_id: scenario?.id ?? PLACEHOLDER_ID,
    case_id: testCase?.id ?? PLACEHOLDER_ID,
    case_report_id: report ?? PLACEHOLDER_ID,
    sessions_id: session?.id ?? PLACEHOLDER_ID,
    key: token?.key ?? 'no-such-token',
  };
  return {
    ids,
    ...(token ? { apiToken: token.secret } : {}),
    missing: placeholdersIn(ids),
    ...(waits[0] ? { waitsFor: waits[0] } : {}),
  };
}

/** The ids that are placeholders. */
function placeholdersIn(ids: Ids): Set<keyof Ids> {
  const missing = new Set<keyof Ids>();
  for (const name of ['scenario_id', 'case_id', 'case_report_id', 'sessions_id'] as const) {
    if (ids[name] === PLACEHOLDER_ID) missing.add(name);
  }
  if (ids.key === 'no-such-token') missing.add('key');
  return missing;
}

/**
 * The objects were made, or the check cannot go on: not verified when a step was refused under another rule, failed
 * when a step got no answer at all (the target did not answer, whichever rule the step belongs to).
 */
export function ensureObjects(objects: MemberObjects, what: string): void {
  if (objects.waitsFor !== undefined) throw new NotApplicable(objects.waitsFor);
  if (objects.problem === undefined) return;
  const message = `${what}: ${objects.problem}`;
  throw objects.blockedBy
    ? new NotVerified(objects.blockedBy, message, { cause: objects.cause })
    : new CheckFailure(message);
}

/** Ids that point at nothing, for when the objects cannot be made: auth and access answers must not depend on them. */
export function placeholderObjects(h: Harness, error?: unknown): MemberObjects {
  return {
    ...(error === undefined ? {} : { problem: h.redactor.text(String((error as Error).message ?? error)) }),
    ...(error instanceof NotVerified ? { blockedBy: error.blockedBy, cause: error } : {}),
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
  return { ids, missing: placeholdersIn(ids) };
}
