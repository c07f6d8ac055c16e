// ENV rules (source §1 envelope and collection names, §7 errors): data in place, errors that name the field, 404s,
// and the contract's 409 for state conflicts.
import { randomBytes } from 'node:crypto';
import type { Answer } from '../engine/exchange-record.js';
import { dataOf, memberOf } from '../engine/payload.js';
import { ensure, expectRejected, expectStatus, expectSuccess } from '../harness/assertions.js';
import { boardQuery, createHarness } from '../harness/harness.js';
import { createCase, createScenario, startSession } from '../harness/setup-steps.js';

const h = createHarness(import.meta.url);
// The two 409 probes: a scenario on the board without a todo column, and a scenario with a finished session.
h.creates({ scenarios: 2, sessions: 1 });

/** An id no board is likely to hold. */
const MISSING_ID = 2_147_483_000;

h.rule('ENV-03', 'GET /company/list/ holds data.companies', async () => {
  const companies = await h.call(await h.as('member'), 'listCompanies');
  expectSuccess(companies, 'GET /company/list/');
  ensure(Array.isArray(dataOf(companies.body)?.companies), 'GET /company/list/ has no array in data.companies');
});

h.rule('ENV-08', 'GET /task/list/ holds data.tasks', async () => {
  const tasks = await h.call(await h.as('member'), 'listTasks', { query: h.board });
  expectSuccess(tasks, 'GET /task/list/');
  ensure(Array.isArray(dataOf(tasks.body)?.tasks), 'GET /task/list/ has no array in data.tasks');
});

interface Probe {
  what: string;
  field: string;
  writes: boolean;
  /**
   * Whether the source makes it a validation failure (a required field left out), so that ENV-04 (MUST) judges it. The
   * others are failures only by the contract's decisions (limit at least 1, ids positive integers, strict booleans):
   * ENV-05 (SHOULD) judges them alone.
   */
  stated: boolean;
  send(): Promise<Answer>;
}

/** Requests that each get one field wrong. The writing ones would create an object only on a broken server. */
const probes: Probe[] = [
  {
    what: 'GET /features/qa/scenarios/list/ with limit=0',
    field: 'limit',
    writes: false,
    stated: false,
    send: async () => h.call(await h.as('member'), 'listScenarios', { query: { ...h.board, limit: 0 } }),
  },
  {
    what: 'GET /features/qa/scenarios/ with a scenario_id that is not a number',
    field: 'scenario_id',
    writes: false,
    stated: false,
    send: async () => h.callLoose(await h.as('member'), 'getScenario', { query: { ...h.board, scenario_id: 'abc' } }),
  },
  {
    what: 'POST /member/login/ without username',
    field: 'username',
    writes: false,
    stated: true,
    send: () =>
      h.callLoose(h.anonymous(), 'login', {
        body: { password: h.run.profile.accounts.member.password, captcha_token: h.run.profile.captchaToken },
      }),
  },
  {
    what: 'POST /features/qa/scenarios/list/ without title',
    field: 'title',
    writes: true,
    stated: true,
    send: async () =>
      h.callLoose(await h.as('member'), 'createScenario', { query: h.board, body: { parent_id: null } }),
  },
  {
    what: 'POST /member/bearer-tokens/ without title',
    field: 'title',
    writes: true,
    stated: true,
    // Inactive, so that a token a broken server creates anyway authenticates nothing (clean-up deletes it).
    send: async () => h.callLoose(await h.as('member'), 'createApiToken', { body: { is_active: false } }),
  },
  {
    what: 'POST /member/bearer-tokens/ with is_active "yes"',
    field: 'is_active',
    writes: true,
    stated: false,
    send: async () =>
      h.callLoose(await h.as('member'), 'createApiToken', { body: { title: h.title('bad token'), is_active: 'yes' } }),
  },
];

for (const probe of probes) {
  // Sent once and judged by both rules: a write is never sent twice, even after an ambiguous failure.
  const sent = h.once(probe.send);
  const answer = async () => {
    const a = await sent();
    h.blame(a);
    return a;
  };
  if (probe.stated) {
    h.rule(
      'ENV-04',
      `${probe.what} is rejected naming ${probe.field}`,
      async () => expectRejected(await answer(), probe.what, probe.field),
      { writes: probe.writes },
    );
  }
  h.rule('ENV-05', `${probe.what} answers 400`, async () => expectStatus(await answer(), [400], probe.what), {
    writes: probe.writes,
  });
}

h.rule('ENV-06', 'an id of a missing scenario or case answers 404', async () => {
  const member = await h.as('member');
  expectStatus(
    await h.call(member, 'getScenario', { query: { ...h.board, scenario_id: MISSING_ID } }),
    [404],
    `GET /features/qa/scenarios/ with scenario_id ${MISSING_ID}`,
  );
  expectStatus(
    await h.call(member, 'getCase', { query: { ...h.board, case_id: MISSING_ID } }),
    [404],
    `GET /features/qa/cases/ with case_id ${MISSING_ID}`,
  );
});

/** A registration body for an account that does not exist yet, with `taken` overriding some of its fields. */
function registration(taken: Record<string, string>): Record<string, string> {
  const username = `cf_${h.marker}_${randomBytes(3).toString('hex')}`;
  const password = `Cf-${randomBytes(12).toString('base64url')}`;
  h.redactor.add(password);
  return {
    first_name: 'Conformance',
    username,
    email: `${username}@example.com`,
    password,
    captcha_token: h.run.profile.captchaToken,
    ...taken,
  };
}

/** The answer is a 409 whose error payload names `field`. */
function expectConflict(answer: Answer, what: string, field: string): void {
  expectStatus(answer, [409], what);
  expectRejected(answer, what, field);
}

h.rule(
  'ENV-09',
  'registration with a taken username answers 409 naming username',
  async () => {
    const answer = await h.callLoose(h.anonymous(), 'register', {
      body: registration({ username: h.run.profile.accounts.member.username }),
    });
    expectConflict(answer, 'registration with the username of an existing account', 'username');
  },
  { registers: true },
);

h.rule(
  'ENV-09',
  'registration with a taken email answers 409 naming email',
  async (t) => {
    const me = await h.call(await h.as('member'), 'getMe');
    const email = memberOf(dataOf(me.body), 'email');
    if (email === undefined) return t.skip("GET /member/me/ does not show the member's email to reuse");
    const answer = await h.callLoose(h.anonymous(), 'register', { body: registration({ email }) });
    expectConflict(answer, 'registration with the email of an existing account', 'email');
  },
  { registers: true },
);

h.rule('ENV-09', 'a session start on a board without a todo-kind column answers 409 naming board_id', async (t) => {
  const boardId = h.run.profile.boardWithoutTodoColumnId;
  if (boardId === undefined) return t.skip('the profile names no boardWithoutTodoColumnId');
  const board = { company_id: h.run.profile.companyId, board_id: boardId };
  const member = await h.as('member');
  const scenario = await createScenario(h, member, board, { title: h.title('conflict: no todo'), parent_id: null });
  const answer = await h.call(member, 'startSession', { query: boardQuery(board), body: { scenario_id: scenario.id } });
  expectConflict(answer, 'POST /features/qa/sessions/start/ on a board without a todo-kind column', 'board_id');
});

h.rule('ENV-09', 'an outcome on a finished session answers 409 naming case_report_id', async () => {
  const member = await h.as('member');
  const scenario = await createScenario(h, member, h.board, { title: h.title('conflict: finished'), parent_id: null });
  await createCase(h, member, h.board, scenario.id, h.title('conflict case'));
  const session = await startSession(h, member, h.board, scenario.id);
  for (const report of session.case_reports) {
    expectSuccess(
      await h.call(member, 'recordCaseOutcome', {
        query: { ...h.board, case_report_id: report.id },
        body: { status: 'done' },
      }),
      'PATCH /features/qa/sessions/cases/ with status done',
    );
  }
  expectSuccess(
    await h.call(member, 'finishSession', { query: h.board, body: { sessions_id: session.id } }),
    'PATCH /features/qa/sessions/finish/',
  );
  const report = session.case_reports[0];
  ensure(report, `the session started for scenario ${scenario.id} holds no case report`);
  const answer = await h.call(member, 'recordCaseOutcome', {
    query: { ...h.board, case_report_id: report.id },
    body: { status: 'pending' },
  });
  expectConflict(answer, 'PATCH /features/qa/sessions/cases/ on a finished session', 'case_report_id');
});

export default h.checks;
