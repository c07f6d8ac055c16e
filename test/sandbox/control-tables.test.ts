// The controls' tables per account and inside its share (docs/sandbox.md "Limits and throttles"): tokens expired on
// purpose and the requests waiting for their resend. Attack scripts in process: one account fills its own tables.
import { describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const { member, outsider } = DEMO.accounts;

const ask = (sandbox: Sandbox, path: string, headers: Record<string, string> = {}, method = 'GET', body?: unknown) =>
  sandbox.fetch(
    new Request(`http://127.0.0.1${path}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

async function pairOf(sandbox: Sandbox, account: { username: string; password: string }) {
  const res = await ask(sandbox, '/api/member/login/', {}, 'POST', {
    username: account.username,
    password: account.password,
    captcha_token: DEMO.captchaToken,
  });
  expect(res.status).toBe(200);
  return (await res.json()).data as { access_token: string; refresh_token: string };
}

/** A fresh access token of the same account: a refresh of `pair`, which it replaces. */
async function nextAccess(sandbox: Sandbox, pair: { refresh_token: string }): Promise<string> {
  const res = await ask(sandbox, '/api/member/refresh-token/', {}, 'POST', { refresh_token: pair.refresh_token });
  expect(res.status).toBe(200);
  const next = (await res.json()).data;
  pair.refresh_token = next.refresh_token;
  return next.access_token;
}

const expireByControl = (sandbox: Sandbox, access: string) =>
  ask(sandbox, '/_sandbox/expire-token/', { authorization: `JWT ${access}` }, 'POST');

describe('tokens expired on purpose are per account', () => {
  test('one account that fills its own table is refused; another account still expires its tokens', async () => {
    const sandbox = createSandbox({ limits: { expiredTokensPerAccount: 3 } });
    const attacker = await pairOf(sandbox, outsider);
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await expireByControl(sandbox, await nextAccess(sandbox, attacker))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await expireByControl(sandbox, await nextAccess(sandbox, attacker));
    expect((await refused.json()).errors).toEqual([
      { field: 'Prefer', message: 'at most 3 access tokens of one account are kept expired at once' },
    ]);

    // The victim's expire-token, by the control and by the preference, is untouched by the attacker's full table.
    const victim = await pairOf(sandbox, member);
    expect((await expireByControl(sandbox, victim.access_token)).status).toBe(200);
    const viaPrefer = await ask(sandbox, '/api/member/me/', {
      authorization: `JWT ${await nextAccess(sandbox, victim)}`,
      prefer: 'expire-token',
    });
    expect(viaPrefer.status).toBe(401);
  });
});

describe('the tables count against the share of the account that filled them', () => {
  /** How many `Prefer: expire-token` requests (each its own query of `padding` characters) pass before a 429. */
  async function expiresBeforeFull(padding: number): Promise<{ passed: number; status?: number; message?: string }> {
    const sandbox = createSandbox({ limits: { accountBytes: 4096 } });
    const pair = await pairOf(sandbox, member);
    for (let i = 0; i < 64; i++) {
      // An unknown parameter of an operation that has parameters is ignored: only the target's length changes.
      const res = await ask(
        sandbox,
        `/api/features/qa/scenarios/list/?company_id=1&board_id=1&n=${i}${'x'.repeat(padding)}`,
        {
          authorization: `JWT ${await nextAccess(sandbox, pair)}`,
          prefer: 'expire-token',
        },
      );
      if (res.status !== 401) return { passed: i, status: res.status, message: (await res.json()).message };
    }
    return { passed: 64 };
  }

  test('a full share refuses the expire with the share 429, and a 16 KB request target costs what a short one does', async () => {
    const short = await expiresBeforeFull(1);
    expect(short.passed).toBeLessThan(64);
    expect(short.status).toBe(429);
    expect(short.message).toMatch(/This account's share/);
    const long = await expiresBeforeFull(16_000);
    expect(long.passed).toBe(short.passed);
  });

  test('waiting resends are bounded per account, whoever else fills theirs', async () => {
    const sandbox = createSandbox({ limits: { resendsPerAccount: 2 } });
    const pair = await pairOf(sandbox, outsider);
    const other = await pairOf(sandbox, member);
    const otherAccess = await nextAccess(sandbox, other);
    // The member's request waits for its resend; the outsider then floods its own table.
    const waiting = await ask(sandbox, '/api/member/me/', {
      authorization: `JWT ${otherAccess}`,
      prefer: 'expire-token',
    });
    expect(waiting.status).toBe(401);
    for (let i = 0; i < 6; i++) {
      await ask(sandbox, `/api/member/bearer-tokens/?page=${i + 1}`, {
        authorization: `JWT ${await nextAccess(sandbox, pair)}`,
        prefer: 'expire-token',
      });
    }
    const resend = await ask(sandbox, '/api/member/me/', {
      authorization: `JWT ${await nextAccess(sandbox, other)}`,
      prefer: 'expire-token',
    });
    expect(resend.status).toBe(200);
  });
});

describe('operations without query parameters take none', () => {
  test('GET /member/me/ with an unknown query parameter is a 400 naming it', async () => {
    const sandbox = createSandbox();
    const pair = await pairOf(sandbox, member);
    const res = await ask(sandbox, `/api/member/me/?pad=${'x'.repeat(100)}&other=1`, {
      authorization: `JWT ${pair.access_token}`,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.map((e: { field: string }) => e.field)).toEqual(['pad', 'other']);
    // No query, or an empty one, is the plain request.
    for (const path of ['/api/member/me/', '/api/member/me/?']) {
      expect((await ask(sandbox, path, { authorization: `JWT ${pair.access_token}` })).status).toBe(200);
    }
  });

  test('every operation without query parameters refuses one, before its body is read', async () => {
    const sandbox = createSandbox();
    const res = await ask(sandbox, '/api/member/login/?debug=1', {}, 'POST', {
      username: member.username,
      password: member.password,
      captcha_token: DEMO.captchaToken,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toContainEqual(expect.objectContaining({ field: 'debug' }));
  });
});
