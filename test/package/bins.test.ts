// The release rehearsal (README "Publishing the packages"; set up once in rehearsal.ts): the installed bins as a user
// runs them with npx (the sandbox with its docs, the suite against it with an env-only profile, the mock), each
// package README's example against them, their stop on a signal; and npm start in a clone.
import { readFileSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateStrict } from 'ctrf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PACKAGES } from '../../packaging/packages.js';
import { gone, type Running, start, stopGroup } from '../support/commands.js';
import { app, inApp, installed, npx, root, version, work } from './installed.js';

/** The commands this file started: their process groups are ended whatever the tests did. */
const running: Running[] = [];

// As a user stops them (SIGTERM), not SIGKILL: task-mock then removes the contract it wrote to a temporary directory.
afterAll(() => Promise.all(running.map(({ child }) => stopGroup(child.pid))));

/** The sandbox's demo accounts as a backend team passes a profile in CI: environment variables only, no file. */
function profileEnv(baseUrl: string, memberPassword = 'demo-password'): Record<string, string> {
  return {
    CONFORMANCE_BASE_URL: baseUrl,
    CONFORMANCE_CAPTCHA_TOKEN: 'test-captcha',
    CONFORMANCE_MEMBER_USERNAME: 'demo',
    CONFORMANCE_MEMBER_PASSWORD: memberPassword,
    CONFORMANCE_OUTSIDER_USERNAME: 'outsider',
    CONFORMANCE_OUTSIDER_PASSWORD: 'outsider-password',
    CONFORMANCE_COMPANY_ID: '1',
    CONFORMANCE_BOARD_ID: '1',
    CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID: '2',
  };
}

/** `GET url` with no Accept-Encoding at all (node:http sends none), as curl or an old client does. */
function getPlain(url: string): Promise<{ encoding: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], text: Buffer.concat(chunks).toString('utf8') }),
      );
    }).on('error', reject);
  });
}

describe('the bins', () => {
  /** `npx task-sandbox` and `npx task-mock`, started once for the tests below: their base URLs, ending in /api. */
  let sandboxUrl = '';
  let mockUrl = '';

  beforeAll(async () => {
    const [sandbox, mock] = await Promise.all([
      start(app, 'npx', ['--no', '--', 'task-sandbox', '--port', '0', '--no-controls'], /Sandbox listening: (\S+)/),
      start(app, 'npx', ['--no', '--', 'task-mock', '--port', '0'], /mock of the contract: (\S+)/),
    ]);
    running.push(sandbox, mock);
    [sandboxUrl, mockUrl] = [sandbox.found, mock.found];
  });

  it.each(['task-sandbox', 'task-conformance', 'task-mock', 'task-kit-mcp'])(
    '%s answers --help and --version',
    async (bin) => {
      const [help, shown] = await Promise.all([npx([bin, '--help']), npx([bin, '--version'])]);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain(`Usage: ${bin}`);
      expect(shown.code).toBe(0);
      expect(shown.stdout.trim()).toBe(version);
    },
  );

  it('task-sandbox serves the docs at /docs/: brotli to a browser, plain to a client that takes none', async () => {
    const origin = sandboxUrl.replace(/\/api$/, '');
    // As a browser asks over https (Node's fetch, like browsers, offers brotli only there unless told).
    const page = await fetch(`${origin}/docs/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([page.status, page.headers.get('content-encoding')]).toEqual([200, 'br']);
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>Task-Management');
    const plain = await getPlain(`${origin}/docs/`);
    expect(plain).toEqual({ encoding: undefined, text: html });
    const consolePage = await fetch(`${origin}/docs/console.html`);
    expect([consolePage.status, await consolePage.text()]).toEqual([200, expect.stringContaining('SwaggerUIBundle')]);
  });

  it('task-sandbox answers, and task-conformance passes against it with an env-only profile', async () => {
    const me = await fetch(`${sandboxUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    const reports = join(work, 'reports');
    // Login and tokens: the rules whose exchanges carry passwords and token secrets, which the HAR must mask.
    const passing = await npx(
      [
        'task-conformance',
        '--quiet',
        '--only',
        'login,tokens',
        '--junit',
        join(reports, 'junit.xml'),
        '--json',
        join(reports, 'report.json'),
        '--har',
        join(reports, 'run.har'),
      ],
      profileEnv(sandboxUrl),
    );
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/\n([1-9]\d*) passed, 0 failed, 0 skipped/);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8'))).toHaveProperty('summary');
    const har = readFileSync(join(reports, 'run.har'), 'utf8');
    expect(JSON.parse(har).log.entries.length).toBeGreaterThan(10);
    for (const secret of ['demo-password', 'outsider-password', 'test-captcha']) expect(har).not.toContain(secret);

    // The CI outputs from the installed CLI, as docs/conformance.md tells a team to use them: GitHub's annotations and
    // job summary under GITHUB_ACTIONS, the HTML page and the CTRF file; then a replay of the report (nothing failed).
    const summary = join(reports, 'summary.md');
    const ci = await npx(
      [
        'task-conformance',
        '--quiet',
        '--only',
        'AUTH-01',
        '--html',
        join(reports, 'report.html'),
        '--ctrf',
        join(reports, 'ctrf.json'),
        '--json',
        join(reports, 'ci.json'),
      ],
      { ...profileEnv(sandboxUrl), GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary },
    );
    expect(ci.code, ci.stderr).toBe(0);
    expect(readFileSync(join(reports, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    expect(() => validateStrict(JSON.parse(readFileSync(join(reports, 'ctrf.json'), 'utf8')))).not.toThrow();
    // The summary is Markdown: the rule id's hyphen comes escaped.
    expect(readFileSync(summary, 'utf8')).toMatch(/AUTH\\?-01/);
    const replayed = await npx(['task-conformance', 'replay', join(reports, 'ci.json')], profileEnv(sandboxUrl));
    expect(replayed.code, replayed.stdout + replayed.stderr).toBe(0);

    // The sandbox profile shipped with the CLI follows PORT, as the sandbox does.
    const shipped = 'node_modules/@task-management/conformance/conformance/targets/sandbox.json';
    const viaPort = await npx(['task-conformance', '--quiet', '--target', shipped, '--only', 'AUTH-01'], {
      PORT: new URL(sandboxUrl).port,
    });
    expect(viaPort.code, viaPort.stderr).toBe(0);

    // A wrong password is the profile's fault, not the server's: the preflight stops the run before any rule.
    const wrongPassword = await npx(['task-conformance', '--quiet'], profileEnv(sandboxUrl, 'not-the-password'));
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toContain('accounts.member');
    expect(wrongPassword.stderr + wrongPassword.stdout).not.toContain('not-the-password');
  });

  it('task-mock serves the contract under /api with Prism, installed from the package', async () => {
    const me = await fetch(`${mockUrl}/member/me/`, { headers: { Authorization: 'JWT a.b.c' } });
    expect(me.status).toBe(200);
    expect((await me.json()).status).toBe('success');
  });

  it.each(PACKAGES.map((p) => p.name))(
    "%s: the README's example runs as written against the running servers",
    async (name) => {
      const readme = readFileSync(join(installed(name), 'README.md'), 'utf8');
      const examples = [...readme.matchAll(/```js\n\/\/ ([\w-]+\.mjs)\b[^\n]*\n([\s\S]*?)```/g)];
      expect(examples.length, `${name}: a runnable example`).toBeGreaterThan(0);
      for (const [, file, code] of examples) {
        const local = (code as string)
          .replaceAll('http://127.0.0.1:4010/api', sandboxUrl)
          .replaceAll('http://127.0.0.1:4011/api', mockUrl);
        writeFileSync(join(app, file as string), local);
        const result = await inApp(process.execPath, [file as string]);
        expect(result.code, `${name}: ${file}\n${result.stderr}`).toBe(0);
        expect(result.stdout.trim(), `${name}: ${file}`).not.toBe('');
      }
    },
  );
});

describe('the installed commands stop on a signal to the npx process', () => {
  it.each([
    { bin: 'task-sandbox', ready: /Sandbox listening: (http:\/\/\S+)\/api/ },
    { bin: 'task-mock', ready: /mock of the contract: (http:\/\/\S+)\/api/ },
  ])('SIGTERM to `npx $bin` closes it and frees the port', async ({ bin, ready }) => {
    const started = await start(app, 'npx', ['--no', '--', bin, '--port', '0'], ready);
    running.push(started);
    const pid = started.child.pid as number;
    expect((await fetch(`${started.found}/api/member/me/`, { headers: { authorization: 'Bearer x' } })).ok).toBe(
      bin === 'task-mock',
    );
    process.kill(pid, 'SIGTERM');
    await gone(Number(new URL(started.found).port), pid);
  });
});

describe('a clone', () => {
  it('npm start runs the compiled sandbox (no tsx) from any directory, with the docs from the checkout', async () => {
    const started = await start(
      tmpdir(),
      process.execPath,
      [join(root, 'dist/mocks/sandbox/main.js'), '--port', '0'],
      /Sandbox listening: (\S+)/,
    );
    running.push(started);
    const baseUrl = started.found;
    const me = await fetch(`${baseUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    const docs = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Task-Management');
    const worker = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/mockServiceWorker.js`);
    expect([worker.status, worker.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });
});
