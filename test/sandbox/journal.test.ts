// The --state file's journal (docs/sandbox.md "Durability (--state)"): a save appends only what changed, a torn last record is dropped, damage is named, compaction keeps the file bounded, every kind survives.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../../mocks/sandbox/core/router.js';
import { COMPACT_AFTER_BYTES, type DurabilityOptions, durable } from '../../mocks/sandbox/hosts/durable.js';
import { readStateFile, recordLine } from '../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import {
  hashesSettled,
  SavedWorld,
  snapshotOf,
  snapshotText,
  storeFromText,
} from '../../mocks/sandbox/worlds/snapshot.js';
import { fileWriter, loadStateFile, type Replacement } from '../../mocks/sandbox/worlds/state-file.js';
import { expectSameWorld, fillEveryKind } from './every-kind.js';
import { onBoard, requestTo } from './harness.js';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-journal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fileFor = (name: string) => join(dir, `${name}-${++files}.json`);

async function kept(file: string, options: DurabilityOptions = {}, sandbox: Sandbox = createSandbox()) {
  const reports: string[] = [];
  const durability = await durable(file, sandbox, { report: (m) => reports.push(m), ...options });
  const call = async (method: string, path: string, body?: unknown, auth?: string) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
    if (auth) headers.authorization = auth;
    const res = await durability.fetch(
      requestTo(method, `${API_PREFIX}${path}`, headers, body === undefined ? undefined : JSON.stringify(body)),
    );
    const text = await res.text();
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answers' JSON.
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
  };
  const login = await call('POST', '/member/login/', {
    username: DEMO.accounts.member.username,
    password: DEMO.accounts.member.password,
    captcha_token: DEMO.captchaToken,
  });
  const auth = `JWT ${login.json.data.access_token}`;
  const createScenario = async (title: string) => {
    const answer = await call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title, parent_id: null }, auth);
    expect(answer.status, JSON.stringify(answer.json)).toBe(201);
    return answer.json.data.scenario as { id: number };
  };
  const titles = () => new Set([...sandbox.store.scenarios.values()].map((row) => row.title));
  return { sandbox, durability, call, auth, createScenario, titles, reports };
}

const lines = (file: string) => readFileSync(file, 'utf8').split('\n');
/**
 * A writer to `file` whose second replacement (the first is the whole file; the second, a compaction) waits before it
 * writes until `release()`: what happens while a compaction is under way.
 */
function heldCompaction(file: string) {
  const real = fileWriter(file);
  let replacements = 0;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const writer = {
    replace: async (): Promise<Replacement> => {
      const replacement = await real.replace();
      if (++replacements !== 2) return replacement;
      return {
        get bytes() {
          return replacement.bytes;
        },
        write: async (text: string) => {
          await held;
          await replacement.write(text);
        },
        discard: () => replacement.discard(),
        commit: () => replacement.commit(),
      };
    },
  };
  return { writer, started: () => replacements >= 2, release: () => release() };
}

const titlesIn = (bytes: Buffer) => new Set([...readStateFile(bytes).store.scenarios.values()].map((s) => s.title));

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

describe('reading the journal back', () => {
  async function withRecords(name: string) {
    const file = fileFor(name);
    const { createScenario, durability } = await kept(file);
    for (const title of ['One', 'Two', 'Three']) await createScenario(title);
    await durability.idle();
    return file;
  }

  it.each([
    ['a record cut short (no newline)', () => '{"sum":"0123', /ends without a newline/],
    [
      'a whole line that fails its checksum',
      () => `{"sum":"${'0'.repeat(64)}","record":{"seq":99}}\n`,
      /does not match its checksum/,
    ],
    ['zeros where a record should be', () => '\0\0\0\0\0\0\0\0\n', /is not a journal record/],
    [
      'a long record cut short (longer than the next one)',
      () => `{"sum":"${'0'.repeat(64)}","record":{"seq":9,"put":{"tasks":[${'1,'.repeat(4000)}`,
      /ends without a newline/,
    ],
    // Its append wrote all but the newline: the save never ended, so it was never answered.
    [
      'the next record whole but for its newline',
      (seq: number) => recordLine({ seq: seq + 1 }).slice(0, -1),
      /ends without a newline/,
    ],
  ])('%s at the end is dropped, and the next save goes on after the last whole record', async (_, tail, reason) => {
    const file = await withRecords('torn');
    const whole = readFileSync(file);
    const snapshotLine = lines(file)[0];
    appendFileSync(file, tail(readStateFile(whole).seq));
    const loaded = await loadStateFile(file);
    expect(loaded?.dropped?.line).toBe(lines(file).filter((l, i, all) => i < all.length - 1 || l !== '').length);
    expect(loaded?.dropped?.reason).toMatch(reason);
    expect(loaded?.whole).toBe(false);
    expect(loaded?.length).toBe(whole.length);
    expect(new Set([...(loaded?.store.scenarios.values() ?? [])].map((s) => s.title))).toEqual(titlesIn(whole));

    const sandbox = createSandbox({ store: loaded?.store });
    const { createScenario, durability, titles } = await kept(file, loaded ? { loaded } : {}, sandbox);
    await createScenario('After the tear');
    await durability.idle();
    // Appended after the last whole record: the snapshot line is as it was.
    expect(lines(file)[0]).toBe(snapshotLine);
    const again = readStateFile(readFileSync(file));
    expect(again.dropped).toBeUndefined();
    expect(new Set([...again.store.scenarios.values()].map((s) => s.title))).toEqual(new Set([...titles()]));
  });

  it('a damaged record before the last is refused, naming its line', async () => {
    const file = await withRecords('damaged');
    const text = lines(file);
    text[2] = (text[2] as string).replace('Two', 'Tw0');
    writeFileSync(file, text.join('\n'));
    await expect(loadStateFile(file)).rejects.toThrow(/journal: line 3 does not match its checksum/);
  });

  it('a record line whose closing brace was changed is refused, naming its line', async () => {
    const file = await withRecords('unclosed');
    const text = lines(file);
    // The record and its sum are intact; only the line's last character is not the closing brace.
    const record = (text[2] as string).slice('{"sum":"","record":'.length + 64, -1);
    text[2] = `{"sum":"${createHash('sha256').update(record).digest('hex')}","record":${record}]`;
    writeFileSync(file, text.join('\n'));
    await expect(loadStateFile(file)).rejects.toThrow(/journal: line 3 is not a journal record/);
  });

  it('a missing record is refused, naming the line where the numbers part', async () => {
    const file = await withRecords('gap');
    const text = lines(file);
    text.splice(2, 1);
    writeFileSync(file, text.join('\n'));
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    const match = /journal: line 3: \/seq is (\d+) where (\d+) comes next/.exec(error);
    expect(match, error).not.toBeNull();
    const [, found, next] = match ?? [];
    // The message names the record that is missing: the one before the record found.
    expect(Number(found), error).toBe(Number(next) + 1);
  });

  const appendRecord = async (name: string, record: (seq: number) => object) => {
    const file = await withRecords(name);
    const seq = (await loadStateFile(file))?.seq as number;
    appendFileSync(file, recordLine(record(seq + 1) as never));
    appendFileSync(file, recordLine({ seq: seq + 2 }));
    return file;
  };

  it.each([
    [
      'a bad field',
      (seq: number) => ({ seq, put: { scenarios: [{ id: 90, boardId: 1, title: 5, parent_id: null, position: 0 }] } }),
      /journal: line \d+: \/put\/scenarios\/0\/title must be string/,
    ],
    [
      'a kind this sandbox does not know',
      (seq: number) => ({ seq, put: { comments: [] } }),
      /journal: line \d+: \/put has a field this sandbox does not know: "comments"/,
    ],
    [
      'two rows with one key',
      (seq: number) => ({
        seq,
        put: {
          scenarios: [
            { id: 1, boardId: 1, title: 'One', parent_id: null, position: 0 },
            { id: 1, boardId: 1, title: 'Two', parent_id: null, position: 1 },
          ],
        },
      }),
      /journal: line \d+: \/put\/scenarios\/1: a second row with id 1/,
    ],
    [
      'a row deleted that is not there',
      (seq: number) => ({ seq, del: { tasks: [424242] } }),
      /journal: line \d+: \/del\/tasks\/0: no such row to delete/,
    ],
    [
      'an account whose username is taken',
      (seq: number) => ({
        seq,
        counters: { account: 90 },
        put: {
          accounts: [
            {
              id: 90,
              username: 'DEMO',
              email: 'other@example.com',
              first_name: '',
              last_name: '',
              description: '',
              passwordHash: 'x',
            },
          ],
        },
      }),
      /journal line \d+ \/put\/accounts\/0: .*the username or email is already taken/,
    ],
    [
      'a writer for a row that is not there',
      (seq: number) => ({ seq, owners: { tasks: [[424242, DEMO.accounts.member.id]] } }),
      /journal: line \d+: \/owners\/tasks\/0: no such row/,
    ],
    [
      'a writer that is not an account of the world',
      (seq: number) => ({ seq, owners: { scenarios: [[DEMO.scenarios.login, 999]] } }),
      /journal line \d+ \/owners\/scenarios\/0: account 999 is not in the world/,
    ],
  ])('a record with %s is refused, naming its line and the place in it', async (_, record, message) => {
    const file = await appendRecord('bad', record);
    await expect(loadStateFile(file)).rejects.toThrow(message);
  });
});

describe('the writer of a row', () => {
  it('a record that gives a row back to the world (writer null) loads, and the row counts against no account', async () => {
    const file = fileFor('owners');
    const { durability } = await kept(file);
    await durability.close();
    const { seq } = readStateFile(readFileSync(file));
    const { member } = DEMO.accounts;
    appendFileSync(file, recordLine({ seq: seq + 1, owners: { scenarios: [[DEMO.scenarios.login, member.id]] } }));
    const owned = readStateFile(readFileSync(file)).store;
    expect(owned.ownerOf(owned.scenarios.get(DEMO.scenarios.login) as object)).toBe(member.id);
    appendFileSync(file, recordLine({ seq: seq + 2, owners: { scenarios: [[DEMO.scenarios.login, null]] } }));
    const loaded = readStateFile(readFileSync(file)).store;
    expect(loaded.ownerOf(loaded.scenarios.get(DEMO.scenarios.login) as object)).toBeUndefined();
  });

  it('a snapshot line naming a writer that is not an account of the world is refused, naming its place', async () => {
    const world = await snapshotOf(createSandbox().store);
    world.owners = { scenarios: [[DEMO.scenarios.login, 999]] };
    const file = fileFor('stranger');
    writeFileSync(file, `${JSON.stringify(world)}\n`);
    await expect(loadStateFile(file)).rejects.toThrow(
      /snapshot: \/owners\/scenarios\/0: account 999 is not in the world/,
    );
  });
});

describe('older and hand-written files', () => {
  /** The demo world as a version 1 sandbox saved it: no seq, registrations, writers or journal. */
  const versionOne = async () => {
    const world: Record<string, unknown> = { ...(await snapshotOf(createSandbox().store)), version: 1 };
    for (const name of ['seq', 'registrations', 'owners']) delete world[name];
    return world;
  };
  const demoWorld = async () => ({ ...(await snapshotOf(createSandbox().store)), seq: 7 });

  it.each([
    ['a version 1 file on one line ending in a newline', async () => `${JSON.stringify(await versionOne())}\n`],
    ['a version 1 file without a newline', async () => JSON.stringify(await versionOne())],
    ['a snapshot pretty-printed over several lines', async () => `${JSON.stringify(await demoWorld(), null, 2)}\n`],
    ['a snapshot after a blank line', async () => `\n${JSON.stringify(await demoWorld())}`],
  ])('%s loads whole, is rewritten at the first save, and loads again with that write', async (_, text) => {
    const file = fileFor('older');
    writeFileSync(file, await text());
    const loaded = await loadStateFile(file);
    expect(loaded?.whole).toBe(true);
    expect(loaded?.dropped).toBeUndefined();
    expect(loaded?.store.scenarios.size).toBe(createSandbox().store.scenarios.size);
    const sandbox = createSandbox({ store: loaded?.store });
    const { createScenario, durability, titles } = await kept(file, loaded ? { loaded } : {}, sandbox);
    await createScenario('After the upgrade');
    await durability.idle();
    const text2 = readFileSync(file, 'utf8');
    expect(JSON.parse(text2.slice(0, text2.indexOf('\n')))).toMatchObject({ version: 2 });
    const again = readStateFile(readFileSync(file));
    expect(new Set([...again.store.scenarios.values()].map((s) => s.title))).toEqual(new Set([...titles()]));
    expect(titles().has('After the upgrade')).toBe(true);
    // The next save appends to the new file.
    const snapshotLine = lines(file)[0];
    await createScenario('Appended');
    await durability.idle();
    expect(lines(file)[0]).toBe(snapshotLine);
    expect(readStateFile(readFileSync(file)).seq).toBe(again.seq + 1);
  });

  it('a version 1 snapshot followed by a journal record is refused, naming the line', async () => {
    const file = fileFor('old-journal');
    writeFileSync(file, `${JSON.stringify(await versionOne())}\n${recordLine({ seq: 1 })}`);
    await expect(loadStateFile(file)).rejects.toThrow(/journal: line 2: a version 1 snapshot has no journal/);
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

describe('compaction', () => {
  it('folds the journal into a new snapshot once it outweighs the old one; writes during it are kept', async () => {
    const file = fileFor('compact');
    const compaction = heldCompaction(file);
    const { createScenario, durability, titles, reports } = await kept(file, {
      compactAfterBytes: 1,
      writer: compaction.writer,
    });
    const snapshotLine = lines(file)[0];
    for (let i = 0; !compaction.started(); i++) await createScenario(`fill ${i}`);
    // These land while the compaction waits: in the old file's journal, then in the new file's.
    for (let i = 0; i < 5; i++) await createScenario(`during ${i}`);
    expect(lines(file)[0]).toBe(snapshotLine);
    compaction.release();
    await durability.idle();
    expect(reports).toEqual([]);
    expect(lines(file)[0]).not.toBe(snapshotLine);
    const loaded = readStateFile(readFileSync(file));
    expect(new Set([...loaded.store.scenarios.values()].map((s) => s.title))).toEqual(new Set([...titles()]));
    expect(loaded.journalBytes).toBeGreaterThan(0);
    expect(loaded.journalBytes).toBeLessThan(loaded.snapshotBytes);
    // The records written during it are the new file's journal, past the bound: the next save compacts again.
    const compactedLine = lines(file)[0];
    await createScenario('x');
    await durability.idle();
    expect(lines(file)[0], 'the writes made during the compaction were not weighed').not.toBe(compactedLine);
  });

  it('a compaction that fails is reported; writes are kept until the journal is twice its bound, then refused until the file can be rewritten', async () => {
    const file = fileFor('compact-fails');
    const real = fileWriter(file);
    let fail = false;
    const { createScenario, call, auth, durability, titles, reports } = await kept(file, {
      compactAfterBytes: 2048,
      writer: {
        replace: async () => {
          if (fail) throw Object.assign(new Error('no space'), { code: 'ENOSPC' });
          return real.replace();
        },
      },
    });
    fail = true;
    const post = (title: string) =>
      call('POST', `/features/qa/scenarios/list/?${onBoard()}`, { title, parent_id: null }, auth);
    const statuses: number[] = [];
    for (let i = 0; statuses.at(-1) !== 503 && i < 100; i++) {
      statuses.push((await post(`kept ${i}`)).status);
      await durability.idle();
    }
    expect(statuses.at(-1)).toBe(503);
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.length).toBeGreaterThan(4);
    expect(reports.join('\n')).toMatch(
      /could not compact the state file .*\(ENOSPC\): writes go on being saved in its journal, and compaction is tried again later/,
    );
    // Tried again later, not at every save: one attempt before the journal reached twice its bound.
    expect(reports.filter((report) => report.includes('could not compact'))).toHaveLength(1);
    expect(statSync(file).size).toBeLessThan(readFileSync(file, 'utf8').indexOf('\n') + 2 * 2048 + 1024);
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
    fail = false;
    await createScenario('After the fix');
    await durability.idle();
    const loaded = readStateFile(readFileSync(file));
    expect(new Set([...loaded.store.scenarios.values()].map((s) => s.title))).toEqual(new Set([...titles()]));
    expect(loaded.journalBytes).toBeLessThan(2048);
  });
});

describe('compaction and the file that was there before', () => {
  it('a compaction overtaken by a whole rewrite of the file is dropped, without a word: the file holds the later world', async () => {
    const file = fileFor('superseded');
    const compaction = heldCompaction(file);
    const { createScenario, durability, titles, reports } = await kept(file, {
      compactAfterBytes: 1,
      writer: compaction.writer,
    });
    for (let i = 0; !compaction.started(); i++) await createScenario(`before ${i}`);
    // The file is removed while the compaction waits: the next save writes it whole, from the world now.
    rmSync(file);
    await createScenario('After the rewrite');
    await createScenario('After that');
    compaction.release();
    await durability.idle();
    expect(reports).toEqual([]);
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
    expect(titles().has('After that')).toBe(true);
  });

  it("after a restart the journal's weight is remembered: a file whose journal is past the bound is compacted by the first save", async () => {
    const file = fileFor('remembered');
    const first = await kept(file, { compactAfterBytes: 1e9 });
    for (const title of ['One', 'Two', 'Three', 'Four']) await first.createScenario(title);
    await first.durability.close();
    const loaded = readStateFile(readFileSync(file));
    const snapshotLine = lines(file)[0];
    const { createScenario, durability, titles } = await kept(
      file,
      { loaded, compactAfterBytes: loaded.journalBytes },
      createSandbox({ store: loaded.store }),
    );
    await createScenario('Five');
    await durability.idle();
    expect(lines(file)[0]).not.toBe(snapshotLine);
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
  });

  it("after a restart a large world's journal is compacted only once it outweighs the snapshot", async () => {
    const file = fileFor('large-restart');
    const first = await kept(file, { compactAfterBytes: 1e9 }, createSandbox({ world: 'large' }));
    const padding = 'p'.repeat(180);
    for (let i = 0; readStateFile(readFileSync(file)).journalBytes <= COMPACT_AFTER_BYTES; i++) {
      for (let j = 0; j < 20; j++) await first.createScenario(`${i}.${j} ${padding}`);
    }
    await first.durability.close();
    const loaded = readStateFile(readFileSync(file));
    expect(loaded.snapshotBytes).toBeGreaterThan(loaded.journalBytes);
    const snapshotLine = lines(file)[0];
    const { createScenario, durability, titles } = await kept(file, { loaded }, createSandbox({ store: loaded.store }));
    await createScenario('After the restart');
    await durability.idle();
    expect(lines(file)[0], 'compacted before the journal outweighed the snapshot').toBe(snapshotLine);
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
  });

  it("a loaded file given with a sandbox that did not start from it is written whole with that sandbox's world", async () => {
    const file = fileFor('other-world');
    const first = await kept(file);
    for (const title of ['Only in the file', 'Also only in the file']) await first.createScenario(title);
    await first.durability.close();
    const loaded = await loadStateFile(file);
    const { createScenario, durability, titles } = await kept(file, loaded ? { loaded } : {}, createSandbox());
    await createScenario('In the new world');
    await durability.idle();
    expect(titlesIn(readFileSync(file))).toEqual(new Set([...titles()]));
    expect(titles().has('Also only in the file')).toBe(false);
  });
});

describe('every kind survives a save and a load', () => {
  it('through snapshot text (what browser storage holds)', async () => {
    const sandbox = createSandbox();
    await fillEveryKind(sandbox.fetch, 'http://sandbox.test/api');
    await expectSameWorld(storeFromText(await snapshotText(sandbox.store)), sandbox.store);
  });

  it("deletions in the middle of a table, the changes after them, and a last write that only changes a row's writer", async () => {
    const file = fileFor('deletions');
    const sandbox = createSandbox();
    const durability = await durable(file, sandbox);
    const base = 'http://sandbox.test/api';
    const auth = await fillEveryKind(durability.fetch, base);
    const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    const send = async (method: string, path: string, body?: unknown) => {
      const response = await durability.fetch(
        new Request(`${base}${path}`, {
          method,
          headers: { 'content-type': 'application/json', authorization: auth },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      // biome-ignore lint/suspicious/noExplicitAny: the test reads the answers' JSON.
      return (text ? JSON.parse(text) : undefined) as any;
    };
    const ids: number[] = [];
    for (const title of ['First', 'Second', 'Third']) {
      ids.push(
        (await send('POST', `/features/qa/scenarios/list/?${board}`, { title, parent_id: null })).data.scenario.id,
      );
    }
    await send('DELETE', `/features/qa/scenarios/?${board}&scenario_id=${ids[0]}`);
    await send('PATCH', `/features/qa/scenarios/?${board}&scenario_id=${ids[2]}`, { title: 'Third, renamed' });
    await send('DELETE', `/features/qa/scenarios/?${board}&scenario_id=${ids[1]}`);
    // A session over the checkout tree, then the case of its last report deleted: the session's reports shrink.
    const session = (
      await send('POST', `/features/qa/sessions/start/?${board}`, { scenario_id: DEMO.scenarios.checkout })
    ).data.session;
    const lastReport = sandbox.store.caseReports.get(session.case_reports.at(-1).id);
    await send('DELETE', `/features/qa/cases/?${board}&case_id=${lastReport?.caseId}`);
    expect(sandbox.store.sessions.get(session.id)?.reportIds).toHaveLength(session.case_reports.length - 1);
    // Last, a seeded scenario written as it was by the member: only whom it counts against changes.
    const cardPayment = sandbox.store.scenarios.get(DEMO.scenarios.cardPayment);
    await send('PATCH', `/features/qa/scenarios/?${board}&scenario_id=${DEMO.scenarios.cardPayment}`, {
      title: cardPayment?.title,
    });
    expect(sandbox.store.ownerOf(cardPayment as object)).toBe(DEMO.accounts.member.id);
    // Every answered write is in the file already, before the sandbox closes.
    await durability.idle();
    await expectSameWorld(readStateFile(readFileSync(file)).store, sandbox.store);
    await durability.close();
  });

  it('through the state file: its journal, then a compacted snapshot', async () => {
    const file = fileFor('kinds');
    const sandbox = createSandbox();
    const durability = await durable(file, sandbox);
    await fillEveryKind(durability.fetch, 'http://sandbox.test/api');
    await durability.close();
    const journal = readStateFile(readFileSync(file));
    expect(journal.journalBytes).toBeGreaterThan(0);
    await expectSameWorld(journal.store, sandbox.store);

    // Writes until a compaction has folded the journal into a new snapshot line.
    const next = createSandbox({ store: journal.store });
    const compacted = await kept(file, { loaded: journal, compactAfterBytes: 1 }, next);
    const snapshotLine = lines(file)[0];
    for (let i = 0; lines(file)[0] === snapshotLine; i++) {
      await compacted.createScenario(`more ${i}`);
      await compacted.durability.idle();
    }
    await compacted.durability.close();
    await expectSameWorld(readStateFile(readFileSync(file)).store, next.store);
  });
});
