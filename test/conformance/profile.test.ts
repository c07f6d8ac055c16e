// The target profile: file, CONFORMANCE_* overrides, --base-url, and errors that name the field but never a value.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadProfile, PROFILE_FIELDS, ProfileError } from '../../conformance/profile.js';

const dir = mkdtempSync(join(tmpdir(), 'conformance-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FULL_ENV = {
  CONFORMANCE_BASE_URL: 'https://staging.example.com/api/',
  CONFORMANCE_CAPTCHA_TOKEN: 'env-captcha-secret',
  CONFORMANCE_MEMBER_USERNAME: 'qa-bot',
  CONFORMANCE_MEMBER_PASSWORD: 'env-member-secret',
  CONFORMANCE_OUTSIDER_USERNAME: 'stranger',
  CONFORMANCE_OUTSIDER_PASSWORD: 'env-outsider-secret',
  CONFORMANCE_COMPANY_ID: '7',
  CONFORMANCE_BOARD_ID: '8',
  CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID: '9',
  CONFORMANCE_SEVERITY: 'blocker',
  CONFORMANCE_PRIORITY: 'p1',
  CONFORMANCE_MISSING_OPERATIONS: 'listTasks, createScenario,,listTasks',
  CONFORMANCE_BOARD_LIST_PATH: '/board/list/',
  CONFORMANCE_BOARD_LIST_COLLECTION: 'boards',
  CONFORMANCE_LIMIT_TOKENS: '50',
  CONFORMANCE_LIMIT_SCENARIOS: '0',
  CONFORMANCE_LIMIT_SESSIONS: '20',
};

function file(content: unknown): string {
  const path = join(dir, `${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('loadProfile', () => {
  it('reads the checked-in sandbox profile', () => {
    const profile = loadProfile('conformance/targets/sandbox.json', {});
    expect(profile.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(profile.accounts.member.username).not.toBe(profile.accounts.outsider.username);
  });

  it('takes every value from the environment alone, ids as numbers, without a trailing slash', () => {
    expect(loadProfile(undefined, FULL_ENV)).toEqual({
      baseUrl: 'https://staging.example.com/api',
      captchaToken: 'env-captcha-secret',
      accounts: {
        member: { username: 'qa-bot', password: 'env-member-secret' },
        outsider: { username: 'stranger', password: 'env-outsider-secret' },
      },
      companyId: 7,
      boardId: 8,
      boardWithoutTodoColumnId: 9,
      severity: 'blocker',
      priority: 'p1',
      missingOperations: ['listTasks', 'createScenario'],
      boardList: { path: '/board/list/', collection: 'boards' },
      limits: { tokens: 50, scenarios: 0, sessions: 20 },
    });
  });

  it('reads missingOperations as an array in the file or a comma-separated variable, and refuses what is no operation', () => {
    const { CONFORMANCE_MISSING_OPERATIONS: _m, ...env } = FULL_ENV;
    expect(loadProfile(undefined, env).missingOperations).toEqual([]);
    const base = loadProfile(undefined, env);
    expect(loadProfile(file({ ...base, missingOperations: ['getCase'] }), {}).missingOperations).toEqual(['getCase']);
    expect(() => loadProfile(file({ ...base, missingOperations: ['getCases'] }), {})).toThrow(
      /missingOperations \(or CONFORMANCE_MISSING_OPERATIONS\).*names no operation of openapi\.yaml: getCases/,
    );
    expect(() => loadProfile(file({ ...base, missingOperations: [3] }), {})).toThrow(
      /missingOperations .*must be an array/,
    );
    expect(() => loadProfile(undefined, { ...env, CONFORMANCE_MISSING_OPERATIONS: 'login' })).toThrow(
      /cannot hold login: the preflight needs it/,
    );
  });

  it("leaves severity and priority out when neither names them (the checks then send the contract's examples)", () => {
    const { CONFORMANCE_SEVERITY: _s, CONFORMANCE_PRIORITY: _p, ...env } = FULL_ENV;
    const profile = loadProfile(undefined, env);
    expect(profile).not.toHaveProperty('severity');
    expect(profile).not.toHaveProperty('priority');
    const fromFile = loadProfile(file({ ...profile, severity: 'minor' }), { CONFORMANCE_PRIORITY: 'p4' });
    expect([fromFile.severity, fromFile.priority]).toEqual(['minor', 'p4']);
  });

  it('lets the environment override the file and --base-url override both', () => {
    const path = file(loadProfile(undefined, FULL_ENV));
    const profile = loadProfile(path, { CONFORMANCE_MEMBER_PASSWORD: 'rotated' }, 'http://127.0.0.1:9/api');
    expect(profile.accounts.member.password).toBe('rotated');
    expect(profile.baseUrl).toBe('http://127.0.0.1:9/api');
    expect(profile.companyId).toBe(7);
  });

  it('names every environment variable in the field list', () => {
    expect(PROFILE_FIELDS.map((f) => f.env).sort()).toEqual(Object.keys(FULL_ENV).sort());
  });

  it.each([
    ['a missing file', () => loadProfile(join(dir, 'none.json'), {}), /cannot read the target profile/],
    ['a file that is not JSON', () => loadProfile(file('{'), {}), /not valid JSON/],
    ['a JSON array', () => loadProfile(file([]), {}), /must hold a JSON object/],
    ['nothing at all', () => loadProfile(undefined, {}), /baseUrl \(or CONFORMANCE_BASE_URL\)/],
    [
      'a bad URL and a bad id',
      () => loadProfile(undefined, { ...FULL_ENV, CONFORMANCE_BASE_URL: 'ftp://x', CONFORMANCE_BOARD_ID: '-1' }),
      /baseUrl .*must be an http\(s\) URL[\s\S]*boardId .*positive integer/,
    ],
    [
      'credentials inside the base URL, without quoting them',
      () => loadProfile(undefined, FULL_ENV, 'https://ci-user:hunter2-pass@example.test/api'),
      /^(?![\s\S]*hunter2)[\s\S]*baseUrl .*must not carry a user name or password/,
    ],
    [
      'a severity that is not a non-empty string',
      () => loadProfile(file({ ...loadProfile(undefined, FULL_ENV), severity: 7 }), {}),
      /severity \(or CONFORMANCE_SEVERITY\).* must be a non-empty string/,
    ],
    [
      'the same account twice',
      () => loadProfile(undefined, { ...FULL_ENV, CONFORMANCE_OUTSIDER_USERNAME: 'qa-bot' }),
      /must be different accounts/,
    ],
  ])('rejects %s with a ProfileError naming what to fix', (_name, load, message) => {
    expect(load).toThrow(ProfileError);
    expect(load).toThrow(message);
  });

  it.each([
    ['a UUID', '5f0c1d2e-0000-4000-8000-000000000001'],
    ['a ULID', '01HZX3K9Q8ABCDEFGHJKMNPQRS'],
    ['a slug', 'qa-board_2'],
  ])('takes %s as companyId and boardId (source §1 gives them no type), kept as written', (_name, id) => {
    const profile = loadProfile(undefined, { ...FULL_ENV, CONFORMANCE_COMPANY_ID: id, CONFORMANCE_BOARD_ID: id });
    expect([profile.companyId, profile.boardId]).toEqual([id, id]);
  });

  it.each(['-1', '1.5', '0', 'two words', 'a/b'])('refuses %j as an id, naming the field', (id) => {
    expect(() => loadProfile(undefined, { ...FULL_ENV, CONFORMANCE_BOARD_ID: id })).toThrow(
      /boardId \(or CONFORMANCE_BOARD_ID\).* must be a positive integer or an identifier/,
    );
  });

  it('never puts a secret in its error messages', () => {
    const env = { ...FULL_ENV, CONFORMANCE_BASE_URL: 'not a url env-member-secret' };
    expect(() => loadProfile(undefined, env)).toThrow(ProfileError);
    try {
      loadProfile(undefined, env);
    } catch (error) {
      expect((error as Error).message).not.toMatch(/secret/);
    }
  });
});
