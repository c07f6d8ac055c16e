// The run a check belongs to (docs/conformance.md, "How a run works"): check modules are imported once per process
// but the suite may run many times in it, side by side; the runner sets the current run, file and check around every
// check with AsyncLocalStorage, and the harness reads them from here.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Actors } from './actors.js';
import type { Answer } from './exchange-record.js';
import type { Recorder } from './recorder.js';
import type { Redactor } from './redact.js';
import type { Room } from './room.js';
import type { RunSettings } from './settings.js';

export interface RunState {
  settings: RunSettings;
  recorder: Recorder;
  redactor: Redactor;
  /** The actors of a check file (one login per account and file, as a file's checks share sessions). */
  actors(file: string): Actors;
  /** The next number for `h.title`: every object the run creates gets a name of its own. */
  nextTitle(): number;
  /** `h.once` values of this run, by the fixture they belong to. */
  onces: Map<object, Promise<unknown>>;
  /** The member's room the preflight counted (engine/room.ts): a limit answer's reason gives its numbers. */
  room: Room[];
}

export interface CheckState {
  name: string;
  /** Every answer the check received, in order. */
  answers: Answer[];
  /** The answer to show if the check fails. */
  blamed?: Answer;
  /** What the check found worth saying whatever its outcome (a server that reused a deleted id). */
  notes?: string[];
}

export interface Scope {
  run: RunState;
  file: string;
  check?: CheckState;
  /** What the requests sent here are, where the check's name does not say it (a generated request): the HAR's label. */
  label?: string;
}

export const current = new AsyncLocalStorage<Scope>();

/** The scope of the running check; outside a run it is a mistake (e.g. a check file reading `h.run` at load time). */
export function scope(what: string): Scope {
  const found = current.getStore();
  if (!found) throw new Error(`${what} is only available while a check runs (not when a check file is loaded)`);
  return found;
}
