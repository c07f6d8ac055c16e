// describeConformance (docs/conformance.md, "In your Vitest suite"): the sandbox's rules as this file's own tests, and
// a team-style file run in a Vitest of its own, which passes against the sandbox and fails, naming the rule, against
// a fault.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../conformance/rules.js';
import { describeConformance } from '../../conformance/vitest.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

describeConformance({
  name: 'the sandbox, in process, as Vitest tests',
  target: createSandbox().fetch,
  profile: DEMO_PROFILE,
});

/** Runs the team-style file in a Vitest of its own; `FAULT` names a fault variant of the sandbox, or none. */
function vitestRun(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts', ...args],
    { encoding: 'utf8', env: { ...process.env, ...env, NO_COLOR: '1', FORCE_COLOR: '0' }, timeout: 120_000 },
  );
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('a team-style test file in its own Vitest run', () => {
  it('registers one named test per rule and passes against the sandbox; -t picks rules', () => {
    const run = vitestRun({}, '--reporter', 'verbose', '-t', 'TOKEN-0');
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain('TOKEN-01 ');
    expect(run.output).toMatch(new RegExp(`Tests\\s+\\d+ passed \\| \\d+ skipped \\(${RULES.length}\\)`));
  }, 130_000);

  it('fails against a fault, naming the rule, its source and a curl line', () => {
    const run = vitestRun({ FAULT: 'errorPayloadDropped' });
    expect(run.status).toBe(1);
    expect(run.output).toContain(
      'FAIL  test/conformance/fixtures/sandbox.conformance.ts > conformance > Envelope and errors > ENV-02',
    );
    expect(run.output).toContain('ENV-02 (MUST): Every 4xx or 5xx answer carries an error payload');
    expect(run.output).toContain('source: §7 rules 1 and 3');
    expect(run.output).toContain('"An error payload is returned on failure."');
    expect(run.output).toContain('curl:');
  }, 130_000);
});
