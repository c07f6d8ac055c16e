// sandboxHandlers' storageKey (docs/sandbox.md "In the browser and in tests (MSW)"): the item of the storage the world
// is kept under (default `task-sandbox-world`), with its revision beside it at `<storageKey>:revision`; two apps on one
// origin, each with a key of its own, keep worlds of their own. In MSW in Node, as the page shows, with a Storage of
// our own standing in for the browser's localStorage.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest';
import { unwrap } from '../../client/index.js';
import { sandboxHandlers, type WorldStorage } from '../../mocks/sandbox/hosts/msw.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { logIn, rootScenarioTitles } from './msw/story.js';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** One origin's localStorage, in memory. */
class MemoryStorage implements WorldStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

let pages = 0;
/** A page load of an app whose sandbox keeps its world in `storage` under `storageKey` (the default when absent). */
function load(storage: WorldStorage, storageKey?: string): string {
  pages += 1;
  const baseUrl = `http://app-${pages}.test/api`;
  server.use(...sandboxHandlers({ baseUrl, storage, ...(storageKey === undefined ? {} : { storageKey }) }));
  return baseUrl;
}

const board = { company_id: DEMO.companyId, board_id: DEMO.boardId };
async function addScenario(baseUrl: string, title: string): Promise<void> {
  const api = await logIn(baseUrl);
  await unwrap(
    api.POST('/features/qa/scenarios/list/', { params: { query: board }, body: { title, parent_id: null } }),
  );
}
const titles = async (baseUrl: string) => rootScenarioTitles(await logIn(baseUrl));

test('the world is kept under the key given, its revision beside it, and nothing under the default key', async () => {
  const storage = new MemoryStorage();
  await addScenario(load(storage, 'shop-app'), 'Checkout');
  expect([...storage.items.keys()].sort()).toEqual(['shop-app', 'shop-app:revision']);
  expect(storage.items.get('shop-app')).toContain('Checkout');
  // A reload with the same key finds the world.
  expect(await titles(load(storage, 'shop-app'))).toContain('Checkout');
});

test('without storageKey the world is kept under task-sandbox-world', async () => {
  const storage = new MemoryStorage();
  await addScenario(load(storage), 'Default key');
  expect([...storage.items.keys()].sort()).toEqual(['task-sandbox-world', 'task-sandbox-world:revision']);
});

test('two apps on one storage, each with its own key, keep worlds of their own', async () => {
  const storage = new MemoryStorage();
  await addScenario(load(storage, 'shop-app'), 'Only in the shop');
  await addScenario(load(storage, 'admin-app'), 'Only in the admin');
  const shop = await titles(load(storage, 'shop-app'));
  const admin = await titles(load(storage, 'admin-app'));
  expect(shop).toContain('Only in the shop');
  expect(shop).not.toContain('Only in the admin');
  expect(admin).toContain('Only in the admin');
  expect(admin).not.toContain('Only in the shop');
  // And the default key is a third world, untouched by either.
  const fresh = await titles(load(storage));
  expect(fresh).not.toContain('Only in the shop');
  expect(fresh).not.toContain('Only in the admin');
});
