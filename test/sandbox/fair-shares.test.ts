// Fair shares (docs/sandbox.md "Limits and throttles"): a limit refuses the account or client that exceeds it and
// never deletes, evicts or locks out anyone else. Driven in process for a bounded number of rounds rather than for
// wall time, with budgets lowered so that the attacker passes them many times over within the test.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { base32Decode, totp } from '../../mocks/sandbox/domain/totp.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const BASE = 'http://sandbox.test/api';
const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
const PASSWORD = 'a-long-password';

type Sandbox = ReturnType<typeof createSandbox>;

function caller(sandbox: Sandbox) {
  return async (method: string, path: string, body?: unknown, auth?: string, client?: string) => {
    const request = new Request(`${BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (client) requestClients.set(request, client);
    const res = await sandbox.fetch(request);
    return {
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON.
      body: (await res.json().catch(() => undefined)) as Record<string, any>,
    };
  };
}
type Call = ReturnType<typeof caller>;

async function logIn(call: Call, username: string, password: string, code?: string): Promise<string> {
  const res = await call('POST', '/member/login/', {
    username,
    password,
    captcha_token: DEMO.captchaToken,
    ...(code === undefined ? {} : { code }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return `JWT ${res.body.data.access_token}`;
}

const registration = (username: string) => ({
  first_name: 'R',
  username,
  email: `${username}@example.test`,
  password: PASSWORD,
  captcha_token: DEMO.captchaToken,
});

/** Registered accounts that logged in and hold a named token each: what no other user may take from them. */
async function victims(call: Call, count: number) {
  const out: Array<{ username: string; bearer: string }> = [];
  for (let i = 0; i < count; i++) {
    const username = `victim_${i}`;
    expect((await call('POST', '/member/register/', registration(username), undefined, '192.0.2.200')).status).toBe(
      201,
    );
    const jwt = await logIn(call, username, PASSWORD);
    const token = await call('POST', '/member/bearer-tokens/', { title: 'mine', is_active: true }, jwt);
    expect(token.status).toBe(201);
    out.push({ username, bearer: `Bearer ${token.body.data.token.token}` });
  }
  return out;
}

/** Each victim's account is there, its token works, its password works, and it can still write. */
async function expectUntouched(sandbox: Sandbox, call: Call, list: Array<{ username: string; bearer: string }>) {
  for (const { username, bearer } of list) {
    expect(sandbox.store.findAccountByUsername(username), username).toBeDefined();
    expect((await call('GET', '/member/me/', undefined, bearer)).status, `${username}'s token`).toBe(200);
    const jwt = await logIn(call, username, PASSWORD);
    expect((await call('POST', '/member/bearer-tokens/', { title: 'later', is_active: true }, jwt)).status).toBe(201);
  }
  for (const account of Object.values(DEMO.accounts)) {
    expect(sandbox.store.findAccountByUsername(account.username), account.username).toBeDefined();
  }
}

test('a flood of registrations from many clients is refused (429) once the registration budget is used up; existing accounts keep their data, tokens and logins', async () => {
  // The world's budget is tight too: before, filling it evicted the registered accounts idle longest.
  const sandbox = createSandbox({
    limits: { worldBytes: 1024 * 1024, registeredAccounts: 40, registrationsPerMinute: 1_000_000 },
  });
  const call = caller(sandbox);
  const kept = await victims(call, 5);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const metadata = { blob: 'x'.repeat(3_900) };
  const registrations: number[] = [];
  const memberWrites: number[] = [];
  let refusal: Awaited<ReturnType<Call>> | undefined;
  for (let round = 0; round < 200; round++) {
    const username = `filler_${round}`;
    const made = await call('POST', '/member/register/', registration(username), undefined, `198.51.100.${round}`);
    registrations.push(made.status);
    if (made.status === 429) refusal ??= made;
    if (made.status === 201) {
      const attacker = await logIn(call, username, PASSWORD);
      for (let t = 0; t < 10; t++) {
        await call('POST', '/member/bearer-tokens/', { title: `t${t}`, is_active: true, metadata }, attacker);
      }
    }
    if (round % 5 === 0) {
      const scenario = await call(
        'POST',
        `/features/qa/scenarios/list/?${board}`,
        { title: `member ${round}`, parent_id: null },
        member,
      );
      memberWrites.push(scenario.status);
    }
  }
  expect(registrations.filter((s) => s === 201)).toHaveLength(40 - kept.length);
  expect(registrations.filter((s) => s !== 201 && s !== 429)).toEqual([]);
  expect(refusal?.body.errors).toEqual([{ field: 'username', message: expect.stringContaining('at most 40') }]);
  expect(Number(refusal?.retryAfter)).toBeGreaterThan(0);
  expect(memberWrites.filter((s) => s !== 201)).toEqual([]);
  await expectUntouched(sandbox, call, kept);
});

test("one account toggling a token's metadata {} ↔ 4 KiB many times changes nothing for any other account", async () => {
  // A clock that never moves: before, shrinking was credited only at a re-measure, at most once a second.
  const sandbox = createSandbox({ now: () => Date.parse('2026-11-25T10:00:00Z') });
  sandbox.store.limits.worldBytes = sandbox.store.measureBytes() + 96 * 1024;
  const call = caller(sandbox);
  const kept = await victims(call, 5);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const outsider = await logIn(call, DEMO.accounts.outsider.username, DEMO.accounts.outsider.password);
  const made = await call('POST', '/member/bearer-tokens/', { title: 'toggle', is_active: true }, outsider);
  const key = made.body.data.token.key as string;
  const statuses: number[] = [];
  for (let i = 0; i < 300; i++) {
    const metadata = i % 2 === 0 ? { a: 'x'.repeat(4_000) } : {};
    const flip = await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, { metadata }, outsider);
    expect(flip.status).toBe(200);
    if (i % 10 === 0) {
      const title = `victim ${i}`;
      statuses.push(
        (await call('POST', `/features/qa/scenarios/list/?${board}`, { title, parent_id: null }, member)).status,
      );
    }
  }
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
  await expectUntouched(sandbox, call, kept);
});

test('one client has its own registration budget: past it, 429 with Retry-After for that client only', async () => {
  const sandbox = createSandbox({
    now: () => Date.parse('2026-11-25T10:00:00Z'),
    limits: { registeredAccountsPerClient: 3 },
  });
  const call = caller(sandbox);
  for (let i = 0; i < 3; i++) {
    expect((await call('POST', '/member/register/', registration(`one_${i}`), undefined, '203.0.113.1')).status).toBe(
      201,
    );
  }
  const refused = await call('POST', '/member/register/', registration('one_3'), undefined, '203.0.113.1');
  expect([refused.status, refused.body.errors[0].field]).toEqual([429, 'username']);
  expect(refused.body.message).toContain('from one client');
  // Nobody logged in to those three: the soonest leaves the budget an hour after its registration.
  expect(Number(refused.retryAfter)).toBe(3600);
  expect(sandbox.store.findAccountByUsername('one_3')).toBeUndefined();
  expect((await call('POST', '/member/register/', registration('two_0'), undefined, '203.0.113.2')).status).toBe(201);
});

test('a registered account nobody logged in to is removed when its time is up, not a moment before; one that logged in is kept', async () => {
  let now = Date.parse('2026-11-25T10:00:00Z');
  const sandbox = createSandbox({ now: () => now, limits: { unusedRegistrationMs: 60_000 } });
  const call = caller(sandbox);
  expect((await call('POST', '/member/register/', registration('idle'))).status).toBe(201);
  expect((await call('POST', '/member/register/', registration('active'))).status).toBe(201);
  await logIn(call, 'active', PASSWORD);
  now += 60_000 - 1;
  // One millisecond before its time it is still there (a wrong password changes nothing about that).
  const wrong = { username: 'idle', password: 'wrong-password', captcha_token: DEMO.captchaToken };
  expect((await call('POST', '/member/login/', wrong)).status).toBe(401);
  expect(sandbox.store.findAccountByUsername('idle')).toBeDefined();
  now += 1;
  const gone = await call('POST', '/member/login/', {
    username: 'idle',
    password: PASSWORD,
    captcha_token: DEMO.captchaToken,
  });
  expect(gone.status).toBe(401);
  expect(sandbox.store.findAccountByUsername('idle')).toBeUndefined();
  now += 24 * 3_600_000;
  await logIn(call, 'active', PASSWORD);
  // Its name is free again.
  expect((await call('POST', '/member/register/', registration('idle'))).status).toBe(201);
});

test('an account that used up its share gets 429 for its own writes only; another account of the company goes on; deleting makes room at once', async () => {
  const now = Date.parse('2026-11-25T10:00:00Z');
  const sandbox = createSandbox({ now: () => now, limits: { accountBytes: 200 * 1024 } });
  const call = caller(sandbox);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const { twoFactor } = DEMO.accounts;
  const code = await totp(base32Decode(twoFactor.totpSecret), now);
  const lead = await logIn(call, twoFactor.username, twoFactor.password, code);
  const text = 'y'.repeat(5_000);
  const scenario = await call(
    'POST',
    `/features/qa/scenarios/list/?${board}`,
    { title: 'share', parent_id: null },
    member,
  );
  const scenarioId = scenario.body.data.scenario.id;
  const newCase = (title: string) => ({
    scenario: scenarioId,
    title,
    description: text,
    steps_to_reproduce: text,
    expected_result: text,
  });
  const made: number[] = [];
  let refused: Awaited<ReturnType<Call>> | undefined;
  for (let i = 0; i < 40 && !refused; i++) {
    const res = await call('POST', `/features/qa/cases/list/?${board}`, newCase(`c${i}`), member);
    if (res.status === 201) made.push(res.body.data.case.id);
    else refused = res;
  }
  expect(refused?.status).toBe(429);
  expect(refused?.retryAfter).not.toBeNull();
  expect(refused?.body.message).toContain("This account's share");
  expect(refused?.body.errors).toEqual([
    { field: 'body', message: expect.stringContaining('one account stores at most') },
  ]);
  // The owner of the same company writes on the same board, to the same scenario: its share is its own.
  for (let i = 0; i < 3; i++) {
    expect((await call('POST', `/features/qa/cases/list/?${board}`, newCase(`lead ${i}`), lead)).status).toBe(201);
  }
  // The outsider's own writes (its tokens) are untouched by the member's share.
  const outsider = await logIn(call, DEMO.accounts.outsider.username, DEMO.accounts.outsider.password);
  expect((await call('POST', '/member/bearer-tokens/', { title: 'mine', is_active: true }, outsider)).status).toBe(201);
  // Deleting makes room at once, with a clock that has not moved.
  const id = made[0] as number;
  expect((await call('DELETE', `/features/qa/cases/?${board}&case_id=${id}`, undefined, member)).status).toBe(200);
  expect((await call('POST', `/features/qa/cases/list/?${board}`, newCase('again'), member)).status).toBe(201);
});

test("a registered account's share is reserved: another registered account filling its own never refuses it", async () => {
  const sandbox = createSandbox({ limits: { registeredAccountBytes: 32 * 1024, registrationsPerMinute: 1_000 } });
  const call = caller(sandbox);
  const [quiet] = await victims(call, 1);
  const metadata = { blob: 'z'.repeat(3_900) };
  for (let a = 0; a < 20; a++) {
    expect(
      (await call('POST', '/member/register/', registration(`loud_${a}`), undefined, `198.51.100.${a}`)).status,
    ).toBe(201);
    const loud = await logIn(call, `loud_${a}`, PASSWORD);
    let last = 201;
    for (let t = 0; t < 10 && last === 201; t++) {
      last = (await call('POST', '/member/bearer-tokens/', { title: `t${t}`, is_active: true, metadata }, loud)).status;
    }
    expect(last).toBe(429);
  }
  await expectUntouched(sandbox, call, quiet ? [quiet] : []);
  expect(sandbox.store.usage()).toEqual(sandbox.store.measure());
});

test("task-sandbox takes an operator's captcha token from SANDBOX_CAPTCHA_TOKEN (or --captcha-token) and never prints it", async () => {
  const secret = 'operator-captcha-from-the-environment';
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', 'mocks/sandbox/main.ts', '--port', '0'], {
    cwd: root,
    env: { ...process.env, SANDBOX_CAPTCHA_TOKEN: secret },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  try {
    let out = '';
    const baseUrl = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk) => {
        out += chunk;
        // The banner is one write: wait for its last line.
        if (out.includes('Authorization: JWT')) resolve(/Sandbox listening: (\S+)/.exec(out)?.[1] as string);
      });
      child.on('exit', (code) => reject(new Error(`sandbox exited (${code}) before listening`)));
    });
    expect(out).not.toContain(secret);
    expect(out).not.toContain(DEMO.captchaToken);
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/member/register/', registration('cli'))).status).toBe(400);
    expect((await post('/member/register/', { ...registration('cli'), captcha_token: secret })).status).toBe(201);
    const login = { username: 'cli', password: PASSWORD, captcha_token: secret };
    expect((await post('/member/login/', login)).status).toBe(200);
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
