// --state FILE for the node host (docs/sandbox.md "Durability (--state)"): load the world at start; answer a write only once it is on disk.
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
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
import type { Store } from '../domain/store.js';
import { hashesSettled, restoredFrom, SnapshotError, snapshotNow, storeFromText } from './snapshot.js';
import { MAX_SNAPSHOT_CHARS } from './snapshot-schema.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The world saved in `file`, or undefined when there is none yet. A file that cannot be loaded is an error. */
export async function loadStateFile(file: string): Promise<Store | undefined> {
  let text: string;
  try {
    // Checked before reading, so a huge file is refused without filling the memory (a character is ≤ 3 UTF-8 bytes).
    if ((await stat(file)).size > MAX_SNAPSHOT_CHARS * 3) {
      throw cannotLoad(file, new SnapshotError(`snapshot: larger than ${MAX_SNAPSHOT_CHARS * 3} bytes`));
    }
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return storeFromText(text);
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

/**
 * Writes `text` to `file` so that a kill at any moment leaves the old or the new file, never a torn one: a temporary
 * beside it, created exclusively (O_EXCL: a file or symlink planted at its name is an error, never followed) under a
 * name nobody can predict, mode 0600 (the world holds password hashes), fsynced, renamed over `file`, and the folder
 * fsynced so the rename itself survives a power cut.
 */
export async function writeFileAtomically(file: string, text: string): Promise<void> {
  const temporary = join(dirname(file), `${basename(file)}.${randomBytes(16).toString('hex')}.tmp`);
  const handle = await open(temporary, 'wx', 0o600);
  try {
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  // Best effort: some systems (Windows) cannot open a folder to sync it.
  const folder = await open(dirname(file), 'r').catch(() => undefined);
  await folder
    ?.sync()
    .catch(() => undefined)
    .finally(() => folder.close());
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
  /** Resolves once every save started so far has ended (for a clean stop). */
  idle(): Promise<void>;
}

export interface DurabilityOptions {
  /** Writes the world's text; default writeFileAtomically to `file`. */
  write?: (text: string) => Promise<void>;
  /** Where a failed save is reported (default console.error): the error's code, never the world. */
  report?: (message: string) => void;
}

/**
 * `sandbox`'s fetch, kept in `file`. A request that may change the world (not GET, HEAD, OPTIONS; not an error answer)
 * is answered only once a save that includes its change has reached the disk. Saves are grouped: the requests that
 * changed the world while a save was running are all written by the next one, and a world equal to the one last
 * written is not written again. When a save fails, the sandbox goes back to the world last written (so memory never
 * runs ahead of the file), every request whose change is thereby undone answers 503, and stderr says why.
 */
export async function durable(
  file: string,
  sandbox: Pick<Sandbox, 'answer' | 'store' | 'restore'>,
  options: DurabilityOptions = {},
): Promise<Durability> {
  const write = options.write ?? ((text: string) => writeFileAtomically(file, text));
  const report = options.report ?? ((message: string) => console.error(message));
  const inner = sandbox.answer;

  // The text of the world as the file holds it (or, before a first save, as it started): what a failed save restores.
  await hashesSettled(sandbox.store);
  let saved = JSON.stringify(snapshotNow(sandbox.store));
  let savedStore = sandbox.store;
  /** Bumped by every roll-back: a request that began in an older generation had its change undone. */
  let generation = 0;
  /** Writes running in the sandbox now; a roll-back waits for them, so none lands in the world it puts back. */
  let running = 0;
  let drained: (() => void) | undefined;
  /** Set while a roll-back runs: new writes wait for it. */
  let rollingBack: Promise<void> | undefined;
  let waiting: Array<(kept: boolean) => void> = [];
  let saving: Promise<void> | undefined;

  async function rollBack(): Promise<void> {
    if (running > 0) await new Promise<void>((resolve) => (drained = resolve));
    drained = undefined;
    const restored = restoredFrom(saved, sandbox.store);
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
        // From here to the end of JSON.stringify nothing awaits: the snapshot is one moment of the world.
        const text = JSON.stringify(snapshotNow(sandbox.store));
        if (text !== saved || sandbox.store !== savedStore) {
          await write(text);
          saved = text;
          savedStore = sandbox.store;
        }
      } catch (error) {
        kept = false;
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).name;
        report(
          `sandbox: could not write the state file ${file} (${code}): answering 503 to the writes since the last save ` +
            'and going back to the world the file holds',
        );
        let release = () => {};
        rollingBack = new Promise<void>((resolve) => (release = resolve));
        try {
          await rollBack();
        } catch (failure) {
          // Cannot happen with a text this sandbox wrote itself; said loudly rather than left to hang the writes.
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

  return {
    fetch: fetchHandlerOf(answer),
    async idle() {
      while (saving) await saving;
    },
  };
}
