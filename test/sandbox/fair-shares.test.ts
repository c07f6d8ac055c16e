// Fair shares (docs/sandbox.md "Limits and throttles"): no anonymous or ordinary user can deny the sandbox to the
// others. Driven in process for a bounded number of rounds rather than 30 s of wall time: the world's budget is
// lowered so that the attacker fills it many times over within the test.
import { expect, test } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const BASE = 'http://sandbox.test/api';
const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;

function caller(sandbox: ReturnType<typeof createSandbox>) {
  return async (method: string, path: string, body?: unknown, auth?: string, client?: string) => {
    const request = new Request(`${BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (client) requestClients.set(request, client);
    const res = await sandbox.fetch(request);
    return { status: res.status, body: (await res.json().catch(() => undefined)) as Record<string, any> };
  };
}

async function logIn(call: ReturnType<typeof caller>, username: string, password: string) {
  const res = await call('POST', '/member/login/', { username, password, captcha_token: DEMO.captchaToken });
  expect(res.status).toBe(200);
  return `JWT ${res.body.data.access_token}`;
}

test('an attacker registering and filling accounts at full speed never takes a member write, nor an account of the world', async () => {
  // Throttles raised: the attacker comes from many addresses, and the budget is what is tested here.
  const sandbox = createSandbox({ limits: { worldBytes: 2 * 1024 * 1024, registrationsPerMinute: 1_000_000 } });
  const call = caller(sandbox);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const metadata = { blob: 'x'.repeat(3_900) };
  const memberWrites: number[] = [];
  let attackerWrites = 0;
  const registrations: number[] = [];
  for (let round = 0; round < 250; round++) {
    const username = `filler_${round}`;
    const client = `198.51.100.${round % 250}`;
    const made = await call(
      'POST',
      '/member/register/',
      {
        first_name: 'F',
        username,
        email: `${username}@example.test`,
        password: 'a-long-password',
        captcha_token: DEMO.captchaToken,
      },
      undefined,
      client,
    );
    registrations.push(made.status);
    if (made.status === 201) {
      const attacker = await logIn(call, username, 'a-long-password');
      for (let t = 0; t < 5; t++) {
        const token = await call(
          'POST',
          '/member/bearer-tokens/',
          { title: `t${t}`, is_active: true, metadata },
          attacker,
        );
        if (token.status === 201) attackerWrites++;
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
  expect(memberWrites.length).toBe(50);
  expect(registrations.filter((s) => s !== 201)).toEqual([]);
  expect(memberWrites.filter((s) => s !== 201)).toEqual([]);
  // The attacker wrote far more than the budget holds: room was made by evicting its idle accounts.
  expect(attackerWrites * 4_000).toBeGreaterThan(2 * 2 * 1024 * 1024);
  expect(sandbox.store.findAccountByUsername('filler_0')).toBeUndefined();
  for (const account of Object.values(DEMO.accounts)) {
    expect(sandbox.store.findAccountByUsername(account.username), account.username).toBeDefined();
  }
});

test('a user rewriting a token of the same size again and again takes no room: the budget does not pulse', async () => {
  const sandbox = createSandbox({ limits: { worldBytes: 600 * 1024 } });
  const call = caller(sandbox);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const outsider = await logIn(call, DEMO.accounts.outsider.username, DEMO.accounts.outsider.password);
  const made = await call(
    'POST',
    '/member/bearer-tokens/',
    { title: 'pulse', is_active: true, metadata: { a: 'x'.repeat(3_900) } },
    outsider,
  );
  expect(made.status).toBe(201);
  const key = made.body.data.token.key as string;
  const statuses: number[] = [];
  for (let i = 0; i < 300; i++) {
    const flip = await call(
      'PATCH',
      `/member/bearer-tokens/detail/?key=${key}`,
      { metadata: { a: (i % 2 ? 'y' : 'x').repeat(3_900) } },
      outsider,
    );
    expect(flip.status).toBe(200);
    if (i % 10 === 0) {
      statuses.push(
        (await call('POST', `/features/qa/scenarios/list/?${board}`, { title: `victim ${i}`, parent_id: null }, member))
          .status,
      );
    }
  }
  expect(statuses.filter((s) => s !== 201)).toEqual([]);
});

test('at the account cap, the registered account idle longest makes room; the accounts of the world stay', async () => {
  const sandbox = createSandbox({ limits: { accounts: 20, registrationsPerMinute: 1_000_000 } });
  const call = caller(sandbox);
  const before = sandbox.store.accounts.size;
  for (let i = 0; i < 40; i++) {
    const username = `crowd_${i}`;
    const made = await call('POST', '/member/register/', {
      first_name: 'C',
      username,
      email: `${username}@example.test`,
      password: 'a-long-password',
      captcha_token: DEMO.captchaToken,
    });
    expect(made.status, `registration ${i}`).toBe(201);
  }
  expect(sandbox.store.accounts.size).toBe(20);
  expect(sandbox.store.findAccountByUsername('crowd_39')).toBeDefined();
  expect(sandbox.store.findAccountByUsername('crowd_0')).toBeUndefined();
  for (const account of Object.values(DEMO.accounts))
    expect(sandbox.store.findAccountByUsername(account.username)).toBeDefined();
  expect(before).toBeLessThan(20);
});

test('an account that used up its share gets 429 for its own writes only; another account of the company goes on; deleting makes room', async () => {
  let now = Date.parse('2026-11-25T10:00:00Z');
  const sandbox = createSandbox({ now: () => now, limits: { accountBytes: 200 * 1024 } });
  const call = caller(sandbox);
  const member = await logIn(call, DEMO.accounts.member.username, DEMO.accounts.member.password);
  const lead = await logIn(call, DEMO.accounts.twoFactor.username, DEMO.accounts.twoFactor.password).catch(
    () => undefined,
  );
  const text = 'y'.repeat(5_000);
  const scenario = await call(
    'POST',
    `/features/qa/scenarios/list/?${board}`,
    { title: 'share', parent_id: null },
    member,
  );
  const made: number[] = [];
  let refused: Record<string, any> | undefined;
  for (let i = 0; i < 40 && !refused; i++) {
    const res = await call(
      'POST',
      `/features/qa/cases/list/?${board}`,
      {
        scenario: scenario.body.data.scenario.id,
        title: `c${i}`,
        description: text,
        steps_to_reproduce: text,
        expected_result: text,
      },
      member,
    );
    if (res.status === 201) made.push(res.body.data.case.id);
    else refused = res;
  }
  expect(refused?.status).toBe(429);
  expect(refused?.body.message).toContain("This account's share");
  expect(refused?.body.errors).toEqual([
    { field: 'body', message: expect.stringContaining('one account stores at most') },
  ]);
  // The outsider's own writes (its tokens) are untouched by the member's share.
  const outsider = await logIn(call, DEMO.accounts.outsider.username, DEMO.accounts.outsider.password);
  expect((await call('POST', '/member/bearer-tokens/', { title: 'mine', is_active: true }, outsider)).status).toBe(201);
  // Deleting makes room once the world is measured again.
  for (const id of made.slice(0, 10))
    expect((await call('DELETE', `/features/qa/cases/?${board}&case_id=${id}`, undefined, member)).status).toBe(200);
  now += 2_000;
  const again = await call(
    'POST',
    `/features/qa/scenarios/list/?${board}`,
    { title: 'after deleting', parent_id: null },
    member,
  );
  expect(again.status).toBe(201);
});
