// What the runner hands every check file through vitest's provide/inject: the profile and the run's options.
import type { Profile } from './profile.js';

export interface RunContext {
  profile: Profile;
  /** Unique per run; in the title of everything the run creates. */
  marker: string;
  /** Where check files append their exchanges and ledgers. */
  runDir: string;
  /** Rule IDs to run; the checks of other rules skip themselves. */
  selected: string[];
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

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunContext;
  }
}
