// The sandbox in process under Node: MSW's setupServer with sandboxHandlers, and sandbox.fetch handed to the client.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApiClient, unwrap } from '../../client/index.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { sandboxHandlers } from '../../mocks/sandbox/hosts/msw.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { logIn, rootScenarioTitles, runStory } from './msw/story.js';

const baseUrl = 'http://sandbox.test/api';
const sandbox = createSandbox();
const server = setupServer(...sandboxHandlers({ baseUrl, sandbox }));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

test('setupServer: the typed client runs the story against the in-process world', async () => {
  const api = await logIn(baseUrl);
  const story = await runStory(api, 'Checkout via MSW');
  expect(story.username).toBe(DEMO.accounts.member.username);
  expect(story.taskId).toEqual(expect.any(Number));
  // The world is the sandbox's own: what the client wrote is in its store.
  expect(sandbox.store.tasks.get(story.taskId as number)?.case_report_id).toEqual(expect.any(Number));
  expect(await rootScenarioTitles(api)).toContain('Checkout via MSW');
});

test('setupServer: contract rules still hold (a bad body is a 400 naming the field)', async () => {
  const api = await logIn(baseUrl);
  const result = await api.POST('/features/qa/scenarios/list/', {
    params: { query: { company_id: DEMO.companyId, board_id: DEMO.boardId } },
    body: { title: 42 as unknown as string, parent_id: null },
  });
  expect(result.response.status).toBe(400);
  expect(JSON.stringify(result.error)).toContain('title');
});

test('setupServer: another base path is mapped onto the contract paths', async () => {
  const other = 'http://elsewhere.test/v2/api';
  server.use(...sandboxHandlers({ baseUrl: other, sandbox }));
  const me = await unwrap((await logIn(other)).GET('/member/me/'));
  expect(me.member.id).toBe(DEMO.accounts.member.id);
});

test('setupServer: the controls answer in process, with no Host guard', async () => {
  const api = await logIn(baseUrl);
  await runStory(api, 'Gone after reset');
  const reset = await fetch('http://sandbox.test/_sandbox/reset/', { method: 'POST' });
  expect(reset.status).toBe(200);
  const fresh = await logIn(baseUrl);
  expect(await rootScenarioTitles(fresh)).not.toContain('Gone after reset');
});

test('no MSW, no port: sandbox.fetch goes straight into createApiClient', async () => {
  const own = createSandbox();
  // The client calls fetch(request) with a Request: exactly the sandbox's shape.
  const inProcess = (input: RequestInfo | URL, init?: RequestInit) => own.fetch(new Request(input, init));
  const api = await logIn('http://in-process.invalid/api', inProcess as typeof fetch);
  const story = await runStory(api, 'Straight through fetch');
  expect(own.store.sessions.get(story.sessionId)?.title).toBe('Straight through fetch');
  const anonymous = createApiClient({ baseUrl: 'http://in-process.invalid/api', fetch: inProcess as typeof fetch });
  expect((await anonymous.GET('/member/me/')).response.status).toBe(401);
});
