// Real objects of the member for checks that address one by id: created with the run marker, or, in read-only mode,
// found by listing (then a placeholder id where the board holds none).
import { unwrap } from '../../client/index.js';
import type { Harness } from '../engine/harness.js';
import { createCase, createScenario, createToken, listSessions, listTokens, startSession } from './fixtures.js';
import type { Ids } from './requests.js';

export interface MemberObjects {
  ids: Ids;
  /** The secret of a named API token of the member; none in read-only mode. */
  apiToken?: string;
  /** Why the objects could not be made, when the ids are placeholders instead. */
  problem?: string;
  /** The ids that point at nothing (placeholders): an answer about them says nothing about access. */
  missing: ReadonlySet<keyof Ids>;
}

/** Id used in read-only mode when the board has no object of that kind: the answer must still be 401/403/404. */
const PLACEHOLDER_ID = 2_147_483_000;

export async function memberObjects(h: Harness): Promise<MemberObjects> {
  const member = await h.as('member');
  if (h.run.readOnly) return findObjects(h);
  const scenario = await createScenario(member, h.board, { title: h.title('probe scenario'), parent_id: null });
  const testCase = await createCase(member, h.board, scenario.id, h.title('probe case'));
  const session = await startSession(member, h.board, scenario.id);
  const token = await createToken(member, { title: h.title('probe token'), is_active: true });
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
    apiToken: token.token,
    missing: new Set(report === undefined ? ['case_report_id'] : []),
  };
}

/** Ids that point at nothing, for when the objects cannot be made: auth and access answers must not depend on them. */
export function placeholderObjects(h: Harness, error?: unknown): MemberObjects {
  return {
    ...(error === undefined ? {} : { problem: h.redactor.text(String((error as Error).message ?? error)) }),
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
  const scenarios = await unwrap(
    member.GET('/features/qa/scenarios/list/', { params: { query: { ...h.board, limit: 1 } } }),
  );
  const scenarioId = scenarios?.scenarios[0]?.id ?? PLACEHOLDER_ID;
  const cases = await unwrap(
    member.GET('/features/qa/cases/list/', { params: { query: { ...h.board, scenario_id: scenarioId } } }),
  ).catch(() => undefined);
  const sessions = await listSessions(member, h.board, true).catch(() => []);
  const withReport = sessions.find((s) => s.case_reports.length > 0);
  const tokens = await listTokens(member).catch(() => []);
  const ids: Ids = {
    ...h.board,
    scenario_id: scenarioId,
    case_id: cases?.cases[0]?.id ?? PLACEHOLDER_ID,
    case_report_id: withReport?.case_reports[0]?.id ?? PLACEHOLDER_ID,
    sessions_id: sessions[0]?.id ?? PLACEHOLDER_ID,
    key: tokens[0]?.key ?? 'no-such-token',
  };
  const missing = new Set<keyof Ids>();
  for (const name of ['scenario_id', 'case_id', 'case_report_id', 'sessions_id'] as const) {
    if (ids[name] === PLACEHOLDER_ID) missing.add(name);
  }
  if (tokens.length === 0) missing.add('key');
  return { ids, missing };
}
