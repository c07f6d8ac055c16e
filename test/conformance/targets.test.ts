// runConformance's targets and its bad input (docs/conformance.md, "From a script"): the sandbox through each kind of
// target, and a clear error before any rule for a target, a profile or an option that cannot be used.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PreflightError } from '../../conformance/engine/preflight.js';
import { TargetUnreachableError } from '../../conformance/engine/reachable.js';
import { ProfileError } from '../../conformance/profile.js';
import { OptionsError, runConformance } from '../../conformance/run-conformance.js';
import { TargetError } from '../../conformance/target.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { listenerOf } from './fixtures/listener.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** A rule of a check file and a rule over every exchange: enough to see requests go through and answers come back. */
const ONLY = ['TOKEN-03', 'ENV-04'];

const outcomes = (result: { rules: { id: string; outcome: string }[] }) =>
  Object.fromEntries(result.rules.map((r) => [r.id, r.outcome]));

describe('runConformance reaches the sandbox through every kind of target', () => {
  it('a base URL', async () => {
    const server = await startSandboxServer({ port: 0 });
    try {
      const result = await runConformance({ target: server.baseUrl, profile: DEMO_PROFILE, only: ONLY });
      expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
      expect(result).toMatchObject({ target: 'url', baseUrl: server.baseUrl });
    } finally {
      await server.close();
    }
  });

  it('a fetch handler, and an object with a fetch method (Hono)', async () => {
    const sandbox = createSandbox();
    const direct = await runConformance({ target: sandbox.fetch, profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(direct)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(direct.target).toBe('fetch');
    const app = { fetch: sandbox.fetch };
    const viaObject = await runConformance({ target: app, profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(viaObject)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
  });

  it('a Node request listener, listened on 127.0.0.1:0 and closed afterwards', async () => {
    const result = await runConformance({
      target: listenerOf(createSandbox().fetch),
      profile: DEMO_PROFILE,
      only: ONLY,
    });
    expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(result.target).toBe('listener');
    expect(result.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
  });

  it('an http.Server: one it started is closed after, one already listening is left listening', async () => {
    const idle = createServer(listenerOf(createSandbox().fetch));
    const first = await runConformance({ target: idle, profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(first)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(idle.listening).toBe(false);

    const running = createServer(listenerOf(createSandbox().fetch));
    await new Promise<void>((resolve) => running.listen(0, '127.0.0.1', resolve));
    try {
      const second = await runConformance({ target: running, profile: DEMO_PROFILE, only: ONLY });
      expect(outcomes(second)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
      expect(running.listening).toBe(true);
    } finally {
      await new Promise((resolve) => running.close(resolve));
    }
  });
});

describe('the servers teams write, in the shapes docs/conformance.md shows', () => {
  /** An Express app's shape, `(req, res, next)`, serving the sandbox's API under /v1 instead of /api. */
  function expressUnderV1() {
    const sandbox = listenerOf(createSandbox().fetch);
    return (req: IncomingMessage, res: ServerResponse, _next?: () => void) => {
      if (!req.url?.startsWith('/v1/')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"status":"error","message":"not found"}');
        return;
      }
      req.url = `/api${req.url.slice('/v1'.length)}`;
      return sandbox(req, res);
    };
  }

  /** An http.Server that answers 503 until its app is made ready, as routes registered at ready() or init() do. */
  function serverOfApp() {
    const sandbox = listenerOf(createSandbox().fetch);
    const state = { ready: false };
    const server = createServer((req, res) => (state.ready ? sandbox(req, res) : res.writeHead(503).end()));
    return { server, state };
  }

  it('an Express app under another base path, named by profile.baseUrl (the path; the host is not used)', async () => {
    const app = expressUnderV1();
    const result = await runConformance({
      target: app,
      profile: { ...DEMO_PROFILE, baseUrl: 'http://localhost/v1' },
      only: ONLY,
    });
    expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(result).toMatchObject({
      target: 'listener',
      baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v1$/),
    });
    // Without it the suite looks under /api, and the preflight says where the base path comes from.
    const lost = await runConformance({ target: app, profile: DEMO_PROFILE, only: ONLY }).catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(PreflightError);
    expect((lost as Error).message).toContain('answered 404');
    expect((lost as Error).message).toContain('the path of profile.baseUrl');
  });

  it('a Fastify app: ready() first, then its server, closed afterwards', async () => {
    const { server, state } = serverOfApp();
    const app = {
      server,
      ready: async () => {
        state.ready = true;
      },
    };
    const result = await runConformance({ target: app, profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    expect(result.target).toBe('server');
    expect(server.listening).toBe(false);
  });

  it('a NestJS app: init() first, then getHttpServer(); and its server alone after init(), as supertest takes it', async () => {
    const { server, state } = serverOfApp();
    const app = {
      getHttpServer: () => server,
      init: async () => {
        state.ready = true;
        return app;
      },
    };
    const result = await runConformance({ target: app, profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
    const alone = await runConformance({ target: app.getHttpServer(), profile: DEMO_PROFILE, only: ONLY });
    expect(outcomes(alone)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS' });
  });

  it('an app whose ready() or init() throws, named', async () => {
    const { server } = serverOfApp();
    const app = {
      server,
      ready: async () => {
        throw new Error('plugin failed to load');
      },
    };
    await expect(runConformance({ target: app, profile: DEMO_PROFILE })).rejects.toThrow(
      "the app's ready() failed: plugin failed to load",
    );
  });
});

describe('runConformance refuses what it cannot use, before any rule runs', () => {
  it('a target that is neither a URL, a function nor a server', async () => {
    await expect(runConformance({ target: 42 as never, profile: DEMO_PROFILE })).rejects.toThrow(TargetError);
    await expect(runConformance({ target: 42 as never, profile: DEMO_PROFILE })).rejects.toThrow(
      /target must be a base URL .*, a fetch handler .*, a Node request listener .*, an http\.Server, or a Fastify or NestJS app; got number/,
    );
    await expect(runConformance({ target: 'ftp://example.test/api', profile: DEMO_PROFILE })).rejects.toThrow(
      'target must be an http(s) URL, not ftp:',
    );
    await expect(runConformance({ profile: DEMO_PROFILE } as never)).rejects.toThrow(OptionsError);
  });

  it('a listener that throws, named with the request it answered', async () => {
    const listener = (_req: unknown, _res: unknown) => {
      throw new Error('database not seeded');
    };
    const error = await runConformance({ target: listener, profile: DEMO_PROFILE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetError);
    expect((error as Error).message).toBe(
      'the request listener threw: database not seeded (answering GET /api/member/me/): fix the app, or pass another target',
    );
  });

  it('a fetch handler that never settles: bounded by the per-request timeout', async () => {
    const never = () => new Promise<Response>(() => undefined);
    const error = await runConformance({ target: never, profile: DEMO_PROFILE, timeoutMs: 100 }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TargetUnreachableError);
    expect((error as Error).message).toContain('no answer within');
  });

  it('a profile with a missing or mistyped field, named as profile.<field>, never with a value', async () => {
    const sandbox = createSandbox();
    const { member } = DEMO_PROFILE.accounts;
    const broken = {
      ...DEMO_PROFILE,
      accounts: { ...DEMO_PROFILE.accounts, member: { username: member.username } },
      boardId: 'first board',
    };
    const error = await runConformance({ target: sandbox.fetch, profile: broken as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileError);
    expect((error as Error).message).toContain("profile.accounts.member.password: the member's password is required");
    expect((error as Error).message).toContain(
      'profile.boardId: a board of that company with a todo-kind column must be a positive integer or an identifier',
    );
    const extra = await runConformance({
      target: sandbox.fetch,
      profile: { ...DEMO_PROFILE, board: 1 } as never,
    }).catch((e: unknown) => e);
    expect((extra as Error).message).toMatch(/^profile\.board is not a profile field/);
    await expect(runConformance({ target: sandbox.fetch, profile: undefined as never })).rejects.toThrow(
      'profile must be an object with captchaToken, accounts, companyId and boardId',
    );
  });

  it('an option that is unknown, mistyped, or names no rule', async () => {
    const target = createSandbox().fetch;
    await expect(runConformance({ target, profile: DEMO_PROFILE, timeout: 5 } as never)).rejects.toThrow(
      /^timeout is not an option \(the options: target, profile, signal, only, skip/,
    );
    await expect(runConformance({ target, profile: DEMO_PROFILE, timeoutMs: -1 })).rejects.toThrow(
      'timeoutMs must be a non-negative integer',
    );
    await expect(runConformance({ target, profile: DEMO_PROFILE, only: ['NOPE-1'] })).rejects.toThrow(
      'only names no rule or area: NOPE-1',
    );
    await expect(runConformance({ target, profile: DEMO_PROFILE, only: ['tokens'], skip: ['tokens'] })).rejects.toThrow(
      'only and skip leave no rule to run',
    );
  });

  it('skip leaves out the rules it names', async () => {
    const result = await runConformance({
      target: createSandbox().fetch,
      profile: DEMO_PROFILE,
      only: ['tokens'],
      skip: ['TOKEN-01', 'TOKEN-02'],
    });
    const ids = result.rules.map((r) => r.id);
    expect(ids).not.toContain('TOKEN-01');
    expect(ids).toContain('TOKEN-03');
  });
});
