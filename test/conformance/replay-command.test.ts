// The replay command a --json report records on each failed check (docs/conformance.md, "Replaying a failure"):
// `task-conformance replay report.json --target profile.json --rule TOKEN-06 --check 1`, the report and profile files as
// given, `--check` counting the rule's checks from 1; a shell reads each file name back as it was given. Unit tests of
// conformance/report/replay-info.ts (the CLI runs that write and replay it are in replay.test.ts).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { RuleResult } from '../../conformance/engine/result.js';
import { jsonReport } from '../../conformance/report/files.js';
import { checksWithReplay, type ReplayInfo, replayCommand } from '../../conformance/report/replay-info.js';
import { checkResult, runResultOf } from '../support/check-result.js';

const settings = {
  seed: 1,
  maxExamples: 10,
  readOnly: false,
  register: true,
  preflight: true,
  timeoutMs: 1000,
  totalTimeoutMs: 10000,
};
const info = (file: string, target?: string): ReplayInfo => ({
  file,
  run: { ...settings, ...(target === undefined ? {} : { target }) },
});

/** The words a POSIX shell reads from the command's arguments (after `task-conformance replay`). */
const wordsOf = (command: string): string[] => {
  const args = command.replace(/^task-conformance replay /, '');
  const out = spawnSync('sh', ['-c', `printf '%s\\0' ${args}`], { encoding: 'utf8' });
  return out.stdout.split('\0').slice(0, -1);
};

describe('the replay command', () => {
  it('names the report, the profile as given, the rule and the check', () => {
    expect(replayCommand(info('report.json', 'profile.json'), 'TOKEN-06', 1)).toBe(
      'task-conformance replay report.json --target profile.json --rule TOKEN-06 --check 1',
    );
    // A run whose every value came from CONFORMANCE_* variables has no profile file to name.
    expect(replayCommand(info('reports/c.json'), 'AUTH-01', 3)).toBe(
      'task-conformance replay reports/c.json --rule AUTH-01 --check 3',
    );
  });

  it.each([
    ['plain path characters', './reports/run-1_a.b:c@d%e+f=g,h.json'],
    ['a space', 'my reports/run 1.json'],
    ['a quote', "it's.json"],
    ['shell syntax', '$(touch pwned) `x` ; | & > < * ? ~ # ! { } [ ] \\ "'],
    ['a newline', 'a\nb.json'],
    ['nothing but a dash', '-'],
  ])('writes file names with %s so that a shell reads them back as given', (_, name) => {
    const command = replayCommand(info(name, name), 'AUTH-01', 1);
    expect(wordsOf(command)).toEqual([name, '--target', name, '--rule', 'AUTH-01', '--check', '1']);
  });

  it('leaves a name of plain path characters bare', () => {
    expect(replayCommand(info('./r-1_a.b:c@d%e+f=g,h.json'), 'A', 1)).toContain(' ./r-1_a.b:c@d%e+f=g,h.json ');
  });

  it('puts the command on each failed check of the rule, counted from 1 in the rule order, and on no other', () => {
    const rule = {
      id: 'TOKEN-06',
      checks: [checkResult('TOKEN-06', 'PASS'), checkResult('TOKEN-06', 'FAIL', 'x'), checkResult('TOKEN-06', 'SKIP')],
    } as RuleResult;
    const checks = checksWithReplay(rule, info('r.json'));
    expect(checks.map((c) => c.replay)).toEqual([
      undefined,
      'task-conformance replay r.json --rule TOKEN-06 --check 2',
      undefined,
    ]);
    expect(checks.map((c) => 'replay' in c)).toEqual([false, true, false]);
    expect(checks[1]).toMatchObject({ rule: 'TOKEN-06', outcome: 'FAIL', reason: 'x' });
  });

  it('is written by the --json report on each failed check, beside the run settings a replay reuses', () => {
    const result = runResultOf([checkResult('AUTH-01', 'PASS'), checkResult('AUTH-01', 'FAIL', 'got 200')]);
    const report = JSON.parse(jsonReport(result, undefined, info('report.json', 'profile.json')));
    expect(report.run).toEqual({ ...settings, target: 'profile.json' });
    expect(report.rules).toHaveLength(1);
    expect(report.rules[0]).toMatchObject({ id: 'AUTH-01', outcome: 'FAIL' });
    expect(report.rules[0].checks).toEqual([
      { ...checkResult('AUTH-01', 'PASS') },
      {
        ...checkResult('AUTH-01', 'FAIL', 'got 200'),
        replay: 'task-conformance replay report.json --target profile.json --rule AUTH-01 --check 2',
      },
    ]);
    // Without a report file to replay from there is nothing to record.
    const plain = JSON.parse(jsonReport(result));
    expect(plain.run).toBeUndefined();
    expect(plain.rules[0].checks.map((c: { replay?: string }) => c.replay)).toEqual([undefined, undefined]);
  });
});
