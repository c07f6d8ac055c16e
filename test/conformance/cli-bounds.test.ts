// Every bound of a run holds against a hostile target (docs/conformance.md, "What the suite guarantees"): SIGTERM,
// SIGINT, --total-timeout and an AbortSignal end the run within seconds with its reports written, whatever the target
// sends (answers of 900,000 characters, bodies that drip, a token answer of 5,000 strings sharing a prefix); a login
// token the suite cannot send is a finding, never the suite failing.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'conformance-bounds-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PROFILE = {
  captchaToken: 'hostile-captcha',
  accounts: {
    member: { username: 'member-user', password: 'member-password' },
    outsider: { username: 'outsider-user', password: 'outsider-password' },
  },
  companyId: 1,
  boardId: 1,
};

/** 5,000 strings sharing a long prefix: the worst case for masking that tries each secret with that prefix. */
const SHARED = Array.from({ length: 5_000 }, (_, i) => `tmk_${'p'.repeat(40)}${i.toString(36)}`);
/** An answer of 900,000 characters that echoes every one of them, and JWT-shaped runs. */
const HUGE = JSON.stringify({
  status: 'success',
  data: { padding: `${SHARED.join(' ')} ${'eyJ'.repeat(30_000)}.abcd.efgh `.repeat(20).slice(0, 900_000) },
});

interface Hostile {
  baseUrl: string;
  /** Requests answered so far. */
  readonly requests: number;
  /** Resolves once `n` requests have come in. */
  after(n: number): Promise<void>;
  close(): Promise<void>;
}

interface HostileOptions {
  /** The access token every login hands out. */
  accessToken?: string;
}

/**
 * A target that logs both accounts in and confirms the profile, so the run gets past its preflight, then answers a
 * token creation with 5,000 strings, and everything else with 900,000 characters, every third one dripping a kilobyte
 * every 50 ms.
 */
async function hostile(options: HostileOptions = {}): Promise<Hostile> {
  let requests = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const answer = (req: IncomingMessage, res: ServerResponse, body: string) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const auth = req.headers.authorization ?? '';
    if (path === '/api/member/login/' && req.method === 'POST') {
      const who = body.includes('outsider-user') ? 'outsider' : 'member';
      return json(res, 200, {
        status: 'success',
        data: {
          access_token: options.accessToken ?? `access-${who}-0123456789`,
          refresh_token: `refresh-${who}-0123456789`,
          token_type: 'JWT',
        },
      });
    }
    if (!auth) return json(res, 401, { status: 'error', message: 'log in' });
    if (path === '/api/company/list/') {
      const companies = auth.includes('member') ? [{ id: 1, name: 'c', boards: [{ id: 1 }] }] : [];
      return json(res, 200, { status: 'success', data: { companies } });
    }
    if (path === '/api/member/bearer-tokens/' && req.method === 'POST') {
      return json(res, 201, {
        status: 'success',
        data: { token: { key: 'k', token_type: 'Bearer', strings: SHARED } },
      });
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    if (requests % 3 !== 0) return res.end(HUGE);
    let sent = 0;
    const drip = setInterval(() => {
      if (res.destroyed || sent >= HUGE.length) {
        clearInterval(drip);
        if (!res.destroyed) res.end();
        return;
      }
      res.write(HUGE.slice(sent, sent + 1024));
      sent += 1024;
    }, 50);
    res.on('close', () => clearInterval(drip));
  };
  const server: Server = createServer((req, res) => {
    requests++;
    for (const w of waiting.filter((w) => requests >= w.n)) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    get requests() {
      return requests;
    },
    after: (n) => (requests >= n ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }))),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI as a process against `baseUrl`, with a JSON and a JUnit report; `exited` resolves when it has exited. */
function cli(name: string, baseUrl: string, flags: string[]): { child: ChildProcess; exited: Promise<Exit> } {
  const target = join(dir, `${name}.json`);
  writeFileSync(target, JSON.stringify({ ...PROFILE, baseUrl }));
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (
      !k.startsWith('VITEST') &&
      !k.startsWith('CONFORMANCE_') &&
      !k.startsWith('GITHUB_') &&
      k !== 'TEST' &&
      k !== 'NODE_ENV'
    )
      env[k] = v;
  }
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'conformance/cli/main.ts',
      '--target',
      target,
      '--json',
      join(dir, `${name}-report.json`),
      '--junit',
      join(dir, `${name}.xml`),
      '--har',
      join(dir, `${name}.har`),
      ...flags,
    ],
    { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c) => {
    stdout += c;
  });
  child.stderr?.on('data', (c) => {
    stderr += c;
  });
  const exited = new Promise<Exit>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, exited };
}

const report = (name: string) => JSON.parse(readFileSync(join(dir, `${name}-report.json`), 'utf8'));

// The test's timeout is the bound: a run that outlives its signal by minutes fails here, without a timed assertion.
describe.concurrent('a run against a hostile target', { timeout: 90_000 }, () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('ends soon after %s, with every report written', async (signal, code) => {
    const target = await hostile();
    const { child, exited } = cli(signal, target.baseUrl, ['--total-timeout', '600000', '--timeout', '10000']);
    try {
      // Well into the hostile part: the token answer and many huge answers are in.
      await target.after(40);
      child.kill(signal);
      const exit = await exited;
      expect(exit.code, exit.stderr).toBe(code);
      const json = report(signal);
      expect(json.summary.mustFailed).toBe(true);
      expect(json.problems.join('\n')).toContain('the run stopped early: interrupted');
      expect(readFileSync(join(dir, `${signal}.xml`), 'utf8')).toContain('<testsuites');
      expect(JSON.parse(readFileSync(join(dir, `${signal}.har`), 'utf8')).log.entries.length).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
      await target.close();
    }
  });

  it('ends at --total-timeout by itself, with every report written', async () => {
    const target = await hostile();
    const { child, exited } = cli('total', target.baseUrl, ['--total-timeout', '20000', '--timeout', '10000']);
    try {
      const exit = await exited;
      expect(exit.code, exit.stderr).toBe(1);
      expect(report('total').problems.join('\n')).toContain('the overall bound of 20000 ms was reached');
    } finally {
      child.kill('SIGKILL');
      await target.close();
    }
  });

  it('stops when its AbortSignal aborts, in process, and resolves with what ran', async () => {
    const target = await hostile();
    const controller = new AbortController();
    try {
      const run = runConformance({ target: target.baseUrl, profile: PROFILE, signal: controller.signal });
      await target.after(40);
      controller.abort();
      const result = await run;
      expect(result.problems).toContain('the run stopped early: interrupted');
      expect(result.mustFailed).toBe(true);
    } finally {
      await target.close();
    }
  });

  it('gives the requests in flight and the clean-up 8 s after its signal, whatever their own timeout', async () => {
    // Logs in and confirms the profile, then never answers: only the run's own bounds can end what follows. The signal
    // comes once a creation is in flight, so the clean-up must look where it may land, and that look hangs too.
    let creating = (): void => undefined;
    const created = new Promise<void>((resolve) => {
      creating = resolve;
    });
    const hanging: FetchHandler = async (request) => {
      const path = new URL(request.url).pathname;
      if (path === '/api/member/login/') {
        const who = (await request.text()).includes('outsider-user') ? 'outsider' : 'member';
        return Response.json({ status: 'success', data: { access_token: `at-${who}`, refresh_token: `rt-${who}` } });
      }
      if (!request.headers.has('authorization')) return Response.json({ status: 'error' }, { status: 401 });
      if (path === '/api/company/list/') {
        const member = request.headers.get('authorization')?.includes('member');
        return Response.json({
          status: 'success',
          data: { companies: member ? [{ id: 1, boards: [{ id: 1 }] }] : [] },
        });
      }
      if (request.method === 'POST') creating();
      return new Promise<Response>(() => undefined);
    };
    const controller = new AbortController();
    const run = runConformance({
      target: hanging,
      profile: PROFILE,
      signal: controller.signal,
      // Far beyond this test's timeout: a run that waits for them cannot pass.
      timeoutMs: 300_000,
      totalTimeoutMs: 3_600_000,
    });
    await created;
    controller.abort();
    const result = await run;
    expect(result.problems).toContain('the run stopped early: interrupted');
    expect(result.problems.some((p) => /^the clean-up ran out of its \d+ ms/.test(p))).toBe(true);
    // What it could not look at is named, not taken for nothing left.
    expect(result.leftBehind.some((e) => 'notSearched' in e && /ran out of its \d+ ms/.test(e.why))).toBe(true);
  }, 30_000);

  it('passes over a string of a token answer that cannot be sent as a credential, and finds the secret', async () => {
    const sandbox = createSandbox();
    // The secret under a name tried late, and a string no header can carry under the name tried first.
    const target: FetchHandler = async (request) => {
      const response = await sandbox.fetch(request);
      if (request.method !== 'POST' || !new URL(request.url).pathname.endsWith('/member/bearer-tokens/')) {
        return response;
      }
      const body = await response.json();
      const { token: secret, ...token } = body.data.token;
      return Response.json(
        { ...body, data: { token: { ...token, token: 'na\u00efve\u2603-not-the-secret', value: secret } } },
        { status: response.status },
      );
    };
    const result = await runConformance({ target, profile: DEMO_PROFILE, only: ['TOKEN-03'] });
    expect(result.rules.map((r) => [r.id, r.outcome, r.reason])).toEqual([['TOKEN-03', 'PASS', undefined]]);
  });

  it('fails the rules that need a login whose token the suite cannot send, and the preflight says why: exit 2', async () => {
    const target = await hostile({ accessToken: 'caf\u00e9 token\u2603' });
    const { exited } = cli('unsendable', target.baseUrl, ['--only', 'TOKEN-03']);
    try {
      const exit = await exited;
      expect(exit.code, exit.stderr).toBe(2);
      expect(exit.stderr).toMatch(/^conformance: preflight: .*access_token.*cannot be sent/m);
      expect(exit.stderr).not.toContain('the suite failed');
      expect(report('unsendable').error.exitCode).toBe(2);
      // Without the preflight, LOGIN-02 fails and the rules that need the session are not verified.
      const result = await runConformance({
        target: target.baseUrl,
        profile: PROFILE,
        only: ['LOGIN-02', 'TOKEN-03'],
        preflight: false,
      });
      expect(result.rules.map((r) => [r.id, r.outcome])).toEqual([
        ['LOGIN-02', 'FAIL'],
        ['TOKEN-03', 'UNVERIFIED'],
      ]);
      expect(result.rules[1]?.reason).toContain('cannot be sent as "Authorization: JWT <token>"');
    } finally {
      await target.close();
    }
  });
});
