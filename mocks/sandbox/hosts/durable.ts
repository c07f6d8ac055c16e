// --state FILE for the node host (docs/sandbox.md "Durability (--state)"): the sandbox wrapped so that a write is answered only once its change is on disk.
import type { FetchHandler, Sandbox, SandboxRequest } from '../core/app.js';
import { errorAnswer, type Reply } from '../core/reply.js';
import { fetchHandlerOf } from '../core/response.js';
import { SandboxError } from '../domain/errors.js';
import { recordLine, type StateFile } from '../worlds/journal.js';
import { type Diff, hashesSettled, SavedWorld, withRefreshGrantsOf } from '../worlds/snapshot.js';
import { fileWriter, type Replacement, type StateFileWriter } from '../worlds/state-file.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The journal is compacted into a new snapshot once it outweighs the snapshot (and this much): the file stays under
 * about twice the world's size, and a write's share of the compaction's cost is at most its own size.
 */
export const COMPACT_AFTER_BYTES = 64 * 1024;

/** 503: the change could not be written to the state file, and the world is back to what the file holds. */
export const notSaved = (): SandboxError =>
  new SandboxError(
    503,
    'The sandbox could not save this change to its state file (--state), so it did not keep it: the world is as it ' +
      'was before. Nothing was changed; retry once the operator has fixed the disk.',
    [{ field: 'state', message: 'could not be written; the change was not kept' }],
    { 'retry-after': '5' },
  );

export interface Durability {
  /** The sandbox's fetch, answering a write only once it is saved. */
  fetch: FetchHandler;
  /** Resolves once every save and compaction started so far has ended. */
  idle(): Promise<void>;
  /**
   * Saves what changed with no write answered for it (an unused registration removed on time by a registration that
   * was then refused), then waits for `idle`: for a clean stop.
   */
  close(): Promise<void>;
}

export interface DurabilityOptions {
  /** The file as loadStateFile read it, when `sandbox` started from it: its journal goes on where it ended. */
  loaded?: StateFile;
  /** Parts of the file writing to replace (tests); default fileWriter(file). */
  writer?: Partial<StateFileWriter>;
  /** Where a failed save is reported (default console.error): the error's code, never the world. */
  report?: (message: string) => void;
  /** Journal bytes past which it is compacted; default the snapshot's size, and at least COMPACT_AFTER_BYTES. */
  compactAfterBytes?: number;
}

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).name;

/** A compaction overtaken by a whole rewrite of the file: it is dropped, without a word. */
class Superseded extends Error {}

/**
 * `sandbox`'s fetch, kept in `file`. A request that may change the world (not GET, HEAD, OPTIONS; not an error answer)
 * is answered only once a save that holds its change is on disk. A save appends one journal record: the rows that
 * changed since the last save (found by comparing the world with a copy of what was saved), fsynced. Saves are grouped:
 * the requests answered while one runs are all written by the next, and a save that finds no change writes nothing.
 * Once the journal outweighs the snapshot, a compaction writes a new file (snapshot and the records since) beside the
 * old one, a piece at a time between other work, and renames it over the old one. When a save fails, the sandbox goes
 * back to the world last written (memory never runs ahead of the file), every request whose change is thereby undone
 * answers 503, and stderr says why.
 */
export async function durable(
  file: string,
  sandbox: Pick<Sandbox, 'answer' | 'store' | 'restore'>,
  options: DurabilityOptions = {},
): Promise<Durability> {
  const writer: StateFileWriter = { ...fileWriter(file), ...options.writer };
  const report = options.report ?? ((message: string) => console.error(message));
  const compactAfter = options.compactAfterBytes;
  const inner = sandbox.answer;

  // The world as the file holds it (or, before a first save, as it started): what a save compares with, and what a
  // failed save restores.
  await hashesSettled(sandbox.store);
  let saved = SavedWorld.of(sandbox.store);
  let savedStore = sandbox.store;
  const loaded = options.loaded?.store === sandbox.store ? options.loaded : undefined;
  /** The file's last record, its length in bytes, and the weights compaction compares. */
  let seq = loaded?.seq ?? 0;
  let length = loaded?.length ?? 0;
  let snapshotBytes = loaded?.snapshotBytes ?? 0;
  let journalBytes = loaded?.journalBytes ?? 0;
  /** The next save writes the file whole: there is none yet, it is an older version, or an append left it unknown. */
  let whole = !loaded || loaded.whole;
  /** A torn last record lies past `length`: the next append cuts it off first. */
  let cut = loaded?.dropped !== undefined;
  /** Bumped by every whole rewrite: a compaction begun before one is dropped. */
  let fileGeneration = 0;
  let compaction: Promise<void> | undefined;
  /** Records appended since the running compaction took its copy: it adds them to the new file. */
  let tail: string[] | undefined;
  /** Journal bytes at which a compaction is tried again after one failed. */
  let retryCompactionAt = 0;
  /** File writes run one at a time: an append never lands in the middle of a compaction's final step. */
  let lock: Promise<unknown> = Promise.resolve();
  const locked = <T>(task: () => Promise<T>): Promise<T> => {
    const run = lock.then(task);
    lock = run.catch(() => undefined);
    return run;
  };

  /** Bumped by every roll-back: a request that began in an older generation had its change undone. */
  let generation = 0;
  /** Writes running in the sandbox now; a roll-back waits for them, so none lands in the world it puts back. */
  let running = 0;
  let drained: (() => void) | undefined;
  /** Set while a roll-back runs: new writes wait for it. */
  let rollingBack: Promise<void> | undefined;
  let waiting: Array<(kept: boolean) => void> = [];
  let saving: Promise<void> | undefined;

  const threshold = () => compactAfter ?? Math.max(COMPACT_AFTER_BYTES, snapshotBytes);

  /** Writes the world of `store` as a new file: a snapshot line and no record. */
  async function rewrite(store: typeof sandbox.store): Promise<void> {
    const world = SavedWorld.of(store);
    fileGeneration += 1;
    await locked(async () => {
      const replacement = await writer.replace();
      try {
        for (const piece of world.text(seq + 1)) await replacement.write(piece);
        await replacement.write('\n');
      } catch (error) {
        await replacement.discard();
        throw error;
      }
      await replacement.commit();
      seq += 1;
      length = replacement.bytes;
      snapshotBytes = length;
      journalBytes = 0;
      whole = false;
      cut = false;
      tail = undefined;
    });
    saved = world;
    savedStore = store;
  }

  /** Appends the record of `diff`; a file that is gone is written whole instead. */
  async function append(diff: Diff, store: typeof sandbox.store): Promise<void> {
    const line = recordLine(diff.record(seq + 1));
    const bytes = Buffer.byteLength(line);
    try {
      await locked(async () => {
        await writer.append(line, length, cut);
        seq += 1;
        length += bytes;
        journalBytes += bytes;
        cut = false;
        tail?.push(line);
      });
    } catch (error) {
      if (codeOf(error) === 'ENOENT') return rewrite(store);
      // What the failed append may have left is cut off; if even that fails, the next save writes the file whole.
      await locked(() => writer.truncate(length)).catch(() => {
        whole = true;
      });
      throw error;
    }
    saved.apply(diff);
  }

  /** A new file from a frozen copy of the saved world, written beside the old one while other work runs. */
  async function compact(): Promise<void> {
    const began = fileGeneration;
    const world = saved.frozen();
    const at = seq;
    tail = [];
    let replacement: Replacement | undefined;
    try {
      replacement = await writer.replace();
      for (const piece of world.text(at)) await replacement.write(piece);
      await replacement.write('\n');
      const done = replacement;
      await locked(async () => {
        if (began !== fileGeneration) throw new Superseded();
        let tailBytes = 0;
        for (const line of tail ?? []) {
          await done.write(line);
          tailBytes += Buffer.byteLength(line);
        }
        await done.commit();
        length = done.bytes;
        snapshotBytes = length - tailBytes;
        journalBytes = tailBytes;
        cut = false;
        tail = undefined;
      });
    } catch (error) {
      tail = undefined;
      await replacement?.discard();
      if (error instanceof Superseded) return;
      retryCompactionAt = journalBytes + threshold();
      report(
        `sandbox: could not compact the state file ${file} (${codeOf(error)}): writes go on being saved in its ` +
          'journal, and compaction is tried again later',
      );
    }
  }

  function maybeCompact(): void {
    if (compaction || whole || journalBytes <= threshold() || journalBytes < retryCompactionAt) return;
    compaction = compact().finally(() => {
      compaction = undefined;
    });
  }

  async function rollBack(): Promise<void> {
    if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
    drained = undefined;
    const restored = withRefreshGrantsOf(saved.toStore(sandbox.store.limits, sandbox.store.now), sandbox.store);
    sandbox.restore(restored);
    savedStore = restored;
    generation += 1;
  }

  async function saveGroups(): Promise<void> {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      let kept = true;
      try {
        await hashesSettled(sandbox.store);
        const store = sandbox.store;
        // A journal twice its bound with no compaction running (it failed) is folded into the file by this save:
        // the file stays bounded, and while that fails too, writes answer 503.
        if (journalBytes > 2 * threshold() && !compaction) whole = true;
        if (store !== savedStore || whole) {
          await rewrite(store);
        } else {
          // From here to the end of the diff nothing awaits: the record is one moment of the world.
          const diff = saved.diff(store);
          if (diff) await append(diff, store);
        }
      } catch (error) {
        kept = false;
        report(
          `sandbox: could not write the state file ${file} (${codeOf(error)}): answering 503 to the writes since the ` +
            'last save and going back to the world the file holds',
        );
        let release = () => {};
        rollingBack = new Promise<void>((resolve) => (release = resolve));
        try {
          await rollBack();
        } catch (failure) {
          // Cannot happen with a world this sandbox saved itself; said loudly rather than left to hang the writes.
          report(`sandbox: could not go back to the saved world: ${(failure as Error).message}`);
        } finally {
          // Writes that joined while the roll-back waited were undone too.
          const undone = waiting;
          waiting = [];
          for (const settle of undone) settle(false);
          rollingBack = undefined;
          release();
        }
      }
      for (const settle of group) settle(kept);
      maybeCompact();
    }
    saving = undefined;
  }

  function kept(): Promise<boolean> {
    return new Promise((resolve) => {
      waiting.push(resolve);
      saving ??= saveGroups();
    });
  }

  async function answer(request: SandboxRequest): Promise<Reply> {
    if (SAFE_METHODS.has(request.method.toUpperCase())) return inner(request);
    while (rollingBack) await rollingBack;
    const began = generation;
    running += 1;
    let answered: Reply;
    let joined: Promise<boolean> | undefined;
    try {
      answered = await inner(request);
      // An error answer changed nothing (404s included): no save, no wait.
      if (answered.status < 400 && began === generation) joined = kept();
    } finally {
      running -= 1;
      if (running === 0) drained?.();
    }
    if (answered.status >= 400) return answered;
    const ok = joined ? await joined : false;
    return ok ? answered : errorAnswer(notSaved(), request.headers.get('origin'));
  }

  async function idle(): Promise<void> {
    while (saving || compaction) await (saving ?? compaction);
  }

  return {
    fetch: fetchHandlerOf(answer),
    idle,
    async close() {
      await kept();
      await idle();
    },
  };
}
