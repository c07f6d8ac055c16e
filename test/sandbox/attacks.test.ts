// Attacks over real HTTP (docs/sandbox.md "Resource limits"): the metadata amplifier against a heap-capped process, slow clients.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_LIMITS, MAX_JSON_CONTAINERS } from '../../mocks/sandbox/domain/limits.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

/** Heap of the child sandbox: before metadata had a limit, this many amplifier requests needed over 2.5× of it. */
const HEAP_MIB = 192;
const AMPLIFIER_REQUESTS = 12;
/** RSS the child may reach: its heap cap plus room for code, buffers and the JIT. */
const MAX_RSS_MIB = HEAP_MIB + 160;

/** VmRSS of a process in MiB, from /proc (Linux). */
function rssMib(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!line) throw new Error(`no VmRSS for ${pid}`);
  return Number(line[1]) / 1024;
}

/** `{"a":[{},{},…]}` with `count` objects, padded by a string to just under the 1 MiB body cap. */
function amplifierBody(count: number): string {
  const objects = `[${'{},'.repeat(count - 1)}{}]`;
  const pad = 'p'.repeat(1024 * 1024 - 200 - objects.length);
  return `{"title":"amp","is_active":true,"metadata":{"a":${objects},"pad":"${pad}"}}`;
}

describe.skipIf(process.platform !== 'linux')('the metadata amplifier against a sandbox process', () => {
  let child: ChildProcess;
  let baseUrl: string;

  beforeAll(async () => {
    child = spawn(
      process.execPath,
      [`--max-old-space-size=${HEAP_MIB}`, '--import', 'tsx', 'mocks/sandbox/main.ts', '--port', '0'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    baseUrl = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /Sandbox listening: (\S+)/.exec(out);
        if (found) resolve(found[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening`)));
    });
  });
  afterAll(() => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });

  const post = (path: string, body: string, auth?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      body,
    });

  test(`${AMPLIFIER_REQUESTS} requests of 1 MiB metadata from a fresh account: 400 each, the process stays up and under ${MAX_RSS_MIB} MiB`, async () => {
    const credentials = { username: 'amplifier', password: 'amplifier-pw', captcha_token: DEMO.captchaToken };
    const registered = await post(
      '/member/register/',
      JSON.stringify({ ...credentials, first_name: 'A', email: 'amplifier@example.com' }),
    );
    expect(registered.status).toBe(201);
    const login = await post('/member/login/', JSON.stringify(credentials));
    const auth = `JWT ${(await login.json()).data.access_token}`;
    const { member } = DEMO.accounts;
    const memberLogin = await post(
      '/member/login/',
      JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
    );
    const memberAuth = `JWT ${(await memberLogin.json()).data.access_token}`;

    // ~350,000 objects: refused before parsing, as no contract body holds that many; 9,000 objects and a ~1 MB
    // string: parsed, then refused for metadata's size.
    const many = amplifierBody(Math.floor((1024 * 1024 - 300) / 3));
    const padded = amplifierBody(MAX_JSON_CONTAINERS - 1000);
    for (const body of [many, padded]) expect(body.length).toBeLessThanOrEqual(1024 * 1024);
    let peak = 0;
    for (let i = 0; i < AMPLIFIER_REQUESTS; i++) {
      const res = await post('/member/bearer-tokens/', i % 2 === 0 ? many : padded, auth);
      const payload = await res.json();
      const expected =
        i % 2 === 0 ? ['body', String(MAX_JSON_CONTAINERS)] : ['metadata', String(DEFAULT_LIMITS.metadataBytes)];
      expect([res.status, payload.errors[0].field]).toEqual([400, expected[0]]);
      expect(payload.message).toContain(expected[1]);
      peak = Math.max(peak, rssMib(child.pid as number));
    }
    expect(child.exitCode).toBeNull();
    const other = await fetch(`${baseUrl}/member/me/`, { headers: { authorization: memberAuth } });
    expect(other.status).toBe(200);
    expect(peak).toBeLessThan(MAX_RSS_MIB);
  });
});

describe('slow clients are cut at the bound', () => {
  const BOUND_MS = 2000;

  /** Opens a connection, sends `first`, then `drip` every 100 ms; resolves with the ms until the server closes it. */
  const holdOpen = (origin: string, first: string, drip?: string) =>
    new Promise<{ ms: number; answer: string }>((resolve, reject) => {
      const { hostname, port } = new URL(origin);
      const started = performance.now();
      let answer = '';
      const socket = connect(Number(port), hostname, () => socket.write(first));
      const timer = drip === undefined ? undefined : setInterval(() => socket.writable && socket.write(drip), 100);
      socket.on('data', (chunk) => {
        answer += chunk.toString();
      });
      socket.on('error', reject);
      socket.on('close', () => {
        clearInterval(timer);
        resolve({ ms: performance.now() - started, answer });
      });
    });

  // The 408 is node's request timeout speaking (no other bound answers 408), and a loaded machine can only make the
  // cut later, never earlier: the test waits for it and checks that it did not come before the bound.
  test(`headers never finished, or a body dripping a byte at a time: closed with 408, not before ${BOUND_MS} ms`, async () => {
    const server = await startSandboxServer({ requestTimeoutMs: BOUND_MS });
    try {
      const [headers, body] = await Promise.all([
        holdOpen(server.origin, 'GET /api/member/me/ HTTP/1.1\r\nHost: sandbox\r\n', 'X-Slow: 1\r\n'),
        holdOpen(
          server.origin,
          'POST /api/member/login/ HTTP/1.1\r\nHost: sandbox\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n',
          ' ',
        ),
      ]);
      for (const { ms, answer } of [headers, body]) {
        expect(answer).toMatch(/^HTTP\/1\.1 408 /);
        expect(ms).toBeGreaterThanOrEqual(BOUND_MS - 50);
      }
    } finally {
      await server.close();
    }
  });
});
