// The conformance part of npm run bench (docs/benchmarks.md "Conformance suite against the local sandbox"): the suite's
// wall time as a CLI process against a fresh sandbox, and in process against the sandbox's fetch.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult } from '../../conformance/engine/result.js';
import { loadProfile } from '../../conformance/profile.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { fmt, median } from './figures.js';
import { startSandboxProcess } from './targets.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs the conformance CLI (a fresh process, as a user runs it) against a fresh sandbox, `runs` times. */
export async function benchConformance(runs: number): Promise<string> {
  const walls: number[] = [];
  const inRun: number[] = [];
  let counts = '';
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-conformance-'));
  try {
    for (let run = 1; run <= runs; run++) {
      const sandbox = await startSandboxProcess();
      try {
        const report = join(dir, `run-${run}.json`);
        const started = performance.now();
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              '--import',
              'tsx',
              'conformance/cli/main.ts',
              '--target',
              'conformance/targets/sandbox.json',
              '--base-url',
              `${sandbox.origin}/api`,
              '--json',
              report,
            ],
            { cwd: root, stdio: 'ignore' },
          );
          child.once('exit', resolve);
        });
        walls.push(performance.now() - started);
        if (!existsSync(report)) {
          throw new Error(`conformance run ${run}: the CLI exited ${code} without a JSON report`);
        }
        const result = JSON.parse(readFileSync(report, 'utf8')) as {
          wallMs: number;
          summary: Pick<RunResult, 'passed' | 'failed' | 'skipped'>;
        };
        inRun.push(result.wallMs);
        const { passed, failed, skipped } = result.summary;
        counts = `${passed} passed, ${failed} failed, ${skipped} skipped (exit ${code})`;
        console.log(
          `conformance run ${run}: ${fmt(walls.at(-1) ?? 0)} ms process, ${fmt(result.wallMs)} ms in run; ${counts}`,
        );
      } finally {
        await sandbox.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const wall = median(walls);
  // In process: runConformance with the sandbox's fetch as the target, no port and no process start-up.
  const inProcess: number[] = [];
  let inProcessCounts = '';
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const result = await runConformance({
      target: createSandbox().fetch,
      profile: loadProfile('conformance/targets/sandbox.json', {}),
    });
    inProcess.push(performance.now() - started);
    inProcessCounts = `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`;
    console.log(`conformance in process ${run}: ${fmt(inProcess.at(-1) ?? 0)} ms; ${inProcessCounts}`);
  }
  const inProcessWall = median(inProcess);
  return [
    '## Conformance suite against the local sandbox',
    '',
    `Command: \`BENCH_CONFORMANCE_RUNS=${runs} npm run bench\`. Each run starts a fresh sandbox and runs`,
    '`npm run conformance -- --target conformance/targets/sandbox.json` as its own process; figures are medians.',
    '',
    '| measure | median ms |',
    '|---|---:|',
    `| whole CLI process (start-up, every check, clean-up, reports) | ${fmt(wall)} |`,
    `| the run itself (\`wallMs\` in the JSON report) | ${fmt(median(inRun))} |`,
    `| in process: \`runConformance({ target: createSandbox().fetch })\`, as a team's Vitest run calls it | ${fmt(inProcessWall)} |`,
    '',
    `- Goal: the full suite in 10 s or less: ${wall <= 10_000 ? 'met' : 'NOT met'}. Last run: ${counts}.`,
    `- Goal: the full suite in process in under 2 s: ${inProcessWall < 2_000 ? 'met' : 'NOT met'} (ratio to the goal ${(inProcessWall / 2_000).toFixed(2)}). Last run: ${inProcessCounts}.`,
  ].join('\n');
}
