// The --state file's journal (docs/sandbox.md "Durability (--state)"): compaction folds the journal into a new snapshot and keeps the file bounded, also across a restart.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { COMPACT_AFTER_BYTES } from '../../../mocks/sandbox/hosts/durable.js';
import { readStateFile } from '../../../mocks/sandbox/worlds/journal.js';
import { fileWriter, loadStateFile, type Replacement } from '../../../mocks/sandbox/worlds/state-file.js';
import { onBoard } from '../harness.js';
import { fileFor, kept, lines, titlesIn } from './helpers.js';

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

  it('by default the next compaction comes once the journal passes its bound (64 KiB, or the new snapshot if larger), also when writes landed during the last one', async () => {
    const file = fileFor('compact-default');
    const compaction = heldCompaction(file);
    const { createScenario, durability, reports } = await kept(file, { writer: compaction.writer });
    const padding = 'p'.repeat(180);
    // Past COMPACT_AFTER_BYTES of journal the first compaction starts; these writes land while it waits.
    for (let i = 0; !compaction.started(); i++) await createScenario(`fill ${i} ${padding}`);
    for (let i = 0; i < 60; i++) await createScenario(`during ${i} ${padding}`);
    compaction.release();
    await durability.idle();
    expect(readStateFile(readFileSync(file)).journalBytes).toBeGreaterThan(0);
    const compactedLine = lines(file)[0];
    // Each save compacts once the journal passes the bound, not later.
    for (let i = 0; lines(file)[0] === compactedLine; i++) {
      const before = readStateFile(readFileSync(file));
      const bound = Math.max(COMPACT_AFTER_BYTES, before.snapshotBytes);
      expect(before.journalBytes, 'the journal is past its bound and was not compacted').toBeLessThanOrEqual(bound);
      await createScenario(`after ${i} ${padding}`);
      await durability.idle();
    }
    expect(reports).toEqual([]);
  }, 120_000);

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
