// The vitest reporter of a conformance run: progress while it runs, and every check's outcome collected for the report.
import { basename } from 'node:path';
import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import { ruleIdOf } from './rules.js';

export interface CollectedCheck {
  rule: string;
  name: string;
  file: string;
  state: 'passed' | 'failed' | 'skipped' | 'pending';
  /** Skip note, or the failure messages. */
  reason?: string;
  /** Skipped by the check itself, with its reason (not by a stopped run). */
  skippedOnPurpose: boolean;
  /** Could not be set up: the rule covering the step that failed (the check is not verified). */
  blockedBy?: string;
  exchangeIds: string[];
  /** Everything a failed check sent, in order. */
  stepIds: string[];
  ms: number;
}

export interface CollectingReporter extends Reporter {
  /** Starts a new run: forgets the last one, sends progress text (already line-terminated) to `write`. */
  begin(write: (text: string) => void): void;
  checks(): CollectedCheck[];
  problems(): string[];
}

const firstLine = (s: string): string => s.split('\n')[0] ?? s;

function collect(test: TestCase): CollectedCheck | undefined {
  const rule = ruleIdOf(test.name);
  if (!rule) return undefined;
  const result = test.result();
  const reason =
    result.state === 'skipped'
      ? result.note
      : result.state === 'failed'
        ? result.errors.map((e) => e.message).join('\n')
        : undefined;
  return {
    rule,
    name: test.name,
    file: basename(test.module.moduleId),
    state: result.state,
    ...(reason ? { reason } : {}),
    exchangeIds: test.meta().conformanceExchanges ?? [],
    stepIds: test.meta().conformanceSteps ?? [],
    skippedOnPurpose: test.meta().conformanceSkipped === true,
    ...(test.meta().conformanceBlockedBy ? { blockedBy: test.meta().conformanceBlockedBy } : {}),
    ms: Math.round(test.diagnostic()?.duration ?? 0),
  };
}

/** Progress names files and counts only: nothing a check received goes through it. */
export function createReporter(): CollectingReporter {
  let write: (text: string) => void = () => undefined;
  let collected: CollectedCheck[] = [];
  let problems: string[] = [];
  let done = 0;
  let failed = 0;

  return {
    begin(output) {
      write = output;
      collected = [];
      problems = [];
      done = 0;
      failed = 0;
    },
    checks: () => collected,
    problems: () => problems,
    onTestRunStart(specifications) {
      write(`Running ${specifications.length} check files…\n`);
    },
    onTestCaseResult(test) {
      done++;
      if (test.result().state === 'failed') failed++;
    },
    onTestModuleEnd(module: TestModule) {
      const tests = [...module.children.allTests()];
      const count = (s: string) => tests.filter((t) => t.result().state === s).length;
      const mark = count('failed') > 0 ? '✗' : '✓';
      const ms = Math.round(module.diagnostic().duration);
      write(
        `  ${mark} ${basename(module.moduleId).padEnd(26)} ${String(count('passed')).padStart(3)} passed, ${String(count('failed')).padStart(3)} failed, ${String(count('skipped')).padStart(3)} skipped  (${ms} ms; ${done} checks so far, ${failed} failed)\n`,
      );
    },
    onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<SerializedError>) {
      collected = modules.flatMap((m) => [...m.children.allTests()].flatMap((t) => collect(t) ?? []));
      for (const m of modules) {
        for (const e of m.errors()) problems.push(`${basename(m.moduleId)}: ${firstLine(e.message)}`);
      }
      for (const e of unhandled) problems.push(`unhandled error: ${firstLine(e.message)}`);
    },
  };
}
