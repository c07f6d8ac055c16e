// The --state file (docs/sandbox.md "Durability (--state)"): loading the world saved in it, and replacing or appending to it without ever leaving a torn file.
import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { type FileHandle, lstat, open, readdir, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Limits } from '../domain/limits.js';
import { readStateFile, type StateFile } from './journal.js';
import { SnapshotError } from './snapshot.js';
import { MAX_SNAPSHOT_CHARS } from './snapshot-schema.js';

export type { StateFile } from './journal.js';

/** A --state file (or its folder) another user could have planted or could change: refused, never adopted. */
export class StatePlaceRefused extends Error {}

const WHAT_TO_DO =
  'move it away, or give --state (or SANDBOX_STATE) a file in a folder of your own, e.g. ~/.task-sandbox/state.json';

/** Why this user must not use a state file whose status is `stats`; undefined when it may. */
function fileRefusal(stats: Stats, uid: number): string | undefined {
  if (stats.uid !== uid) {
    return `it is owned by another user (uid ${stats.uid}), who could read the password hashes it will hold and choose the world and accounts it loads`;
  }
  if ((stats.mode & 0o002) !== 0) {
    return `it is writable by every user (mode ${(stats.mode & 0o777).toString(8).padStart(4, '0')}), who could choose the world and accounts it loads`;
  }
  return undefined;
}

/**
 * Refuses a state file another local user planted or can change (docs/sandbox.md "Durability (--state)"): the file
 * (or the link at its name) must be this user's and not writable by every user, and its folder this user's (or root's)
 * and not writable by every user unless sticky (as /tmp is: there nobody can replace another's file). POSIX only.
 */
export async function checkStatePlace(file: string): Promise<void> {
  const uid = process.getuid?.();
  if (uid === undefined) return;
  const folder = dirname(resolve(file));
  const folderStats = await stat(folder).catch(() => undefined);
  if (folderStats) {
    let why: string | undefined;
    if (folderStats.uid !== uid && folderStats.uid !== 0) {
      why = `its folder ${folder} is owned by another user (uid ${folderStats.uid}), who could put a file of their own in its place`;
    } else if ((folderStats.mode & 0o002) !== 0 && (folderStats.mode & 0o1000) === 0) {
      why = `its folder ${folder} is writable by every user without the sticky bit (mode ${(folderStats.mode & 0o7777).toString(8).padStart(4, '0')}), so another user could put a file of their own in its place`;
    }
    if (why) throw new StatePlaceRefused(`sandbox: refusing the state file ${file}: ${why}; ${WHAT_TO_DO}`);
  }
  const own = await lstat(file).catch(() => undefined);
  const why = own && fileRefusal(own, uid);
  if (why) throw new StatePlaceRefused(`sandbox: refusing the state file ${file}: ${why}; ${WHAT_TO_DO}`);
}

/**
 * The world saved in `file`, or undefined when there is none yet. A file that cannot be loaded is an error, and so is
 * one another user planted or can change (checkStatePlace, StatePlaceRefused).
 */
export async function loadStateFile(file: string, limits?: Limits): Promise<StateFile | undefined> {
  await checkStatePlace(file);
  let handle: FileHandle;
  try {
    handle = await open(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let bytes: Buffer;
  try {
    // The file opened, not the name checked a moment before: a link swapped in since points elsewhere.
    const uid = process.getuid?.();
    const why = uid === undefined ? undefined : fileRefusal(await handle.stat(), uid);
    if (why) throw new StatePlaceRefused(`sandbox: refusing the state file ${file}: ${why}; ${WHAT_TO_DO}`);
    // Checked before reading, so a huge file is refused without filling the memory (a character is ≤ 3 UTF-8 bytes).
    if ((await handle.stat()).size > MAX_SNAPSHOT_CHARS * 3) {
      throw cannotLoad(file, new SnapshotError(`snapshot: larger than ${MAX_SNAPSHOT_CHARS * 3} bytes`));
    }
    await keepPrivate(handle, file);
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  try {
    return readStateFile(bytes, limits);
  } catch (error) {
    throw cannotLoad(file, error);
  }
}

/**
 * Makes the opened state file readable and writable by its owner alone (0600) when it is not (a copy restored with
 * 0644): the world holds password hashes. Says so on stderr when it cannot. POSIX modes only: Windows has none.
 */
async function keepPrivate(handle: FileHandle, file: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    if (((await handle.stat()).mode & 0o077) !== 0) await handle.chmod(0o600);
  } catch (error) {
    console.error(
      `sandbox: warning: the state file ${file} may be readable by other users (it holds password hashes) and could not be made private (mode 0600): ${(error as Error).message}`,
    );
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

/**
 * The file system's StateFileWriter for `file`. Appending opens the file as it is: a removed file is not recreated.
 * The first time it opens the file, it makes it private (keepPrivate); a file it writes whole is private already.
 */
export function fileWriter(file: string): StateFileWriter {
  let checked = false;
  const withFile = async (use: (handle: FileHandle) => Promise<void>) => {
    const handle = await open(file, 'r+');
    try {
      if (!checked) {
        checked = true;
        await keepPrivate(handle, file);
      }
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
