// Throttles (docs/sandbox.md "Limits and throttles"): password and authenticator-code guessing slowed per account
// name and client, registrations per client; both answer 429 with Retry-After, a refused guess counts against the
// guesser, and no guesser ever slows the owner logging in from elsewhere.
import { describe, expect, it } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { Throttle } from '../../mocks/sandbox/domain/throttle.js';
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

const login = (username: string, password: string, code?: string, client?: string) =>
  post('/member/login/', { username, password, captcha_token: DEMO.captchaToken, ...(code ? { code } : {}) }, client);

describe('guessing passwords and codes', () => {
  it('10 wrong passwords from one client for one account name, then 429 with Retry-After for that client, even for the right one; other accounts go on', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { member, outsider } = DEMO.accounts;
    for (let i = 0; i < 10; i++) expect((await sandbox.fetch(login(member.username, `guess-${i}`))).status).toBe(401);
    const slowed = await sandbox.fetch(login(member.username, member.password));
    expect(slowed.status).toBe(429);
    // A refused attempt counts: the next is one interval (a minute / 10) after it.
    expect(slowed.headers.get('retry-after')).toBe('6');
    expect(await slowed.json()).toMatchObject({ status: 'error', errors: [{ field: 'username' }] });
    // The same name in other letter cases is the same account name.
    expect((await sandbox.fetch(login(member.username.toUpperCase(), 'x'))).status).toBe(429);
    expect((await sandbox.fetch(login(outsider.username, outsider.password))).status).toBe(200);
    time.advance(6_000 - 1);
    expect((await sandbox.fetch(login(member.username, member.password))).status).toBe(429);
    time.advance(6_000);
    expect((await sandbox.fetch(login(member.username, member.password))).status).toBe(200);
  });

  it('the 429 says in words what Retry-After says, and the limit it keeps', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { member } = DEMO.accounts;
    for (let i = 0; i < 10; i++) await sandbox.fetch(login(member.username, `guess-${i}`));
    const slowed = await sandbox.fetch(login(member.username, member.password));
    const body = (await slowed.json()) as { message: string; errors: Array<{ field: string; message: string }> };
    expect(slowed.headers.get('retry-after')).toBe('6');
    expect(body.message).toMatch(/^Too many wrong passwords or authenticator codes .*; try again in 6 s\.$/);
    expect(body.errors).toEqual([{ field: 'username', message: 'at most 10 a minute' }]);
  });

  it('a reset of the world forgets the throttles too: a client refused for guessing logs in right after it', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { member } = DEMO.accounts;
    for (let i = 0; i < 10; i++) await sandbox.fetch(login(member.username, `guess-${i}`));
    expect((await sandbox.fetch(login(member.username, member.password))).status).toBe(429);
    sandbox.reset();
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

  it('an attacker polling wrong passwords for demo 4 times a second from one client never refuses the owner logging in from another; its refused polls count, so it gets no guess while it polls', async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now });
    const { member } = DEMO.accounts;
    const attacker: number[] = [];
    const owner: number[] = [];
    // 150 s: the attacker polls every 250 ms from 203.0.113.66, the owner logs in every 3 s from 198.51.100.7.
    for (let tick = 0; tick < 600; tick++) {
      attacker.push((await sandbox.fetch(login(member.username, `guess-${tick}`, undefined, '203.0.113.66'))).status);
      if (tick % 12 === 0) {
        owner.push((await sandbox.fetch(login(member.username, member.password, undefined, '198.51.100.7'))).status);
      }
      time.advance(250);
    }
    expect(owner).toHaveLength(50);
    expect(owner.filter((s) => s !== 200)).toEqual([]);
    // Its first 10 were real guesses (401); every later poll was refused, and refused polls kept it refused.
    expect(attacker.filter((s) => s === 401)).toHaveLength(10);
    expect(attacker.slice(10).filter((s) => s !== 429)).toEqual([]);
  });

  it("filling the throttle's memory with other names gives the guesser no extra guess, and the owner from another client still gets in", async () => {
    const time = clock();
    const sandbox = createSandbox({ now: time.now, limits: { throttleKeys: 50 } });
    const { member } = DEMO.accounts;
    const guesses = async (client: string, count: number) => {
      const statuses: number[] = [];
      for (let i = 0; i < count; i++) {
        statuses.push((await sandbox.fetch(login(member.username, `guess-${i}`, undefined, client))).status);
      }
      return statuses.filter((s) => s === 401).length;
    };
    expect(await guesses('203.0.113.66', 12)).toBe(10);
    // 200 other names from the attacker's client and from 200 others: far more keys than the memory remembers.
    for (let i = 0; i < 200; i++) {
      await sandbox.fetch(login(`nobody-${i}`, 'x', undefined, '203.0.113.66'));
      await sandbox.fetch(login(`nobody-${i}`, 'x', undefined, `192.0.2.${i}`));
    }
    expect(await guesses('203.0.113.66', 12)).toBe(0);
    expect((await sandbox.fetch(login(member.username, member.password, undefined, '198.51.100.7'))).status).toBe(200);
    // A client the memory had no room for is still counted: at most 10 guesses, then refused.
    expect(await guesses('203.0.113.99', 30)).toBeLessThanOrEqual(10);
    time.advance(6_000);
    expect(await guesses('203.0.113.66', 3)).toBe(1);
  });
});

describe('the throttle', () => {
  const throttle = (allowed: number, keys: number) => {
    const time = clock();
    return { time, throttle: new Throttle({ allowed, keys, field: 'username', message: 'Slow down' }, time.now) };
  };
  const refusedFor = (run: () => void): string | undefined => {
    try {
      run();
      return undefined;
    } catch (error) {
      return (error as { headers: Record<string, string> }).headers['retry-after'];
    }
  };

  it.each([
    { allowed: 10, burst: 10, retry: '6' },
    { allowed: 60, burst: 60, retry: '1' },
    { allowed: 1, burst: 1, retry: '60' },
  ])(
    '$allowed a minute: a burst of $burst, then one every minute / $allowed (Retry-After $retry)',
    ({ allowed, burst, retry }) => {
      const { time, throttle: t } = throttle(allowed, 100);
      for (let i = 0; i < burst; i++) {
        t.check('k');
        t.record('k');
      }
      expect(refusedFor(() => t.check('k'))).toBe(retry);
      time.advance(Number(retry) * 1000);
      expect(refusedFor(() => t.check('k'))).toBeUndefined();
    },
  );

  it('a refused attempt counted restarts the wait; one not counted does not', () => {
    const { time, throttle: t } = throttle(10, 100);
    for (let i = 0; i < 10; i++) t.record('k');
    time.advance(5_000);
    expect(refusedFor(() => t.check('k'))).toBe('1');
    expect(refusedFor(() => t.check('k', true))).toBe('6');
    time.advance(5_999);
    expect(refusedFor(() => t.check('k'))).toBe('1');
    time.advance(1);
    expect(refusedFor(() => t.check('k'))).toBeUndefined();
  });

  it('past its memory it forgets no key that still owes: a new key shares the fixed table and is counted there', () => {
    const { time, throttle: t } = throttle(3, 2);
    for (const key of ['a', 'b']) for (let i = 0; i < 3; i++) t.record(key);
    for (let i = 0; i < 3; i++) t.record('c');
    expect(t.size).toBe(2);
    for (const key of ['a', 'b', 'c'])
      expect(
        refusedFor(() => t.check(key)),
        key,
      ).toBeDefined();
    // Once their debt is paid, remembered keys make room again.
    time.advance(60_000);
    t.record('d');
    expect(t.size).toBe(1);
    expect(refusedFor(() => t.check('a'))).toBeUndefined();
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
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({
      status: 'error',
      message: 'Too many accounts registered from this client; try again in 1 s.',
      errors: [{ field: 'username', message: 'at most 60 a minute' }],
    });
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
