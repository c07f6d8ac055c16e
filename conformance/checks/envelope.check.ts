// ENV rules (source §1 envelope and collection names, §7 errors): data in place, errors that name the field, 404s.

import { dataOf, ensure, expectRejected, expectStatus } from '../harness/fixtures.js';
import { createHarness } from '../harness/harness.js';
import type { Answer } from '../recorder.js';

const h = createHarness(import.meta.url);
const { profile } = h.run;
const { accounts } = profile;

/** An id no board is likely to hold. */
const MISSING_ID = 2_147_483_000;

h.rule('ENV-03', 'GET /company/list/ holds data.companies and GET /task/list/ holds data.tasks', async () => {
  const member = await h.as('member');
  const companies = await h.call(member, 'listCompanies');
  expectStatus(companies, [200], 'GET /company/list/');
  ensure(Array.isArray(dataOf(companies)?.companies), 'GET /company/list/ has no array in data.companies');
  const tasks = await h.call(member, 'listTasks', { query: h.board });
  expectStatus(tasks, [200], 'GET /task/list/');
  ensure(Array.isArray(dataOf(tasks)?.tasks), 'GET /task/list/ has no array in data.tasks');
});

interface Probe {
  what: string;
  field: string;
  writes: boolean;
  send(): Promise<Answer>;
}

/** Requests that each get one field wrong. The writing ones would create an object only on a broken server. */
const probes: Probe[] = [
  {
    what: 'GET /features/qa/scenarios/list/ with limit=0',
    field: 'limit',
    writes: false,
    send: async () => h.call(await h.as('member'), 'listScenarios', { query: { ...h.board, limit: 0 } }),
  },
  {
    what: 'GET /features/qa/scenarios/ with a scenario_id that is not a number',
    field: 'scenario_id',
    writes: false,
    send: async () => h.call(await h.as('member'), 'getScenario', { query: { ...h.board, scenario_id: 'abc' } }),
  },
  {
    what: 'POST /member/login/ without username',
    field: 'username',
    writes: false,
    send: () =>
      h.call(h.anonymous(), 'login', {
        body: { password: accounts.member.password, captcha_token: profile.captchaToken },
      }),
  },
  {
    what: 'POST /features/qa/scenarios/list/ without title',
    field: 'title',
    writes: true,
    send: async () => h.call(await h.as('member'), 'createScenario', { query: h.board, body: { parent_id: null } }),
  },
  {
    what: 'POST /member/bearer-tokens/ with is_active "yes"',
    field: 'is_active',
    writes: true,
    send: async () =>
      h.call(await h.as('member'), 'createApiToken', { body: { title: h.title('bad token'), is_active: 'yes' } }),
  },
];

for (const probe of probes) {
  h.rule(
    'ENV-04',
    `${probe.what} is rejected naming ${probe.field}`,
    async () => expectRejected(await probe.send(), probe.what, probe.field),
    { writes: probe.writes },
  );
  h.rule('ENV-05', `${probe.what} answers 400`, async () => expectStatus(await probe.send(), [400], probe.what), {
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

h.exchangeRules();
