// The arguments of `task-conformance replay` as its --help gives them (REPLAY_USAGE; docs/conformance.md, "Replaying a
// failure"): one report, --rule, --check n counted from 1 (needs --rule), --target, --base-url, --port from 1 to 65535,
// -h/--help. A bad one is an ArgsError (exit 2) whose message names what to correct, worded as the run's own flags are.
import { describe, expect, it } from 'vitest';
import { ArgsError, parseCliArgs } from '../../conformance/cli/args.js';
import { parseReplayArgs, REPLAY_USAGE } from '../../conformance/cli/replay-args.js';

/** The message of the ArgsError `parse` throws for `argv`. */
function refusal(parse: (argv: string[]) => unknown, argv: string[]): string {
  try {
    parse(argv);
  } catch (error) {
    expect(error, argv.join(' ')).toBeInstanceOf(ArgsError);
    return (error as Error).message;
  }
  throw new Error(`${argv.join(' ')} was accepted`);
}

describe('task-conformance replay <report.json> [options]', () => {
  it('takes every option its --help names, and gives each back', () => {
    for (const flag of [
      '--rule <ID>',
      '--check <n>',
      '--target <file>',
      '--base-url <url>',
      '--port <n>',
      '-h, --help',
    ]) {
      expect(REPLAY_USAGE).toContain(flag);
    }
    expect(
      parseReplayArgs([
        'report.json',
        '--rule',
        'TOKEN-06',
        '--check',
        '2',
        '--target',
        'profile.json',
        '--base-url',
        'http://127.0.0.1:8081/api',
        '--port',
        '8082',
      ]),
    ).toEqual({
      help: false,
      report: 'report.json',
      rule: 'TOKEN-06',
      check: 2,
      target: 'profile.json',
      baseUrl: 'http://127.0.0.1:8081/api',
      port: 8082,
    });
  });

  it('with the report alone replays every failed check: no rule, check, target, base URL or port', () => {
    expect(parseReplayArgs(['report.json'])).toEqual({ help: false, report: 'report.json' });
  });

  it('reads a rule ID in any case and around spaces, as the report names it', () => {
    expect(parseReplayArgs(['report.json', '--rule', ' token-06 ']).rule).toBe('TOKEN-06');
  });

  it('-h and --help give the help, whatever else is there', () => {
    expect(parseReplayArgs(['-h'])).toEqual({ help: true });
    expect(parseReplayArgs(['report.json', '--help', '--port', '0'])).toEqual({ help: true });
  });

  it('needs exactly one report', () => {
    expect(refusal(parseReplayArgs, [])).toBe(
      'replay needs the report: task-conformance replay <report.json> (a file written with --json)',
    );
    expect(refusal(parseReplayArgs, ['  '])).toContain('replay needs the report');
    expect(refusal(parseReplayArgs, ['a.json', 'b.json'])).toBe(
      'unexpected argument "b.json": replay takes one report',
    );
  });

  it('refuses an empty --rule, --target or --base-url, naming it', () => {
    for (const flag of ['--rule', '--target', '--base-url']) {
      expect(refusal(parseReplayArgs, ['report.json', flag, ' '])).toBe(`${flag} needs a value`);
    }
  });

  it('--check counts from 1 and needs --rule', () => {
    expect(parseReplayArgs(['report.json', '--rule', 'AUTH-03', '--check', '1']).check).toBe(1);
    expect(refusal(parseReplayArgs, ['report.json', '--check', '1'])).toBe(
      '--check needs --rule: the check is counted within a rule',
    );
    for (const bad of ['0', '-1', '1.5', 'one', '', ' 1']) {
      expect(refusal(parseReplayArgs, ['report.json', '--rule', 'AUTH-03', `--check=${bad}`])).toBe(
        '--check must be a whole number from 1 (the check of --rule, as the report counts them)',
      );
    }
  });

  it('--port is a whole number from 1 to 65535, refused as the run refuses it', () => {
    expect(parseReplayArgs(['report.json', '--port', '1']).port).toBe(1);
    expect(parseReplayArgs(['report.json', '--port', '65535']).port).toBe(65_535);
    for (const bad of ['0', '65536', '-1', '80.5', 'http', '', ' 80']) {
      const message = refusal(parseReplayArgs, ['report.json', `--port=${bad}`]);
      expect(message, bad).toBe('--port must be a whole number from 1 to 65535');
      expect(refusal(parseCliArgs, [`--port=${bad}`]), bad).toBe(message);
    }
  });

  it('refuses an option it does not know, as an ArgsError', () => {
    expect(refusal(parseReplayArgs, ['report.json', '--bogus'])).toContain("Unknown option '--bogus'");
    expect(refusal(parseReplayArgs, ['report.json', '--only', 'AUTH'])).toContain("Unknown option '--only'");
  });
});
