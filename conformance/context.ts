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
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunContext;
  }
}
