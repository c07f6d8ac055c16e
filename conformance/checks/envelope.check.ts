// ENV rules (source §1 envelope and collection names, §7 errors): data in place, errors that name the field, 404s.

import { createHarness } from '../engine/harness.js';
import type { Answer } from '../engine/recorder.js';
import { ensure, expectRejected, expectStatus, expectSuccess } from '../harness/fixtures.js';
import { dataOf } from '../harness/payload.js';

const h = createHarness(import.meta.url);

/** An id no board is likely to hold. */
const MISSING_ID = 2_147_483_000;

h.rule('ENV-03', 'GET /company/list/ holds data.companies', async () => {
  const companies = await h.call(await h.as('member'), 'listCompanies');
  expectSuccess(companies, 'GET /company/list/');
  ensure(Array.isArray(dataOf(companies)?.companies), 'GET /company/list/ has no array in data.companies');
});

h.rule('ENV-08', 'GET /task/list/ holds data.tasks', async () => {
  const tasks = await h.call(await h.as('member'), 'listTasks', { query: h.board });
  expectSuccess(tasks, 'GET /task/list/');
  ensure(Array.isArray(dataOf(tasks)?.tasks), 'GET /task/list/ has no array in data.tasks');
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
