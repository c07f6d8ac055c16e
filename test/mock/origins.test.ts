// Which web pages may call `task-mock` and `task-mock proxy` (docs/mock.md "Which web pages may call it"): this
// machine's and those named with --cors-origin (or MOCK_CORS_ORIGINS); a page of another site neither drives nor reads
// an upstream that has no CORS of its own, and no origin is granted credentials.
import { execFile } from 'node:child_process';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { send } from '../sandbox/node-host/helpers.js';
import { killGroup, type Running, start, stopGroup } from '../support/commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = ['--import', 'tsx', 'mocks/prism/bin.ts'];
const corsOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

/** Pages that must be refused: another site, near misses of the allowed ones, and `null` (a file, a sandboxed frame). */
const FOREIGN = [
  'https://evil.example',
  'http://localhost.evil.example',
  'http://127.0.0.1.evil.example',
  'https://app.example.com:8443',
  'http://app.example.com',
  'https://app.example.com.evil.example',
  'null',
];
const ALLOWED = ['http://localhost:5173', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'https://app.example.com'];

describe('task-mock proxy in front of a backend with no CORS of its own', () => {
  const seen: IncomingHttpHeaders[] = [];
  let upstream: Server;
  let proxy: Running;
  let origin: string;

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: 'success', data: { companies: [{ id: 1, name: 'Acme' }] } }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    proxy = await start(
      root,
      process.execPath,
      [...bin, 'proxy', `http://127.0.0.1:${port}/api`, '--port', '0', '--cors-origin', 'https://app.example.com'],
      /Prism validation proxy: (http:\/\/[^/\s]+)/,
    );
    origin = proxy.found;
  }, 120_000);
  afterAll(async () => {
    await stopGroup(proxy?.child.pid);
    killGroup(proxy?.child.pid);
    await new Promise((resolve) => upstream?.close(resolve));
  });

  const list = (page?: string) =>
    send(origin, false, 'GET', '/api/company/list/', {
      authorization: 'Bearer tmk_secret',
      ...(page ? { origin: page } : {}),
    });

  test('a page of another site is refused before the upstream is reached, and reads nothing', async () => {
    const before = seen.length;
    for (const page of FOREIGN) {
      const answer = await list(page);
      expect([answer.status, corsOf(answer.headers)], page).toEqual([403, {}]);
      expect(JSON.parse(answer.text).errors, page).toEqual([
        {
          field: 'Origin',
          message: `${page} is not allowed: pages of localhost, 127.0.0.0/8 and [::1] are; allow another with --cors-origin (or MOCK_CORS_ORIGINS)`,
        },
      ]);
      const preflight = await send(origin, false, 'OPTIONS', '/api/company/list/', {
        origin: page,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      });
      expect([preflight.status, corsOf(preflight.headers)], page).toEqual([403, {}]);
    }
    expect(seen.length).toBe(before);
  });

  test('pages of this machine and the named origin read the answer, never with credentials', async () => {
    for (const page of ALLOWED) {
      const answer = await list(page);
      expect([answer.status, answer.headers['access-control-allow-origin']], page).toEqual([200, page]);
      expect(answer.headers['access-control-allow-credentials'], page).toBeUndefined();
      const preflight = await send(origin, false, 'OPTIONS', '/api/company/list/', {
        origin: page,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      });
      expect([preflight.status, preflight.headers['access-control-allow-origin']], page).toEqual([204, page]);
      expect(preflight.headers['access-control-allow-headers'], page).toBe('Authorization, Content-Type, Prefer');
      expect(answer.headers['access-control-expose-headers'], page).toContain('sl-violations');
      expect(preflight.headers['access-control-allow-credentials'], page).toBeUndefined();
    }
    // Without Origin (curl, a test) the proxy forwards as before, with no CORS header at all.
    const plain = await list();
    expect([plain.status, corsOf(plain.headers)]).toEqual([200, {}]);
    expect(seen.at(-1)?.authorization).toBe('Bearer tmk_secret');
  });
});

describe('task-mock', () => {
  let mock: Running;
  let origin: string;
  beforeAll(async () => {
    const saved = process.env.MOCK_CORS_ORIGINS;
    process.env.MOCK_CORS_ORIGINS = 'https://app.example.com';
    try {
      mock = await start(
        root,
        process.execPath,
        [...bin, '--port', '0'],
        /Prism mock of the contract: (http:\/\/[^/\s]+)/,
      );
    } finally {
      if (saved === undefined) delete process.env.MOCK_CORS_ORIGINS;
      else process.env.MOCK_CORS_ORIGINS = saved;
    }
    origin = mock.found;
  }, 120_000);
  afterAll(async () => {
    await stopGroup(mock?.child.pid);
    killGroup(mock?.child.pid);
  });

  test('answers pages of this machine and of MOCK_CORS_ORIGINS, without credentials, and refuses the others', async () => {
    for (const page of [...ALLOWED, ...FOREIGN]) {
      const answer = await send(origin, false, 'GET', '/api/member/me/', { authorization: 'Bearer x', origin: page });
      const allowed = ALLOWED.includes(page);
      expect([answer.status, answer.headers['access-control-allow-origin']], page).toEqual(
        allowed ? [200, page] : [403, undefined],
      );
      expect(answer.headers['access-control-allow-credentials'], page).toBeUndefined();
    }
  });
});

test('a --cors-origin that is not an origin is refused, naming the flag, with exit code 2', async () => {
  const run = promisify(execFile)(process.execPath, [...bin, '--cors-origin', 'https://app.example.com/'], {
    cwd: root,
  });
  const failure = (await run.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code?: number; stderr?: string } | undefined;
  expect(failure?.code).toBe(2);
  expect(failure?.stderr).toContain(
    '--cors-origin "https://app.example.com/" is not an origin: write https://app.example.com',
  );
});
