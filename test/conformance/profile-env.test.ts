// The profile follows the environment and the port (docs/conformance.md, "The target profile"): `${NAME}` and
// `${NAME:-default}` in the file's strings, `--port`, and an unreachable target that names the address it tried and the
// flags that change it.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the profile's own `${NAME}` syntax, written as plain strings.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../../conformance/cli/main.js';
import { loadProfile, ProfileError } from '../../conformance/profile.js';

const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'conformance-profile-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRET = 'file-member-secret';

/** A complete profile file whose values may be overridden by `changes`. */
function file(changes: Record<string, unknown> = {}): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  const profile = {
    baseUrl: 'http://127.0.0.1:4010/api',
    captchaToken: 'file-captcha',
    accounts: {
      member: { username: 'qa-bot', password: SECRET },
      outsider: { username: 'stranger', password: 'file-outsider-secret' },
    },
    companyId: 1,
    boardId: 2,
    ...changes,
  };
  writeFileSync(path, JSON.stringify(profile));
  return path;
}

/** What loadProfile throws, as text (or the profile it returned, to fail the expectation readably). */
function refusal(load: () => unknown): string {
  try {
    return `no error: ${JSON.stringify(load())}`;
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return (error as Error).message;
  }
}

/** A port nothing listens on. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, { out: (t) => (stdout += t), err: (t) => (stderr += t), env });
  return { code, stdout, stderr };
}

describe('environment references in a profile file', () => {
  it('fills in ${NAME} and ${NAME:-default}, the default when the variable is unset or empty', () => {
    const path = file({
      baseUrl: 'http://${HOST}:${PORT:-4010}/api',
      accounts: {
        member: { username: '${MEMBER:-qa-bot}', password: '${MEMBER_PW}' },
        outsider: { username: 'stranger', password: 'a$${literal}' },
      },
      companyId: '${COMPANY:-3}',
    });
    const env = { HOST: 'api.internal', MEMBER_PW: 'from-env', MEMBER: '' };
    expect(loadProfile(path, env)).toMatchObject({
      baseUrl: 'http://api.internal:4010/api',
      accounts: {
        member: { username: 'qa-bot', password: 'from-env' },
        outsider: { password: 'a${literal}' },
      },
      companyId: 3,
    });
    expect(loadProfile(path, { ...env, PORT: '5123', COMPANY: '12' })).toMatchObject({
      baseUrl: 'http://api.internal:5123/api',
      companyId: 12,
    });
  });

  it('makes the checked-in sandbox profile follow PORT, as the sandbox does', () => {
    expect(loadProfile(TARGET, {}).baseUrl).toBe('http://127.0.0.1:4010/api');
    expect(loadProfile(TARGET, { PORT: '4555' }).baseUrl).toBe('http://127.0.0.1:4555/api');
  });

  it('refuses an unset variable without a default, naming the field and the variable but no value', () => {
    const message = refusal(() =>
      loadProfile(file({ accounts: { member: { username: 'qa-bot', password: '${PW_SET_NOWHERE}' } } }), {}),
    );
    expect(message).toContain('accounts.member.password uses ${PW_SET_NOWHERE}');
    expect(message).toContain('the environment variable PW_SET_NOWHERE is not set');
    expect(message).toContain('CONFORMANCE_MEMBER_PASSWORD');
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain('file-captcha');
  });

  it('refuses a ${ that is no reference, and accepts an unset one that a CONFORMANCE_* variable overrides', () => {
    expect(refusal(() => loadProfile(file({ captchaToken: 'x${1bad}' }), {}))).toMatch(/captchaToken holds a `\$\{`/);
    const path = file({ boardId: '${BOARD_SET_NOWHERE}' });
    expect(refusal(() => loadProfile(path, {}))).toContain('boardId uses ${BOARD_SET_NOWHERE}');
    expect(loadProfile(path, { CONFORMANCE_BOARD_ID: '4' }).boardId).toBe(4);
  });

  it('stops the CLI with exit 2 naming the field and the variable', async () => {
    const run = await cli(['--target', file({ baseUrl: 'http://127.0.0.1:${API_PORT_SET_NOWHERE}/api' })]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('baseUrl uses ${API_PORT_SET_NOWHERE}');
    expect(run.stderr).toContain('API_PORT_SET_NOWHERE is not set');
  });
});

describe('--port', () => {
  it('replaces the port of the base URL after the file, the environment and --base-url', () => {
    expect(loadProfile(file(), {}, undefined, 8123).baseUrl).toBe('http://127.0.0.1:8123/api');
    expect(
      loadProfile(file(), { CONFORMANCE_BASE_URL: 'https://staging.example.com/v2/api/' }, undefined, 8443),
    ).toMatchObject({ baseUrl: 'https://staging.example.com:8443/v2/api' });
    expect(loadProfile(file(), {}, 'http://10.0.0.5:9000/api', 9001).baseUrl).toBe('http://10.0.0.5:9001/api');
  });

  it('stops the CLI with exit 2 naming --port for a bad value', async () => {
    for (const bad of ['0', '65536', 'http', '-1']) {
      const run = await cli(['--target', TARGET, `--port=${bad}`]);
      expect(run.code, bad).toBe(EXIT.usage);
      expect(run.stderr, bad).toContain('--port must be a whole number from 1 to 65535');
    }
  });
});

describe('an unreachable target', () => {
  it('names the address tried and suggests --base-url and --port', async () => {
    const port = await closedPort();
    const run = await cli(['--target', TARGET, '--port', String(port), '--only', 'CONV-01']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(`the target http://127.0.0.1:${port}/api is unreachable: ECONNREFUSED`);
    expect(run.stderr).toContain('--base-url <url>');
    expect(run.stderr).toContain('--port <n>');
  });
});
