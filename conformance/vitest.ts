// @task-management/conformance/vitest (docs/conformance.md, "In your Vitest suite"): the rules as Vitest tests, a
// `describe` per area and a `test` per rule, decided by one run of the suite before the first of them.
import { beforeAll, describe, type TestContext, test } from 'vitest';
import type { RuleResult } from './engine/result.js';
import type { ProfileInput } from './profile.js';
import { failureDetails } from './report/console.js';
import { AREAS, RULES, type Rule } from './rules.js';
import { type ConformanceOptions, type ConformanceResult, runConformance } from './run.js';

export interface DescribeConformanceOptions extends Omit<ConformanceOptions, 'profile' | 'only'> {
  /** The profile, or a function that makes it once the suite starts (after your own `beforeAll`, e.g. a seed). */
  profile: ProfileInput | (() => ProfileInput | Promise<ProfileInput>);
  /** Failed SHOULD rules fail their tests too (default false: they are skipped, saying they were not met). */
  strict?: boolean;
  /** The name of the outer `describe` (default "conformance"). */
  name?: string;
  /** How long the run before the tests may take, in ms (default: the run's own bound plus a minute). */
  setupTimeoutMs?: number;
}

/** Anything a suite collects: a test or a describe holding more. */
interface Collected {
  name: string;
  mode?: string;
  tasks?: Collected[];
}

/** The rule IDs of the tests Vitest will run (`-t`, `.only` and `.skip` mark the others), so only they are run. */
function wantedRules(suite: Collected | undefined): string[] | undefined {
  if (!suite?.tasks) return undefined;
  const ids: string[] = [];
  const walk = (task: Collected) => {
    if (task.tasks) task.tasks.forEach(walk);
    else if (task.mode === 'run' || task.mode === undefined) ids.push(task.name.split(' ')[0] as string);
  };
  walk(suite);
  return ids;
}

/** What a failed rule says in the test's error: its text, the source's words, and each failed check with its curl. */
function failureMessage(rule: Rule, result: RuleResult): string {
  const lines = [`${rule.id} (${rule.level}): ${rule.text}`, `source: ${rule.source}`];
  for (const quote of rule.quotes ?? []) lines.push(`  "${quote}"`);
  lines.push(result.reason ?? 'failed', ...failureDetails(result));
  return lines.join('\n');
}

async function decide(rule: Rule, run: ConformanceResult | undefined, strict: boolean, t: TestContext) {
  const result = run?.rules.find((r) => r.id === rule.id);
  if (!result) return t.skip('not selected in this run');
  switch (result.outcome) {
    case 'PASS':
      return;
    case 'SKIP':
      return t.skip(result.reason ?? 'skipped');
    case 'UNVERIFIED':
      return t.skip(`not verified: ${result.reason ?? 'a step it needs failed under another rule'}`);
    case 'FAIL': {
      const message = failureMessage(rule, result);
      if (rule.level === 'MUST' || strict) throw new Error(message);
      await t.annotate(message, 'warning');
      return t.skip(`SHOULD not met (fails only with strict: true): ${result.reason ?? 'failed'}`);
    }
  }
}

/**
 * Registers the conformance rules as Vitest tests against `target`. Call it at the top level of a test file (or in
 * a `describe`); everything `runConformance` takes, it takes, with `profile` optionally a factory.
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  const { profile, strict = false, name = 'conformance', setupTimeoutMs, ...rest } = options;
  const bound = setupTimeoutMs ?? (rest.totalTimeoutMs ?? 300_000) + 60_000;
  describe(name, () => {
    let run: ConformanceResult | undefined;
    // A function without parameters: Vitest reads a listener's first parameter as a list of fixtures.
    beforeAll(async function runSuiteOnce() {
      // biome-ignore lint/complexity/noArguments: the suite is the argument with tasks, wherever the Vitest version puts it
      const args: unknown[] = [...arguments];
      const suite = args.find((a): a is Collected => Array.isArray((a as Collected | undefined)?.tasks));
      const only = wantedRules(suite);
      if (only && only.length === 0) return;
      const chosen = typeof profile === 'function' ? await profile() : profile;
      run = await runConformance({ ...rest, profile: chosen, ...(only ? { only } : {}) });
      for (const problem of run.problems) console.warn(`conformance: ${problem}`);
    }, bound);
    for (const area of AREAS) {
      const rules = RULES.filter((r) => r.area === area.area);
      if (rules.length === 0) continue;
      describe(area.title, () => {
        for (const rule of rules) test(`${rule.id} ${rule.text}`, (t) => decide(rule, run, strict, t));
      });
    }
  });
}
