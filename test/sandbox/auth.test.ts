// Credentials (source §5): captcha, 2FA, registration, rotation, schemes, token lifecycle.
import { describe, expect, test } from 'vitest';
import { loadContract } from '../../contract/openapi.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { JWT_CACHE_SIZE } from '../../mocks/sandbox/domain/auth.js';
import { base32Decode, totp } from '../../mocks/sandbox/domain/totp.js';
import { PUBLIC_OPERATIONS } from '../../mocks/sandbox/handlers/types.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { sandboxUnderTest } from './harness.js';

const { member, outsider, twoFactor } = DEMO.accounts;
let clock = Date.parse('2026-11-22T10:00:00Z');
const { call, loginAs, sandbox } = sandboxUnderTest({ now: () => clock, accessTokenTtlSeconds: 60 });
const loginBody = (extra: Record<string, unknown> = {}) => ({
  username: member.username,
  password: member.password,
  captcha_token: DEMO.captchaToken,
  ...extra,
});
const fieldsOf = (json: { errors?: Array<{ field: string }> }) => (json.errors ?? []).map((e) => e.field);

test('the public operations are exactly those with security: [] in the contract', () => {
  const open = loadContract()
    .operations.filter((o) => !o.authenticated)
    .map((o) => o.operationId);
  expect([...PUBLIC_OPERATIONS].sort()).toEqual(open.sort());
});

describe('login', () => {
  test('returns a JWT access token and a refresh token', async () => {
    const res = await call('POST', '/member/login/', { body: loginBody() });
    expect(res.status).toBe(200);
    expect(res.json.data.access_token.split('.')).toHaveLength(3);
    expect(res.json.data.refresh_token.split('.')).toHaveLength(3);
    const me = await call('GET', '/member/me/', { auth: `JWT ${res.json.data.access_token}` });
    expect(me.json.data.member).toMatchObject({ id: member.id, username: member.username });
    expect(JSON.stringify(me.json)).not.toContain('password');
  });

  test('a wrong or missing captcha is a 400 naming captcha_token', async () => {
    const wrong = await call('POST', '/member/login/', { body: loginBody({ captcha_token: 'nope' }) });
    expect([wrong.status, wrong.json.message, wrong.json.errors]).toEqual([
      400,
      'Validation failed: captcha_token is not a valid captcha token.',
      [{ field: 'captcha_token', message: 'is not a valid captcha token' }],
    ]);
    const { captcha_token: _, ...without } = loginBody();
    const missing = await call('POST', '/member/login/', { body: without });
    expect([missing.status, fieldsOf(missing.json)]).toEqual([400, ['captcha_token']]);
  });

  test('a wrong password or unknown user is a 401 that does not say which', async () => {
    const wrong = await call('POST', '/member/login/', { body: loginBody({ password: 'guess' }) });
    const unknown = await call('POST', '/member/login/', { body: loginBody({ username: 'nobody' }) });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({
      status: 'error',
      message: 'The username or password is wrong.',
      errors: [
        { field: 'username', message: 'or password is wrong' },
        { field: 'password', message: 'or username is wrong' },
      ],
    });
    expect(unknown.json).toEqual(wrong.json);
    expect(JSON.stringify(wrong.json)).not.toContain('guess');
  });

  test('an Authorization header on login is refused (source §5 rule 4)', async () => {
    const res = await call('POST', '/member/login/', { body: loginBody(), auth: 'Bearer x' });
    expect([res.status, fieldsOf(res.json)]).toEqual([400, ['Authorization']]);
  });

  test('two-factor: code required, wrong code 401, current TOTP accepted', async () => {
    const body = { username: twoFactor.username, password: twoFactor.password, captcha_token: DEMO.captchaToken };
    const missing = await call('POST', '/member/login/', { body });
    expect([missing.status, missing.json.errors]).toEqual([
      400,
      [{ field: 'code', message: 'is required: two-factor authentication is on for this account' }],
    ]);
    const code = await totp(base32Decode(twoFactor.totpSecret), clock);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call('POST', '/member/login/', { body: { ...body, code: wrongCode } });
    expect([wrong.status, wrong.json.message, wrong.json.errors]).toEqual([
      401,
      'The authenticator code is wrong or expired.',
      [{ field: 'code', message: 'is wrong or expired' }],
    ]);
    const ok = await call('POST', '/member/login/', { body: { ...body, code } });
    expect(ok.status).toBe(200);
  });
});

describe('register', () => {
  const newcomer = {
    first_name: 'Ada',
    username: 'ada',
    email: 'ada@example.com',
    password: 'correct-horse',
    captcha_token: DEMO.captchaToken,
  };

  test('creates an account that can log in, and rejects a duplicate username or email', async () => {
    const res = await call('POST', '/member/register/', { body: newcomer });
    expect(res.status).toBe(201);
    expect(res.json.data.member).toMatchObject({ username: 'ada', email: 'ada@example.com', first_name: 'Ada' });
    await loginAs('ada', 'correct-horse');
    const again = await call('POST', '/member/register/', {
      body: { ...newcomer, username: 'ADA', email: 'Ada@Example.com' },
    });
    expect([again.status, again.json.message, again.json.errors]).toEqual([
      409,
      'An account with this username or email already exists.',
      [
        { field: 'username', message: 'is already taken' },
        { field: 'email', message: 'is already registered' },
      ],
    ]);
    const sameEmail = await call('POST', '/member/register/', { body: { ...newcomer, username: 'ada2' } });
    expect([sameEmail.status, fieldsOf(sameEmail.json)]).toEqual([409, ['email']]);
  });

  test('keeps the optional last name and description as given, and empty when left out', async () => {
    const full = { ...newcomer, username: 'grace', email: 'grace@example.com', last_name: 'Hopper', description: 'QA' };
    const given = await call('POST', '/member/register/', { body: full });
    expect(given.json.data.member).toMatchObject({ last_name: 'Hopper', description: 'QA' });
    const me = await call('GET', '/member/me/', { auth: await loginAs('grace', 'correct-horse') });
    expect(me.json.data.member).toMatchObject({ first_name: 'Ada', last_name: 'Hopper', description: 'QA' });
    const bare = await call('POST', '/member/register/', {
      body: { ...newcomer, username: 'linus', email: 'linus@example.com' },
    });
    expect(bare.json.data.member).toMatchObject({ last_name: '', description: '' });
  });

  const OPERATOR_CAPTCHA = 'operator-captcha-not-the-demo-one';
  const operated = sandboxUnderTest({ captchaToken: OPERATOR_CAPTCHA });

  test("an operator's own captcha token replaces the public one for registration and login, and is never echoed", async () => {
    const body = { ...newcomer, username: 'op', email: 'op@example.com' };
    for (const [path, payload] of [
      ['/member/register/', body],
      ['/member/login/', { username: member.username, password: member.password, captcha_token: DEMO.captchaToken }],
    ] as const) {
      const refused = await operated.call('POST', path, { body: payload });
      expect([refused.status, fieldsOf(refused.json)], path).toEqual([400, ['captcha_token']]);
      expect(JSON.stringify(refused.json)).not.toContain(OPERATOR_CAPTCHA);
    }
    expect(
      (await operated.call('POST', '/member/register/', { body: { ...body, captcha_token: OPERATOR_CAPTCHA } })).status,
    ).toBe(201);
    const login = { username: 'op', password: newcomer.password, captcha_token: OPERATOR_CAPTCHA };
    expect((await operated.call('POST', '/member/login/', { body: login })).status).toBe(200);
    expect(() => createSandbox({ captchaToken: '' })).toThrow(/captchaToken/);
  });

  test('needs the captcha and the required fields', async () => {
    const res = await call('POST', '/member/register/', { body: { ...newcomer, username: 'x', captcha_token: 'bad' } });
    expect([res.status, fieldsOf(res.json)]).toEqual([400, ['captcha_token']]);
    const missing = await call('POST', '/member/register/', { body: { captcha_token: DEMO.captchaToken } });
    expect(missing.status).toBe(400);
    expect(fieldsOf(missing.json)).toEqual(expect.arrayContaining(['first_name', 'username', 'email', 'password']));
  });
});

describe('refresh rotation', () => {
  // Its own sandbox and clock, for the seven days of a refresh token.
  let refreshNow = Date.parse('2026-11-22T10:00:00Z');
  const refreshing = sandboxUnderTest({ now: () => refreshNow });

  test('each refresh token works once; the old one is rejected after rotation', async () => {
    const first = (await call('POST', '/member/login/', { body: loginBody() })).json.data;
    const second = await call('POST', '/member/refresh-token/', { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.json.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.json.data.access_token).not.toBe(first.access_token);
    const reuse = await call('POST', '/member/refresh-token/', { body: { refresh_token: first.refresh_token } });
    expect([reuse.status, reuse.json.message, fieldsOf(reuse.json)]).toEqual([
      401,
      'The refresh token was already used or revoked: log in again.',
      ['refresh_token'],
    ]);
    const third = await call('POST', '/member/refresh-token/', {
      body: { refresh_token: second.json.data.refresh_token },
    });
    expect(third.status).toBe(200);
    const me = await call('GET', '/member/me/', { auth: `JWT ${third.json.data.access_token}` });
    expect(me.json.data.member.id).toBe(member.id);
  });

  test('an access token is not a refresh token, and garbage is a 401', async () => {
    const pair = (await call('POST', '/member/login/', { body: loginBody() })).json.data;
    const res = await call('POST', '/member/refresh-token/', { body: { refresh_token: pair.access_token } });
    expect([res.status, res.json.message, fieldsOf(res.json)]).toEqual([
      401,
      'This is not a refresh token: send the refresh_token from login or from the last refresh.',
      ['refresh_token'],
    ]);
    const junk = await call('POST', '/member/refresh-token/', { body: { refresh_token: 'junk' } });
    expect([junk.status, junk.json.message, fieldsOf(junk.json)]).toEqual([
      401,
      'The refresh token is not valid.',
      ['refresh_token'],
    ]);
  });

  test('a refresh token works until the second before its seven days are up, and then says to log in again', async () => {
    refreshNow = Date.parse('2026-11-22T10:00:00Z');
    const own = refreshing;
    const login = async () =>
      (await own.call('POST', '/member/login/', { body: loginBody() })).json.data.refresh_token as string;
    const early = await login();
    const late = await login();
    refreshNow += 7 * 24 * 3600 * 1000 - 1000;
    expect((await own.call('POST', '/member/refresh-token/', { body: { refresh_token: early } })).status).toBe(200);
    refreshNow += 1000;
    const expired = await own.call('POST', '/member/refresh-token/', { body: { refresh_token: late } });
    expect([expired.status, expired.json.message, fieldsOf(expired.json)]).toEqual([
      401,
      'The refresh token has expired: log in again.',
      ['refresh_token'],
    ]);
  });

  test('both tokens are standard HS256 JWTs naming the account, each with its own type, id and lifetime', async () => {
    const pair = (await call('POST', '/member/login/', { body: loginBody() })).json.data;
    const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    const [accessHead, accessClaims] = pair.access_token.split('.').slice(0, 2).map(decode);
    const [refreshHead, refreshClaims] = pair.refresh_token.split('.').slice(0, 2).map(decode);
    expect([accessHead, refreshHead]).toEqual([
      { alg: 'HS256', typ: 'JWT' },
      { alg: 'HS256', typ: 'JWT' },
    ]);
    expect(accessClaims).toMatchObject({ typ: 'access', sub: String(member.id), iat: Math.floor(clock / 1000) });
    expect(accessClaims.exp - accessClaims.iat).toBe(60);
    expect(refreshClaims).toMatchObject({ typ: 'refresh', sub: String(member.id) });
    expect(refreshClaims.exp - refreshClaims.iat).toBe(7 * 24 * 3600);
    expect(accessClaims.jti).not.toBe(refreshClaims.jti);
  });
});

describe('credential schemes', () => {
  test('a JWT works only under JWT, a named token only under Bearer, a refresh token never', async () => {
    const pair = (await call('POST', '/member/login/', { body: loginBody() })).json.data;
    const jwt = `JWT ${pair.access_token}`;
    const created = await call('POST', '/member/bearer-tokens/', { auth: jwt, body: { title: 'ci', is_active: true } });
    const secret = created.json.data.token.token;
    const jwtAsBearer =
      'A JWT is never accepted as Bearer: send an access token as Authorization: JWT <token>; a refresh token goes only in the body of POST /member/refresh-token/.';
    const unsupported = 'Unsupported authorization scheme: use Bearer (named API token) or JWT (access token).';
    const cases: Array<[string | undefined, number, string?]> = [
      [jwt, 200],
      // Schemes are case-insensitive (RFC 9110 §11.1), in any spelling.
      [`jwt ${pair.access_token}`, 200],
      [`jWt ${pair.access_token}`, 200],
      // One or more spaces after the scheme (RFC 9110 §11.4).
      [`JWT   ${pair.access_token}`, 200],
      [`Bearer ${secret}`, 200],
      [`bearer ${secret}`, 200],
      [`BEARER ${secret}`, 200],
      [`Bearer ${pair.access_token}`, 401, jwtAsBearer],
      [`JWT ${secret}`, 401, 'A named API token is not a JWT: send it as Authorization: Bearer <API token>.'],
      [
        `JWT ${pair.refresh_token}`,
        401,
        'A refresh token is never accepted in Authorization: send it only in the body of POST /member/refresh-token/.',
      ],
      [`Bearer ${pair.refresh_token}`, 401, jwtAsBearer],
      [`Bearer tmk_${'A'.repeat(43)}`, 401, 'The API token is not valid: it is unknown or was revoked.'],
      ['JWT not-a-token', 401, 'The access token is not valid.'],
      [`Basic ${Buffer.from('demo:demo-password').toString('base64')}`, 401, unsupported],
      [`Token ${secret}`, 401, unsupported],
      ['JWT', 401, 'The Authorization header carries no credential after its scheme.'],
      [
        undefined,
        401,
        'Authentication credentials were not provided: send Authorization: Bearer <API token> or Authorization: JWT <access token>.',
      ],
    ];
    for (const [auth, status, message] of cases) {
      const res = await call('GET', '/member/me/', auth === undefined ? {} : { auth });
      expect(res.status, String(auth).slice(0, 12)).toBe(status);
      if (status === 401) {
        expect([res.json.message, fieldsOf(res.json)], String(auth).slice(0, 12)).toEqual([message, ['Authorization']]);
        expect(res.headers['www-authenticate']).toContain('JWT');
        expect(JSON.stringify(res.json)).not.toContain(secret);
        expect(JSON.stringify(res.json)).not.toContain(pair.access_token);
      }
    }
  });

  test('a tampered JWT is rejected', async () => {
    const token = (await loginAs(member.username, member.password)).slice(4);
    const [head, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ typ: 'access', sub: String(outsider.id), exp: 9e9 })).toString(
      'base64url',
    );
    const refused = await call('GET', '/member/me/', { auth: `JWT ${head}.${forged}.${signature}` });
    expect([refused.status, refused.json.message]).toEqual([401, 'The access token is not valid.']);
  });

  test('a JWT that ends like a verified one, with another payload, is not taken for it', async () => {
    const own = createSandbox({ now: () => Date.parse('2026-11-22T10:00:00Z') });
    const { access_token } = await own.auth.issuePair(member.id);
    await own.auth.authenticate(`JWT ${access_token}`);
    const [head, , signature] = access_token.split('.');
    const forged = Buffer.from(JSON.stringify({ typ: 'access', sub: String(outsider.id), exp: 9e9 })).toString(
      'base64url',
    );
    await expect(async () => own.auth.authenticate(`JWT ${head}.${forged}.${signature}`)).rejects.toMatchObject({
      status: 401,
    });
    // The real token is still answered from the cache, at once.
    const again = own.auth.authenticate(`JWT ${access_token}`);
    expect(again).not.toBeInstanceOf(Promise);
    expect((await again).account.id).toBe(member.id);
  });

  test('an access token expires; verified tokens are cached only until their expiry', async () => {
    const jwt = await loginAs(member.username, member.password);
    expect((await call('GET', '/member/me/', { auth: jwt })).status).toBe(200);
    clock += 61_000;
    const expired = await call('GET', '/member/me/', { auth: jwt });
    expect([expired.status, expired.json.message, fieldsOf(expired.json)]).toEqual([
      401,
      'The access token has expired: get a new pair from POST /member/refresh-token/.',
      ['Authorization'],
    ]);
  });

  test('the cache forgets a token once it has expired', async () => {
    let now = Date.parse('2026-11-22T10:00:00Z');
    const { auth } = createSandbox({ now: () => now, accessTokenTtlSeconds: 60 });
    const { access_token } = await auth.issuePair(member.id);
    await auth.authenticate(`JWT ${access_token}`);
    expect(auth.verifiedCount).toBe(1);
    now += 60_000;
    await expect(async () => auth.authenticate(`JWT ${access_token}`)).rejects.toMatchObject({ status: 401 });
    expect(auth.verifiedCount).toBe(0);
  });

  test('the JWT cache is bounded: past it the oldest are dropped, and a dropped token is verified again by its signature', async () => {
    const own = createSandbox({ now: () => Date.parse('2026-11-22T10:00:00Z') });
    const { auth } = own;
    const tokens: string[] = [];
    for (let i = 0; i < JWT_CACHE_SIZE + 100; i++) tokens.push((await auth.issuePair(member.id)).access_token);
    for (const token of tokens) await auth.authenticate(`JWT ${token}`);
    expect(auth.verifiedCount).toBe(JWT_CACHE_SIZE);
    // The newest are answered from the cache (synchronously); the first 100 were dropped and are verified again.
    expect(auth.authenticate(`JWT ${tokens.at(-1)}`)).not.toBeInstanceOf(Promise);
    expect(auth.authenticate(`JWT ${tokens[100]}`)).not.toBeInstanceOf(Promise);
    const dropped = auth.authenticate(`JWT ${tokens[0]}`);
    expect(dropped).toBeInstanceOf(Promise);
    expect((await dropped).account.id).toBe(member.id);
    // A dropped token with another signature is refused: the signature is checked, not a memory of the token.
    const [head, payload] = (tokens[1] as string).split('.');
    const forged = `${head}.${payload}.${Buffer.alloc(32, 7).toString('base64url')}`;
    await expect(auth.authenticate(`JWT ${forged}`)).rejects.toMatchObject({ status: 401 });
    expect(auth.verifiedCount).toBe(JWT_CACHE_SIZE);
    // tokens[100], the last one answered from the cache, was the oldest when tokens[0] came back, and was dropped for
    // it: sent again, it is verified again by its signature, as every dropped token is.
    const droppedLast = auth.authenticate(`JWT ${tokens[100]}`);
    expect(droppedLast).toBeInstanceOf(Promise);
    expect((await droppedLast).account.id).toBe(member.id);
  });

  test('after a reset, tokens of the old world no longer authenticate', async () => {
    const jwt = await loginAs(member.username, member.password);
    sandbox.reset();
    expect((await call('GET', '/member/me/', { auth: jwt })).status).toBe(401);
  });
});

describe('expiry at the exact instant', () => {
  // A sandbox per test, each with its own clock: nothing here depends on another test or its clock.
  const start = Date.parse('2026-11-22T10:00:00.000Z');
  let jwtNow = start;
  const jwts = sandboxUnderTest({ now: () => jwtNow, accessTokenTtlSeconds: 60 });
  let tokenNow = start;
  const named = sandboxUnderTest({ now: () => tokenNow });

  test('a JWT works until the millisecond before its exp and stops at exp, cached or not', async () => {
    jwtNow = start;
    const cached = await jwts.loginAs(member.username, member.password);
    const fresh = await jwts.loginAs(member.username, member.password);
    const exp = start + 60_000;
    jwtNow = exp - 1;
    expect((await jwts.call('GET', '/member/me/', { auth: cached })).status).toBe(200);
    jwtNow = exp;
    // The cached one (verified a millisecond ago) and one never seen before both stop now.
    expect((await jwts.call('GET', '/member/me/', { auth: cached })).status).toBe(401);
    const never = await jwts.call('GET', '/member/me/', { auth: fresh });
    expect([never.status, never.json.message]).toEqual([401, expect.stringMatching(/expired/)]);
  });

  test('the expire-token control takes a JWT until the millisecond before its exp, and refuses it as expired at exp', async () => {
    jwtNow = start;
    const jwt = await jwts.loginAs(member.username, member.password);
    // Verified once, so the sandbox remembers it.
    expect((await jwts.call('GET', '/member/me/', { auth: jwt })).status).toBe(200);
    const expire = () =>
      jwts.sandbox.fetch(
        new Request('http://sandbox.test/_sandbox/expire-token/', { method: 'POST', headers: { authorization: jwt } }),
      );
    jwtNow = start + 60_000;
    const late = await expire();
    expect([late.status, (await late.json()).errors]).toEqual([
      401,
      [
        {
          field: 'Authorization',
          message: 'The access token has expired: get a new pair from POST /member/refresh-token/.',
        },
      ],
    ]);
    jwtNow = start + 60_000 - 1;
    expect((await expire()).status).toBe(200);
  });

  test('a named token works until the millisecond before expires_at and stops at expires_at', async () => {
    tokenNow = start;
    const jwt = await named.loginAs(member.username, member.password);
    const expiresAt = start + 90_000 + 123;
    const created = await named.call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'exact', is_active: true, expires_at: new Date(expiresAt).toISOString() },
    });
    const bearer = `Bearer ${created.json.data.token.token}`;
    tokenNow = expiresAt - 1;
    expect((await named.call('GET', '/member/me/', { auth: bearer })).status).toBe(200);
    tokenNow = expiresAt;
    const expired = await named.call('GET', '/member/me/', { auth: bearer });
    expect([expired.status, expired.json.message]).toEqual([401, 'The API token has expired.']);
  });
});

describe('named API tokens', () => {
  test('lifecycle: create, list without secret, deactivate, reactivate, delete — each bites on the next request', async () => {
    const jwt = await loginAs(member.username, member.password);
    const created = await call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'ci-bot', is_active: true, metadata: { owner: 'qa' }, expires_at: null },
    });
    expect(created.status).toBe(201);
    const { key, token: secret } = created.json.data.token;
    expect(secret).toMatch(/^tmk_/);
    expect(key).not.toBe(secret);
    const bearer = `Bearer ${secret}`;
    const me = () => call('GET', '/member/me/', { auth: bearer });

    const list = await call('GET', '/member/bearer-tokens/', { auth: jwt });
    const listed = list.json.data.tokens.find((t: { key: string }) => t.key === key);
    expect(listed).toMatchObject({ title: 'ci-bot', is_active: true, metadata: { owner: 'qa' } });
    expect(JSON.stringify(list.json)).not.toContain(secret);
    expect(JSON.stringify(sandbox.store.tokens.get(key))).not.toContain(secret);

    expect((await me()).status).toBe(200);
    const off = await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, {
      auth: jwt,
      body: { is_active: false },
    });
    expect(off.json.data.token.is_active).toBe(false);
    const inactive = await me();
    expect([inactive.status, inactive.json.message]).toEqual([401, 'The API token is inactive.']);
    await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, { auth: jwt, body: { is_active: true } });
    expect((await me()).status).toBe(200);
    // A token may manage tokens too, including revoking itself.
    const gone = await call('DELETE', `/member/bearer-tokens/detail/?key=${key}`, { auth: bearer });
    expect(gone).toMatchObject({ status: 200, json: { status: 'success' } });
    const revoked = await me();
    expect([revoked.status, revoked.json.message]).toEqual([
      401,
      'The API token is not valid: it is unknown or was revoked.',
    ]);
    const again = await call('DELETE', `/member/bearer-tokens/detail/?key=${key}`, { auth: jwt });
    expect([again.status, fieldsOf(again.json)]).toEqual([404, ['key']]);
  });

  test('expiry: a token stops at expires_at, and setting a later one revives it', async () => {
    const jwt = await loginAs(member.username, member.password);
    const inOneMinute = new Date(clock + 60_000).toISOString();
    const created = await call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'short', is_active: true, expires_at: inOneMinute },
    });
    const { key, token: secret } = created.json.data.token;
    expect((await call('GET', '/member/me/', { auth: `Bearer ${secret}` })).status).toBe(200);
    clock += 61_000;
    const expired = await call('GET', '/member/me/', { auth: `Bearer ${secret}` });
    expect([expired.status, expired.json.message]).toEqual([401, 'The API token has expired.']);
    const jwt2 = await loginAs(member.username, member.password);
    await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, {
      auth: jwt2,
      body: { expires_at: new Date(clock + 3_600_000).toISOString() },
    });
    expect((await call('GET', '/member/me/', { auth: `Bearer ${secret}` })).status).toBe(200);
  });

  test("another account's token key is a 404, and tokens are listed per account", async () => {
    const jwt = await loginAs(member.username, member.password);
    const { key } = (
      await call('POST', '/member/bearer-tokens/', { auth: jwt, body: { title: 'mine', is_active: true } })
    ).json.data.token;
    const theirs = await loginAs(outsider.username, outsider.password);
    for (const method of ['PATCH', 'DELETE']) {
      const res = await call(method, `/member/bearer-tokens/detail/?key=${key}`, {
        auth: theirs,
        ...(method === 'PATCH' ? { body: { is_active: false } } : {}),
      });
      expect(res.status).toBe(404);
    }
    const list = await call('GET', '/member/bearer-tokens/', { auth: theirs });
    expect(list.json.data.tokens.some((t: { key: string }) => t.key === key)).toBe(false);
  });

  test('tokens cannot be created anonymously; bad fields are named', async () => {
    expect((await call('POST', '/member/bearer-tokens/', { body: { title: 'x', is_active: true } })).status).toBe(401);
    const jwt = await loginAs(member.username, member.password);
    const bad = await call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: '', is_active: 'yes', metadata: [], expires_at: 'tomorrow' },
    });
    expect(bad.status).toBe(400);
    expect(fieldsOf(bad.json).sort()).toEqual(['expires_at', 'is_active', 'metadata', 'title']);
    const empty = await call('PATCH', '/member/bearer-tokens/detail/?key=tok_x', { auth: jwt, body: {} });
    expect([empty.status, fieldsOf(empty.json)]).toEqual([400, ['body']]);
  });

  test('an expires_at the format allows but no clock reads (a leap second) is a 400 naming expires_at, on create and on update', async () => {
    const jwt = await loginAs(member.username, member.password);
    const leap = '2030-12-31T23:59:60Z';
    const created = await call('POST', '/member/bearer-tokens/', {
      auth: jwt,
      body: { title: 'leap', is_active: true, expires_at: leap },
    });
    expect([created.status, created.json.message, created.json.errors]).toEqual([
      400,
      'Validation failed: expires_at is not a date-time this sandbox can read.',
      [{ field: 'expires_at', message: 'is not a date-time this sandbox can read' }],
    ]);
    const { key } = (
      await call('POST', '/member/bearer-tokens/', { auth: jwt, body: { title: 'later', is_active: true } })
    ).json.data.token;
    const updated = await call('PATCH', `/member/bearer-tokens/detail/?key=${key}`, {
      auth: jwt,
      body: { expires_at: leap },
    });
    expect([updated.status, fieldsOf(updated.json)]).toEqual([400, ['expires_at']]);
  });

  test('token lists page with page and limit', async () => {
    const jwt = await loginAs(outsider.username, outsider.password);
    for (let i = 0; i < 5; i++) {
      await call('POST', '/member/bearer-tokens/', { auth: jwt, body: { title: `t${i}`, is_active: true } });
    }
    const page2 = await call('GET', '/member/bearer-tokens/?page=2&limit=2', { auth: jwt });
    expect(page2.json.data.tokens.map((t: { title: string }) => t.title)).toEqual(['t2', 't3']);
    expect(page2.json.data.pagination).toMatchObject({ page: 2, limit: 2 });
  });
});
