// The preflight (docs/conformance.md, "The preflight"), through the CLI's main over real HTTP to the sandbox: a profile
// the target refuses or contradicts stops the run with exit 2 and one message naming the field and its variable, with
// both reports; a server error there is exit 2 too, never a crash; a list without boards is a warning, not a failure.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../conformance/cli/main.js';
import { ProfileMismatchError } from '../../conformance/engine/preflight.js';
import { loadProfile, profileSecrets } from '../../conformance/profile.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { companyListLeaks } from './faults/access.js';
import { parse, reply, rewrite } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'conformance-preflight-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number;
  stdout: string;
  stderr: string;
  json: string;
  junit: string;
}

/** Runs the CLI in process against `fetch` served on a free port, with `env` as its environment. */
async function run(
  fetch: FetchHandler,
  env: Record<string, string>,
  flags: string[] = ['--only', 'CONV-01', '--quiet'],
) {
  const server = await startSandboxServer({ port: 0, fetch, keepAliveTimeoutMs: KEPT_ALIVE_MS });
  const name = randomBytes(4).toString('hex');
  const json = join(dir, `${name}.json`);
  const junit = join(dir, `${name}.xml`);
  let stdout = '';
  let stderr = '';
  let code: number;
  try {
    code = await main(['--target', TARGET, '--base-url', server.baseUrl, '--json', json, '--junit', junit, ...flags], {
      out: (t) => (stdout += t),
      err: (t) => (stderr += t),
      env,
    });
  } finally {
    await server.close();
  }
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return { code, stdout, stderr, json: read(json), junit: read(junit) } satisfies Run;
}

/** Exit 2 with one line on stderr that matches every pattern, and both reports holding that line. */
function expectStopped(result: Run, ...patterns: RegExp[]): void {
  expect(result.code, result.stderr + result.stdout).toBe(EXIT.usage);
  expect(result.stderr).toMatch(/^conformance: preflight: /);
  expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  for (const pattern of patterns) expect(result.stderr).toMatch(pattern);
  const reason = result.stderr.trimEnd().replace(/^conformance: /, '');
  expect(JSON.parse(result.json)).toEqual({ error: { exitCode: 2, reason }, rules: [] });
  expect(result.junit).toContain('type="exit 2"');
  expect(result.junit).toContain('preflight: ');
  expect(result.stdout).toBe('');
}

/** Every secret of the sandbox profile, plus the extra ones given. */
function leaks(result: Run, extra: string[] = []): string[] {
  const secrets = [...profileSecrets(loadProfile(TARGET, {})), ...extra];
  const text = result.stdout + result.stderr + result.json + result.junit;
  return secrets.filter((s) => text.includes(s));
}

const wrongPassword = () => `wrong-${randomBytes(8).toString('hex')}`;

describe.concurrent('the preflight', { timeout: 60_000 }, () => {
  it('stops a run whose member password is wrong, naming accounts.member and its variables, never the password', async () => {
    const password = wrongPassword();
    const result = await run(createSandbox().fetch, { CONFORMANCE_MEMBER_PASSWORD: password });
    expectStopped(
      result,
      /the member account \(accounts\.member, CONFORMANCE_MEMBER_USERNAME \/ CONFORMANCE_MEMBER_PASSWORD\) could not log in/,
      /the target answered 401/,
    );
    expect(leaks(result, [password])).toEqual([]);
    // Not masked afterwards but never written: the runner's own error holds no secret either.
    const server = await startSandboxServer({ port: 0, fetch: createSandbox().fetch });
    try {
      const profile = loadProfile(TARGET, { CONFORMANCE_MEMBER_PASSWORD: password }, server.baseUrl);
      const error = await runConformance({ target: profile.baseUrl, profile, only: ['CONV-01'] }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProfileMismatchError);
      expect(profileSecrets(profile).filter((s) => (error as Error).message.includes(s))).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('stops a run whose outsider password is wrong, naming accounts.outsider', async () => {
    const password = wrongPassword();
    const result = await run(createSandbox().fetch, { CONFORMANCE_OUTSIDER_PASSWORD: password });
    expectStopped(
      result,
      /the outsider account \(accounts\.outsider, CONFORMANCE_OUTSIDER_USERNAME \/ CONFORMANCE_OUTSIDER_PASSWORD\) could not log in: the target answered 401/,
    );
    expect(leaks(result, [password])).toEqual([]);
  });

  it('names the captcha token when the login refusal is about it', async () => {
    const captcha = `captcha-${randomBytes(8).toString('hex')}`;
    const result = await run(createSandbox().fetch, { CONFORMANCE_CAPTCHA_TOKEN: captcha });
    expectStopped(result, /could not log in: the target answered 400/, /captchaToken, CONFORMANCE_CAPTCHA_TOKEN/);
    expect(leaks(result, [captcha])).toEqual([]);
  });

  it("stops a run whose companyId is not in the member's company list", async () => {
    const result = await run(createSandbox().fetch, { CONFORMANCE_COMPANY_ID: '7' });
    expectStopped(
      result,
      /the member's GET \/company\/list\/ does not hold companyId 7 \(companyId, CONFORMANCE_COMPANY_ID\); it holds 1/,
    );
  });

  it('stops a run whose boardId, or boardWithoutTodoColumnId, is not a board of that company', async () => {
    const board = await run(createSandbox().fetch, { CONFORMANCE_BOARD_ID: '9' });
    expectStopped(board, /does not hold boardId 9 \(boardId, CONFORMANCE_BOARD_ID\); it holds boards 1, 2/);
    const other = await run(createSandbox().fetch, { CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID: '3' });
    expectStopped(
      other,
      /does not hold boardWithoutTodoColumnId 3 \(boardWithoutTodoColumnId, CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID\)/,
    );
  });

  it('stops a run whose outsider sees companyId', async () => {
    const result = await run(companyListLeaks.wrap(createSandbox().fetch), {});
    expectStopped(
      result,
      /the outsider's GET \/company\/list\/ holds companyId 1: the outsider account \(accounts\.outsider, CONFORMANCE_OUTSIDER_USERNAME \/ CONFORMANCE_OUTSIDER_PASSWORD\) must be an account outside that company/,
    );
  });

  it('turns a server error on login into exit 2 saying what it could not confirm, not a crash of the suite', async () => {
    const sandbox = createSandbox();
    const failing: FetchHandler = async (req) =>
      (await parse(req)).operationId === 'login'
        ? reply(500, { status: 'error', message: 'Internal error.' })
        : sandbox.fetch(req);
    const result = await run(failing, {});
    expectStopped(result, /could not confirm that the member account \(accounts\.member, .*\) can log in: .*HTTP 500/);
    expect(result.stderr).not.toContain('the suite failed');
  });

  it('turns a company list of the wrong shape, and one that never answers, into exit 2 saying what it could not confirm', async () => {
    const sandbox = createSandbox();
    const flat: FetchHandler = async (req) => {
      const res = await sandbox.fetch(req);
      return (await parse(req)).operationId === 'listCompanies' ? reply(200, { status: 'success', data: {} }) : res;
    };
    expectStopped(
      await run(flat, {}),
      /could not confirm companyId 1 \(companyId, CONFORMANCE_COMPANY_ID\): the member's GET \/company\/list\/ answered 200 with no array of companies/,
    );
    const silent: FetchHandler = async (req) =>
      (await parse(req)).operationId === 'listCompanies' ? new Promise(() => undefined) : sandbox.fetch(req);
    expectStopped(
      await run(silent, {}, ['--only', 'CONV-01', '--quiet', '--timeout', '300']),
      /could not confirm companyId 1 .*: the member's GET \/company\/list\/ got no answer: no answer within 300 ms/,
    );
  });

  it("quotes the target's refusal with every secret masked", async () => {
    const sandbox = createSandbox();
    const echo: FetchHandler = async (req) => {
      const { operationId, body } = await parse(req);
      if (operationId !== 'login') return sandbox.fetch(req);
      return reply(401, { status: 'error', message: `refused: ${JSON.stringify(body)}` });
    };
    const result = await run(echo, {});
    expectStopped(result, /could not log in: the target answered 401 \("refused: /);
    expect(leaks(result)).toEqual([]);
  });

  it('runs the selected rules after a warning when the company list shows no boards, and confirms nothing else', async () => {
    const sandbox = createSandbox();
    const withoutBoards: FetchHandler = async (req) => {
      const res = await sandbox.fetch(req);
      if ((await parse(req)).operationId !== 'listCompanies') return res;
      return rewrite(res, (body) => {
        const data = isObject(body.data) ? body.data : {};
        const companies = Array.isArray(data.companies) ? data.companies : [];
        return { ...body, data: { ...data, companies: companies.map((c) => ({ id: isObject(c) ? c.id : c })) } };
      });
    };
    const sent: string[] = [];
    const watched: FetchHandler = async (req) => {
      sent.push(`${req.method} ${new URL(req.url).pathname}`);
      return withoutBoards(req);
    };
    const result = await run(watched, {}, ['--only', 'CONV-01', '--quiet', '--read-only']);
    expect(result.code, result.stderr + result.stdout).toBe(EXIT.ok);
    expect(result.stderr).toBe('');
    expect(JSON.parse(result.json).summary).toMatchObject({ passed: 1, failed: 0 });
    // The warning goes with the progress lines, which --quiet silences: the same run without it shows them.
    const loud = await run(withoutBoards, {}, ['--only', 'CONV-01']);
    expect(loud.stdout).toContain(
      "warning: boardId 1 could not be confirmed: the member's GET /company/list/ shows no boards for company 1",
    );
    expect(loud.stdout).toContain('warning: boardWithoutTodoColumnId 2 could not be confirmed');
    // The preflight itself writes nothing under --read-only: two logins, two company lists, then the check.
    expect(sent.slice(1, 5).sort()).toEqual([
      'GET /api/company/list/',
      'GET /api/company/list/',
      'POST /api/member/login/',
      'POST /api/member/login/',
    ]);
    expect(sent.filter((s) => !s.startsWith('GET ') && s !== 'POST /api/member/login/')).toEqual([]);
  });
});

describe('the preflight reads the company list as the checks do (harness/discovery.ts)', () => {
  /** The sandbox whose company rows keep their boards under `name` instead of `boards`, each id as `board_id`. */
  const boardsUnder = (name: string): FetchHandler => {
    const sandbox = createSandbox();
    return async (req) => {
      const res = await sandbox.fetch(req);
      if ((await parse(req)).operationId !== 'listCompanies') return res;
      return rewrite(res, (body) => {
        const data = isObject(body.data) ? body.data : {};
        const companies = (Array.isArray(data.companies) ? data.companies : []).filter(isObject).map((c) => {
          const { boards, ...rest } = c;
          const rows = Array.isArray(boards)
            ? boards.filter(isObject).map(({ id, ...b }) => ({ board_id: id, ...b }))
            : [];
          return { ...rest, [name]: name === 'roles' ? ['owner'] : rows };
        });
        return { ...body, data: { ...data, companies } };
      });
    };
  };
  const warningsOf = async (target: FetchHandler, profile: object = {}): Promise<string[]> => {
    const warnings: string[] = [];
    await runConformance({
      target,
      profile: { ...DEMO_PROFILE, ...profile },
      only: ['CONV-01'],
      readOnly: true,
      onProgress: (e) => {
        if (e.kind === 'warning') warnings.push(e.message);
      },
    });
    return warnings;
  };

  it('confirms the boards a company row lists under another name, by their own id name', async () => {
    expect(await warningsOf(boardsUnder('workspace_boards'))).toEqual([]);
  });

  it('warns, never stops, where rows under another name lack the board or are no boards at all', async () => {
    expect(await warningsOf(boardsUnder('workspace_boards'), { boardId: 9 })).toEqual([
      "boardId 9 could not be confirmed: company 1 in the member's GET /company/list/ lists no such id under workspace_boards",
    ]);
    expect(await warningsOf(boardsUnder('roles'))).toEqual([
      "boardId 1 could not be confirmed: the member's GET /company/list/ shows no boards for company 1",
      "boardWithoutTodoColumnId 2 could not be confirmed: the member's GET /company/list/ shows no boards for company 1",
    ]);
  });
});

describe('the preflight in code and in Vitest', () => {
  it('names the profile field as code writes it, and the target, not the CLI variables and flags', async () => {
    const run = (profile: object, target: unknown = createSandbox().fetch) =>
      runConformance({
        target: target as FetchHandler,
        profile: { ...DEMO_PROFILE, ...profile },
        only: ['CONV-01'],
      }).catch((e: unknown) => (e as Error).message);
    const board = await run({ boardId: 9 });
    expect(board).toMatch(/does not hold boardId 9 \(profile\.boardId\); it holds boards 1, 2/);
    const account = await run({
      accounts: { ...DEMO_PROFILE.accounts, member: { username: 'demo', password: 'nope-1234' } },
    });
    expect(account).toContain('the member account (profile.accounts.member) could not log in');
    expect(account).not.toContain('CONFORMANCE_');
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const unreachable = await run({}, `http://127.0.0.1:${port}/api`);
    expect(unreachable).toContain('Pass its REST base address as target');
    expect(unreachable).not.toContain('--base-url');
  });
});
