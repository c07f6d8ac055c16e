// The sandbox command's options and their environment variables (docs/sandbox.md "Start", mocks/sandbox/README.md,
// `task-sandbox --help`): --world, --admin-secret, --cors-origin, --allowed-host (the Host names the controls answer to) and --state, and SANDBOX_WORLD,
// SANDBOX_ADMIN_SECRET, SANDBOX_CORS_ORIGINS (a,b), SANDBOX_ALLOWED_HOSTS and SANDBOX_STATE, each used as --help says
// on the command itself, with a near miss beside each (an origin or Host that begins like the allowed one, a secret
// one character off).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RESET_PATH } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { userEnv } from '../support/commands.js';
import { eventually, within } from '../support/waiting.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'sandbox-bin-options-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

const ORIGIN = 'https://app.example.test';
const HOST = 'api.example.test';
const SECRET = 'operator-secret-1';

/** Starts `task-sandbox` from source with `args` and `env`; resolves to its base URL once it says it listens. */
function sandbox(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'mocks/sandbox/main.ts'), ...args], {
    cwd: root,
    env: { ...userEnv(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let text = '';
  return within(
    new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        text += chunk.toString();
        const match = /Sandbox listening: (http:\/\/\S+)\/api/.exec(text);
        if (match?.[1]) resolve(match[1]);
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => reject(new Error(`task-sandbox exited (${code}) before it listened:\n${text}`)));
    }),
  );
}

/** A control request with the admin secret and a Host header of our choosing (fetch may not set Host). */
function withHost(base: string, path: string, host: string): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { host, 'x-sandbox-admin-secret': SECRET },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.once('error', reject);
    req.end();
  });
}

const preflight = (base: string, origin: string) =>
  fetch(`${base}/api/member/me/`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });

const ways = [
  {
    way: 'the options',
    state: join(work, 'by-options.json'),
    args: (state: string) => [
      '--port',
      '0',
      '--world',
      'empty',
      '--admin-secret',
      SECRET,
      '--cors-origin',
      ORIGIN,
      '--allowed-host',
      HOST,
      '--state',
      state,
    ],
    env: (): NodeJS.ProcessEnv => ({}),
  },
  {
    way: 'the environment variables',
    state: join(work, 'by-env.json'),
    args: () => [] as string[],
    env: (state: string): NodeJS.ProcessEnv => ({
      PORT: '0',
      SANDBOX_WORLD: 'empty',
      SANDBOX_ADMIN_SECRET: SECRET,
      SANDBOX_CORS_ORIGINS: `https://other.example.test,${ORIGIN}`,
      SANDBOX_ALLOWED_HOSTS: HOST,
      SANDBOX_STATE: state,
    }),
  },
];

describe.each(ways)('task-sandbox configured by $way', ({ state, args, env }) => {
  let base: Promise<string> | undefined;
  const started = () => {
    base ??= sandbox(args(state), env(state));
    return base;
  };

  it('starts the empty world: the demo account does not exist', async () => {
    const login = await fetch(`${await started()}/api/member/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: DEMO.captchaToken }),
    });
    expect(login.status).toBeGreaterThanOrEqual(400);
    expect(login.status).toBeLessThan(500);
  });

  it('the controls take the admin secret given, and refuse one a character off', async () => {
    const url = `${await started()}${RESET_PATH}`;
    const wrong = await fetch(url, { method: 'POST', headers: { 'x-sandbox-admin-secret': `${SECRET}x` } });
    expect(wrong.status).toBe(401);
    const right = await fetch(url, { method: 'POST', headers: { 'x-sandbox-admin-secret': SECRET } });
    expect(right.status).toBeLessThan(300);
  });

  it('a page of the origin given may call the API; one that begins like it may not', async () => {
    const allowed = await preflight(await started(), ORIGIN);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const near = await preflight(await started(), `${ORIGIN}.evil.test`);
    expect(near.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('its controls answer under the Host name given; not under one that begins like it (403)', async () => {
    const at = await started();
    expect(await withHost(at, RESET_PATH, HOST)).toBeLessThan(300);
    expect(await withHost(at, RESET_PATH, `${HOST}.evil.test`)).toBe(403);
  });

  it('keeps the world in the state file given: a registration is there', async () => {
    const at = await started();
    const username = `kept_${state.endsWith('by-env.json') ? 'env' : 'options'}`;
    const registered = await fetch(`${at}/api/member/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Kept',
        username,
        email: `${username}@example.test`,
        password: 'correct-horse',
        captcha_token: DEMO.captchaToken,
      }),
    });
    expect(registered.status).toBe(201);
    await eventually(() => {
      expect(existsSync(state) && readFileSync(state, 'utf8')).toContain(username);
    });
  });
});
