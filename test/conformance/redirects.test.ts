// The suite's redirect policy (docs/conformance.md, "Redirects"): a read follows a redirect within the target's origin
// only, or to an origin the user named (then without credentials); a write follows none; a redirect not followed is
// the server's answer, status and Location. Two loopback servers on two ports are two origins; so are 127.0.0.1 and
// localhost on one port, and http and https on one host and port.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE } from '../../conformance/cli/args.js';
import type { RuleResult } from '../../conformance/engine/result.js';
import { send } from '../../conformance/engine/send.js';
import { loadProfile } from '../../conformance/profile.js';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { processRun } from '../support/node-process.js';
import { RUN_BOUNDS } from '../support/waiting.js';

interface Received {
  method: string;
  url: string;
  host: string;
  authorization?: string;
  cookie?: string;
  body: string;
}

/** A loopback server that keeps every request it gets and answers with `answer`. */
async function recording(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        host: req.headers.host ?? '',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
        body,
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const SECRET = `AKIAFAKE${randomBytes(8).toString('hex')}`;
let elsewhere: Awaited<ReturnType<typeof recording>>;
let target: Awaited<ReturnType<typeof recording>>;

beforeAll(async () => {
  elsewhere = await recording((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ AccessKeyId: SECRET }));
  });
  target = await recording((req, res) => {
    // /to?where=<url> redirects there with the status asked; /home answers the data.
    const url = new URL(req.url ?? '/', 'http://x');
    const where = url.searchParams.get('where');
    if (where) {
      res.writeHead(Number(url.searchParams.get('status') ?? 307), { location: where });
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"status":"success","data":{"home":true}}');
  });
});
afterAll(async () => {
  await elsewhere?.close();
  await target?.close();
});

const OPTIONS = { timeoutMs: 60_000 };
const CREDENTIALS = { authorization: 'JWT secret-access-token', cookie: 'session=secret' };
const redirecting = (where: string, status = 307) =>
  `${target.origin}/to?${new URLSearchParams({ where, status: String(status) })}`;
const fetch = (request: Request) => globalThis.fetch(request);

/** Sends one request through `send` and says what each server got from it. */
async function exchange(request: Request, followTo: readonly string[] = []) {
  const before = { target: target.received.length, elsewhere: elsewhere.received.length };
  const { response, text } = await send(fetch, request, { ...OPTIONS, followTo });
  return {
    status: response.status,
    location: response.headers.get('location'),
    text,
    target: target.received.slice(before.target),
    elsewhere: elsewhere.received.slice(before.elsewhere),
  };
}

describe('a redirect the suite does not follow is the answer', () => {
  for (const status of [301, 302, 303, 307, 308]) {
    it(`a GET redirected with ${status} to another port of the same host: nothing sent there, ${status} and Location answered`, async () => {
      const where = `${elsewhere.origin}/latest/meta-data/iam/security-credentials/role`;
      const got = await exchange(new Request(redirecting(where, status), { headers: CREDENTIALS }));
      expect(got.elsewhere).toEqual([]);
      expect({ status: got.status, location: got.location }).toEqual({ status, location: where });
      expect(got.text).not.toContain(SECRET);
    });
  }

  it('a GET redirected from 127.0.0.1 to localhost on the same port (another origin) is not followed', async () => {
    const where = `http://localhost:${target.port}/home`;
    const got = await exchange(new Request(redirecting(where), { headers: CREDENTIALS }));
    expect(got.target.map((r) => r.host)).toEqual([`127.0.0.1:${target.port}`]);
    expect(got.status).toBe(307);
  });

  it('a GET redirected to https on the same host and port (another origin) is not followed', async () => {
    const where = `https://127.0.0.1:${target.port}/home`;
    const got = await exchange(new Request(redirecting(where), { headers: CREDENTIALS }));
    expect({ status: got.status, location: got.location, sent: got.target.length }).toEqual({
      status: 307,
      location: where,
      sent: 1,
    });
  });

  for (const method of ['POST', 'PATCH', 'PUT', 'DELETE']) {
    it(`a ${method} redirected with 307 (even within the origin) is not sent again`, async () => {
      for (const where of [`${elsewhere.origin}/capture`, `${target.origin}/home`]) {
        const body = JSON.stringify({ username: 'member', password: 'secret-password', captcha_token: 'captcha' });
        const got = await exchange(new Request(redirecting(where), { method, headers: CREDENTIALS, body }));
        expect(got.elsewhere).toEqual([]);
        expect(got.target.map((r) => `${r.method} ${r.body}`)).toEqual([`${method} ${body}`]);
        expect({ status: got.status, location: got.location }).toEqual({ status: 307, location: where });
      }
    });
  }

  it('a GET that asks to see the redirect (redirect: manual) gets it, even within the origin', async () => {
    const got = await exchange(new Request(redirecting(`${target.origin}/home`, 308), { redirect: 'manual' }));
    expect({ status: got.status, sent: got.target.length }).toEqual({ status: 308, sent: 1 });
  });
});

describe('a redirect the suite follows', () => {
  it('a GET redirected within the origin (a 308 for the trailing slash) is followed with its credentials', async () => {
    const got = await exchange(new Request(redirecting(`${target.origin}/home`, 308), { headers: CREDENTIALS }));
    expect(got.status).toBe(200);
    expect(got.text).toContain('"home":true');
    expect(got.target.map((r) => [r.url.split('?')[0], r.authorization])).toEqual([
      ['/to', CREDENTIALS.authorization],
      ['/home', CREDENTIALS.authorization],
    ]);
  });

  it('a relative Location is within the origin and followed', async () => {
    const got = await exchange(new Request(redirecting('/home', 302), { headers: CREDENTIALS }));
    expect(got.status).toBe(200);
  });

  it('a GET redirected to an origin the user named is followed there without Authorization or Cookie', async () => {
    const got = await exchange(new Request(redirecting(`${elsewhere.origin}/public`), { headers: CREDENTIALS }), [
      elsewhere.origin,
    ]);
    expect(got.status).toBe(200);
    expect(got.elsewhere).toEqual([{ method: 'GET', url: '/public', host: `127.0.0.1:${elsewhere.port}`, body: '' }]);
  });

  it('the named origin is exact: localhost on its port, or another port, is not followed', async () => {
    for (const where of [
      `http://localhost:${elsewhere.port}/public`,
      `http://127.0.0.1:${elsewhere.port === 65_535 ? 1024 : elsewhere.port + 1}/public`,
    ]) {
      const got = await exchange(new Request(redirecting(where), { headers: CREDENTIALS }), [elsewhere.origin]);
      expect({ status: got.status, sent: got.elsewhere.length }).toEqual({ status: 307, sent: 0 });
    }
  });

  it('a POST is not sent to a named origin either', async () => {
    const got = await exchange(
      new Request(redirecting(`${elsewhere.origin}/capture`), { method: 'POST', body: 'password=secret' }),
      [elsewhere.origin],
    );
    expect({ status: got.status, sent: got.elsewhere.length }).toEqual({ status: 307, sent: 0 });
  });
});

/**
 * The attacks, through the doors: a target (the sandbox) that answers the login CONV-04 sends as text/plain with a 307
 * to another server, and every GET of the scenario list (QA-03's, and the clean-up's) with a 307 to a fake
 * instance-metadata address there that hands out fake cloud credentials.
 */
describe('a target that redirects a login and a read to another origin', { timeout: 4 * RUN_BOUNDS.timeoutMs }, () => {
  const ONLY = ['--only', 'CONV-04,QA-03'];
  const metadata = () => `${elsewhere.origin}/latest/meta-data/iam/security-credentials/role`;
  const redirectingSandbox = () => {
    const inner = createSandbox().fetch;
    return async (req: Request): Promise<Response> => {
      const url = new URL(req.url);
      const login = req.method === 'POST' && url.pathname === '/api/member/login/';
      if (login && req.headers.get('content-type')?.startsWith('text/plain')) {
        return new Response(null, { status: 307, headers: { location: `${elsewhere.origin}/capture` } });
      }
      if (req.method === 'GET' && url.pathname === '/api/features/qa/scenarios/list/') {
        return new Response(null, { status: 307, headers: { location: metadata() } });
      }
      return inner(req);
    };
  };
  let server: Awaited<ReturnType<typeof startSandboxServer>>;
  let dir: string;
  beforeAll(async () => {
    server = await startSandboxServer({ port: 0, fetch: redirectingSandbox(), keepAliveTimeoutMs: KEPT_ALIVE_MS });
    dir = mkdtempSync(join(tmpdir(), 'conformance-redirects-'));
  });
  afterAll(async () => {
    await server?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The CLI against the target, with every report; what it printed and wrote. */
  async function cli(name: string, ...flags: string[]) {
    const files = { json: join(dir, `${name}.json`), junit: join(dir, `${name}.xml`), har: join(dir, `${name}.har`) };
    const run = await processRun(
      [
        'conformance/cli/main.ts',
        '--target',
        'conformance/targets/sandbox.json',
        '--base-url',
        server.baseUrl,
        ...ONLY,
        '--json',
        files.json,
        '--junit',
        files.junit,
        '--har',
        files.har,
        '--timeout',
        String(RUN_BOUNDS.timeoutMs),
        ...flags,
      ].flatMap((a, i) => (i === 0 ? ['--import', 'tsx', a] : [a])),
      {},
    );
    const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');
    return { ...run, json: read(files.json), junit: read(files.junit), har: read(files.har) };
  }

  /**
   * The CLI's run with the default flags, once for the three tests that read it (what it sends and reports, and the
   * verdict the other doors must give): the same command against the same server; the first test to ask runs it.
   */
  let defaultRun: ReturnType<typeof cli> | undefined;
  const cliDefault = () => {
    defaultRun ??= cli('default');
    return defaultRun;
  };

  it('the CLI sends the other server nothing, reports each 307 and its Location, and no byte of its answer', async () => {
    const before = elsewhere.received.length;
    const run = await cliDefault();
    expect(elsewhere.received.slice(before)).toEqual([]);
    for (const text of [run.output, run.json, run.junit, run.har]) expect(text).not.toContain(SECRET);
    const rules = (JSON.parse(run.json) as { rules: RuleResult[] }).rules;
    const conv04 = rules.find((r) => r.id === 'CONV-04')?.checks[0];
    expect(conv04?.outcome).toBe('FAIL');
    expect(conv04?.reason).toContain(`HTTP 307 to ${elsewhere.origin}/capture`);
    const qa03 = rules.find((r) => r.id === 'QA-03')?.checks[0];
    expect(qa03?.outcome).not.toBe('PASS');
    expect(JSON.stringify(qa03)).toContain(metadata());
    expect(run.output).toContain('HTTP 307');
  });

  it('with --follow-redirects-to the other origin, only GETs reach it, without Authorization, Cookie or body', async () => {
    const before = elsewhere.received.length;
    const run = await cli('followed', '--follow-redirects-to', elsewhere.origin);
    const got = elsewhere.received.slice(before);
    expect(got.length).toBeGreaterThan(0);
    expect(got.filter((r) => r.method !== 'GET' || r.authorization || r.cookie || r.body)).toEqual([]);
    expect(run.json).toContain('"CONV-04"');
  });

  it('--follow-redirects-to takes origins only, naming the flag (exit 2)', async () => {
    for (const bad of ['127.0.0.1:8080', 'http://a.example/path', 'ftp://a.example', 'https://user@a.example', ',']) {
      expect(() => parseCliArgs([`--follow-redirects-to=${bad}`]), bad).toThrow(/--follow-redirects-to/);
    }
    expect(
      parseCliArgs(['--follow-redirects-to', 'HTTPS://Auth.Example.com:443/,http://127.0.0.1:8080']).followRedirectsTo,
    ).toEqual(['HTTPS://Auth.Example.com:443/', 'http://127.0.0.1:8080']);
    expect(USAGE).toContain('--follow-redirects-to <origins>');
    const run = await cli('bad', '--follow-redirects-to=http://a.example/path');
    expect(run.status).toBe(2);
    expect(run.output).toContain('--follow-redirects-to: "http://a.example/path" says more than an origin');
  });

  it('runConformance sends the other server nothing and gives the CLI verdict; its HAR holds no byte of the answer', async () => {
    const before = elsewhere.received.length;
    const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
    const result = await runConformance({
      target: server.baseUrl,
      profile,
      only: ['CONV-04', 'QA-03'],
      har: true,
      ...RUN_BOUNDS,
    });
    expect(elsewhere.received.slice(before)).toEqual([]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    const cliRun = await cliDefault();
    const outcomes = (rules: readonly RuleResult[]) => rules.map((r) => `${r.id} ${r.outcome}`);
    expect(outcomes(result.rules)).toEqual(outcomes((JSON.parse(cliRun.json) as { rules: RuleResult[] }).rules));
  });

  /** describeConformance in a team's own Vitest run (test/conformance/fixtures/sandbox.conformance.ts). */
  async function vitestDoor(name: string, env: Record<string, string> = {}) {
    const json = join(dir, `${name}-vitest.json`);
    const run = await processRun(
      ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts'],
      { TARGET_URL: server.baseUrl, ONLY: 'CONV-04,QA-03', JSON_REPORT: json, ...env },
    );
    return { ...run, json: existsSync(json) ? readFileSync(json, 'utf8') : '' };
  }

  it('describeConformance sends the other server nothing and gives the CLI verdict; with followRedirectsTo only GETs without credentials', async () => {
    let before = elsewhere.received.length;
    const run = await vitestDoor('default');
    expect(elsewhere.received.slice(before)).toEqual([]);
    for (const text of [run.output, run.json]) expect(text).not.toContain(SECRET);
    const cliRun = await cliDefault();
    const outcomes = (json: string) =>
      (JSON.parse(json) as { rules: RuleResult[] }).rules.map((r) => `${r.id} ${r.outcome}`);
    expect(outcomes(run.json)).toEqual(outcomes(cliRun.json));
    before = elsewhere.received.length;
    await vitestDoor('followed', { FOLLOW_REDIRECTS_TO: elsewhere.origin });
    const got = elsewhere.received.slice(before);
    expect(got.length).toBeGreaterThan(0);
    expect(got.filter((r) => r.method !== 'GET' || r.authorization || r.cookie || r.body)).toEqual([]);
  });

  it('runConformance with followRedirectsTo sends the other server only GETs without credentials', async () => {
    const before = elsewhere.received.length;
    const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
    await runConformance({
      target: server.baseUrl,
      profile,
      only: ['CONV-04', 'QA-03'],
      followRedirectsTo: [elsewhere.origin],
      ...RUN_BOUNDS,
    });
    const got = elsewhere.received.slice(before);
    expect(got.length).toBeGreaterThan(0);
    expect(got.filter((r) => r.method !== 'GET' || r.authorization || r.cookie || r.body)).toEqual([]);
  });

  it('followRedirectsTo takes origins only, naming the option', async () => {
    const profile = loadProfile('conformance/targets/sandbox.json', {}, server.baseUrl);
    for (const bad of [['127.0.0.1:8080'], ['http://a.example/path'], 'http://a.example', [7]]) {
      await expect(
        runConformance({ target: server.baseUrl, profile, followRedirectsTo: bad as string[] }),
      ).rejects.toThrow(/followRedirectsTo/);
    }
  });
});
