// The MSW host's browser storage (docs/sandbox.md "Durability"): tabs sharing localStorage, a full storage, a bad stored world; a fake Storage stands in for the browser's.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test, vi } from 'vitest';
import { type ApiClient, OutcomeUnknownError, unwrap } from '../../client/index.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { sandboxHandlers, type WorldStorage } from '../../mocks/sandbox/hosts/msw.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { snapshotOf, storeFromText } from '../../mocks/sandbox/worlds/snapshot.js';
import { expectSameWorld, fillEveryKind } from './every-kind.js';
import { logIn, rootScenarioTitles } from './msw/story.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** A Web Storage in memory; `full` makes setItem throw as a browser over its quota does. */
class FakeStorage implements WorldStorage {
  readonly items = new Map<string, string>();
  full = false;
  /** Runs once, right after the next read: another tab storing its world at that moment. */
  afterNextRead: (() => void) | undefined;
  getItem(key: string): string | null {
    const value = this.items.get(key) ?? null;
    const after = this.afterNextRead;
    this.afterNextRead = undefined;
    after?.();
    return value;
  }
  setItem(key: string, value: string): void {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
}

let tabs = 0;
/** A tab: its own sandbox over `storage`, at its own base URL (so MSW routes each tab's requests to it). */
function openTab(storage: WorldStorage): string {
  tabs += 1;
  const baseUrl = `http://tab-${tabs}.test/api`;
  server.use(...sandboxHandlers({ baseUrl, storage }));
  return baseUrl;
}

const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };
/** The 5xx a refused write answers: the client reports it as an outcome it cannot know, with the Response. */
async function refusal(pending: Promise<unknown>): Promise<{ status: number; json: unknown }> {
  const error = await pending.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutcomeUnknownError);
  const response = (error as OutcomeUnknownError).cause as Response;
  return { status: response.status, json: await response.json() };
}

const createScenario = (api: ApiClient, title: string) =>
  api.POST('/features/qa/scenarios/list/', { params: { query: board }, body: { title, parent_id: null } });

test('two tabs on one localStorage: neither overwrites the other; a reload sees both', async () => {
  const storage = new FakeStorage();
  const a = await logIn(openTab(storage));
  const b = await logIn(openTab(storage));
  await unwrap(createScenario(a, 'From tab A'));
  // Tab B's world was loaded before A wrote: it catches up before applying its own write.
  await unwrap(createScenario(b, 'From tab B'));
  const reloaded = await logIn(openTab(storage));
  expect(await rootScenarioTitles(reloaded)).toEqual(expect.arrayContaining(['From tab A', 'From tab B']));
  // Reads in A see B's write too, once A writes again or hears the storage event; A's next write keeps both.
  await unwrap(createScenario(a, 'A again'));
  expect(await rootScenarioTitles(await logIn(openTab(storage)))).toEqual(
    expect.arrayContaining(['From tab A', 'From tab B', 'A again']),
  );
});

test('a tab that stores while another tab is mid-write: the late write is refused with a 409, nothing is lost', async () => {
  const storage = new FakeStorage();
  // The world another tab is about to store: the demo world plus its own scenario.
  const other = createSandbox();
  other.store.addScenario({ boardId: DEMO.boardId, title: 'Early from A', parent_id: null, position: null });
  const otherText = JSON.stringify(await snapshotOf(other.store));
  const b = await logIn(openTab(storage));
  // B reads the stored world before applying its write; the other tab stores right after that read.
  storage.afterNextRead = () => storage.items.set('task-sandbox-world', otherText);
  const refused = await createScenario(b, 'Late from B');
  expect(refused.response.status).toBe(409);
  expect(refused.error).toMatchObject({ status: 'error', errors: [{ field: 'storage' }] });
  expect(storage.items.get('task-sandbox-world')).toBe(otherText);
  // B now holds the other tab's world, and a retry keeps both.
  expect(await rootScenarioTitles(b)).toContain('Early from A');
  await unwrap(createScenario(b, 'Late from B'));
  expect(await rootScenarioTitles(await logIn(openTab(storage)))).toEqual(
    expect.arrayContaining(['Early from A', 'Late from B']),
  );
});

test('a full storage: the write answers 503 and is not applied; later writes work', async () => {
  const storage = new FakeStorage();
  const tab = openTab(storage);
  const api = await logIn(tab);
  await unwrap(createScenario(api, 'Stored'));
  storage.full = true;
  const refused = await refusal(createScenario(api, 'Not stored'));
  expect(refused.status).toBe(503);
  expect(refused.json).toMatchObject({ status: 'error', errors: [{ field: 'storage' }] });
  expect((await refusal(createScenario(api, 'Still not stored'))).status).toBe(503);
  const titles = await rootScenarioTitles(api);
  expect(titles).toContain('Stored');
  expect(titles).not.toContain('Not stored');
  expect(titles).not.toContain('Still not stored');
  storage.full = false;
  await unwrap(createScenario(api, 'Stored later'));
  expect(await rootScenarioTitles(await logIn(openTab(storage)))).toEqual(
    expect.arrayContaining(['Stored', 'Stored later']),
  );
});

test('a full storage before anything was stored: the write is refused and the world stays the starting one', async () => {
  const storage = new FakeStorage();
  storage.full = true;
  const api = await logIn(openTab(storage));
  expect((await refusal(createScenario(api, 'Nowhere to go'))).status).toBe(503);
  expect(await rootScenarioTitles(api)).toEqual(['Checkout', 'Login']);
  // The session survived the roll-back.
  expect((await unwrap(api.GET('/member/me/'))).member.id).toBe(DEMO.accounts.member.id);
});

test("every kind of the world, and each account's standing, survives a reload through storage", async () => {
  const storage = new FakeStorage();
  const sandbox = createSandbox();
  const baseUrl = 'http://kinds.test/api';
  server.use(...sandboxHandlers({ baseUrl, storage, sandbox }));
  await fillEveryKind((request) => fetch(request), baseUrl);
  // What a reloaded tab starts from: the stored world, loaded as sandboxHandlers loads it.
  await expectSameWorld(storeFromText(storage.items.get('task-sandbox-world') as string), sandbox.store);
});

test('a stored world with a counter of 1e300 is set aside at once, naming the place, and the tab starts afresh', async () => {
  const storage = new FakeStorage();
  const world = JSON.parse(JSON.stringify(await snapshotOf(createSandbox().store)));
  world.counters.case = 1e300;
  storage.items.set('task-sandbox-world', JSON.stringify(world));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    const api = await logIn(openTab(storage));
    expect(await rootScenarioTitles(api)).toEqual(['Checkout', 'Login']);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/\/counters\/case must be <= 9007199254740991/);
    // The first write replaces the unusable world.
    await unwrap(createScenario(api, 'Fresh'));
    expect(await rootScenarioTitles(await logIn(openTab(storage)))).toContain('Fresh');
  } finally {
    warn.mockRestore();
  }
});

test('what one tab writes, another tab reads at once, without any storage event (a Storage of your own has none)', async () => {
  const storage = new FakeStorage();
  const a = await logIn(openTab(storage));
  const b = await logIn(openTab(storage));
  expect(await rootScenarioTitles(b)).not.toContain('Written in A');
  await unwrap(createScenario(a, 'Written in A'));
  // B has written nothing since: its next read shows A's scenario.
  expect(await rootScenarioTitles(b)).toContain('Written in A');
  await unwrap(createScenario(b, 'Written in B'));
  expect(await rootScenarioTitles(a)).toEqual(expect.arrayContaining(['Written in A', 'Written in B']));
});
