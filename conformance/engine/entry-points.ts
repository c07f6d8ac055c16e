// The entry point a run came through (docs/conformance.md, "In your Vitest suite", "From a script", "Flags"): the CLI, code
// calling runConformance, or describeConformance in a Vitest run. A hint names what the entry point in use offers: a flag,
// an option of runConformance, or an option of describeConformance.

export type EntryPoint = 'cli' | 'code' | 'vitest';

/** How to run one rule's generated cases again, with the same requests. */
export function replayHint(door: EntryPoint, rule: string, seed: number, maxExamples: number): string {
  if (door === 'cli') return `--only ${rule} --seed ${seed} --max-examples ${maxExamples}`;
  const options = `only: ['${rule}'], seed: ${seed}, maxExamples: ${maxExamples}`;
  return door === 'vitest' ? `describeConformance({ …, ${options} })` : `runConformance({ …, ${options} })`;
}

/** Where every failed check of a rule is, when a report shows the first few. */
export function allFailuresHint(door: EntryPoint): string {
  switch (door) {
    case 'cli':
      return 'all of them are in --json and --junit';
    case 'code':
      return "all of them are in the result's rules[].checks, and in jsonReport(result)";
    case 'vitest':
      return "all of them are in the report describeConformance's json or junit option writes";
  }
}

/** Where every request of a failed check is, when a report shows the last few. */
export function allStepsHint(door: EntryPoint): string {
  switch (door) {
    case 'cli':
      return 'in --json';
    case 'code':
      return "in the result's checks, and in jsonReport(result)";
    case 'vitest':
      return "in the report describeConformance's json option writes";
  }
}

/** Where every leftover of the clean-up is, when the console shows the first few. */
export function allLeftBehindHint(door: EntryPoint): string {
  switch (door) {
    case 'cli':
      return 'all of them are in --json';
    case 'code':
      return "all of them are in the result's leftBehind";
    case 'vitest':
      return "all of them are in the report describeConformance's json option writes";
  }
}

/** How to send no registration request. */
export const noRegisterHint = (door: EntryPoint): string => (door === 'cli' ? '--no-register' : 'register: false');

/** How SHOULD rules come to count like MUST rules. */
export function strictHint(door: EntryPoint): string {
  switch (door) {
    case 'cli':
      return '--strict';
    case 'code':
      return 'verdictOf(result, { strict: true })';
    case 'vitest':
      return 'strict: true';
  }
}

/** Where a profile field comes from: the CLI reads it from the file or its variable, code from the profile object. */
export const profileFieldHint = (door: EntryPoint, field: string, variable: string): string =>
  door === 'cli' ? `${field}, ${variable}` : `profile.${field}`;

/** Where the REST base address comes from. */
export const baseUrlHint = (door: EntryPoint): string =>
  door === 'cli'
    ? 'baseUrl (CONFORMANCE_BASE_URL, or --base-url)'
    : 'the target (for an app in process, the path of profile.baseUrl)';

/** What to do about a target that does not answer at all. */
export const unreachableHint = (door: EntryPoint): string =>
  door === 'cli'
    ? 'Give its REST base address with --base-url <url>, or only its port with --port <n>'
    : 'Pass its REST base address as target, or the app itself (a fetch handler, a request listener or an http.Server)';
