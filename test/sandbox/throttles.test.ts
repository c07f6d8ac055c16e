// Throttles (docs/sandbox.md "Limits and throttles"): password and authenticator-code guessing slowed per account
// name, registrations per client; both answer 429 with Retry-After, and both let the real owner in after a minute.
import { describe, expect, it } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const BASE = 'http://sandbox.test/api';

function clock() {
  let now = Date.parse('2026-11-25T10:00:00Z');
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const post = (path: string, body: unknown, client?: string) => {
  const request = new Request(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (client) requestClients.set(request, client);
  return request;
};

const login = (username: string, password: string, code?: string) =>
  post('/member/login/', { username, password, captcha_token: DEMO.captchaToken, ...(code ? { code } : {}) });

describe('guessing passwords and codes', () => {
  it('10 wrong passwords a minute for one account name, then 429 with Retry-After, even for the right one; other accounts go on', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { member, outsider } = DEMO.accounts;
    for (let i = 0; i < 10; i++) expect((await sandbox.fetch(login(member.username, `guess-${i}`))).status).toBe(401);
    const slowed = await sandbox.fetch(login(member.username, member.password));
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await slowed.json()).toMatchObject({ status: 'error', errors: [{ field: 'username' }] });
    // The same name in other letter cases is the same account name.
    expect((await sandbox.fetch(login(member.username.toUpperCase(), 'x'))).status).toBe(429);
    expect((await sandbox.fetch(login(outsider.username, outsider.password))).status).toBe(200);
    time.advance(61_000);
    expect((await sandbox.fetch(login(member.username, member.password))).status).toBe(200);
  });

  it('wrong authenticator codes count the same way', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { twoFactor } = DEMO.accounts;
    for (let i = 0; i < 10; i++) {
      expect((await sandbox.fetch(login(twoFactor.username, twoFactor.password, '000000'))).status).toBe(401);
    }
    expect((await sandbox.fetch(login(twoFactor.username, twoFactor.password, '000000'))).status).toBe(429);
  });
});

describe('registrations', () => {
  const registration = (i: number) => ({
    first_name: 'Flood',
    username: `flood_${i}`,
    email: `flood_${i}@example.test`,
    password: 'a-long-password',
    captcha_token: DEMO.captchaToken,
  });

  it('60 accounts a minute per client, then 429 for that client only; refused registrations take no room', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    for (let i = 0; i < 60; i++) {
      expect((await sandbox.fetch(post('/member/register/', registration(i), '203.0.113.7'))).status).toBe(201);
    }
    const refused = await sandbox.fetch(post('/member/register/', registration(60), '203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect((await sandbox.fetch(post('/member/register/', registration(61), '198.51.100.2'))).status).toBe(201);
    // A duplicate (409) is not an account made: it does not count.
    const other = '192.0.2.1';
    for (let i = 0; i < 70; i++)
      expect((await sandbox.fetch(post('/member/register/', registration(0), other))).status).toBe(409);
    expect((await sandbox.fetch(post('/member/register/', registration(62), other))).status).toBe(201);
    time.advance(61_000);
    expect((await sandbox.fetch(post('/member/register/', registration(63), '203.0.113.7'))).status).toBe(201);
  });
});
