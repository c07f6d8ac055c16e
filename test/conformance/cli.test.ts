// The conformance CLI as a process (docs/conformance.md): exit codes, report files, secrets kept out, clean-up after
// Ctrl-C, and a run against the stateless Prism mock that completes and reports per rule.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type LeftBehind, UNDELETABLE } from '../../conformance/engine/result.js';
import { loadProfile, profileSecrets } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import type { FetchHandler } from '../../contract/http.js';
import { startMock } from '../../mocks/prism/mock.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { CLI_BOUND_MS, cliEnv, collect, type Outcome } from '../support/cli-process.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { HANG_MS } from '../support/waiting.js';
import { jwtAcceptedUnderBearer } from './faults/auth.js';
import { deletionIgnored } from './faults/tokens.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'conformance-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<Outcome> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'conformance/cli/main.ts', ...args], {
    cwd: ROOT,
    env: cliEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { child, done: collect(child) };
}

const cli = (args: string[], env: Record<string, string> = {}): Promise<Outcome> => start(args, env).done;

async function withSandbox<T>(fetch: FetchHandler, use: (baseUrl: string) => Promise<T>): Promise<T> {
  const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  try {
    return await use(server.baseUrl);
  } finally {
    await server.close();
  }
}

const lastLine = (text: string): string => text.trimEnd().split('\n').at(-1) ?? '';

/** Every secret of the profile, anything JWT-shaped, and the sandbox's API token secrets. */
function leakedSecrets(text: string): string[] {
  const profile = loadProfile(TARGET, {});
  const found = profileSecrets(profile).filter((s) => text.includes(s));
  found.push(...(text.match(/eyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g) ?? []).map(() => 'a JWT'));
  found.push(...(text.match(/tmk_[\w-]{16,}/g) ?? []).map(() => 'an API token secret'));
  return found;
}

// The CLI runs as separate processes: they overlap, two cores serve them better than one after the other.
// A whole run takes minutes at load 15: a test is hung only past the CLI's own bound.
describe.concurrent('the conformance CLI', { timeout: CLI_BOUND_MS + HANG_MS }, () => {
  describe('exit code 2', () => {
    it('for bad arguments and an incomplete profile, naming what to fix', async () => {
      const [unknown, timeout, positional, noProfile, badOnly] = await Promise.all([
        cli(['--target', TARGET, '--bogus']),
        cli(['--target', TARGET, '--timeout', 'soon']),
        cli([TARGET]),
        cli([]),
        cli(['--target', TARGET, '--only', 'AUTH-99']),
      ]);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('--bogus');
      expect(timeout.code).toBe(2);
      expect(timeout.stderr).toContain('--timeout');
      expect(positional.code).toBe(2);
      expect(positional.stderr).toContain('--target');
      expect(noProfile.code).toBe(2);
      expect(noProfile.stderr).toContain('CONFORMANCE_BASE_URL');
      expect(noProfile.stderr).toContain('CONFORMANCE_MEMBER_PASSWORD');
      expect(badOnly.code).toBe(2);
      expect(badOnly.stderr).toContain('AUTH-99');
    });

    it('for an unreachable target', async () => {
      const port = await new Promise<number>((resolve) => {
        const server = createServer().listen(0, '127.0.0.1', () => {
          const { port } = server.address() as { port: number };
          server.close(() => resolve(port));
        });
      });
      const run = await cli(['--target', TARGET, '--base-url', `http://127.0.0.1:${port}/api`]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('unreachable');
      expect(run.stderr).toContain('ECONNREFUSED');
    });
  });

  describe('against the sandbox', () => {
    it('passes with exit 0, writes JUnit and JSON reports, and shows no secret anywhere', async () => {
      const junit = join(dir, 'reports', 'conformance.xml');
      const json = join(dir, 'reports', 'conformance.json');
      const run = await withSandbox(createSandbox().fetch, (baseUrl) =>
        // The base URL comes from the environment: the override the docs promise. The per-request bound is not what
        // this run checks (cli-bounds.test.ts does): on a loaded machine an answer can take over the default 10 s.
        cli(['--target', TARGET, '--junit', junit, '--json', json, '--timeout', '60000'], {
          CONFORMANCE_BASE_URL: baseUrl,
        }),
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(lastLine(run.stdout)).toBe(`${RULES.length} passed, 0 failed, 0 skipped`);
      for (const rule of RULES) expect(run.stdout).toMatch(new RegExp(`^ {2}${rule.id} +${rule.level} +PASS `, 'm'));
      expect(run.stdout).toContain('API coverage:');
      expect(run.stdout).toContain('Running ');

      const xml = readFileSync(junit, 'utf8');
      expect(xml).toMatch(/^<\?xml version="1.0"/);
      expect(xml).toMatch(/<testsuites name="conformance" tests="\d+" failures="0"/);
      const report = JSON.parse(readFileSync(json, 'utf8'));
      expect(report.summary).toMatchObject({ passed: RULES.length, failed: 0, skipped: 0, mustFailed: false });
      expect(report.rules).toHaveLength(RULES.length);

      for (const [name, text] of [
        ['stdout', run.stdout + run.stderr],
        ['junit', xml],
        ['json', JSON.stringify(report)],
      ] as const) {
        expect(leakedSecrets(text), `secrets in ${name}`).toEqual([]);
      }
    });

    it('exits 1 when a MUST rule fails, with the failure, what was sent and received, and a curl line', async () => {
      const json = join(dir, 'must.json');
      const run = await withSandbox(jwtAcceptedUnderBearer.wrap(createSandbox().fetch), (baseUrl) =>
        cli(['--target', TARGET, '--base-url', baseUrl, '--only', 'AUTH-03', '--json', json]),
      );
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stdout).toMatch(/^ {2}AUTH-03 +MUST +FAIL /m);
      expect(run.stdout).toContain('sent:     GET ');
      expect(run.stdout).toContain('Authorization: Bearer ***');
      expect(run.stdout).toContain('received: HTTP 200');
      expect(run.stdout).toMatch(/curl: +curl -sS -i -X GET '/);
      expect(lastLine(run.stdout)).toBe('0 passed, 1 failed, 0 skipped');
      expect(leakedSecrets(run.stdout + readFileSync(json, 'utf8'))).toEqual([]);
    });

    it('exits 0 when only a SHOULD rule fails', async () => {
      const run = await withSandbox(deletionIgnored.wrap(createSandbox().fetch), (baseUrl) =>
        cli(['--target', TARGET, '--base-url', baseUrl, '--only', 'TOKEN-07']),
      );
      expect(run.code, run.stdout + run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^ {2}TOKEN-07 +SHOULD +FAIL /m);
      expect(lastLine(run.stdout)).toBe('0 passed, 1 failed, 0 skipped');
    });

    it('skips every write with --read-only and every registration with --no-register, saying why', async () => {
      const sandbox = createSandbox();
      const before = { scenarios: sandbox.store.scenarios.size, accounts: sandbox.store.accounts.size };
      const [readOnly, noRegister] = await withSandbox(sandbox.fetch, (baseUrl) =>
        Promise.all([
          cli(['--target', TARGET, '--base-url', baseUrl, '--read-only', '--only', 'tokens,AUTH-01,QA-01']),
          cli(['--target', TARGET, '--base-url', baseUrl, '--no-register', '--only', 'LOGIN-08,LOGIN-09']),
        ]),
      );
      expect(readOnly.code, readOnly.stdout + readOnly.stderr).toBe(0);
      expect(readOnly.stdout).toMatch(/^ {2}TOKEN-02 +MUST +SKIP .*\(read-only mode\)$/m);
      expect(readOnly.stdout).toMatch(/^ {2}QA-01 +MUST +SKIP .*\(read-only mode\)$/m);
      expect(readOnly.stdout).toMatch(/^ {2}AUTH-01 +MUST +PASS .*checks skipped: read-only mode\)$/m);
      expect(noRegister.code).toBe(0);
      expect(noRegister.stdout).toMatch(/^ {2}LOGIN-08 +MUST +SKIP .*\(--no-register\)$/m);
      expect(noRegister.stdout).not.toContain('Left behind');
      expect(sandbox.store.scenarios.size).toBe(before.scenarios);
      expect(sandbox.store.accounts.size).toBe(before.accounts);
    });

    it('deletes what it created when interrupted with Ctrl-C, and exits 130; what it could not delete in time it names', async () => {
      const sandbox = createSandbox();
      const before = {
        scenarios: new Set(sandbox.store.scenarios.keys()),
        cases: sandbox.store.cases.size,
        tokens: sandbox.store.tokens.size,
      };
      const json = join(dir, 'interrupted', 'run.json');
      const run = await withSandbox(sandbox.fetch, async (baseUrl) => {
        const { child, done } = start(['--target', TARGET, '--base-url', baseUrl, '--no-register', '--json', json]);
        // Interrupt once the first check file is through: the others are mid-way, with objects created.
        child.stdout?.on('data', (chunk: Buffer) => {
          if (/^ {2}[✓✗] /m.test(chunk.toString()) && !child.killed) child.kill('SIGINT');
        });
        return done;
      });
      const output = run.stdout + run.stderr;
      expect(run.code, output).toBe(130);
      expect(run.stderr).toContain('interrupted');
      expect(run.stdout).toMatch(/\d+ passed, \d+ failed, \d+ skipped\n$/);
      const { leftBehind } = JSON.parse(readFileSync(json, 'utf8')) as { leftBehind: LeftBehind[] };
      const named = (kind: string) => leftBehind.filter((e) => e.kind === kind);
      // The clean-up has a bounded time after Ctrl-C; on a loaded machine it may run out of it. Then whatever is still
      // on the server is named as left behind (never a silent leftover); when it names nothing, nothing is left.
      const remaining = [...sandbox.store.scenarios.keys()].filter((id) => !before.scenarios.has(id));
      const namedScenarios = new Set(named('scenario').map((e) => ('id' in e ? e.id : undefined)));
      for (const id of remaining) expect(namedScenarios.has(id), output).toBe(true);
      expect(sandbox.store.tokens.size - before.tokens).toBeLessThanOrEqual(named('token').length);
      if (leftBehind.every((e) => UNDELETABLE.has(e.kind))) {
        expect(remaining).toEqual([]);
        expect(sandbox.store.cases.size).toBe(before.cases);
        expect(sandbox.store.tokens.size).toBe(before.tokens);
      } else {
        expect(run.stdout).toContain('Clean-up: INCOMPLETE');
      }
    });
  });

  describe('against the Prism mock', () => {
    it('completes without a crash or a hang and reports every rule; stateless rules pass, stateful ones fail clearly', async () => {
      const mock = await startMock();
      const json = join(dir, 'mock.json');
      let run: Outcome;
      try {
        // Prism is stateless: every account sees every company, which the preflight refuses.
        run = await cli([
          '--target',
          TARGET,
          '--base-url',
          mock.baseUrl,
          '--json',
          json,
          // Generous, as for the sandbox above: a loaded machine must not turn Prism's slow answer into a failed rule.
          '--timeout',
          '60000',
          '--no-preflight',
        ]);
      } finally {
        await mock.close();
      }
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toContain('the suite failed');
      const report = JSON.parse(readFileSync(json, 'utf8'));
      expect(report.rules.map((r: { id: string }) => r.id)).toEqual(RULES.map((r) => r.id));
      const outcome = (id: string) => report.rules.find((r: { id: string }) => r.id === id);
      // Prism checks that a credential is present and validates input: these hold without state.
      for (const id of ['AUTH-01', 'LOGIN-03', 'CONV-01']) expect(outcome(id).outcome, id).toBe('PASS');
      // Prism cannot tell credential kinds apart nor remember a write.
      for (const id of ['AUTH-03', 'TOKEN-04', 'QA-01']) {
        expect(outcome(id).outcome, id).toBe('FAIL');
        const failed = outcome(id).checks.find((c: { outcome: string }) => c.outcome === 'FAIL');
        expect(failed.reason, id).toMatch(/expected|reads|named|not/);
      }
      expect(lastLine(run.stdout)).toMatch(/^\d+ passed, \d+ failed, 0 skipped$/);
      expect(leakedSecrets(run.stdout + JSON.stringify(report))).toEqual([]);
    });
  });

  describe('against a target that misbehaves', () => {
    /** Answers the reachability probe, then `misbehave`s on every other request. */
    async function brokenServer(
      misbehave: (res: ServerResponse) => void,
    ): Promise<{ baseUrl: string; close(): Promise<void> }> {
      const server = createHttpServer((req, res) => {
        if (req.url === '/api/member/me/' && !req.headers.authorization) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","message":"no"}');
        } else misbehave(res);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as { port: number };
      return {
        baseUrl: `http://127.0.0.1:${port}/api`,
        close: () =>
          new Promise<void>((resolve) => {
            server.closeAllConnections();
            server.close(() => resolve());
          }),
      };
    }

    it('turns a target that never answers into failures, not a hang', async () => {
      const server = await brokenServer(() => undefined);
      let run: Outcome;
      try {
        run = await cli([
          '--target',
          TARGET,
          '--base-url',
          server.baseUrl,
          '--timeout',
          '300',
          '--only',
          'auth,tokens,ENV-01',
          // The preflight would stop at the first login; here the checks' own bounds are under test.
          '--no-preflight',
        ]);
      } finally {
        await server.close();
      }
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toMatch(/^ {2}AUTH-01 +MUST +FAIL /m);
      expect(run.stdout).toMatch(/timed out after 300 ms|no answer within 300 ms/);
      // A rule judged over the answers has none to judge: it says so rather than pass.
      expect(run.stdout).toMatch(/^ {2}ENV-01 +MUST +SKIP .*received no 2xx answer to judge/m);
      expect(lastLine(run.stdout)).toMatch(/^0 passed, \d+ failed, 1 skipped$/);
    });

    it('turns garbage answers into failures, not a crash', async () => {
      const server = await brokenServer((res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>oops'));
      let run: Outcome;
      try {
        run = await cli([
          '--target',
          TARGET,
          '--base-url',
          server.baseUrl,
          '--only',
          'login,ENV-01,CONTRACT-01',
          '--no-preflight',
        ]);
      } finally {
        await server.close();
      }
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).not.toContain('the suite failed');
      expect(run.stdout).toMatch(/^ {2}ENV-01 +MUST +FAIL /m);
      expect(run.stdout).toMatch(/^ {2}CONTRACT-01 +SHOULD +FAIL /m);
      expect(run.stdout).toContain('body: is not JSON');
    });
  });

  describe('the overall bound', () => {
    it('stops a run against a slow target, fails what did not finish, and still cleans up', async () => {
      const sandbox = createSandbox();
      const before = new Set(sandbox.store.scenarios.keys());
      const json = join(dir, 'bounded', 'run.json');
      const slow: FetchHandler = async (req) => {
        await new Promise((resolve) => setTimeout(resolve, 100));
        return sandbox.fetch(req);
      };
      const run = await withSandbox(slow, (baseUrl) =>
        cli([
          '--target',
          TARGET,
          '--base-url',
          baseUrl,
          '--total-timeout',
          '4000',
          '--no-register',
          '--only',
          'qa,auth',
          '--json',
          json,
        ]),
      );
      expect(run.code, run.stderr).toBe(1);
      expect(run.stdout).toContain('stopping: the overall bound of 4000 ms was reached');
      expect(run.stdout).toContain('did not finish: the overall bound of 4000 ms was reached');
      expect(run.stdout).toMatch(/^ {2}AUTH-01 +MUST +FAIL /m);
      expect(lastLine(run.stdout)).toMatch(/^\d+ passed, \d+ failed, 0 skipped$/);
      // The clean-up gets what is left of the bound; on a loaded machine it may run out of it. Then each scenario still
      // on the server is named as left behind (never a silent leftover); when it names none, none is left.
      const { leftBehind } = JSON.parse(readFileSync(json, 'utf8')) as { leftBehind: LeftBehind[] };
      const named = new Set(leftBehind.map((e) => (e.kind === 'scenario' && 'id' in e ? e.id : undefined)));
      const remaining = [...sandbox.store.scenarios.keys()].filter((id) => !before.has(id));
      for (const id of remaining) expect(named.has(id), run.stdout).toBe(true);
      if (leftBehind.length > 0) expect(run.stdout).toContain('Clean-up: INCOMPLETE');
    });
  });
});
