// The run a check belongs to (docs/conformance.md, "How a run works"): check modules are imported once per process
// but the suite may run many times in it, side by side; the runner sets the current run, file and check around every
// check with AsyncLocalStorage, and the harness reads them from here.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Profile } from '../profile.js';
import type { Actors } from './actors.js';
import type { Answer, Recorder } from './recorder.js';
import type { Redactor } from './redact.js';

/** The settings of one run, as checks see them (`h.run`). */
export interface RunSettings {
  profile: Profile;
  /** Unique per run; in the title of everything the run creates. */
  marker: string;
  readOnly: boolean;
  /** False with --no-register: no registration request is sent. */
  register: boolean;
  /** Per request. */
  timeoutMs: number;
  /** fast-check's seed for the generated cases (`--seed`); the same seed sends the same requests. */
  seed?: number;
  /** Valid and broken requests per operation in the generated cases (`--max-examples`). */
  maxExamples?: number;
}

export interface RunState {
  settings: RunSettings;
  recorder: Recorder;
  redactor: Redactor;
  /** The actors of a check file (one login per account and file, as a file's checks share sessions). */
  actors(file: string): Actors;
  /** `h.once` values of this run, by the fixture they belong to. */
  onces: Map<object, Promise<unknown>>;
}

export interface CheckState {
  name: string;
  /** Every answer the check received, in order. */
  answers: Answer[];
  /** The answer to show if the check fails. */
  blamed?: Answer;
}

export interface Scope {
  run: RunState;
  file: string;
  check?: CheckState;
}

export const current = new AsyncLocalStorage<Scope>();

/** The scope of the running check; outside a run it is a mistake (e.g. a check file reading `h.run` at load time). */
export function scope(what: string): Scope {
  const found = current.getStore();
  if (!found) throw new Error(`${what} is only available while a check runs (not when a check file is loaded)`);
  return found;
}
