// @task-management/conformance/vitest (docs/conformance.md, "In your Vitest suite"): the rules as Vitest tests, a
// `describe` per area and a `test` per rule, decided by one run of the suite before the first of them.
import { beforeAll, describe, type TestContext, test } from 'vitest';
import { cleanupShortfall, type RuleResult } from './engine/result.js';
import type { ProfileInput } from './profile.js';
import { describeLeftBehind, failureDetails, ladderLines } from './report/console.js';
import { ctrfReport } from './report/ctrf.js';
import { CLEANUP_TEST, jsonReport, junitReport, MISSING_TEST, writeReport } from './report/files.js';
import { harFailure, harReport } from './report/har.js';
import { htmlReport } from './report/html.js';
import { inertConsoleText, inertLine } from './report/inert-text.js';
import { passedInPart } from './report/partial.js';
import { unbuiltLines } from './report/unbuilt.js';
import { cleanupPhrase, missingPhrase, verdictOf } from './report/verdict.js';
import { AREAS, RULES, type Rule } from './rules.js';
import { type ConformanceOptions, type ConformanceResult, runThrough, selection } from './run-conformance.js';

export interface DescribeConformanceOptions extends Omit<ConformanceOptions, 'profile' | 'har'> {
  /** The profile, or a function that makes it once the suite starts (after your own `beforeAll`, e.g. a seed). */
  profile: ProfileInput | (() => ProfileInput | Promise<ProfileInput>);
  /**
   * Failed or not-verified SHOULD rules fail their tests too (default false: they are skipped, saying why), as
   * `--strict` makes them fail the CLI's run.
   */
  strict?: boolean;
  /**
   * Operations the profile declares missing (`missingOperations`) fail the ladder's test (default: `strict`), as
   * `--require-all` fails the CLI's run.
   */
  requireAll?: boolean;
  /** The name of the outer `describe` (default "conformance"). */
  name?: string;
  /** How long the run before the tests may take, in ms (default: the run's own bound plus a minute). */
  setupTimeoutMs?: number;
  /** Where to write the JSON report once the run is over (the CLI's `--json`): every check with its exchanges. */
  json?: string;
  /** Where to write the JUnit report once the run is over (the CLI's `--junit`). */
  junit?: string;
  /** Where to write every exchange of the checks as an HTTP Archive, secrets masked (the CLI's `--har`). */
  har?: string;
  /** Where to write the self-contained HTML report once the run is over (the CLI's `--html`). */
  html?: string;
  /** Where to write the CTRF report once the run is over (the CLI's `--ctrf`). */
  ctrf?: string;
}

/** Anything a suite collects: a test or a describe holding more. */
interface Collected {
  name: string;
  mode?: string;
  tasks?: Collected[];
}

const RULE_IDS = new Set(RULES.map((r) => r.id));

/**
 * The rule IDs of the tests Vitest will run (`-t`, `.only` and `.skip` mark the others), so only they are run; the
 * clean-up's test judges the run those select.
 */
function wantedRules(suite: Collected | undefined): string[] | undefined {
  if (!suite?.tasks) return undefined;
  const ids: string[] = [];
  const walk = (task: Collected) => {
    if (task.tasks) task.tasks.forEach(walk);
    else if (task.mode === 'run' || task.mode === undefined) {
      const id = task.name.split(' ')[0] as string;
      if (RULE_IDS.has(id)) ids.push(id);
    }
  };
  walk(suite);
  return ids;
}

/** What a failed rule says in the test's error: its text, the source's words, and each failed check with its curl. */
function failureMessage(rule: Rule, result: RuleResult): string {
  const lines = [`${rule.id} (${rule.level}): ${rule.text}`, `source: ${rule.source}`];
  for (const quote of rule.quotes ?? []) lines.push(`  "${quote}"`);
  lines.push(result.reason ?? 'failed', ...failureDetails(result, undefined, 'vitest'));
  return inertConsoleText(lines.join('\n'));
}

/**
 * What a rule that could not be verified says in the test's error: that nothing shows whether the server holds it,
 * why (the step that failed and the rule it belongs to), and the exchange where it failed.
 */
function unverifiedMessage(rule: Rule, result: RuleResult): string {
  const blockers = [...new Set(result.checks.flatMap((c) => (c.blockedBy ? [c.blockedBy] : [])))];
  const message = [
    `${rule.id} (${rule.level}): ${rule.text}`,
    `not verified: ${result.reason ?? 'a step it needs failed under another rule'}`,
    `Nothing shows whether the server holds this rule, so it fails the run as in the CLI (exit 1)${blockers.length ? `: fix ${blockers.join(', ')} first` : ''}.`,
    ...failureDetails(result, undefined, 'vitest'),
  ].join('\n');
  return inertConsoleText(message);
}

/** The failed checks of a rule in a skip note: each check's name and why, the first few, on one line. */
function failedChecks(result: RuleResult): string {
  const failed = result.checks.filter((c) => c.outcome === 'FAIL');
  const shown = failed.slice(0, 3).map((c) => `${c.name}: ${(c.reason ?? 'failed').split('\n')[0]}`);
  return inertLine([...shown, ...(failed.length > 3 ? [`and ${failed.length - 3} more`] : [])].join('; '));
}

/** A skip note: one line, inert (report/inert-text.ts), since it may quote the target. */
const skipNote = (t: TestContext, note: string): void => t.skip(inertLine(note));

async function decide(rule: Rule, run: ConformanceResult | undefined, strict: boolean, t: TestContext) {
  const result = run?.rules.find((r) => r.id === rule.id);
  if (!result) return t.skip('not selected in this run');
  switch (result.outcome) {
    case 'PASS': {
      // A pass in part says so with the count and why, as the CLI and the JSON report do.
      const why = passedInPart(result);
      if (why) await t.annotate(`passed in part: ${why}`, 'notice');
      return;
    }
    case 'SKIP':
      return skipNote(t, result.reason ?? 'skipped');
    case 'NOT_APPLICABLE':
      return skipNote(t, result.reason ?? 'not applicable');
    case 'UNVERIFIED':
      if (rule.level === 'MUST' || strict) throw new Error(unverifiedMessage(rule, result));
      return skipNote(
        t,
        `not verified (SHOULD: fails only with strict: true): ${result.reason ?? 'a step it needs failed under another rule'}`,
      );
    case 'FAIL': {
      const message = failureMessage(rule, result);
      if (rule.level === 'MUST' || strict) throw new Error(message);
      await t.annotate(message, 'warning');
      return skipNote(
        t,
        `SHOULD not met (fails only with strict: true): ${result.reason ?? 'failed'}: ${failedChecks(result)}`,
      );
    }
  }
}

/**
 * The clean-up's test: it passes when the run removed everything the API can delete and searched every list it had to.
 * Otherwise it lists what was left; it fails with strict, as the CLI's --strict fails the run for it, and is skipped
 * with a warning without: a leftover fails no rule (the server may hold every one), yet a team must see it.
 */
async function decideCleanup(run: ConformanceResult | undefined, strict: boolean, t: TestContext) {
  if (!run) return t.skip('no rule ran');
  const shortfall = cleanupShortfall(run.leftBehind);
  if (shortfall === undefined) return;
  const message = inertConsoleText(
    [
      cleanupPhrase(shortfall),
      'Left behind on the target:',
      ...describeLeftBehind(run.leftBehind, 'vitest').map((l) => `  - ${l}`),
    ].join('\n'),
  );
  if (strict) throw new Error(message);
  await t.annotate(message, 'warning');
  return skipNote(t, `${cleanupPhrase(shortfall)} (fails only with strict: true)`);
}

/**
 * The ladder's test: it passes when the profile declares no operation missing. Otherwise it lists each missing operation
 * with the rules it would unlock; it fails with requireAll (or strict), as the CLI's --require-all fails the run, and is
 * skipped saying so without.
 */
async function decideMissing(run: ConformanceResult | undefined, requireAll: boolean, t: TestContext) {
  if (!run) return t.skip('no rule ran');
  if (run.missingOperations.length === 0) return;
  const message = inertConsoleText(ladderLines(run, requireAll, 'vitest').join('\n'));
  if (requireAll) throw new Error(message);
  await t.annotate(message, 'notice');
  return skipNote(t, `${missingPhrase(run.missingOperations)} (fails only with requireAll: true)`);
}

/** Writes the reports asked for, as the CLI writes its `--json`, `--junit`, `--har`, `--html` and `--ctrf` files. */
function writeReports(
  run: ConformanceResult,
  strict: boolean,
  requireAll: boolean,
  files: Pick<DescribeConformanceOptions, 'json' | 'junit' | 'har' | 'html' | 'ctrf'>,
) {
  const verdict = verdictOf(run, { strict, requireAll });
  if (files.json) writeReport(files.json, jsonReport(run, verdict));
  if (files.junit) writeReport(files.junit, junitReport(run, verdict));
  if (files.har) writeReport(files.har, harReport(run.har ?? harFailure('the run returned no archive')));
  if (files.html) writeReport(files.html, htmlReport(run, verdict));
  if (files.ctrf) writeReport(files.ctrf, ctrfReport(run, verdict));
}

/**
 * Registers the conformance rules as Vitest tests against `target`: one test per rule that `only` and `skip` select
 * (every rule by default). Call it at the top level of a test file (or in a `describe`); everything `runConformance`
 * takes, it takes, with `profile` optionally a factory. A rule whose test fails here fails the CLI's run too: a failed
 * or not-verified MUST rule (and SHOULD rule with `strict`).
 */
export function describeConformance(options: DescribeConformanceOptions): void {
  const {
    profile,
    strict = false,
    requireAll = strict,
    name = 'conformance',
    setupTimeoutMs,
    json,
    junit,
    har,
    html,
    ctrf,
    only,
    skip,
    ...rest
  } = options;
  const bound = setupTimeoutMs ?? (rest.totalTimeoutMs ?? 300_000) + 60_000;
  // Here, not in the run: a mistyped rule in `only` fails the file as it is collected, naming the option.
  const selected = selection(only, skip, 'vitest');
  describe(name, () => {
    let run: ConformanceResult | undefined;
    // A function without parameters: Vitest reads a listener's first parameter as a list of fixtures.
    beforeAll(async function runSuiteOnce() {
      // biome-ignore lint/complexity/noArguments: the suite is the argument with tasks, wherever the Vitest version puts it
      const args: unknown[] = [...arguments];
      const suite = args.find((a): a is Collected => Array.isArray((a as Collected | undefined)?.tasks));
      // The tests Vitest will run (`-t`, `.only`) among those `only` and `skip` registered.
      const wanted = wantedRules(suite) ?? [...selected];
      if (wanted.length === 0) return;
      const chosen = typeof profile === 'function' ? await profile() : profile;
      run = await runThrough('vitest', { ...rest, profile: chosen, only: wanted, ...(har ? { har: true } : {}) });
      // What the preflight said before any rule ran (the CLI prints it as the run starts): a full account, a board.
      // Each may quote the target: printed inert (report/inert-text.ts), as the CLI prints it.
      const warn = (text: string) => console.warn(inertConsoleText(`conformance: ${text}`));
      for (const warning of run.warnings ?? []) warn(`warning: ${warning}`);
      for (const problem of run.problems) warn(problem);
      // The ladder first: what to build next, each operation with the rules it would unlock.
      const ladder = ladderLines(run, requireAll, 'vitest');
      if (ladder.length > 0) warn(ladder.join('\n'));
      // Routes that answer like nobody wrote them, said once with the line that declares them (it excuses nothing).
      const unbuilt = unbuiltLines(run, 'vitest');
      if (unbuilt.length > 0) warn(unbuilt.join('\n'));
      const shortfall = cleanupShortfall(run.leftBehind);
      if (shortfall !== undefined) warn(cleanupPhrase(shortfall));
      writeReports(run, strict, requireAll, { json, junit, har, html, ctrf });
    }, bound);
    for (const area of AREAS) {
      const rules = RULES.filter((r) => r.area === area.area && selected.has(r.id));
      if (rules.length === 0) continue;
      describe(area.title, () => {
        for (const rule of rules) test(`${rule.id} ${rule.text}`, (t) => decide(rule, run, strict, t));
      });
    }
    test(MISSING_TEST, (t) => decideMissing(run, requireAll, t));
    // A read-only run creates nothing: a clean-up test could not fail.
    if (!rest.readOnly) test(CLEANUP_TEST, (t) => decideCleanup(run, strict, t));
  });
}
