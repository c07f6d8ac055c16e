// The CLI's reports for CI (docs/conformance.md, "Flags" and "Reading the report"), run in process against the sandbox
// on a free port: --har holds every exchange and no secret the run saw, --strict makes a failed SHOULD rule fail the
// run, --min-coverage fails a run that exercised too little, and bad values or an unwritable file end with exit 2.

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { loadProfile, profileSecrets } from '../../conformance/profile.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { deletionIgnored } from './faults/tokens.js';

const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'conformance-reports-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI's `main` in this process, with no CONFORMANCE_* variable. */
async function cli(args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const code = await main(['--target', TARGET, '--quiet', ...args], {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    env: {},
  });
  return { code, stdout, stderr };
}

/** The sandbox on a free port, behind `wrap`; counts the requests and keeps every string a token member answered. */
async function withSandbox<T>(
  use: (baseUrl: string, seen: { requests: number; tokens: Set<string> }) => Promise<T>,
  wrap: (f: FetchHandler) => FetchHandler = (f) => f,
): Promise<T> {
  const seen = { requests: 0, tokens: new Set<string>() };
  const collect = (v: unknown, key = ''): void => {
    if (typeof v === 'string' && /token|secret/i.test(key)) seen.tokens.add(v);
    else if (typeof v === 'object' && v !== null) for (const [k, m] of Object.entries(v)) collect(m, k);
  };
  const inner = wrap(createSandbox().fetch);
  const fetch: FetchHandler = async (req) => {
    seen.requests++;
    const res = await inner(req);
    try {
      collect(await res.clone().json());
    } catch {
      // Not JSON: no token in it.
    }
    return res;
  };
  const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  try {
    return await use(server.baseUrl, seen);
  } finally {
    await server.close();
  }
}

const lastLines = (text: string, n: number): string[] => text.trimEnd().split('\n').slice(-n);

interface HarEntry {
  request: { method: string; url: string };
  response: { status: number };
}

// One after the other: the runs share this process with the rest of npm test, and a loaded machine means timeouts.
describe('the CLI reports for CI', { timeout: 180_000 }, () => {
  it('writes every exchange of a full run to --har, with no password, captcha or token the run saw', async () => {
    const har = join(dir, 'full', 'run.har');
    const json = join(dir, 'full', 'run.json');
    const junit = join(dir, 'full', 'run.xml');
    const { run, tokens } = await withSandbox(async (baseUrl, seen) => ({
      run: await cli([
        ...['--base-url', baseUrl, '--har', har, '--json', json, '--junit', junit, '--min-coverage', '50'],
        // Generous: npm test runs other suites beside this one.
        ...['--timeout', '30000'],
      ]),
      tokens: seen.tokens,
    }));
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const text = readFileSync(har, 'utf8');
    const log = JSON.parse(text).log as { version: string; entries: HarEntry[] };
    expect(log.version).toBe('1.2');
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(log.entries).toHaveLength(report.summary.exchanges);
    const hit = (method: string, path: string, status: number) =>
      log.entries.some(
        (e) => e.request.method === method && e.request.url.includes(path) && e.response.status === status,
      );
    expect(hit('POST', '/member/login/', 200)).toBe(true);
    expect(hit('POST', '/member/login/', 400)).toBe(true);
    expect(hit('POST', '/member/refresh-token/', 200)).toBe(true);
    expect(hit('POST', '/member/bearer-tokens/', 201)).toBe(true);

    // Every secret of the profile and every token value the sandbox handed out, searched in the raw file.
    const secrets = [...profileSecrets(loadProfile(TARGET, {})), ...tokens].filter((s) => s.length >= 4);
    expect(tokens.size).toBeGreaterThan(10);
    expect(secrets.filter((s) => text.includes(s))).toEqual([]);
    expect(text.match(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g) ?? []).toEqual([]);
    const login = JSON.parse(text).log.entries.find((e: HarEntry) => e.request.url.endsWith('/member/login/'));
    expect(login.request.postData.text).toContain('"password":"***"');
    // Masking stops at secrets: the envelope's status survives the token creations that hand out secrets.
    const created = JSON.parse(text).log.entries.find(
      (e: HarEntry) => e.request.url.includes('/member/bearer-tokens/') && e.response.status === 201,
    );
    expect(JSON.parse(created.response.content.text)).toMatchObject({
      status: 'success',
      data: { token: { token: '***' } },
    });

    // The gate is met, and every report says so.
    expect(lastLines(run.stdout, 3)[0]).toMatch(
      /^COVERAGE: \d+(\.\d)?% of declared responses exercised \(minimum 50%\): met$/,
    );
    expect(report.verdict).toMatchObject({ failed: false, coverage: { minimum: 50, met: true } });
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toMatch(
      /<testcase classname="COVERAGE" name="COVERAGE: \d+(\.\d)?% of declared responses exercised \(minimum 50%\)" time="0">\n {4}<\/testcase>/,
    );
  });

  it('exits 0 for a failed SHOULD rule, written as a JUnit warning; with --strict exits 1 and writes a failure', async () => {
    const files = (name: string) => ({ junit: join(dir, `${name}.xml`), json: join(dir, `${name}.json`) });
    const plain = files('should');
    const strict = files('strict');
    const [runPlain, runStrict] = await withSandbox(
      (baseUrl) =>
        Promise.all([
          cli(['--base-url', baseUrl, '--only', 'TOKEN-07', '--junit', plain.junit, '--json', plain.json]),
          cli([
            '--base-url',
            baseUrl,
            '--only',
            'TOKEN-07',
            '--junit',
            strict.junit,
            '--json',
            strict.json,
            '--strict',
          ]),
        ]),
      deletionIgnored.wrap,
    );
    expect(runPlain.code, runPlain.stdout).toBe(0);
    expect(runStrict.code, runStrict.stdout).toBe(1);
    for (const run of [runPlain, runStrict]) expect(run.stdout).toMatch(/^ {2}TOKEN-07 +SHOULD +FAIL /m);
    expect(lastLines(runPlain.stdout, 2)[0]).toBe(
      'Verdict (not strict: only MUST rules count, a failed SHOULD rule is a warning): PASS',
    );
    // The fault answers a token's DELETE without deleting it. TOKEN-07 judges that; the clean-up judges what the API
    // did (docs/conformance.md, "Clean-up"): a token whose DELETE the run saw answered 2xx is removed as far as the API
    // goes, so no second DELETE is sent and the clean-up is complete.
    expect(lastLines(runStrict.stdout, 2)[0]).toBe(
      'Verdict (strict: SHOULD rules count like MUST rules): FAIL: MUST or SHOULD rules failed: TOKEN-07',
    );

    const parse = (file: string) =>
      new XMLParser({ ignoreAttributes: false, isArray: (n) => n === 'testcase' }).parse(readFileSync(file, 'utf8'))
        .testsuites;
    const xmlPlain = parse(plain.junit);
    const xmlStrict = parse(strict.junit);
    expect(xmlPlain['@_failures']).toBe('0');
    expect(xmlPlain.testsuite[0].testcase[0]['@_name']).toMatch(/^\[WARNING\] TOKEN-07 /);
    expect(xmlPlain.testsuite[0].testcase[0]['system-out']).toContain('SHOULD rule failed');
    expect(xmlStrict['@_failures']).toBe('1');
    expect(xmlStrict.testsuite[0].testcase[0]['@_name']).toMatch(/^TOKEN-07 /);
    expect(xmlStrict.testsuite[0].testcase[0].failure['@_type']).toBe('SHOULD');
    expect(xmlPlain.testsuite[1].testcase[0]['@_name']).toMatch(/^clean-up: every object the run create/);
    expect(xmlStrict.testsuite[1].testcase[0].failure).toBeUndefined();

    const jsonPlain = JSON.parse(readFileSync(plain.json, 'utf8'));
    const jsonStrict = JSON.parse(readFileSync(strict.json, 'utf8'));
    expect([jsonPlain.summary.strict, jsonPlain.verdict.failed]).toEqual([false, false]);
    expect([jsonStrict.summary.strict, jsonStrict.verdict.failed]).toEqual([true, true]);
    expect(jsonStrict.verdict.reasons).toEqual(['MUST or SHOULD rules failed: TOKEN-07']);
    expect(jsonPlain.verdict.warnings).toEqual([]);
  });

  it('fails a run below --min-coverage, and passes one at it, saying the figure and the minimum', async () => {
    const junit = join(dir, 'coverage.xml');
    const json = join(dir, 'coverage.json');
    const [below, zero] = await withSandbox((baseUrl) =>
      Promise.all([
        cli(['--base-url', baseUrl, '--only', 'CONV-01', '--min-coverage', '50', '--junit', junit, '--json', json]),
        cli(['--base-url', baseUrl, '--only', 'CONV-01', '--min-coverage', '0']),
      ]),
    );
    expect(below.code, below.stdout).toBe(1);
    expect(below.stdout).toMatch(/^COVERAGE: \d+(\.\d)?% of declared responses exercised \(minimum 50%\): NOT MET$/m);
    expect(below.stdout).toMatch(/^Verdict \(not strict[^)]*\): FAIL: coverage \d+(\.\d)?% is below the minimum 50%$/m);
    expect(readFileSync(junit, 'utf8')).toMatch(
      /<failure message="COVERAGE: \d+(\.\d)?% of declared responses exercised \(minimum 50%\)" type="COVERAGE">/,
    );
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.verdict.coverage).toMatchObject({ minimum: 50, met: false });
    expect(report.verdict.coverage.percent).toBeLessThan(50);
    expect(zero.code, zero.stdout).toBe(0);
    expect(zero.stdout).toMatch(/\(minimum 0%\): met$/m);
  });

  it('exits 2 for a bad --min-coverage, naming the flag, before sending anything', async () => {
    const runs = await Promise.all(['101', '-5', 'half', '80%', ''].map((v) => cli(['--min-coverage', v])));
    for (const run of runs) {
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--min-coverage');
    }
  });

  it('exits 2 for an unwritable --har file, naming it, before the run sends a request', async () => {
    const blocker = join(dir, 'not-a-directory');
    writeFileSync(blocker, '');
    const har = join(blocker, 'run.har');
    const { run, requests } = await withSandbox(async (baseUrl, seen) => ({
      run: await cli(['--base-url', baseUrl, '--har', har]),
      requests: seen.requests,
    }));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`cannot write the report ${har}`);
    expect(requests).toBe(0);
  });
});
