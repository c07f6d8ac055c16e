// The CLI's outputs for CI and for people (docs/conformance.md, "In CI: a GitHub Actions job" and "Reading the
// report"), run as the user runs them: the real CLI process with `--format github` or GITHUB_ACTIONS=true,
// GITHUB_STEP_SUMMARY, `--html` and `--ctrf`, once against the sandbox and once against a half-built server whose every
// missing route answers hostile text. Each run serves several assertions; the HTML report is opened in headless
// Chromium from disk, offline.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { validateStrict } from 'ctrf';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { loadProfile, profileSecrets } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import type { FetchHandler } from '../../contract/http.js';
import { launchChromium } from '../../drivers/chromium.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { CLI_BOUND_MS, cliEnv, collect as collectOutput, type Outcome } from '../support/cli-process.js';
import { recordCspViolations } from '../support/csp-violations.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { HANG_MS } from '../support/waiting.js';
import { hostileHalfBuilt } from './faults/hostile-text.js';
import { NOT_BUILT } from './faults/partial.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'conformance-ci-'));
/** The CLI as a process, as cli.test.ts starts it. */
function cli(args: string[], env: Record<string, string>): Promise<Outcome> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'conformance/cli/main.ts', ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collectOutput(child);
}

/** Every string a token or secret member of an answer held: what the reports must never show. */
const handedOut = new Set<string>();

async function withServer<T>(inner: FetchHandler, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const collect = (v: unknown, key = ''): void => {
    if (typeof v === 'string' && /token|secret/i.test(key) && v.length >= 6) handedOut.add(v);
    else if (typeof v === 'object' && v !== null) for (const [k, m] of Object.entries(v)) collect(m, k);
  };
  const fetch: FetchHandler = async (req) => {
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
    return await use(server.baseUrl);
  } finally {
    await server.close();
  }
}

/** What a run left: its output and every file it wrote. */
interface Run extends Outcome {
  summary: string;
  html: string;
  htmlFile: string;
  ctrf: string;
  json: string;
}

const EARLIER_STEP = '## An earlier step\n\nits own summary\n';

async function ciRun(name: string, fetch: FetchHandler, flags: string[], env: Record<string, string>): Promise<Run> {
  const files = {
    summary: join(dir, `${name}-summary.md`),
    html: join(dir, name, 'report.html'),
    ctrf: join(dir, name, 'ctrf.json'),
    json: join(dir, name, 'report.json'),
  };
  // GitHub gives each step a summary file; another step's text must survive ours.
  writeFileSync(files.summary, EARLIER_STEP);
  const outcome = await withServer(fetch, (baseUrl) =>
    cli(
      [
        ...['--target', TARGET, '--base-url', baseUrl, '--quiet', '--timeout', '30000'],
        ...['--html', files.html, '--ctrf', files.ctrf, '--json', files.json, ...flags],
      ],
      { GITHUB_STEP_SUMMARY: files.summary, ...env },
    ),
  );
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return {
    ...outcome,
    summary: read(files.summary),
    html: read(files.html),
    htmlFile: files.html,
    ctrf: read(files.ctrf),
    json: read(files.json),
  };
}

/** A workflow-command line as GitHub reads it: kind, properties and data, each unescaped. */
function parseCommand(line: string): { kind: string; title: string; data: string } | undefined {
  const m = /^::(\w+)(?: ([^:]*))?::(.*)$/.exec(line.trimStart());
  if (!m) return undefined;
  const decoded = (s: string) => s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
  const title = /(?:^|,)title=([^,]*)/.exec(m[2] ?? '')?.[1] ?? '';
  return {
    kind: m[1] as string,
    title: decoded(title).replace(/%3A/g, ':').replace(/%2C/g, ','),
    data: decoded(m[3] as string),
  };
}

/** The lines a CI runner acts on: GitHub's `::` and `##[` at a line's start, Azure's and TeamCity's anywhere. */
const runnerLines = (text: string): string[] =>
  text.split(/\r\n|\r|\n/).filter((l) => /^\s*(::|##\[)/.test(l) || /##vso\[|##teamcity\[/.test(l));

let hostile: Run;
let healthy: Run;

// Two whole runs side by side take minutes at load 15: the hook is hung only past the CLI's own bound.
beforeAll(async () => {
  [hostile, healthy] = await Promise.all([
    ciRun('hostile', hostileHalfBuilt(createSandbox().fetch), ['--format', 'github'], {}),
    ciRun('sandbox', createSandbox().fetch, [], { GITHUB_ACTIONS: 'true' }),
  ]);
}, CLI_BOUND_MS + HANG_MS);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('--format github against a half-built server that writes hostile text', () => {
  it('annotates each failed MUST rule as an error and each failed SHOULD rule as a warning: rule ID, quote, what was seen', () => {
    expect(hostile.code, hostile.stderr).toBe(1);
    const report = JSON.parse(hostile.json) as { rules: { id: string; level: string; outcome: string }[] };
    const failed = report.rules.filter((r) => r.outcome === 'FAIL');
    expect(failed.some((r) => r.level === 'SHOULD')).toBe(true);
    const commands = runnerLines(hostile.stdout).map((l) => parseCommand(l));
    const annotations = commands.filter((c) => c?.kind === 'error' || c?.kind === 'warning');
    expect(annotations.map((a) => `${a?.kind} ${a?.title.split(' ')[0]}`)).toEqual(
      failed.map((r) => `${r.level === 'MUST' ? 'error' : 'warning'} ${r.id}`),
    );
    const auth01 = annotations.find((a) => a?.title.startsWith('AUTH-01 '));
    const quote = RULES.find((r) => r.id === 'AUTH-01')?.quotes?.[0] as string;
    expect(auth01?.title).toBe(`AUTH-01 MUST: ${RULES.find((r) => r.id === 'AUTH-01')?.text}`);
    expect(auth01?.data).toContain(`"${quote}"`);
    expect(auth01?.data).toMatch(/\nseen: .*got 404\n/);
    expect(auth01?.data).toMatch(/\nreceived: HTTP 404 .*Not Found\n/);
  });

  it("keeps the server's text inert in the log: every line a runner acts on is the suite's own annotation", () => {
    const lines = runnerLines(hostile.stdout + hostile.stderr);
    // Only the suite's annotations, one a line, each parsed whole; no line of the server's among them.
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      expect(line).toMatch(/^::(error|warning|notice) title=[^:]*::/);
      expect(line).not.toMatch(/##vso\[|##teamcity\[|\r/);
    }
    // GitHub's escaping: the server's `%0A` stays literal text, and its lines stay inside the annotation's data.
    const data = lines.map((l) => parseCommand(l)?.data ?? '').join('\n');
    expect(data).toContain('a literal %0A and %25 and a CR\\x0dhere');
    expect(data).toContain('<script>window.__pwned = "script"</script>');
    for (const attack of ['::error title=pwned', '::set-output', '##[error]', '##vso[', '##teamcity[']) {
      expect(data.split('\n').some((l) => l.trimStart().startsWith(attack) || l.includes('##'))).toBe(false);
    }
    expect(hostile.stdout + hostile.stderr).not.toContain('\x1b');
  });

  it('appends a job summary after the earlier step: verdict, rules, unbuilt operations, coverage, leftovers; the server writes no markup', () => {
    const summary = hostile.summary;
    expect(summary.startsWith(EARLIER_STEP)).toBe(true);
    const ours = summary.slice(EARLIER_STEP.length);
    expect(ours).toMatch(/^## Conformance: ❌ FAIL\n/);
    expect(ours).toContain('| AUTH\\-01 | MUST | ❌ failed |');
    for (const heading of ['### Rules', '### Failures', '### Coverage', '### Left behind'])
      expect(ours).toContain(heading);
    expect(ours).toContain('### Operations that look unbuilt');
    // The server's text: no tag opens, no link or image starts, no table cell splits; fences cannot be closed by it.
    const outsideFences = ours.replace(/^(`{3,})text\n[\s\S]*?\n\1$/gm, '');
    expect(outsideFences).not.toMatch(/<(script|img|a|details open)\b|\]\(|!\[|javascript:window/);
    expect(ours).toMatch(/^````text$/m);
    expect(ours).not.toContain('##vso[');
    for (const row of ours.split('\n').filter((l) => l.startsWith('| AUTH'))) {
      expect(row.replace(/\\\|/g, '').split('|')).toHaveLength(7);
    }
  });

  it('names the operations that look unbuilt once, with the missingOperations line to add; it excuses nothing', () => {
    const notices = hostile.stdout.split('\n').filter((l) => l.startsWith('Operations that look unbuilt'));
    expect(notices).toHaveLength(1);
    // Every operation the server lacks but getScenario, which answered 410: not a status of an unbuilt route.
    const expected = NOT_BUILT.filter((op) => op !== 'getScenario');
    const line = /^ {2}("missingOperations": \[.*\])$/m.exec(hostile.stdout)?.[1] as string;
    expect(JSON.parse(`{${line}}`).missingOperations.sort()).toEqual([...expected].sort());
    expect(hostile.stdout).toContain(
      `CONFORMANCE_MISSING_OPERATIONS=${JSON.parse(`{${line}}`).missingOperations.join(',')}`,
    );
    expect(hostile.stdout).toMatch(/^ {2}listTasks +GET \/task\/list\/ +\d+ requests: 405$/m);
    expect(hostile.stdout).toMatch(/^ {2}refreshToken +POST \/member\/refresh-token\/ +\d+ requests: 501$/m);
    const report = JSON.parse(hostile.json);
    expect(report.unbuiltOperations.map((u: { operationId: string }) => u.operationId).sort()).toEqual(
      [...expected].sort(),
    );
    // Nothing excused: the rules that need them still fail, none is not applicable.
    expect(report.summary.notApplicable).toBe(0);
    expect(report.rules.find((r: { id: string }) => r.id === 'QA-01').outcome).toBe('FAIL');
    expect(JSON.parse(hostile.ctrf).results.extra.unbuiltOperations).toEqual(report.unbuiltOperations);
    expect(hostile.html).toContain('Operations that look unbuilt');
  });

  it('masks every secret in the HTML, CTRF and summary as the JSON report does: credentials the run used show as ***', () => {
    const secrets = [...profileSecrets(loadProfile(TARGET, {})), ...handedOut];
    expect(handedOut.size).toBeGreaterThan(5);
    for (const [name, text] of Object.entries({
      html: hostile.html,
      ctrf: hostile.ctrf,
      summary: hostile.summary,
      log: hostile.stdout,
    })) {
      expect(
        secrets.filter((s) => text.includes(s)),
        name,
      ).toEqual([]);
      expect(text.match(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g) ?? [], name).toEqual([]);
    }
    // The requests that carried a credential are shown with it masked, its scheme kept.
    expect(hostile.html).toContain('authorization: JWT ***');
  });

  it('writes a CTRF report that the ctrf package validates strictly, agreeing with the verdict', () => {
    const ctrf = JSON.parse(hostile.ctrf);
    expect(() => validateStrict(ctrf)).not.toThrow();
    const report = JSON.parse(hostile.json);
    const checks = report.rules.reduce((n: number, r: { checks: unknown[] }) => n + Math.max(1, r.checks.length), 0);
    // One test per check, the clean-up's; a failed MUST check failed, a failed SHOULD check `other` (a warning).
    expect(ctrf.results.tests).toHaveLength(checks + 1);
    expect(ctrf.results.summary.extra.verdict.failed).toBe(true);
    const auth01 = ctrf.results.tests.filter((t: { labels: { rule: string } }) => t.labels?.rule === 'AUTH-01');
    expect(auth01.some((t: { status: string }) => t.status === 'failed')).toBe(true);
    const should = ctrf.results.tests.find(
      (t: { labels?: { level: string; outcome: string } }) =>
        t.labels?.level === 'SHOULD' && t.labels.outcome === 'FAIL',
    );
    expect(should).toMatchObject({ status: 'other', rawStatus: 'FAIL (SHOULD: a warning)' });
    expect(hostile.ctrf).not.toContain('##vso[');
  });

  it('opens the HTML report offline from disk: a failed rule found by anchor and by search, no server text runs', async () => {
    let browser: Browser | undefined;
    try {
      browser = await launchChromium();
      const context = await browser.newContext({ offline: true });
      const violations = await recordCspViolations(context);
      const page = await context.newPage();
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const url = pathToFileURL(hostile.htmlFile).href;
      await page.goto(`${url}#LIST-05`);
      // Nothing of the server's text became markup or ran: no element of its, no refusal by the CSP, no dialog.
      expect(await page.locator('img, iframe, a[href^="javascript"]').count()).toBe(0);
      expect(await page.locator('script').count()).toBe(1);
      expect(violations).toEqual([]);
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      // By its anchor: the rule's section is the target, with its verdict and the source's words.
      const target = page.locator('section.rule:target');
      expect(await target.getAttribute('id')).toBe('LIST-05');
      expect(await target.locator('.o-FAIL').first().textContent()).toBe('FAIL');
      const quote = RULES.find((r) => r.id === 'LIST-05')?.quotes?.[0] as string;
      expect(await target.locator('blockquote').first().textContent()).toBe(quote);
      // By search: typing an ID filters the rules, Enter goes to it.
      await page.fill('#search', 'auth-03');
      await page.press('#search', 'Enter');
      expect(new URL(page.url()).hash).toBe('#AUTH-03');
      expect(await page.locator('section.rule:not(.hidden)').count()).toBe(1);
      // Every check's exchange is shown with the server's hostile text as text, a curl line beside it.
      const pre = page.locator('section#AUTH-01 pre', { hasText: 'window.__pwned = "script"' }).first();
      expect(await pre.textContent()).toContain('<img src="x" onerror="window.__pwned = \'img\'">');
      expect(await page.locator('section#AUTH-01 pre', { hasText: /^curl / }).count()).toBeGreaterThan(0);
      expect(requests).toEqual([`${url}#LIST-05`].map((u) => u.replace(/#.*/, '')));
      // The coverage table and what was left behind are on the page.
      expect(await page.locator('#coverage + p').textContent()).toMatch(/^\d+ of \d+ declared responses exercised/);
      expect(await page.locator('#left-behind + p').textContent()).toMatch(/^Clean-up: /);
    } finally {
      await browser?.close();
    }
  }, 60_000);
});

describe('GITHUB_ACTIONS=true against the sandbox', () => {
  it('passes with no annotation, no unbuilt notice, and a summary that says PASS after the earlier step', () => {
    expect(healthy.code, healthy.stdout + healthy.stderr).toBe(0);
    expect(runnerLines(healthy.stdout + healthy.stderr)).toEqual([]);
    expect(healthy.stdout).not.toContain('look unbuilt');
    expect(JSON.parse(healthy.json).unbuiltOperations).toEqual([]);
    expect(healthy.summary.startsWith(EARLIER_STEP)).toBe(true);
    expect(healthy.summary.slice(EARLIER_STEP.length)).toMatch(/^## Conformance: ✅ PASS\n/);
    expect(healthy.summary).not.toContain('look unbuilt');
    const ctrf = JSON.parse(healthy.ctrf);
    expect(() => validateStrict(ctrf)).not.toThrow();
    expect(ctrf.results.summary.failed).toBe(0);
    expect(healthy.html).toMatch(/<h1>Conformance: <span class="verdict-PASS">PASS<\/span><\/h1>/);
    expect(healthy.html).toContain('<meta http-equiv="Content-Security-Policy" content="default-src \'none\';');
  });
});

describe('the CLI in process: flags, help and the early end', () => {
  const run = async (args: string[], env: NodeJS.ProcessEnv = {}) => {
    let stdout = '';
    let stderr = '';
    const code = await main(args, {
      out: (t) => {
        stdout += t;
      },
      err: (t) => {
        stderr += t;
      },
      env,
    });
    return { code, stdout, stderr };
  };

  it('lists every new flag and the GitHub variables in --help', async () => {
    const { stdout } = await run(['--help']);
    // Each flag opens a line of the options, each variable a line of the Environment section.
    const lines = stdout.split('\n');
    for (const flag of ['--html <file>', '--ctrf <file>', '--format <github|console>']) {
      expect(lines.some((l) => l.startsWith(`  ${flag}`))).toBe(true);
    }
    const environment = stdout.slice(stdout.indexOf('\nEnvironment:\n'));
    expect(environment).toMatch(/^ {2}GITHUB_ACTIONS {2,}true/m);
    expect(environment).toMatch(/^ {2}GITHUB_STEP_SUMMARY {2,}the file/m);
  });

  it('refuses a --format it does not know (case included) and an empty --html or --ctrf, naming the flag', async () => {
    for (const [args, message] of [
      [['--format', 'GitHub'], '--format must be one of github, console'],
      [['--format', 'junit'], '--format must be one of github, console'],
      [['--html', ''], '--html needs a value'],
      [['--ctrf', ' '], '--ctrf needs a value'],
    ] as const) {
      const out = await run([...args]);
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toContain(`conformance: ${message}`);
    }
  });

  it('ends with exit 2 when the job summary cannot be written, naming GITHUB_STEP_SUMMARY', async () => {
    const out = await withServer(createSandbox().fetch, (baseUrl) =>
      run(['--target', TARGET, '--base-url', baseUrl, '--quiet', '--only', 'AUTH-01', '--no-register'], {
        GITHUB_ACTIONS: 'true',
        GITHUB_STEP_SUMMARY: dir,
      }),
    );
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`conformance: cannot append the job summary to ${dir} (GITHUB_STEP_SUMMARY): EISDIR`);
  });

  it('ends early with exit 2 and says why in every format asked for; --format console writes no annotation', async () => {
    const summary = join(dir, 'early-summary.md');
    const [html, ctrf] = [join(dir, 'early.html'), join(dir, 'early.ctrf.json')];
    const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const bad = ['--target', join(dir, 'no-such-profile.json')];
    const github = await run([...bad, '--html', html, '--ctrf', ctrf], env);
    expect(github.code).toBe(2);
    expect(github.stdout).toMatch(/^::error title=conformance%3A the run ended with exit 2::.*no-such-profile/m);
    expect(readFileSync(summary, 'utf8')).toMatch(/^## Conformance: ❌ the run ended with exit 2\n/);
    expect(() => validateStrict(JSON.parse(readFileSync(ctrf, 'utf8')))).not.toThrow();
    expect(readFileSync(html, 'utf8')).toContain('the run ended with exit 2');
    rmSync(summary);
    const plain = await run([...bad, '--format', 'console'], env);
    expect(plain.code).toBe(2);
    expect(plain.stdout).toBe('');
    expect(() => readFileSync(summary)).toThrow();
  });
});
