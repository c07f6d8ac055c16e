// --state FILE for the node host (docs/sandbox.md "Durability (--state)"): load the world at start; answer a write only once its change is on disk.
import { randomBytes } from 'node:crypto';
import { type FileHandle, open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  type Answer,
  errorAnswer,
  type FetchHandler,
  fetchHandlerOf,
  type Sandbox,
  type SandboxRequest,
} from '../core/app.js';
import { SandboxError } from '../domain/errors.js';
import type { Limits } from '../domain/limits.js';
import { readStateFile, recordLine, type StateFile } from './journal.js';
import { type Diff, hashesSettled, SavedWorld, SnapshotError, withRefreshGrantsOf } from './snapshot.js';
import { MAX_SNAPSHOT_CHARS } from './snapshot-schema.js';

export type { StateFile } from './journal.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The journal is compacted into a new snapshot once it outweighs the snapshot (and this much): the file stays under
 * about twice the world's size, and a write's share of the compaction's cost is at most its own size.
 */
export const COMPACT_AFTER_BYTES = 64 * 1024;

/** The world saved in `file`, or undefined when there is none yet. A file that cannot be loaded is an error. */
export async function loadStateFile(file: string, limits?: Limits): Promise<StateFile | undefined> {
  let bytes: Buffer;
  try {
    // Checked before reading, so a huge file is refused without filling the memory (a character is ≤ 3 UTF-8 bytes).
    if ((await stat(file)).size > MAX_SNAPSHOT_CHARS * 3) {
      throw cannotLoad(file, new SnapshotError(`snapshot: larger than ${MAX_SNAPSHOT_CHARS * 3} bytes`));
    }
    bytes = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return readStateFile(bytes, limits);
  } catch (error) {
    throw cannotLoad(file, error);
  }
}

function cannotLoad(file: string, error: unknown): Error {
  const reason = error instanceof SnapshotError ? error.message : `snapshot: ${(error as Error).message}`;
  return new Error(`sandbox: cannot load the state file ${file}: ${reason} (fix it, or move it away to start afresh)`);
}

/** A temporary of ours: the target's name, 32 random hex digits, `.tmp`. */
const temporaryPattern = (file: string) =>
  new RegExp(`^${basename(file).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.[0-9a-f]{32}\\.tmp$`);

/** Removes temporary files a killed process left beside `file` (they were never renamed, so never the state). */
export async function removeStaleTemporaries(file: string): Promise<void> {
  const ours = temporaryPattern(file);
  const entries = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    entries.filter((name) => ours.test(name)).map((name) => unlink(join(dirname(file), name)).catch(() => undefined)),
  );
}

/** Writes all of `text` at `position` (a write may write less than asked, on a full disk); resolves with its bytes. */
async function writeAll(handle: FileHandle, text: string, position: number): Promise<number> {
  const buffer = Buffer.from(text, 'utf8');
  for (let done = 0; done < buffer.length; ) {
    const { bytesWritten } = await handle.write(buffer, done, buffer.length - done, position + done);
    if (bytesWritten === 0) throw Object.assign(new Error('nothing written'), { code: 'EIO' });
    done += bytesWritten;
  }
  return buffer.length;
}

/** A new version of a file, written beside it and put in its place by `commit`; `discard` removes it. */
export interface Replacement {
  write(text: string): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
  /** Bytes written so far. */
  readonly bytes: number;
}

/**
 * A replacement of `file` so that a kill at any moment leaves the old or the new file, never a torn one: a temporary
 * beside it, created exclusively (O_EXCL: a file or symlink planted at its name is an error, never followed) under a
 * name nobody can predict, mode 0600 (the world holds password hashes); `commit` fsyncs it, renames it over `file`
 * and fsyncs the folder so the rename itself survives a power cut.
 */
export async function replaceFile(file: string): Promise<Replacement> {
  const temporary = join(dirname(file), `${basename(file)}.${randomBytes(16).toString('hex')}.tmp`);
  const handle: FileHandle = await open(temporary, 'wx', 0o600);
  let closed = false;
  let bytes = 0;
  const close = async () => {
    if (closed) return;
    closed = true;
    await handle.close();
  };
  const discard = async () => {
    await close().catch(() => undefined);
    await unlink(temporary).catch(() => undefined);
  };
  return {
    get bytes() {
      return bytes;
    },
    async write(text) {
      bytes += await writeAll(handle, text, bytes);
    },
    async commit() {
      try {
        await handle.sync();
        await close();
        await rename(temporary, file);
      } catch (error) {
        await discard();
        throw error;
      }
      // Best effort: some systems (Windows) cannot open a folder to sync it.
      const folder = await open(dirname(file), 'r').catch(() => undefined);
      await folder
        ?.sync()
        .catch(() => undefined)
        .finally(() => folder.close());
    },
    discard,
  };
}

/** Writes `text` to `file` atomically (replaceFile). */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const replacement = await replaceFile(file);
  try {
    await replacement.write(text);
  } catch (error) {
    await replacement.discard();
    throw error;
  }
  await replacement.commit();
}

/** How the state file is written; tests put failing ones in place of parts of it. */
export interface StateFileWriter {
  /** Writes `text` at byte `position` of the file (cut there first when `cut`), then fsyncs; ENOENT: the file is gone. */
  append(text: string, position: number, cut: boolean): Promise<void>;
  /** Cuts the file back to `length` bytes (what a failed append may have left). */
  truncate(length: number): Promise<void>;
  /** Starts a new version of the whole file (replaceFile). */
  replace(): Promise<Replacement>;
}

/** The file system's StateFileWriter for `file`. Appending opens the file as it is: a removed file is not recreated. */
export function fileWriter(file: string): StateFileWriter {
  const withFile = async (use: (handle: FileHandle) => Promise<void>) => {
    const handle = await open(file, 'r+');
    try {
      await use(handle);
    } finally {
      await handle.close();
    }
  };
  return {
    append: (text, position, cut) =>
      withFile(async (handle) => {
        if (cut) await handle.truncate(position);
        await writeAll(handle, text, position);
        await handle.sync();
      }),
    truncate: (length) =>
      withFile(async (handle) => {
        await handle.truncate(length);
        await handle.sync();
      }),
    replace: () => replaceFile(file),
  };
}

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

  async function answer(request: SandboxRequest): Promise<Answer> {
    if (SAFE_METHODS.has(request.method.toUpperCase())) return inner(request);
    while (rollingBack) await rollingBack;
    const began = generation;
    running += 1;
    let answered: Answer;
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
    return ok ? answered : errorAnswer(notSaved(), request.headers.has('origin'));
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
