// --state FILE for the node host (docs/sandbox.md "Durability (--state)"): load the world at start; answer a write
// only once the world holding it is on disk; when saving fails, answer 503 and put the last saved world back.
import { randomBytes } from 'node:crypto';
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import {
  type Answer,
  answerHandlerOf,
  type FetchHandler,
  fetchHandlerOf,
  type Sandbox,
  type SandboxRequest,
} from '../core/app.js';
import type { Store } from '../domain/store.js';
import { SnapshotError, snapshotOf, storeFromSnapshot } from './snapshot.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes whose effect the file does not keep: a login or a refresh issues tokens, and issued tokens live only as long
 * as the process (snapshot.ts); expiring one is a control of the running process.
 */
const NOT_KEPT = /\/(member\/login|member\/refresh-token|_sandbox\/expire-token)\/$/;

/** Whether a request may change what the file keeps. */
function mayChangeWorld(request: SandboxRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const url = request.url;
  const end = url.indexOf('?');
  return !NOT_KEPT.test(end < 0 ? url : url.slice(0, end));
}

/** A state file that cannot be loaded; the message names the file and what is wrong where, never a value. */
export class StateFileError extends Error {
  override readonly name = 'StateFileError';
}

/** The world saved in `file` (and its text), or undefined when there is none yet. */
export async function loadStateFile(file: string): Promise<{ store: Store; text: string } | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StateFileError(
      `sandbox: cannot read the state file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new StateFileError(
      `sandbox: cannot load the state file ${file}: not valid JSON (${(error as Error).message}) (move it away to start afresh)`,
    );
  }
  try {
    return { store: storeFromSnapshot(parsed), text };
  } catch (error) {
    if (!(error instanceof SnapshotError)) throw error;
    throw new StateFileError(
      `sandbox: cannot load the state file ${file}: ${error.message} (move it away to start afresh)`,
    );
  }
}

const TEMPORARY = /\.[0-9a-f]{16}\.tmp$/;

/** Removes temporary files a killed process left beside `file` (they were never renamed, so never the state). */
export async function removeStaleTemporaries(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  const entries = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix) && TEMPORARY.test(name))
      .map((name) => unlink(join(dirname(file), name)).catch(() => undefined)),
  );
}

/**
 * Writes `text` to `file` atomically: a temporary file beside it, created exclusively (never through a planted link)
 * with an unpredictable name and mode 0600, written and fsynced, then renamed over `file`. A kill at any moment
 * leaves the old world or the new one, never a torn file.
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
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
}

/** The writes that started while no save ran: they are saved, and answered, together. */
interface Batch {
  applying: number;
  drained?: () => void;
  saved?: Promise<void>;
}

export interface StateFileOptions {
  /** The text of the world as last saved (what `loadStateFile` read); the current world is saved first when absent. */
  savedText?: string;
  /** Writes the file (tests inject a failing disk); default `writeAtomically`. */
  write?: (file: string, text: string) => Promise<void>;
  /** Where the operator reads that saving failed; default stderr. */
  log?: (line: string) => void;
}

const unavailable = (): Answer => ({
  status: 503,
  headers: { 'content-type': 'application/json; charset=utf-8', 'retry-after': '5' },
  body: JSON.stringify({
    status: 'error',
    message: 'The sandbox could not save its world to the state file, so this change was not kept; try again later.',
    errors: [{ field: 'state', message: 'the state file could not be written (see the sandbox log)' }],
  }),
});

/**
 * `sandbox.fetch` with the promise of --state: a request that may change the world is answered only once the world
 * holding it is on disk. Writes that run at the same time are saved by one file write; a write that changed nothing
 * (any answer but a 2xx) writes nothing. When saving fails, every write of that save answers 503, the last saved world
 * is put back (memory never runs ahead of the file), and the log says why.
 */
export async function persisting(
  file: string,
  sandbox: Sandbox,
  options: StateFileOptions = {},
): Promise<FetchHandler> {
  const write = options.write ?? writeAtomically;
  const log = options.log ?? ((line: string) => console.error(line));
  let savedText = options.savedText;
  if (savedText === undefined) {
    const text = JSON.stringify(await snapshotOf(sandbox.store));
    await write(file, text);
    savedText = text;
  }
  let open: Batch = { applying: 0 };
  let saving: Promise<void> | undefined;

  async function save(batch: Batch): Promise<void> {
    if (batch.applying > 0) await new Promise<void>((resolve) => (batch.drained = resolve));
    // No write applies while the world is read: the snapshot is one consistent moment.
    const text = JSON.stringify(await snapshotOf(sandbox.store));
    try {
      await write(file, text);
      savedText = text;
    } catch (error) {
      log(
        `sandbox: could not write the state file ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}): the writes of this save answered 503 and the last saved world is back in memory`,
      );
      sandbox.restore(storeFromSnapshot(JSON.parse(savedText as string)));
      throw error;
    }
  }

  function commit(batch: Batch): Promise<void> {
    batch.saved ??= (async () => {
      const current = (async () => {
        open = { applying: 0 };
        await save(batch);
      })();
      saving = current;
      try {
        await current;
      } finally {
        if (saving === current) saving = undefined;
      }
    })();
    return batch.saved;
  }

  const answer = answerHandlerOf(sandbox.fetch);
  if (!answer) throw new Error('persisting() needs the sandbox own fetch');
  return fetchHandlerOf(async (request: SandboxRequest) => {
    if (!mayChangeWorld(request)) return answer(request);
    // A write waits while a save runs: it belongs to the next save, never half to this one.
    while (saving) await saving.catch(() => undefined);
    const batch = open;
    batch.applying += 1;
    let answered: Answer;
    try {
      answered = await answer(request);
    } finally {
      batch.applying -= 1;
      if (batch.applying === 0) batch.drained?.();
    }
    if (answered.status < 200 || answered.status >= 300) return answered;
    try {
      await commit(batch);
    } catch {
      return unavailable();
    }
    return answered;
  });
}
