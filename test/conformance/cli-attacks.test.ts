// The conformance CLI against hostile targets (docs/conformance.md, "Exit codes" and "What the suite guarantees"): a
// target that drops connections, hangs, streams without end, or echoes secrets and terminal escapes back. Each run
// ends by itself with a documented code, writes both reports and says why, and leaks no secret and no raw ESC.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI_BOUND_MS, cliEnv, collect as collectOutput } from '../support/cli-process.js';
import { HANG_MS } from '../support/waiting.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'conformance-attacks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ESC = '\x1b';

const MEMBER_PASSWORD = 'Kx7';
const OUTSIDER_PASSWORD = 'p"w\\d-Secret1';
const CAPTCHA = `captcha-${randomBytes(6).toString('hex')}`;
const TOKENS = {
  member: {
    access: `AT-member-${randomBytes(12).toString('hex')}`,
    refresh: `RT-member-${randomBytes(12).toString('hex')}`,
  },
  outsider: {
    access: `AT-outsider-${randomBytes(12).toString('hex')}`,
    refresh: `RT-outsider-${randomBytes(12).toString('hex')}`,
  },
};
/** Handed out by the echo target's token creation under a member name the contract does not use. */
const HIDDEN_SECRET = `tmk_${randomBytes(12).toString('hex')}`;

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
  junit: string;
  json: string;
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
}

/** Runs the CLI against `baseUrl` with the test profile; both reports are asked for. */
async function cli(name: string, baseUrl: string, flags: string[]): Promise<Outcome> {
  const target = join(dir, `${name}.json`);
  writeFileSync(
    target,
    JSON.stringify({
      baseUrl,
      captchaToken: CAPTCHA,
      accounts: {
        member: { username: 'member-user', password: MEMBER_PASSWORD },
        outsider: { username: 'outsider-user', password: OUTSIDER_PASSWORD },
      },
      companyId: 1,
      boardId: 1,
    }),
  );
  const junit = join(dir, `${name}.xml`);
  const json = join(dir, `${name}-report.json`);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'conformance/cli/main.ts', '--target', target, '--junit', junit, '--json', json, ...flags],
    { cwd: ROOT, env: cliEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const { code, stdout, stderr } = await collectOutput(child);
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return { code, stdout, stderr, junit: read(junit), json: read(json) };
}

async function closeHttp(server: ReturnType<typeof createHttpServer>): Promise<void> {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

describe.concurrent('the conformance CLI against hostile targets', { timeout: CLI_BOUND_MS + HANG_MS }, () => {
  it('exits 2 with both reports when every connection is closed at once', async () => {
    const server = createServer((socket) => socket.destroy());
    try {
      const run = await cli('closing', await listen(server), ['--timeout', '2000', '--total-timeout', '10000']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^conformance: the target http:\/\/127\.0\.0\.1:\d+\/api is unreachable: /);
      expect(JSON.parse(run.json).error).toMatchObject({ exitCode: 2, reason: expect.stringContaining('unreachable') });
      expect(run.junit).toMatch(/<error message="the target .* is unreachable: [^"]+" type="exit 2">/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stops at --total-timeout when the target answers once and then hangs, and reports every rule', async () => {
    let answered = 0;
    const server = createHttpServer((_req, res) => {
      if (answered++ > 0) return;
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"status":"error","message":"log in"}');
    });
    try {
      const run = await cli('hanging', await listen(server), [
        '--only',
        'auth',
        // Long enough that three timeouts in a row (after which a file gives up) cannot come before the bound.
        '--timeout',
        '3000',
        '--total-timeout',
        '4000',
        '--quiet',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('the run stopped early: the overall bound of 4000 ms was reached');
      const report = JSON.parse(run.json);
      expect(report.summary.mustFailed).toBe(true);
      expect(report.problems[0]).toContain('overall bound of 4000 ms');
      expect(run.junit).toContain('did not finish: the overall bound of 4000 ms was reached');
    } finally {
      await closeHttp(server);
    }
  });

  it('exits 2 with both reports when the target streams an endless body', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const server = createHttpServer((_req, res: ServerResponse) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', pump);
      };
      pump();
    });
    try {
      const run = await cli('endless', await listen(server), ['--timeout', '5000', '--total-timeout', '10000']);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/^conformance: .*the answer is larger than 1048576 bytes/);
      expect(JSON.parse(run.json).error.exitCode).toBe(2);
      expect(run.junit).toContain('the answer is larger than 1048576 bytes');
    } finally {
      await closeHttp(server);
    }
  });

  it('keeps every secret and every raw ESC out of stdout, stderr and both reports when the target echoes them', async () => {
    const body = (req: IncomingMessage): Promise<string> =>
      new Promise((resolve) => {
        let text = '';
        req.on('data', (c) => {
          text += c;
        });
        req.on('end', () => resolve(text));
      });
    const logins = new Set<string>();
    const server = createHttpServer(async (req, res) => {
      const sent = await body(req);
      const json = (status: number, value: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'POST' && req.url === '/api/member/login/') {
        logins.add(sent);
        const tokens = sent.includes('outsider-user') ? TOKENS.outsider : TOKENS.member;
        return json(200, { data: { access_token: tokens.access, refresh_token: tokens.refresh }, echo: sent });
      }
      if (req.method === 'POST' && req.url === '/api/member/bearer-tokens/') {
        return json(200, { data: { token: { key: 'echo-key', hidden_secret: HIDDEN_SECRET } } });
      }
      // Everything else: the request echoed back, in a body that would drive a terminal.
      res
        .writeHead(200, { 'content-type': 'text/plain' })
        .end(
          `${ESC}[2J${ESC}]0;owned\x07${ESC}[31mauth=${req.headers.authorization ?? ''} body=${sent} ${HIDDEN_SECRET} logins: ${[...logins].join(' ')}`,
        );
    });
    try {
      const run = await cli('echo', await listen(server), [
        '--only',
        'auth,login,tokens,access',
        '--no-register',
        '--timeout',
        '5000',
        '--total-timeout',
        '60000',
        // The echo's login has no success envelope, which the preflight refuses; here the report is under test.
        '--no-preflight',
      ]);
      expect(run.code).toBe(1);
      expect(run.stdout).toMatch(/\d+ passed, \d+ failed, \d+ skipped\n$/);
      // The echo reached the report, with its ESC shown escaped.
      expect(run.stdout).toContain('\\x1b[31mauth=');
      const secrets = [
        MEMBER_PASSWORD,
        OUTSIDER_PASSWORD,
        JSON.stringify(OUTSIDER_PASSWORD).slice(1, -1),
        encodeURIComponent(OUTSIDER_PASSWORD),
        CAPTCHA,
        HIDDEN_SECRET,
        ...Object.values(TOKENS).flatMap((t) => [t.access, t.refresh]),
      ];
      for (const [where, text] of Object.entries({
        stdout: run.stdout,
        stderr: run.stderr,
        junit: run.junit,
        json: run.json,
      })) {
        if (where !== 'stderr') expect(text, where).not.toBe('');
        expect(
          secrets.filter((s) => text.includes(s)),
          where,
        ).toEqual([]);
        expect(text.includes(ESC), where).toBe(false);
      }
    } finally {
      await closeHttp(server);
    }
  });
});
