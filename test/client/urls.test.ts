// Request URLs (source §1 conventions): trailing slashes kept, query in the URL, arrays as repeated keys.
import { describe, expect, test } from 'vitest';
import { clientFor, fakeServer, success } from './fake-server.js';

describe('paths keep their trailing slash under the /api base', () => {
  test.each([
    { baseUrl: 'http://127.0.0.1:4010/api', url: 'http://127.0.0.1:4010/api/member/me/' },
    { baseUrl: 'http://127.0.0.1:4010/api/', url: 'http://127.0.0.1:4010/api/member/me/' },
    { baseUrl: 'https://tasks.example.com/v2/api', url: 'https://tasks.example.com/v2/api/member/me/' },
  ])('$baseUrl', async ({ baseUrl, url }) => {
    const server = fakeServer(() => success({ member: { id: 1, username: 'demo' } }));
    await clientFor(server, { baseUrl }).GET('/member/me/');
    expect(server.received.map((r) => r.url.href)).toEqual([url]);
  });

  test.each(['/company/list/', '/features/qa/sessions/', '/member/bearer-tokens/'] as const)('%s', async (path) => {
    const server = fakeServer(() => success());
    const client = clientFor(server);
    if (path === '/features/qa/sessions/') {
      await client.GET(path, { params: { query: { company_id: 1, board_id: 1, is_active: true } } });
    } else {
      await client.GET(path);
    }
    expect(server.received[0]?.url.pathname).toBe(`/api${path}`);
  });
});

describe('query', () => {
  test.each([
    { label: 'two assignees', ids: [1, 2], search: 'company_id=1&board_id=7&assignee_ids=1&assignee_ids=2' },
    { label: 'one assignee', ids: [5], search: 'company_id=1&board_id=7&assignee_ids=5' },
    { label: 'none', ids: [], search: 'company_id=1&board_id=7' },
  ])('arrays are repeated keys: $label', async ({ ids, search }) => {
    const server = fakeServer(() => success({ tasks: [] }));
    await clientFor(server).GET('/task/list/', {
      params: { query: { company_id: 1, board_id: 7, assignee_ids: ids } },
    });
    expect(server.received[0]?.url.search).toBe(`?${search}`);
    expect(server.received[0]?.url.searchParams.getAll('assignee_ids')).toEqual(ids.map(String));
  });

  test('booleans and numbers are sent as text in the URL, JSON bodies with their content type', async () => {
    const server = fakeServer(() => success());
    const client = clientFor(server);
    await client.GET('/features/qa/sessions/', { params: { query: { company_id: 1, board_id: 2, is_active: false } } });
    await client.PATCH('/features/qa/sessions/finish/', {
      params: { query: { company_id: 1, board_id: 2 } },
      body: { sessions_id: 9 },
    });
    expect(server.received.map((r) => r.url.search)).toEqual([
      '?company_id=1&board_id=2&is_active=false',
      '?company_id=1&board_id=2',
    ]);
    expect(JSON.parse(server.received[1]?.body ?? '')).toEqual({ sessions_id: 9 });
  });
});
