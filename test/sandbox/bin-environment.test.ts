// task-sandbox's environment variables, set as its --help spells them (PORT, SANDBOX_WORLD, SANDBOX_STATE,
// SANDBOX_ADMIN_SECRET, SANDBOX_ALLOWED_HOSTS, SANDBOX_CORS_ORIGINS=a,b, SANDBOX_CAPTCHA_TOKEN), each with the effect
// the help and docs/sandbox.md promise, read through the running process as its user would.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sandbox-env-'));
const stateFile = join(dir, 'world.json');
const ENV = {
  PORT: '0',
  SANDBOX_WORLD: 'empty',
  SANDBOX_STATE: stateFile,
  SANDBOX_ADMIN_SECRET: 'team-admin-secret',
  SANDBOX_ALLOWED_HOSTS: 'sandbox.one.test,sandbox.two.test',
  SANDBOX_CORS_ORIGINS: 'https://a.example,https://b.example',
  SANDBOX_CAPTCHA_TOKEN: 'team-captcha',
};

let child: ChildProcess;
let port = 0;
let output = '';

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ...ENV };
  child = spawn(process.execPath, ['--import', 'tsx', 'mocks/sandbox/main.ts'], { cwd: root, env, stdio: 'pipe' });
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const listening = await eventually(() => {
    const found = /Sandbox listening: http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
    if (!found) throw new Error(`not listening yet: ${output}`);
    return found;
  });
  port = Number(listening[1]);
});
afterAll(async () => {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

function send({
  method = 'GET',
  path,
  headers = {},
  body,
}: Sent): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...(text ? { 'content-type': 'application/json' } : {}), ...headers },
      },
      (res) => {
        let got = '';
        res.on('data', (c) => {
          got += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: got }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const register = (captcha: string) =>
  send({
    method: 'POST',
    path: '/api/member/register/',
    body: {
      first_name: 'E',
      username: `env-${captcha}`,
      email: `env-${captcha}@example.com`,
      password: 'env-password-1',
      captcha_token: captcha,
    },
  });

describe('task-sandbox configured by its environment', () => {
  it('PORT=0: listens on a port the system picked, not 4010', () => {
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(4010);
  });

  it('SANDBOX_WORLD=empty: the demo accounts are not there', async () => {
    const login = await send({
      method: 'POST',
      path: '/api/member/login/',
      body: { username: 'demo', password: 'demo-password', captcha_token: ENV.SANDBOX_CAPTCHA_TOKEN },
    });
    expect(login.status).toBe(401);
  });

  it('SANDBOX_CAPTCHA_TOKEN: registration takes that token and no longer the public demo one; it is never printed', async () => {
    expect((await register('test-captcha')).status).toBe(400);
    expect((await register(ENV.SANDBOX_CAPTCHA_TOKEN)).status).toBe(201);
    expect(output).not.toContain(ENV.SANDBOX_CAPTCHA_TOKEN);
  });

  it('SANDBOX_STATE: the world is written to that file, for this user only (0600)', async () => {
    expect((await register(`${ENV.SANDBOX_CAPTCHA_TOKEN}`)).status).toBeGreaterThanOrEqual(200);
    await eventually(() => expect(existsSync(stateFile)).toBe(true));
    expect(statSync(stateFile).mode & 0o777).toBe(0o600);
  });

  it('SANDBOX_CORS_ORIGINS=a,b: pages of both origins are answered, a third is refused', async () => {
    for (const origin of ['https://a.example', 'https://b.example']) {
      const answer = await send({ path: '/api/member/me/', headers: { origin } });
      expect([answer.status, answer.headers['access-control-allow-origin']], origin).toEqual([401, origin]);
    }
    expect((await send({ path: '/api/member/me/', headers: { origin: 'https://c.example' } })).status).toBe(403);
  });

  it("SANDBOX_ALLOWED_HOSTS=a,b: the controls answer both names, refuse a third; each name's pages are the sandbox's own", async () => {
    const reset = (name: string) =>
      send({
        method: 'POST',
        path: '/_sandbox/reset/',
        headers: { host: `${name}:${port}`, 'x-sandbox-admin-secret': ENV.SANDBOX_ADMIN_SECRET },
      });
    for (const name of ['sandbox.one.test', 'sandbox.two.test'])
      expect((await reset(name)).status, name).toBeLessThan(300);
    expect((await reset('sandbox.three.test')).status).toBe(403);
    const origin = `http://sandbox.two.test:${port}`;
    const page = await send({ path: '/api/member/me/', headers: { host: `sandbox.two.test:${port}`, origin } });
    expect([page.status, page.headers['access-control-allow-origin']]).toEqual([401, origin]);
  });

  it('SANDBOX_ADMIN_SECRET: the controls take that secret and refuse another', async () => {
    const wrong = await send({
      method: 'POST',
      path: '/_sandbox/reset/',
      headers: { 'x-sandbox-admin-secret': 'guess' },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const right = await send({
      method: 'POST',
      path: '/_sandbox/reset/',
      headers: { 'x-sandbox-admin-secret': ENV.SANDBOX_ADMIN_SECRET },
    });
    expect(right.status, right.text).toBeLessThan(300);
  });
});
