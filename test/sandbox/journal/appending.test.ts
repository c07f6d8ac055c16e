// The --state file's journal (docs/sandbox.md "Durability (--state)"): a save appends only what changed, in the order of ids, and an id freed is never handed out again.
import { readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { readStateFile, recordLine } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { hashesSettled, SavedWorld } from '../../../mocks/sandbox/worlds/snapshot.js';
import { onBoard } from '../harness.js';
import { fileFor, kept, lines, titlesIn } from './helpers.js';

describe('a save appends only what changed', () => {
  it('on a large world, a rename adds one short record and leaves the snapshot as it is', async () => {
    const file = fileFor('large');
    const { call, auth, createScenario, titles, durability } = await kept(file, {}, createSandbox({ world: 'large' }));
    const snapshotLine = lines(file)[0] as string;
    expect(snapshotLine.length).toBeGreaterThan(500_000);
    const { id } = await createScenario('Appended');
    const before = statSync(file).size;
    const renamed = await call(
      'PATCH',
      `/features/qa/scenarios/?${onBoard()}&scenario_id=${id}`,
      { title: 'Renamed' },
      auth,
    );
    expect(renamed.status).toBe(200);
    const grown = statSync(file).size - before;
    expect(grown).toBeGreaterThan(0);
    expect(grown, 'a rename rewrote more than its own record').toBeLessThan(1024);
    expect(lines(file)[0]).toBe(snapshotLine);
    await durability.idle();
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
  });
  it("a rename's record holds the renamed row and nothing else; a write that changes nothing appends nothing", async () => {
    const file = fileFor('record');
    const { sandbox, call, auth, createScenario, durability } = await kept(file);
    await createScenario('Before');
    await durability.idle();
    // The first row of its table, seeded (the world's own): renamed by the member, it counts against the member.
    const id = DEMO.scenarios.checkout;
    const rename = (title: string) =>
      call('PATCH', `/features/qa/scenarios/?${onBoard()}&scenario_id=${id}`, { title }, auth);
    expect((await rename('After')).status).toBe(200);
    await durability.idle();
    const { record } = JSON.parse(lines(file).at(-2) as string);
    expect(record).toEqual({
      seq: expect.any(Number),
      put: { scenarios: [{ ...sandbox.store.scenarios.get(id) }] },
      owners: { scenarios: [[id, DEMO.accounts.member.id]] },
    });
    const size = statSync(file).size;
    expect((await rename('After')).status).toBe(200);
    await durability.idle();
    expect(statSync(file).size, 'a write that changed nothing appended a record').toBe(size);
  });

  it('after a deletion, each record still holds only what changed', async () => {
    const file = fileFor('after-delete');
    const { sandbox, call, auth, createScenario, durability } = await kept(file);
    await createScenario('Mine');
    await durability.idle();
    const lastRecord = () => JSON.parse(lines(file).at(-2) as string).record;
    // A seeded leaf scenario (the world's own) and its case, ahead of the member's scenario in their tables.
    const removed = await call(
      'DELETE',
      `/features/qa/scenarios/?${onBoard()}&scenario_id=${DEMO.scenarios.savedCards}`,
      undefined,
      auth,
    );
    expect(removed.status).toBe(200);
    await durability.idle();
    expect(lastRecord()).toEqual({
      seq: expect.any(Number),
      del: { scenarios: [DEMO.scenarios.savedCards], cases: [DEMO.cases.savedCard] },
    });
    // The member rewrites a seeded scenario after the deleted one: only it is put, and only its writer named.
    const id = DEMO.scenarios.login;
    const renamed = await call(
      'PATCH',
      `/features/qa/scenarios/?${onBoard()}&scenario_id=${id}`,
      { title: 'Login, again' },
      auth,
    );
    expect(renamed.status).toBe(200);
    await durability.idle();
    expect(lastRecord()).toEqual({
      seq: expect.any(Number),
      put: { scenarios: [{ ...sandbox.store.scenarios.get(id) }] },
      owners: { scenarios: [[id, DEMO.accounts.member.id]] },
    });
  });
});

describe('ids', () => {
  it('an id used and freed since the last save is never handed out again after a restart', async () => {
    const file = fileFor('counter');
    const { sandbox, durability, createScenario } = await kept(file);
    await createScenario('Saved');
    await durability.idle();
    // Made and removed between two saves, with no row left to show it: only the counter moved.
    const { id } = sandbox.store.addScenario({ boardId: DEMO.boardId, title: 'Gone', parent_id: null, position: null });
    sandbox.store.scenarios.delete(id);
    await durability.close();
    expect(readStateFile(readFileSync(file)).store.lastId('scenario')).toBe(id);
  });
});

describe('the order of rows', () => {
  it('a new account whose password hash is still pending holds back the ones after it, and its registration: a record never puts ids out of order', async () => {
    const store = createSandbox({ world: 'empty' }).store;
    const account = (username: string, passwordHash: Promise<string>) =>
      store.addAccount(
        {
          username,
          email: `${username}@example.com`,
          first_name: '',
          last_name: '',
          description: '',
          passwordHash,
        },
        { atMs: 0, client: 'test', used: false },
      );
    const saved = SavedWorld.of(store);
    const text = `${[...saved.text(1)].join('')}\n`;
    let hashed: (hash: string) => void = () => {};
    const pending = new Promise<string>((resolve) => (hashed = resolve));
    const ready = Promise.resolve('hash-of-later');
    // The later account's hash is known (as hashesSettled learns it); the earlier one's is not yet.
    const other = createSandbox({ world: 'empty' }).store;
    other.addAccount({
      username: 'x',
      email: 'x@example.com',
      first_name: '',
      last_name: '',
      description: '',
      passwordHash: ready,
    });
    await hashesSettled(other);
    account('earlier', pending);
    account('later', ready);

    const first = saved.diff(store);
    expect(first?.record(2).put?.accounts ?? []).toEqual([]);
    expect(first?.record(2).put?.registrations ?? [], 'a registration went before its account').toEqual([]);
    if (first) saved.apply(first);
    hashed('hash-of-earlier');
    await hashesSettled(store);
    const second = saved.diff(store);
    expect(second?.record(3).put?.accounts?.map((a) => a.username)).toEqual(['earlier', 'later']);
    expect(second?.record(3).put?.registrations).toHaveLength(2);
    if (second) saved.apply(second);
    const file = [
      text,
      first ? recordLine(first.record(2)) : '',
      second ? recordLine(second.record(first ? 3 : 2)) : '',
    ];
    const loaded = readStateFile(Buffer.from(file.join('')));
    expect([...loaded.store.accounts.values()].map((a) => a.username)).toEqual(['earlier', 'later']);
    expect([...loaded.store.registered().keys()]).toEqual([...store.registered().keys()]);
  });
});
