// Redaction and argument parsing: what keeps secrets out of the output, and what turns bad flags into exit code 2.
import { describe, expect, it } from 'vitest';
import { ArgsError, parseCliArgs } from '../../conformance/cli/args.js';
import { createRedactor, curlLine, MASK, redactAuthorization, redactBody } from '../../conformance/engine/redact.js';
import type { RunResult } from '../../conformance/engine/result.js';
import { maskedResult } from '../../conformance/engine/run-suite.js';
import { formatReport } from '../../conformance/report/console.js';
import { harReport } from '../../conformance/report/har.js';
import { inertConsoleText as terminalSafe } from '../../conformance/report/inert-text.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { apiTokenAcceptedUnderJwt } from './faults/auth.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

describe('redaction', () => {
  it.each([
    ['Bearer tmk_abcdefgh', `Bearer ${MASK}`],
    [`JWT ${JWT}`, `JWT ${MASK}`],
    ['garbage', MASK],
    ['Bearer', MASK],
  ])('masks the Authorization value %j as %j', (value, expected) => {
    expect(redactAuthorization(value)).toBe(expected);
  });

  it('masks known credentials, their URL encoding and anything JWT-shaped', () => {
    const r = createRedactor(['demo-password']);
    r.learnSession({ data: { access_token: JWT, refresh_token: 'r-123456', token_type: 'JWT' } });
    r.add('tmk_secret+/value');
    expect(r.json({ password: 'demo-password', nested: [{ refresh_token: 'r-123456' }], username: 'demo' })).toEqual({
      password: MASK,
      nested: [{ refresh_token: MASK }],
      username: 'demo',
    });
    expect(r.text('said demo-password and tmk_secret+/value')).toBe(`said ${MASK} and ${MASK}`);
    expect(r.text(`?q=${encodeURIComponent('tmk_secret+/value')}`)).toBe(`?q=${MASK}`);
    expect(r.text(`a ${JWT.replace('c2ln', 'Zm9v')} b`)).toBe(`a ${MASK} b`);
    expect(r.headers({ authorization: 'Bearer tmk_secret+/value', 'content-type': 'application/json' })).toEqual({
      authorization: `Bearer ${MASK}`,
      'content-type': 'application/json',
    });
    expect(redactBody(r, '{"key":"tok_1","token":"tmk_secret+/value"}')).toBe(`{"key":"tok_1","token":"${MASK}"}`);
    expect(redactBody(r, 'not json demo-password')).toBe(`not json ${MASK}`);
  });

  it('masks no value for the name of its member: token_type, an error code, a field error stay as they are', () => {
    const r = createRedactor(['demo-password']);
    const login = { status: 'success', data: { access_token: JWT, refresh_token: 'r-123456', token_type: 'JWT' } };
    r.learnSession(login);
    const refusal = {
      status: 'error',
      code: 'validation_failed',
      message: 'Invalid input.',
      errors: [{ field: 'password', message: 'is required' }],
      token: 'not-a-credential',
      secret_question: 'first pet',
    };
    expect(r.json(refusal)).toEqual(refusal);
    expect(r.json(login)).toEqual({
      status: 'success',
      data: { access_token: MASK, refresh_token: MASK, token_type: 'JWT' },
    });
    expect(r.text('A JWT access token sent under the Bearer scheme: Authorization: JWT $ACCESS_TOKEN')).toBe(
      'A JWT access token sent under the Bearer scheme: Authorization: JWT $ACCESS_TOKEN',
    );
  });

  it('learns a token-creation answer by place: once a secret is known there, that place in every answer holds one', () => {
    const r = createRedactor();
    const answer = (n: number) => ({
      status: 'success',
      data: { token: { key: `key-000${n}`, title: `cf-run-title-${n}`, plain: `tmk_secret_${n}`, type: 'Bearer' } },
    });
    r.learnTokenAnswer(answer(1), new Set(['cf-run-title-1']));
    r.learnTokenAnswer(answer(2), new Set(['cf-run-title-2']));
    // Before the checks find the secret by sending it, every string that could be a credential may be it.
    expect(r.text('tmk_secret_1 key-0002 Bearer cf-run-title-1 2026-01-01T00:00:00Z')).toBe(
      `${MASK} ${MASK} ${MASK} cf-run-title-1 2026-01-01T00:00:00Z`,
    );
    r.add('tmk_secret_2');
    r.learnTokenAnswer(answer(3), new Set(['cf-run-title-3']));
    expect(r.text('tmk_secret_1 tmk_secret_2 tmk_secret_3 key-0001 key-0003 cf-run-title-1 Bearer')).toBe(
      `${MASK} ${MASK} ${MASK} key-0001 key-0003 cf-run-title-1 Bearer`,
    );
  });

  it("masks a leftover token's key in the result only when the key is a secret (a server may use the secret as key)", () => {
    const r = createRedactor();
    r.add('tmk_secret_as_key');
    const token = (key: string) => ({ kind: 'token' as const, key, actor: 'member', why: 'DELETE answered 403' });
    const result = maskedResult(
      {
        baseUrl: 'http://t/api',
        rules: [],
        problems: [],
        leftBehind: [token('tmk_secret_as_key'), token('tok_1')],
      } as unknown as RunResult,
      r,
    );
    expect(result.leftBehind).toEqual([token(MASK), token('tok_1')]);
  });

  it('masks a short secret where it stands as a whole value, and not inside longer words', () => {
    const r = createRedactor(['Kx7']);
    expect(r.text('{"password":"Kx7"} ?p=Kx7&q=1 Basic Kx7')).toBe(
      `{"password":"${MASK}"} ?p=${MASK}&q=1 Basic ${MASK}`,
    );
    expect(r.text('Kx7abc xKx7')).toBe('Kx7abc xKx7');
  });

  it('masks a secret in its JSON-escaped, URL-encoded and form-encoded forms', () => {
    const secret = 'p"w\\d secret';
    const r = createRedactor([secret]);
    const shown = r.text(
      `${JSON.stringify({ password: secret })} ${encodeURIComponent(secret)} ${new URLSearchParams({ p: secret })}`,
    );
    expect(shown).toBe(`{"password":"${MASK}"} ${MASK} p=${MASK}`);
  });

  it.each([
    ['secrets that overlap', ['abcdef', 'defghi'], 'xx abcdefghi yy', `xx ${MASK} yy`],
    ['one inside another', ['abcdefgh', 'cdef'], 'abcdefgh cdef cdefgh', `${MASK} ${MASK} ${MASK}gh`],
    ['side by side', ['tokenAAA', 'tokenBBB'], 'tokenAAAtokenBBB!', `${MASK}!`],
    ['a prefix that fails late', ['aaaab'], 'aaaaaaab', `aaa${MASK}`],
    ['JWT-shaped text', [], `x.${JWT}.y eyJeyJeyJ`, `x.${MASK}.y eyJeyJeyJ`],
  ])('masks %s', (_, secrets, text, shown) => {
    expect(createRedactor(secrets).text(text)).toBe(shown);
  });

  it.each([
    ['Cookie', 'session=abc'],
    ['Set-Cookie', 'session=abc; HttpOnly'],
    ['set-cookie2', 'session=abc'],
    ['X-Refresh-Token', 'r-1'],
    ['X-Client-Secret', 's-1'],
    ['X-Password', 'p-1'],
    ['X-Api-Key', 'k-1'],
    ['X-API_KEY', 'k-1'],
    ['apikey', 'k-1'],
  ])('masks the whole value of the credential header %s', (name, value) => {
    expect(createRedactor().headers({ [name]: value })).toEqual({ [name]: MASK });
  });

  it('keeps the scheme of Authorization and Proxy-Authorization whatever their case, and other headers as they are', () => {
    expect(
      createRedactor(['pw-Kx7-secret']).headers({
        Authorization: 'Basic dXNlcjpwdw==',
        'Proxy-Authorization': 'Bearer abc',
        'X-Cookie-Policy': 'strict',
        'Content-Type': 'application/json',
        'X-Echo': 'said pw-Kx7-secret',
      }),
    ).toEqual({
      Authorization: `Basic ${MASK}`,
      'Proxy-Authorization': `Bearer ${MASK}`,
      'X-Cookie-Policy': 'strict',
      'Content-Type': 'application/json',
      'X-Echo': `said ${MASK}`,
    });
  });

  it.each([
    ['a scheme of 20 characters', 'Abcdefghijklmnopqrst tok', `Abcdefghijklmnopqrst ${MASK}`],
    ['no scheme past 20 characters', 'Abcdefghijklmnopqrstu tok', MASK],
    ['a scheme with a dash', 'X-Scheme tok', `X-Scheme ${MASK}`],
    ['no scheme starting with a digit', '9Bearer tok', MASK],
    ['no scheme with nothing after it', 'Bearer   ', MASK],
    ['a scheme followed by more than one space', 'Bearer  tok', `Bearer ${MASK}`],
  ])('keeps %s of an Authorization value', (_, value, shown) => {
    expect(redactAuthorization(value)).toBe(shown);
  });

  it('learns nothing from what is no credential: blank strings, non-strings, session members that are not strings', () => {
    const r = createRedactor(['', '   ']);
    r.add(42);
    r.add(undefined);
    r.learnSession({ data: { access_token: 12345678, refresh_token: null } });
    expect(r.text('a   b 42 12345678 null')).toBe('a   b 42 12345678 null');
    expect(r.knows('   ')).toBe(false);
  });

  it('learns the session credentials of every answer in a list, however deep, and knows them afterwards', () => {
    const r = createRedactor();
    r.learnSession([{ data: { access_token: 'acc-111111' } }, { data: { nested: { refresh_token: 'ref-222222' } } }]);
    expect([r.knows('acc-111111'), r.knows('ref-222222'), r.knows('data')]).toEqual([true, true, false]);
    expect(r.text('acc-111111 ref-222222')).toBe(`${MASK} ${MASK}`);
  });

  it('masks a secret used as a member name, and keeps numbers, booleans and null as they are', () => {
    const r = createRedactor(['tmk_secret_key']);
    expect(r.json({ tmk_secret_key: 1, list: [true, null, 3, 'tmk_secret_key'] })).toEqual({
      [MASK]: 1,
      list: [true, null, 3, MASK],
    });
  });

  it('masks every string of a token answer that could be a credential until the secret is known: not timestamps, nulls, short or spaced ones', () => {
    const r = createRedactor();
    const stamps = [
      '2026-01-01',
      '2026-01-01T10:20',
      '2026-01-01t10:20:30.123z',
      '2026-01-01 10:20:30+02:00',
      '2026-01-01T10:20:30-0200',
    ];
    r.learnTokenAnswer({
      data: {
        secret: 'abcdef',
        id: 'abcde',
        title: 'Deploy keys rotated',
        stamps,
        noStamp: 'x2026-01-01',
        late: '2026-01-01Tx',
        expires_at: null,
        uses: 3,
      },
    });
    expect(r.text(`abcdef abcde Deploy keys rotated ${stamps.join(' ')} x2026-01-01 2026-01-01Tx`)).toBe(
      `${MASK} abcde Deploy keys rotated ${stamps.join(' ')} ${MASK} ${MASK}`,
    );
  });

  it("masks a token answer's candidates while no secret's place is known, however many other secrets it knows", () => {
    const r = createRedactor(['demo-password']);
    r.learnSession({ data: { access_token: 'acc-111111', refresh_token: 'ref-222222' } });
    r.learnTokenAnswer({ data: { key: 'key-0001', plain: 'tmk_plain_1' } });
    expect(r.text('key-0001 tmk_plain_1 demo-password')).toBe(`${MASK} ${MASK} ${MASK}`);
  });

  it('learns the place of a secret it already knew from the answer that holds it', () => {
    const r = createRedactor();
    const answer = (n: number) => ({ data: { key: `key-000${n}`, plain: `tmk_plain_${n}` } });
    r.add('tmk_plain_1');
    r.learnTokenAnswer(answer(1));
    r.learnTokenAnswer(answer(2));
    expect(r.text('tmk_plain_1 tmk_plain_2 key-0001 key-0002')).toBe(`${MASK} ${MASK} key-0001 key-0002`);
  });

  it('learns the secret place inside a list of tokens, and masks the secret at that place of every item of every later answer', () => {
    const r = createRedactor();
    const token = (n: number) => ({ key: `key-000${n}`, secret: `tmk_list_${n}` });
    r.learnTokenAnswer({ data: [token(1)] });
    r.add('tmk_list_1');
    r.learnTokenAnswer({ data: [token(2), token(3)] });
    expect(r.text('tmk_list_1 tmk_list_2 tmk_list_3 key-0001 key-0003')).toBe(
      `${MASK} ${MASK} ${MASK} key-0001 key-0003`,
    );
  });

  it('masks a text it has shown before once what it holds is learned: a secret, a candidate, a secret place', () => {
    const r = createRedactor();
    for (const text of ['tmk_late_1', 'key-0001']) expect(r.text(text)).toBe(text);
    expect(r.json({ title: 'tmk_late_1' })).toEqual({ title: 'tmk_late_1' });
    r.add('tmk_late_1');
    expect(r.text('tmk_late_1')).toBe(MASK);
    expect(r.json({ title: 'tmk_late_1' })).toEqual({ title: MASK });
    // A creation answer's strings are masked while no secret's place is known...
    expect(r.text('key-0001')).toBe('key-0001');
    r.learnTokenAnswer({ data: { key: 'key-0001' } });
    expect(r.text('key-0001')).toBe(MASK);
    // ...and no longer once a place holds a secret (an answer holding only one the redactor knew).
    r.learnTokenAnswer({ data: { secret: 'tmk_late_1' } });
    expect(r.text('key-0001')).toBe('key-0001');
    expect(r.text('tmk_late_1')).toBe(MASK);
  });

  it('says what it masks can only grow, except while a token answer’s strings are masked as candidates', () => {
    // Redactor.onlyGrows: false while candidates are masked (they stop being masked once a secret's place is known),
    // when the recorder masks an exchange at once; true otherwise, when it may wait until the record is read.
    const r = createRedactor(['demo-password']);
    expect(r.onlyGrows()).toBe(true);
    r.add('tmk_known_1');
    // An answer with no string that could be a credential (short, a timestamp) makes no candidate.
    r.learnTokenAnswer({ data: { key: 'k1', created_at: '2026-12-08T00:00:00Z' } });
    expect(r.onlyGrows()).toBe(true);
    r.learnTokenAnswer({ data: { key: 'key-0001', plain: 'tmk_plain_1' } });
    expect(r.onlyGrows()).toBe(false);
    r.add('tmk_other_1');
    expect(r.onlyGrows()).toBe(false);
    r.add('tmk_plain_1');
    expect(r.onlyGrows()).toBe(true);
    r.learnTokenAnswer({ data: { key: 'key-0002', plain: 'tmk_plain_2' } });
    expect(r.onlyGrows()).toBe(true);
  });

  describe('learnAnswer: the credentials any answer reveals (docs/conformance.md, "Secrets")', () => {
    it('learns access_token and refresh_token members of any answer, in lists too, whatever the answer is about', () => {
      const r = createRedactor();
      r.learnAnswer({ data: { items: [{ refresh_token: 'ref-list-01' }], access_token: 'acc-any-001' } }, false);
      expect(r.text('ref-list-01 acc-any-001')).toBe(`${MASK} ${MASK}`);
      expect(r.knows('ref-list-01')).toBe(true);
    });

    it('in an answer about tokens, learns a member named token, secret, password or api-key; elsewhere, not', () => {
      const elsewhere = createRedactor();
      elsewhere.learnAnswer({ data: { api_key: 'apikey-other-1', token_title: 'title-other-1' } }, false);
      expect(elsewhere.text('apikey-other-1 title-other-1')).toBe('apikey-other-1 title-other-1');
      const tokens = createRedactor();
      tokens.learnAnswer(
        { data: [{ api_key: 'apikey-list-01', Client_Secret: 'clsecret-0001', title: 'a-token-title', n: 7 }] },
        true,
      );
      expect(tokens.text('apikey-list-01 clsecret-0001 a-token-title')).toBe(`${MASK} ${MASK} a-token-title`);
      // A list of strings under such a name: each item holds one.
      tokens.learnAnswer({ data: { api_keys: ['apikey-item-01', 'apikey-item-02'] } }, true);
      expect(tokens.text('apikey-item-01 apikey-item-02')).toBe(`${MASK} ${MASK}`);
      // Not what could be no credential: short, spaced or a timestamp, under a secret's name all the same.
      tokens.learnAnswer({ data: { token: 'short', secret: 'two words', password: '2026-12-07T10:00:00Z' } }, true);
      expect(tokens.text('short two words 2026-12-07T10:00:00Z')).toBe('short two words 2026-12-07T10:00:00Z');
    });

    it('masks every value listed under a name once one value listed there is known: a list that shows every key', () => {
      const r = createRedactor();
      r.learnAnswer({ data: { tokens: [{ key: 'listed-key-01' }, { key: 'listed-key-02' }] } }, true);
      expect(r.text('listed-key-01 listed-key-02')).toBe('listed-key-01 listed-key-02');
      // One key turns out to authenticate (the suite sent it as a credential): every key listed under `key` is one.
      r.add('listed-key-01');
      expect(r.text('listed-key-01 listed-key-02')).toBe(`${MASK} ${MASK}`);
      // And later answers' values under that name too, in any answer.
      r.learnAnswer({ data: { key: 'listed-key-03' } }, false);
      expect(r.text('listed-key-03')).toBe(MASK);
      // Names seen only outside token answers learn nothing from a known value.
      const other = createRedactor();
      other.learnAnswer({ data: { key: 'plain-key-001' } }, false);
      other.learnAnswer({ data: { key: 'plain-key-002' } }, false);
      other.add('plain-key-001');
      expect(other.text('plain-key-002')).toBe('plain-key-002');
    });

    it('marks the name of a value it already knew as soon as a token answer lists it, for the values listed after', () => {
      const r = createRedactor();
      r.add('known-key-01');
      r.learnAnswer({ data: [{ handle: 'known-key-01' }] }, true);
      r.learnAnswer({ data: [{ handle: 'later-key-02' }] }, true);
      expect(r.text('later-key-02')).toBe(MASK);
    });

    it('takes the name of a place at the top of an answer, and a secret that is the whole answer, without failing', () => {
      const r = createRedactor();
      r.learnTokenAnswer({ credential: 'tmk_top_0001' });
      r.add('tmk_top_0001');
      r.learnAnswer({ credential: 'tmk_top_0002' }, false);
      expect(r.text('tmk_top_0002')).toBe(MASK);
      // An answer that is only a string: its place has no name.
      expect(() => r.learnTokenAnswer('tmk_top_0001')).not.toThrow();
    });

    it('masks what a later answer lists under the member name a creation answer held the secret under', () => {
      const r = createRedactor();
      r.learnTokenAnswer({ data: { token: { key: 'key-0001', token: 'tmk_placed_1' } } });
      r.add('tmk_placed_1');
      // The place data.token.token held the secret: its name, `token`, holds one in any answer.
      r.learnAnswer({ data: [{ key: 'key-0002', token: 'tmk_listed_2' }] }, false);
      expect(r.text('tmk_listed_2 key-0002')).toBe(`${MASK} key-0002`);
      // Only the last name of the place: its parent's name (`data`) holds no secret.
      r.learnAnswer({ data: 'not-a-secret-01' }, false);
      expect(r.text('not-a-secret-01')).toBe('not-a-secret-01');
    });
  });

  it('escapes every control character but newline and tab for the terminal', () => {
    expect(terminalSafe('a\x1b[31mb\x1b]0;t\x07\r\x7f\x9b\x00 é\tok\n')).toBe(
      'a\\x1b[31mb\\x1b]0;t\\x07\\x0d\\x7f\\x9b\\x00 é\tok\n',
    );
  });

  it('builds a curl line that quotes safely', () => {
    expect(curlLine('POST', "http://h/api/x/?q=it's", { 'content-type': 'application/json' }, '{"a":1}')).toBe(
      `curl -sS -i -X POST 'http://h/api/x/?q=it'\\''s' -H 'content-type: application/json' --data-raw '{"a":1}'`,
    );
  });

  it('builds a curl line without --data-raw when there is no body or an empty one', () => {
    expect(curlLine('GET', 'http://h/api/x/', { accept: 'application/json' })).toBe(
      `curl -sS -i -X GET 'http://h/api/x/' -H 'accept: application/json'`,
    );
    expect(curlLine('DELETE', 'http://h/api/x/', {}, '')).toBe(`curl -sS -i -X DELETE 'http://h/api/x/'`);
  });
});

/** The sandbox with members the source leaves open: a login's `token_type`, an error payload's `code`. */
const extraMembers =
  (inner: FetchHandler): FetchHandler =>
  async (request) => {
    const response = await inner(request);
    const body = await response
      .clone()
      .json()
      .catch(() => undefined);
    if (!isObject(body)) return response;
    const path = new URL(request.url).pathname;
    const extra =
      response.status >= 400
        ? { code: 'validation_failed' }
        : path.endsWith('/member/login/') || path.endsWith('/member/refresh-token/')
          ? { data: { ...(isObject(body.data) ? body.data : {}), token_type: 'JWT' } }
          : {};
    return Response.json({ ...body, ...extra }, { status: response.status, headers: response.headers });
  };

describe('a run against a server that answers members named like secrets', () => {
  it('keeps their values, rule titles and curl schemes as they are, and masks every credential', async () => {
    const sandbox = createSandbox();
    const result = await runConformance({
      target: apiTokenAcceptedUnderJwt.wrap(extraMembers(sandbox.fetch)),
      profile: DEMO_PROFILE,
      only: ['AUTH-04', 'ENV-04'],
      har: true,
    });
    const report = formatReport(result).join('\n');
    const har = harReport(result.har ?? { log: { version: '1.2', creator: { name: '', version: '' }, entries: [] } });
    expect(result.rules.find((r) => r.id === 'AUTH-04')?.outcome).toBe('FAIL');
    expect(report).toContain('AUTH-04  MUST    FAIL  A named API token sent under the JWT scheme gets 401.');
    expect(report).toMatch(/-H 'authorization: JWT \*\*\*'/);
    expect(har).toContain('\\"token_type\\":\\"JWT\\"');
    expect(har).toContain('\\"code\\":\\"validation_failed\\"');
    for (const text of [report, har]) {
      for (const secret of ['demo-password', 'outsider-password', 'test-captcha']) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/eyJ[\w-]{4,}\./);
      expect(text).not.toMatch(/tmk_[\w-]{8,}/);
    }
  });
});

describe('parseCliArgs', () => {
  it('reads every flag', () => {
    expect(
      parseCliArgs([
        '--target',
        't.json',
        '--base-url',
        'http://x/api',
        '--only',
        'auth,QA-01',
        '--only',
        'LIST',
        '--skip',
        'AUTH-02,LIST-01',
        '--read-only',
        '--no-register',
        '--junit',
        'j.xml',
        '--json',
        'r.json',
        '--timeout',
        '500',
        '--total-timeout',
        '9000',
        '--seed',
        '7',
        '--max-examples',
        '3',
        '--quiet',
        '--port',
        '8080',
        '--no-preflight',
        '--strict',
        '--har',
        'run.har',
        '--min-coverage',
        '72.5',
      ]),
    ).toEqual({
      help: false,
      version: false,
      target: 't.json',
      baseUrl: 'http://x/api',
      only: ['auth', 'QA-01', 'LIST'],
      skip: ['AUTH-02', 'LIST-01'],
      readOnly: true,
      register: false,
      junit: 'j.xml',
      json: 'r.json',
      timeoutMs: 500,
      totalTimeoutMs: 9000,
      seed: 7,
      maxExamples: 3,
      quiet: true,
      port: 8080,
      preflight: false,
      strict: true,
      requireAll: true,
      har: 'run.har',
      minCoverage: 72.5,
      followRedirectsTo: [],
    });
    expect(parseCliArgs(['--require-all']).requireAll).toBe(true);
    expect(parseCliArgs([]).requireAll).toBe(false);
    expect(parseCliArgs(['--min-coverage', '0']).minCoverage).toBe(0);
    expect(parseCliArgs(['--min-coverage', '100']).minCoverage).toBe(100);
    expect(parseCliArgs([])).toMatchObject({ strict: false });
    expect(parseCliArgs([]).minCoverage).toBeUndefined();
  });

  it.each([
    [['--nope'], /--nope/],
    [['--timeout', '0'], /--timeout/],
    [['--total-timeout', '1.5'], /--total-timeout/],
    [['--target'], /--target/],
    [['--only', ' , '], /--only/],
    [['--skip', ','], /--skip/],
    [['profile.json'], /--target/],
    [['--json', ''], /--json/],
    [['--seed', 'abc'], /--seed/],
    [['--port', '0'], /--port/],
    [['--port', '65536'], /--port/],
    [['--port', '80a'], /--port/],
    [['--max-examples', '0'], /--max-examples/],
    [['--har', ''], /--har/],
    [['--har'], /--har/],
    [['--min-coverage', '101'], /--min-coverage/],
    [['--min-coverage', '-1'], /--min-coverage/],
    [['--min-coverage', '80%'], /--min-coverage/],
    [['--min-coverage', 'abc'], /--min-coverage/],
    [['--min-coverage', ''], /--min-coverage/],
    [['--min-coverage'], /--min-coverage/],
    [['--strict=yes'], /--strict/],
  ])('rejects %j naming the flag', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(ArgsError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });
});
