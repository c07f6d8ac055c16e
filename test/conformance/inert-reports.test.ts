// What a hostile target's text cannot do through any door (docs/conformance.md, "What the suite guarantees": safe to
// print, no secrets in its output): a target writing CI workflow commands, escape sequences and line breaks in bodies,
// field and member names, headers and status texts, echoing the profile's passwords in every encoding, revealing
// credentials in clear, and answering non-BMP text long enough to be cut. Run through the CLI, runConformance and
// describeConformance (in a Vitest of its own); every line of their output and every report is checked.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedactor } from '../../conformance/engine/redact.js';
import { formatReport, progressLine } from '../../conformance/report/console.js';
import { jsonReport, junitReport } from '../../conformance/report/files.js';
import { harReport } from '../../conformance/report/har.js';
import {
  cutAtCodePoint,
  inertConsoleText,
  inertJsonText,
  inertLine,
  inertXmlText,
} from '../../conformance/report/inert-text.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { processRun } from '../support/node-process.js';
import {
  encodings,
  HOSTILE_PROFILE,
  hostileTarget,
  LEAKED_REFRESH,
  OWN_TOKEN,
  PASSWORDS,
  PAYLOAD,
  serveHostile,
} from './fixtures/hostile-target.js';

const ONLY = 'auth,tokens,envelope';
const dir = mkdtempSync(join(tmpdir(), 'conformance-inert-'));
let server: Server;
let baseUrl: string;
beforeAll(async () => {
  ({ server, baseUrl } = await serveHostile());
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** What a CI runner or a terminal acts on in a line, and a line the target's text begins. */
const ACTING: [RegExp, string][] = [
  [/^[\s\u0085]*::/, 'GitHub Actions command'],
  [/##\[|##vso\[/i, 'Azure Pipelines (or GitHub ##[) command'],
  [/^[\s\u0085]*##teamcity\[/i, 'TeamCity service message'],
  [/section_(start|end):/i, 'GitLab section marker'],
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the controls are what is looked for
  [/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/, 'control character'],
  [/^\s*(\\x3a:|\\x23#|&#58;:|&#35;#|\\u003a:|\\u0023#|PWN-line)/, 'a line the target began'],
];

/** Every line of the text a CI runner or a terminal would act on, with where and why. */
function acting(where: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      ACTING.filter(([pattern]) => pattern.test(line)).map(
        ([, what]) => `${where}:${i + 1}: ${what}: ${JSON.stringify(line.slice(0, 160))}`,
      ),
    );
}

const SECRETS = [...encodings(PASSWORDS.member), ...encodings(PASSWORDS.outsider), OWN_TOKEN, LEAKED_REFRESH];

/** Every form of every secret found in the text. */
const leaked = (where: string, text: string): string[] =>
  SECRETS.filter((s) => text.includes(s)).map((s) => `${where}: ${JSON.stringify(s)}`);

/** Valid UTF-8 with no surrogate half alone. */
function wellFormed(where: string, bytes: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return [`${where}: not valid UTF-8`];
  }
  return /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
    ? [`${where}: a lone surrogate`]
    : [];
}

/** A JSON file any tool reads: UTF-8, parsed, no lone surrogate escaped, and jq takes it. */
function jsonProblems(where: string, file: string): string[] {
  const bytes = readFileSync(file);
  const problems = wellFormed(where, bytes);
  const text = bytes.toString('utf8');
  try {
    JSON.parse(text);
  } catch (error) {
    problems.push(`${where}: ${(error as Error).message}`);
  }
  if (
    /(?<!\\)(?:\\\\)*\\ud[89ab][0-9a-f]{2}(?!\\ud[c-f])|(?<!\\)(?:\\\\)*(?<!\\ud[89ab][0-9a-f]{2})\\ud[c-f][0-9a-f]{2}/i.test(
      text,
    )
  )
    problems.push(`${where}: a lone surrogate escaped`);
  const jq = spawnSync('jq', ['-e', '.', file], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (jq.error === undefined && jq.status !== 0) problems.push(`${where}: jq: ${jq.stderr.trim()}`);
  return problems;
}

/** Everything wrong with a run's outputs: a line that acts, a leaked secret, a file no tool reads. */
function problemsOf(outputs: Record<string, string>, files: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const [where, text] of Object.entries(outputs)) problems.push(...acting(where, text), ...leaked(where, text));
  for (const [where, file] of Object.entries(files)) {
    const text = readFileSync(file, 'utf8');
    problems.push(...acting(where, text), ...leaked(where, text));
    if (where.endsWith('.xml')) {
      problems.push(...wellFormed(where, readFileSync(file)));
      if (XMLValidator.validate(text) !== true) problems.push(`${where}: not XML`);
    } else problems.push(...jsonProblems(where, file));
  }
  return problems;
}

/** That the attack reached the outputs at all: the payload's words, escaped, and the cut non-BMP text. */
function reached(stdout: string, files: Record<string, string>): void {
  expect(stdout).toContain('PWN');
  expect(stdout).toMatch(/\\x1b\]52;c;/);
  for (const [where, file] of Object.entries(files)) expect(readFileSync(file, 'utf8'), where).toContain('😀𠀀');
}

describe('inert-text', () => {
  it('leaves no line a runner acts on and no control, and keeps the data of JSON', () => {
    // In a text that keeps its line breaks, each of the payload's lines begins a line: inert, and nothing else.
    const began = (p: string) => p.includes('a line the target began');
    expect(acting('console', inertConsoleText(PAYLOAD)).filter((p) => !began(p))).toEqual([]);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML cannot hold them; files.ts shows them as text first
    const forXml = PAYLOAD.replace(/[\u0000-\u0008\u000b-\u001f]/g, '');
    expect(acting('xml', inertXmlText(forXml)).filter((p) => !began(p))).toEqual([]);
    // One piece inside a line of ours: nothing at all.
    expect(acting('line', inertLine(PAYLOAD))).toEqual([]);
    expect(inertLine(PAYLOAD)).not.toContain('\n');
    const json = JSON.stringify({ text: PAYLOAD, cut: '\ud83d', back: '\ude00x' }, null, 2);
    expect(acting('json', inertJsonText(json))).toEqual([]);
    expect(JSON.parse(inertJsonText(json))).toEqual({ text: PAYLOAD, cut: '\ufffd', back: '\ufffdx' });
  });

  it('cuts at a code point, never inside a surrogate pair', () => {
    expect(cutAtCodePoint('a😀b', 2)).toBe('a');
    expect(cutAtCodePoint('a😀b', 3)).toBe('a😀');
    expect(cutAtCodePoint('𠀀', 5)).toBe('𠀀');
  });
});

describe('the redactor', () => {
  it('masks a password in every encoding a server echoes it in, alone and inside other text', () => {
    const redactor = createRedactor(Object.values(PASSWORDS));
    for (const password of Object.values(PASSWORDS)) {
      for (const form of encodings(password)) {
        const masked = redactor.text(`said: ${form}; again:${form}`);
        expect(
          encodings(password).filter((f) => masked.includes(f)),
          form,
        ).toEqual([]);
        expect(masked, form).toBe('said: ***; again:***');
      }
    }
  });

  it('learns the credentials an answer reveals: a listed token, a refresh token in any answer, every listed key once one authenticates', () => {
    const redactor = createRedactor();
    redactor.learnAnswer({ data: { tokens: [{ key: 'key-aaaaaa1', title: 'CI', token: OWN_TOKEN }] } }, true);
    redactor.learnAnswer({ data: { session: { refresh_token: LEAKED_REFRESH } } }, false);
    redactor.learnAnswer({ data: { tokens: [{ key: 'key-bbbbbb2' }, { key: 'key-cccccc3' }] } }, true);
    expect(redactor.text('key-bbbbbb2 key-cccccc3')).toBe('key-bbbbbb2 key-cccccc3');
    // A listed key authenticates (the request's credential, learned on success): every listed key is one.
    redactor.add('key-bbbbbb2');
    expect(redactor.text(`${OWN_TOKEN} ${LEAKED_REFRESH} key-aaaaaa1 key-cccccc3 CI`)).toBe('*** *** *** *** CI');
    // Not for the name of a member alone: a title, or a key outside token answers.
    redactor.learnAnswer({ data: { title: 'release-notes-1' } }, false);
    expect(redactor.text('release-notes-1')).toBe('release-notes-1');
  });
});

// Side by side: two child processes and one run in process, each bounded by its own --total-timeout.
describe.concurrent('a hostile target through every door', { timeout: 240_000 }, () => {
  it('the CLI: stdout, stderr, JSON, JUnit and HAR hold nothing that acts, no secret in any encoding, and parse', async () => {
    const target = join(dir, 'target.json');
    writeFileSync(target, JSON.stringify({ ...HOSTILE_PROFILE, baseUrl }));
    const files = {
      'cli report.json': join(dir, 'cli.json'),
      'cli junit.xml': join(dir, 'cli.xml'),
      'cli run.har': join(dir, 'cli.har'),
    };
    const run = await processRun(
      [
        '--import',
        'tsx',
        'conformance/cli/main.ts',
        '--target',
        target,
        '--only',
        ONLY,
        '--no-register',
        '--no-preflight',
        '--timeout',
        '5000',
        '--total-timeout',
        '60000',
        '--json',
        files['cli report.json'],
        '--junit',
        files['cli junit.xml'],
        '--har',
        files['cli run.har'],
      ],
      {},
    );
    expect(run.status, run.output.slice(-2000)).toBe(1);
    reached(run.output, files);
    expect(problemsOf({ 'cli output': run.output }, files)).toEqual([]);
  });

  it('runConformance: its console report, JSON, JUnit and HAR hold nothing that acts, no secret, and parse', async () => {
    const progress: string[] = [];
    const result = await runConformance({
      target: hostileTarget(),
      profile: HOSTILE_PROFILE,
      only: ONLY.split(','),
      register: false,
      preflight: false,
      har: true,
      timeoutMs: 5000,
      totalTimeoutMs: 60_000,
      onProgress: (event) => progress.push(progressLine(event)),
    });
    const verdict = verdictOf(result);
    const out = join(dir, 'code');
    mkdirSync(out);
    const files = {
      'code report.json': join(out, 'report.json'),
      'code junit.xml': join(out, 'junit.xml'),
      'code run.har': join(out, 'run.har'),
    };
    writeFileSync(files['code report.json'], jsonReport(result, verdict));
    writeFileSync(files['code junit.xml'], junitReport(result, verdict));
    writeFileSync(files['code run.har'], harReport(result.har as NonNullable<typeof result.har>));
    const console = `${progress.join('')}${formatReport(result, verdict).join('\n')}\n`;
    reached(console, files);
    expect(problemsOf({ 'code console': console }, files)).toEqual([]);
  });

  it('describeConformance: the Vitest output and its reports hold nothing that acts, no secret, and parse', async () => {
    const reports = join(dir, 'vitest');
    const env: Record<string, string> = { TARGET_URL: baseUrl, ONLY, REPORTS: reports };
    const run = await processRun(
      [
        'node_modules/vitest/vitest.mjs',
        'run',
        '--config',
        'test/conformance/fixtures/hostile.vitest.config.ts',
        '--reporter',
        'verbose',
      ],
      { ...env, GITHUB_ACTIONS: '', CI: '' },
    );
    expect(run.status, run.output.slice(-2000)).toBe(1);
    const files = {
      'vitest report.json': join(reports, 'report.json'),
      'vitest junit.xml': join(reports, 'junit.xml'),
      'vitest run.har': join(reports, 'run.har'),
    };
    reached(run.output, files);
    expect(problemsOf({ 'vitest output': run.output }, files)).toEqual([]);
  });
});
