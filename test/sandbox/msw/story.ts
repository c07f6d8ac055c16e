// The short story both MSW tests run through the typed client: log in, create a scenario, start a session, record a bug.
import { type ApiClient, createApiClient, unwrap } from '../../../client/index.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';

export interface StoryResult {
  username: string;
  scenarioId: number;
  sessionId: number;
  taskId: number | null;
}

const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };

/** A session client for the demo member; `fetch` defaults to the global one (the one MSW intercepts). */
export async function logIn(baseUrl: string, fetch?: typeof globalThis.fetch): Promise<ApiClient> {
  const anonymous = createApiClient({ baseUrl, fetch });
  const { member } = DEMO.accounts;
  const pair = await unwrap(
    anonymous.POST('/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    }),
  );
  return createApiClient({
    baseUrl,
    fetch,
    credential: { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token },
  });
}

export async function runStory(api: ApiClient, title: string): Promise<StoryResult> {
  const me = await unwrap(api.GET('/member/me/'));
  const scenario = (
    await unwrap(
      api.POST('/features/qa/scenarios/list/', { params: { query: board }, body: { title, parent_id: null } }),
    )
  ).scenario;
  await unwrap(
    api.POST('/features/qa/cases/list/', {
      params: { query: board },
      body: {
        scenario: scenario.id,
        title: `${title} works`,
        description: 'Checked in the MSW story.',
        steps_to_reproduce: '1. Open it.',
        expected_result: 'It works.',
      },
    }),
  );
  const session = (
    await unwrap(
      api.POST('/features/qa/sessions/start/', { params: { query: board }, body: { scenario_id: scenario.id } }),
    )
  ).session;
  const report = session.case_reports[0];
  if (!report) throw new Error('the session has no case report');
  const bug = (
    await unwrap(
      api.PATCH('/features/qa/sessions/cases/', {
        params: { query: { ...board, case_report_id: report.id } },
        body: { status: 'bug', actual_result: 'It broke.', severity: 'major', priority: 'high' },
      }),
    )
  ).case_report;
  return { username: me.member.username, scenarioId: scenario.id, sessionId: session.id, taskId: bug.task_id ?? null };
}

/** Titles of the root scenarios on the demo board: what a reload keeps or drops. */
export async function rootScenarioTitles(api: ApiClient): Promise<string[]> {
  const list = await unwrap(api.GET('/features/qa/scenarios/list/', { params: { query: { ...board, limit: 100 } } }));
  return list.scenarios.filter((s) => s.parent_id === null).map((s) => s.title);
}
