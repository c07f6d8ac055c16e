// --state FILE for the node host (docs/sandbox.md "Persistence"): load the world at start, write it back atomically after each change.
import { open, readdir, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { answerHandlerOf, type FetchHandler, fetchHandlerOf, type Sandbox, type SandboxRequest } from '../core/app.js';
import type { Store } from '../domain/store.js';
import { SnapshotError, snapshotOf, storeFromSnapshot } from './snapshot.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The world saved in `file`, or undefined when there is none yet. A file that cannot be loaded is an error. */
export async function loadStateFile(file: string): Promise<Store | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return storeFromSnapshot(JSON.parse(text));
  } catch (error) {
    const reason = error instanceof SnapshotError ? error.message : 'not valid JSON';
    throw new Error(`sandbox: cannot load the state file ${file}: ${reason} (move it away to start afresh)`);
  }
}

/** Removes temporary files a killed process left beside `file` (they were never renamed, so never the state). */
export async function removeStaleTemporaries(file: string): Promise<void> {
  const prefix = `${basename(file)}.`;
  const entries = await readdir(dirname(file)).catch(() => [] as string[]);
  await Promise.all(
    entries
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => unlink(join(dirname(file), name)).catch(() => undefined)),
  );
}

/**
 * Saves the sandbox's world to `file`: a temporary file in the same folder is written and fsynced, then renamed over
 * the old one, so a kill at any moment leaves either the old or the new world, never a torn file. Saves run one at a
 * time; changes made while one runs are all written by the next.
 */
export function createStateWriter(file: string, sandbox: Pick<Sandbox, 'store'>): () => Promise<void> {
  let chain = Promise.resolve();
  let next: Promise<void> | undefined;
  let count = 0;

  async function writeOnce(): Promise<void> {
    const text = JSON.stringify(await snapshotOf(sandbox.store));
    count += 1;
    const temporary = `${file}.${process.pid}.${count}.tmp`;
    const handle = await open(temporary, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, file);
  }

  return () => {
    if (next) return next;
    next = chain.then(() => {
      // From here on, a new change needs a new save: this one may have read the world before it.
      next = undefined;
      return writeOnce();
    });
    chain = next.catch(() => undefined);
    return next;
  };
}

/** `inner`, answering each request that may change the world only once the world is saved. */
export function persisting(inner: FetchHandler, save: () => Promise<void>): FetchHandler {
  const saved = async (request: SandboxRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method.toUpperCase())) return;
    try {
      await save();
    } catch (error) {
      // The change is in memory but not on disk: say so where the operator looks, without request contents.
      console.error(`sandbox: could not write the state file: ${(error as NodeJS.ErrnoException).code ?? error}`);
    }
  };
  // Over the sandbox's own fetch, persist beneath it too, so the node host keeps its path without Request/Response.
  const answer = answerHandlerOf(inner);
  if (answer) {
    return fetchHandlerOf(async (request) => {
      const answered = await answer(request);
      await saved(request);
      return answered;
    });
  }
  return async (request) => {
    const response = await inner(request);
    await saved(request);
    return response;
  };
}
