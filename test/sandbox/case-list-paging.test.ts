// The case list is paged like every other list (openapi.yaml listCases x-assumption; docs/sandbox.md "Limits and
// throttles"): 20 rows when page and limit are absent, data.pagination with the total, and no row on two pages.
import { expect, test } from 'vitest';
import { createApiClient, paginate, unwrap } from '../../client/index.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

test('a scenario of 45 cases: 20 by default, every case once over the pages, the total in data.pagination', async () => {
  const sandbox = createSandbox();
  const fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    sandbox.fetch(new Request(input, init))) as typeof globalThis.fetch;
  const { member } = DEMO.accounts;
  const pair = await unwrap(
    createApiClient({ baseUrl: 'http://sandbox.test/api', fetch }).POST('/member/login/', {
      body: { username: member.username, password: member.password, captcha_token: DEMO.captchaToken },
    }),
  );
  const api = createApiClient({
    baseUrl: 'http://sandbox.test/api',
    fetch,
    credential: { kind: 'session', accessToken: pair.access_token, refreshToken: pair.refresh_token },
  });
  const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };
  const { scenario } = await unwrap(
    api.POST('/features/qa/scenarios/list/', {
      params: { query: board },
      body: { title: 'Many cases', parent_id: null },
    }),
  );
  for (let i = 0; i < 45; i++) {
    await unwrap(
      api.POST('/features/qa/cases/list/', {
        params: { query: board },
        body: {
          scenario: scenario.id,
          title: `case ${i}`,
          description: 'd',
          steps_to_reproduce: 's',
          expected_result: 'e',
        },
      }),
    );
  }
  const first = await unwrap(
    api.GET('/features/qa/cases/list/', { params: { query: { ...board, scenario_id: scenario.id } } }),
  );
  expect(first.cases).toHaveLength(20);
  expect(first.pagination).toEqual({ page: 1, limit: 20, total: 45 });
  const all = [];
  for await (const row of paginate(
    (page, limit) =>
      api.GET('/features/qa/cases/list/', { params: { query: { ...board, scenario_id: scenario.id, page, limit } } }),
    'cases',
  )) {
    all.push(row.id);
  }
  expect(new Set(all).size).toBe(45);
  expect(all).toHaveLength(45);
});
