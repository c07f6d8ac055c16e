// describeConformance's seed, maxExamples, setupTimeoutMs and signal (docs/conformance.md "In your Vitest suite":
// "Every option of runConformance below is accepted … plus … setupTimeoutMs"; docs/generated-cases.md: "the same seed
// sends the same requests", maxExamples "valid and broken requests per operation"), each given in a team-style file
// run in a Vitest of its own (fixtures/options/options.conformance.ts), and judged by what the user sees: the requests
// its HAR report holds against runConformance's with the same options, Vitest's hook timeout, the run's stop.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_BOUND_MS } from '../support/cli-process.js';
import { processRun } from '../support/node-process.js';
import { HANG_MS } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'conformance-door-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The team file in a Vitest of its own, with `env`; killed at `boundMs` (then `status` is null): a run that outlives
 * it is a hang, not a slow machine.
 */
function teamRun(
  env: Record<string, string>,
  boundMs = CLI_BOUND_MS,
): Promise<{ status: number | null; output: string }> {
  const args = [
    'node_modules/vitest/vitest.mjs',
    'run',
    '--config',
    'test/conformance/fixtures/options/vitest.config.ts',
  ];
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(VITEST|CONFORMANCE_|GITHUB_|TEST$|NODE_ENV$)/.test(k)),
  );
  const child = spawn(process.execPath, [...args, '--reporter', 'verbose'], {
    cwd: root,
    env: { ...clean, ...env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c) => {
    output += c;
  });
  child.stderr.on('data', (c) => {
    output += c;
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), boundMs);
  return new Promise((resolve) =>
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output });
    }),
  );
}

interface Har {
  log: { entries: { request: { method: string; url: string; postData?: { text?: string } } }[] };
}

/**
 * The requests of a HAR, one line each, less what differs between two runs with the same seed: the run's marker and
 * the ids of the objects the run makes (docs/generated-cases.md), here the tokens' random keys, and the titles, which
 * carry a counter of this process's sends before the generated text (unique per send, `cases/sender.ts`).
 */
function requestsOf(har: Har): string[] {
  const marker = /"conformance_run\\?":\\?"([^"\\]+)/.exec(JSON.stringify(har))?.[1] ?? '<none>';
  return har.log.entries.map(({ request }) => {
    let body = request.postData?.text ?? '';
    try {
      const parsed = JSON.parse(body) as unknown;
      if (parsed && typeof parsed === 'object' && 'title' in parsed) delete (parsed as { title?: unknown }).title;
      body = JSON.stringify(parsed);
    } catch {
      // Not JSON (a broken request's body): kept as sent.
    }
    return `${request.method} ${request.url} ${body}`
      .replaceAll(marker, '<run>')
      .replace(/tok_[0-9a-f]+/g, 'tok_<key>');
  });
}

/** runConformance's requests for the generated cases, in a process of its own, as the door's run is. */
async function runRequests(seed: number, maxExamples: number): Promise<string[]> {
  const har = join(dir, `run-seed-${seed}-max-${maxExamples}.har`);
  const script = 'test/conformance/fixtures/options/run-conformance-har.ts';
  const run = await processRun(['--import', 'tsx', script, String(seed), String(maxExamples), har], {});
  expect(run.status, run.output).toBe(0);
  return requestsOf(JSON.parse(readFileSync(har, 'utf8')) as Har);
}

const doorRuns = new Map<string, Promise<string[]>>();
/** The team file's requests, with the seed and maxExamples given to describeConformance (each pair run once). */
function doorRequests(seed: number, maxExamples: number): Promise<string[]> {
  const key = `${seed}/${maxExamples}`;
  const known = doorRuns.get(key) ?? doorRun(seed, maxExamples);
  doorRuns.set(key, known);
  return known;
}
async function doorRun(seed: number, maxExamples: number): Promise<string[]> {
  const har = join(dir, `seed-${seed}-max-${maxExamples}.har`);
  const run = await teamRun({ ONLY: 'generated', SEED: String(seed), MAX_EXAMPLES: String(maxExamples), HAR: har });
  expect(run.status, run.output).toBe(0);
  return requestsOf(JSON.parse(readFileSync(har, 'utf8')) as Har);
}

describe('describeConformance({ seed, maxExamples })', () => {
  it(
    'sends the requests runConformance sends with the same seed and maxExamples, and other requests for another seed',
    async () => {
      // Three processes of their own, side by side: none reads another's requests.
      const [door, same, other] = await Promise.all([doorRequests(7, 1), runRequests(7, 1), runRequests(1, 1)]);
      expect(door).toEqual(same);
      expect(door).not.toEqual(other);
    },
    CLI_BOUND_MS + HANG_MS,
  );

  it(
    'sends more requests for a larger maxExamples, those runConformance sends with it',
    async () => {
      const [door, same, fewer] = await Promise.all([doorRequests(7, 2), runRequests(7, 2), doorRequests(7, 1)]);
      expect(door).toEqual(same);
      expect(door.length).toBeGreaterThan(fewer.length);
    },
    CLI_BOUND_MS + HANG_MS,
  );
});

describe('describeConformance({ setupTimeoutMs })', () => {
  it(
    "bounds the run before the tests: a target that never answers fails the file at that bound, not the run's hour",
    async () => {
      const run = await teamRun({ HANG: '1', SETUP_TIMEOUT_MS: '3000', ONLY: 'TOKEN-01' });
      expect(run.status, run.output).toBe(1);
      expect(run.output).toContain('Hook timed out in 3000ms');
    },
    CLI_BOUND_MS + HANG_MS,
  );
});

describe('describeConformance({ signal })', () => {
  it(
    'stops the run when the signal aborts, cleans up, and fails the rules it did not judge, saying so',
    async () => {
      const json = join(dir, 'aborted.json');
      const run = await teamRun({ ONLY: 'tokens', ABORT_ON: '/member/bearer-tokens/', JSON_REPORT: json });
      expect(run.status, run.output).toBe(1);
      expect(run.output).toContain('conformance: the run stopped early: interrupted');
      const report = JSON.parse(readFileSync(json, 'utf8')) as { leftBehind: unknown[]; problems: string[] };
      expect(report.problems).toContain('the run stopped early: interrupted');
      // The token created before the stop was deleted by the clean-up: nothing left behind.
      expect(report.leftBehind).toEqual([]);
    },
    CLI_BOUND_MS + HANG_MS,
  );
});
