// --state durability (docs/sandbox.md "Durability (--state)"): loading checks the file against a bounded schema.
import { appendFileSync, existsSync, mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { snapshotOf } from '../../../mocks/sandbox/worlds/snapshot.js';
import { MAX_SNAPSHOT_CHARS } from '../../../mocks/sandbox/worlds/snapshot-schema.js';
import { loadStateFile } from '../../../mocks/sandbox/worlds/state-file.js';
import { dir } from './helpers.js';

describe('loading checks the file against a bounded schema', () => {
  const demoText = async () => JSON.stringify(await snapshotOf(createSandbox().store));
  const withChange = async (change: (world: Record<string, unknown>) => void) => {
    const world = JSON.parse(await demoText());
    change(world);
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(world));
    return file;
  };

  it('a counter of 1e300 is refused at once, naming /counters/case', async () => {
    const file = await withChange((world) => {
      (world.counters as Record<string, number>).case = 1e300;
    });
    await expect(loadStateFile(file)).rejects.toThrow(/\/counters\/case must be <= 9007199254740991/);
  });

  it('a huge but safe id loads without counting up to it', async () => {
    const file = await withChange((world) => {
      (world.counters as Record<string, number>).task = Number.MAX_SAFE_INTEGER;
    });
    const loaded = await loadStateFile(file);
    expect(loaded?.store.lastId('task')).toBe(Number.MAX_SAFE_INTEGER);
  });

  // biome-ignore lint/suspicious/noExplicitAny: the tests break parsed JSON on purpose.
  type World = Record<string, any>;
  it.each([
    ['a bad field', (w: World) => (w.scenarios[0].title = 5), /\/scenarios\/0\/title must be string/],
    ['a missing field', (w: World) => delete w.accounts[1].passwordHash, /\/accounts\/1 lacks "passwordHash"/],
    ['a wrong format', (w: World) => (w.format = 'other'), /\/format must be "task-sandbox-world"/],
    [
      'a duplicate id',
      (w: World) => {
        w.cases[1].id = w.cases[0].id;
      },
      /\/cases\/1: case ids must be unique and ascending/,
    ],
    [
      'a column id out of sequence in its board',
      (w: World) => {
        w.boards[0].columns[1].id = 12;
      },
      /\/boards\/0\/columns\/1: column ids must be unique and ascending/,
    ],
    [
      'a column id that a board before it holds',
      (w: World) => {
        w.boards[1].columns[0].id = w.boards[0].columns.at(-1).id;
      },
      /\/boards\/1\/columns\/0: column ids must be unique and ascending/,
    ],
    [
      'a counter below the last id of its kind',
      (w: World) => (w.counters.scenario = 1),
      /\/counters\/scenario: scenario ids must be unique and ascending/,
    ],
    [
      'a registration of an account not in the world',
      (w: World) => w.registrations.push({ accountId: 999, atMs: 0, client: 'test', used: false }),
      /\/registrations\/0\/accountId: account 999 is not in the world/,
    ],
    [
      'a writer given for a row not in the world',
      (w: World) => (w.owners = { scenarios: [[999, DEMO.accounts.member.id]] }),
      /\/owners\/scenarios\/0: no scenarios row with key 999/,
    ],
  ])('%s is named with its JSON pointer, never "not valid JSON"', async (_, change, message) => {
    const file = await withChange(change);
    const error = await loadStateFile(file).catch((e: Error) => e);
    expect(String(error)).toMatch(message);
    expect(String(error)).not.toMatch(/not valid JSON/);
    expect(String(error), 'the place is named once').not.toMatch(/snapshot: .*snapshot:/);
  });

  it('a board without columns loads', async () => {
    const file = await withChange((w: World) => {
      w.boards[1].columns = [];
      w.tasks = w.tasks.filter((task: { boardId: number }) => task.boardId !== 2);
    });
    const loaded = await loadStateFile(file);
    expect(loaded?.store.boards.get(2)?.columns).toEqual([]);
    expect(loaded?.store.boards.get(DEMO.outsiderBoardId)?.columns.map((c) => c.id)).toEqual([6, 7]);
  });

  it('column ids after a gap load as saved', async () => {
    const file = await withChange((w: World) => {
      for (const column of w.boards[2].columns) column.id += 100;
      for (const task of w.tasks) if (task.boardId === 3) task.columnId += 100;
      w.counters.column += 100;
    });
    const loaded = await loadStateFile(file);
    expect(loaded?.store.boards.get(DEMO.outsiderBoardId)?.columns.map((c) => c.id)).toEqual([106, 107]);
  });

  // The demo board's scenarios: Checkout (1) with children 2 and 3, Login (5); the tree must stay a tree.
  it.each([
    [
      'a self-parent',
      (w: World) => (w.scenarios[0].parent_id = 1),
      /\/scenarios\/0\/parent_id: .*cycle: scenario 1 → 1/,
    ],
    [
      'a 2-cycle',
      (w: World) => {
        w.scenarios[0].parent_id = 2;
      },
      /\/scenarios\/\d\/parent_id: the scenario tree has a cycle: scenario (1 → 2 → 1|2 → 1 → 2)/,
    ],
    [
      'a longer cycle',
      (w: World) => {
        w.scenarios[0].parent_id = 4;
        w.scenarios[3].parent_id = 2;
      },
      /cycle: scenario (\d → ){3}\d/,
    ],
    [
      'a parent that does not exist',
      (w: World) => (w.scenarios[1].parent_id = 999),
      /scenario 999 is not a scenario of board 1/,
    ],
    [
      'a parent on another board',
      (w: World) => (w.scenarios[1].parent_id = DEMO.scenarios.outsider),
      /\/scenarios\/1\/parent_id: scenario 7 is not a scenario of board 1/,
    ],
    [
      'a cycle below a scenario (only the scenarios on it are named)',
      (w: World) => {
        w.scenarios[0].parent_id = 2;
        w.scenarios[1].parent_id = 3;
        w.scenarios[2].parent_id = 2;
      },
      /\/scenarios\/2\/parent_id: the scenario tree has a cycle: scenario 2 → 3 → 2 \(/,
    ],
  ])('%s in the scenario tree is refused, naming the scenarios', async (_, change, message) => {
    const file = await withChange(change);
    await expect(loadStateFile(file)).rejects.toThrow(message);
  });

  it('a duplicate id in a snapshot line (a file with a journal) is refused, never one of the rows dropped', async () => {
    const file = await withChange((w: World) => {
      w.cases[1].id = w.cases[0].id;
    });
    appendFileSync(file, '\n');
    await expect(loadStateFile(file)).rejects.toThrow(/snapshot: \/cases\/1: a second row with id 1/);
  });

  it('text that is not JSON says so, without quoting it', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, '{"format": "task-sandbox-world", "secret-hash": nope}');
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    expect(error).toMatch(/snapshot: not valid JSON/);
    expect(error).not.toContain('nope');
  });

  it('a file larger than three bytes a character of the bound is refused before it is read', async () => {
    const file = join(dir, 'huge.json');
    // Sparse: the size is set, no byte is written.
    writeFileSync(file, '');
    truncateSync(file, MAX_SNAPSHOT_CHARS * 3 + 1);
    const error = String(await loadStateFile(file).catch((e: Error) => e));
    expect(error).toContain(
      `cannot load the state file ${file}: snapshot: larger than ${MAX_SNAPSHOT_CHARS * 3} bytes`,
    );
    expect(error).toMatch(/move it away to start afresh/);
    rmSync(file);
  });

  it('a path that is a folder is an error, never a new world', async () => {
    const folder = join(dir, 'a-folder.json');
    mkdirSync(folder);
    await expect(loadStateFile(folder)).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('a missing file is a new world', async () => {
    expect(existsSync(join(dir, 'absent.json'))).toBe(false);
    expect(await loadStateFile(join(dir, 'absent.json'))).toBeUndefined();
  });
});

describe('a state file that cannot be opened', () => {
  it('is an error naming why when it is there but cannot be opened, never a fresh world', async () => {
    const notAFolder = join(dir, 'plain-file');
    writeFileSync(notAFolder, '');
    await expect(loadStateFile(join(notAFolder, 'state.json'))).rejects.toThrow(/ENOTDIR/);
    await expect(loadStateFile(join(dir, 'absent.json'))).resolves.toBeUndefined();
  });
});
