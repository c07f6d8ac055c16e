// The end-to-end story over HTTP with the typed client (docs/sandbox.md, "The story with curl"): login → token create/use/deactivate/delete →
// scenario tree and cases → session → bug and linked task → finish; plus refresh rotation through the client.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApiClient, paginate, unwrap } from '../../client/index.js';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { rejection } from '../support/rejection.js';
import { sandboxUnderTest } from './harness.js';

let clock = Date.now();
const { fetch: sandboxFetch } = sandboxUnderTest({ now: () => clock, accessTokenTtlSeconds: 300 });
let server: SandboxServer;
beforeAll(async () => {
  server = await startSandboxServer({ fetch: sandboxFetch });
});
afterAll(async () => {
  await server.close();
});

const { member } = DEMO.accounts;
const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };

/** Logs the demo member in and returns a session client whose rotated pairs land in `saved`. */
async function loginAsMember() {
  const anonymous = createApiClient({ baseUrl: server.baseUrl });
  const pair = await unwrap(
    anonymous.POST('/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    }),
  );
  const saved: Array<{ accessToken: string; refreshToken: string }> = [];
  const api = createApiClient({
    baseUrl: server.baseUrl,
    credential: { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token },
    sessionStore: { save: (p) => void saved.push(p) },
  });
  return { anonymous, pair, saved, api };
}

test('the story a new user follows, with the typed client', async () => {
  // 1. Login.
  const { saved, api } = await loginAsMember();
  const me = await unwrap(api.GET('/member/me/'));
  expect(me.member.username).toBe(member.username);

  // 2. A named API token: create, use, deactivate, delete.
  const created = await unwrap(api.POST('/member/bearer-tokens/', { body: { title: 'story-bot', is_active: true } }));
  const bot = createApiClient({
    baseUrl: server.baseUrl,
    credential: { kind: 'apiToken', token: created.token.token },
  });
  expect((await unwrap(bot.GET('/member/me/'))).member.id).toBe(member.id);
  const key = { params: { query: { key: created.token.key } } };
  await unwrap(api.PATCH('/member/bearer-tokens/detail/', { ...key, body: { is_active: false } }));
  expect((await rejection(unwrap(bot.GET('/member/me/')))).status).toBe(401);
  await unwrap(api.DELETE('/member/bearer-tokens/detail/', key));
  expect((await rejection(unwrap(bot.GET('/member/me/')))).status).toBe(401);
  const tokens = await unwrap(api.GET('/member/bearer-tokens/'));
  expect(tokens.tokens.some((t) => t.key === created.token.key)).toBe(false);

  // 3. A scenario tree with cases.
  const scenarios = '/features/qa/scenarios/list/';
  const root = (
    await unwrap(api.POST(scenarios, { params: { query: board }, body: { title: 'Wishlist', parent_id: null } }))
  ).scenario;
  const child = (
    await unwrap(
      api.POST(scenarios, { params: { query: board }, body: { title: 'Share wishlist', parent_id: root.id } }),
    )
  ).scenario;
  const caseBody = (scenario: number, title: string) => ({
    scenario,
    title,
    description: `${title}.`,
    steps_to_reproduce: '1. Open the wishlist.',
    expected_result: 'It works.',
  });
  const rootCase = (
    await unwrap(
      api.POST('/features/qa/cases/list/', { params: { query: board }, body: caseBody(root.id, 'Add to wishlist') }),
    )
  ).case;
  const childCase = (
    await unwrap(
      api.POST('/features/qa/cases/list/', { params: { query: board }, body: caseBody(child.id, 'Share by link') }),
    )
  ).case;
  const children = await unwrap(api.GET(scenarios, { params: { query: { ...board, parent_id: root.id } } }));
  expect(children.scenarios.map((s) => s.id)).toEqual([child.id]);

  // 4. A session for the root covers the child's case too.
  const session = (
    await unwrap(api.POST('/features/qa/sessions/start/', { params: { query: board }, body: { scenario_id: root.id } }))
  ).session;
  expect(session.case_reports.map((r) => r.case_id).sort()).toEqual([rootCase.id, childCase.id].sort());
  const reportOf = (caseId: number) => session.case_reports.find((r) => r.case_id === caseId)?.id ?? 0;

  // 5. A pass, then a bug that creates a linked task.
  const outcome = '/features/qa/sessions/cases/';
  await unwrap(
    api.PATCH(outcome, {
      params: { query: { ...board, case_report_id: reportOf(rootCase.id) } },
      body: { status: 'done' },
    }),
  );
  const bugReport = (
    await unwrap(
      api.PATCH(outcome, {
        params: { query: { ...board, case_report_id: reportOf(childCase.id) } },
        body: { status: 'bug', actual_result: 'The link is empty.', severity: 'major', priority: 'high' },
      }),
    )
  ).case_report;
  expect(bugReport.task_id).toEqual(expect.any(Number));
  const allTasks = async () => {
    const rows = [];
    for await (const task of paginate(
      (page, limit) => api.GET('/task/list/', { params: { query: { ...board, page, limit } } }),
      'tasks',
      { limit: 2 },
    )) {
      rows.push(task);
    }
    return rows;
  };
  const linked = (await allTasks()).find((t) => t.id === bugReport.task_id);
  expect(linked).toMatchObject({
    case_report_id: bugReport.id,
    column_id: DEMO.todoColumnId,
    description: 'The link is empty.',
  });

  // 6. Finish: the session is inactive, the task stays open in the todo column.
  const finished = (
    await unwrap(
      api.PATCH('/features/qa/sessions/finish/', { params: { query: board }, body: { sessions_id: session.id } }),
    )
  ).session;
  expect(finished.is_active).toBe(false);
  const inactive = await unwrap(
    api.GET('/features/qa/sessions/', { params: { query: { ...board, is_active: false } } }),
  );
  expect(inactive.sessions.map((s) => s.id)).toContain(session.id);
  expect((await allTasks()).find((t) => t.id === bugReport.task_id)?.column_id).toBe(DEMO.todoColumnId);

  // The typed client reports a rejected request as a rejection, naming the field.
  const refused = await rejection(
    unwrap(
      api.POST('/features/qa/sessions/start/', {
        params: { query: { ...board, board_id: DEMO.boardWithoutTodoColumnId } },
        body: { scenario_id: root.id },
      }),
    ),
  );
  expect([refused.status, refused.fields]).toEqual([409, ['board_id']]);
  expect(saved).toEqual([]);
});

test('an expired access token is refreshed once by the client, and the rotated pair is handed over', async () => {
  const { anonymous, pair, saved, api } = await loginAsMember();
  clock += 301_000;
  const me = await unwrap(api.GET('/member/me/'));
  expect(me.member.id).toBe(member.id);
  expect(saved).toHaveLength(1);
  expect(saved[0]?.refreshToken).not.toBe(pair.refresh_token);
  // The old refresh token was used by the rotation: the sandbox refuses it now.
  const reuse = await anonymous.POST('/member/refresh-token/', { body: { refresh_token: pair.refresh_token } });
  expect(reuse.response.status).toBe(401);
});
