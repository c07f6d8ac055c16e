// The settings of one run as checks see them (docs/conformance.md, "Flags"): the profile, the run marker and the bounds.
import type { Profile } from '../profile.js';
import type { EntryPoint } from './entry-points.js';

/** The settings of one run, as checks see them (`h.run`). */
export interface RunSettings {
  /** The entry point the run came through (`door`): a hint a check writes names what it offers (`replayHint`). */
  door: EntryPoint;
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
