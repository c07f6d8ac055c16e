// The --state file's journal (docs/sandbox.md "Durability (--state)"): reading it back, a torn last record is dropped, damage is named, and writers and older files are checked.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { readStateFile, recordLine } from '../../../mocks/sandbox/worlds/journal.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { snapshotOf } from '../../../mocks/sandbox/worlds/snapshot.js';
import { loadStateFile } from '../../../mocks/sandbox/worlds/state-file.js';
import { fileFor, kept, lines, titlesIn } from './helpers.js';

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
