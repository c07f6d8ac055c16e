// Redaction and argument parsing: what keeps secrets out of the output, and what turns bad flags into exit code 2.
import { describe, expect, it } from 'vitest';
import { ArgsError, parseCliArgs } from '../../conformance/cli/args.js';
import { createRedactor, curlLine, MASK, redactAuthorization, redactBody } from '../../conformance/engine/redact.js';
import { terminalSafe } from '../../conformance/report/terminal.js';

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

  it('masks secret members, known secrets, their URL encoding and anything JWT-shaped', () => {
    const r = createRedactor(['demo-password']);
    r.learn({ data: { access_token: JWT, token: { key: 'tok_1', token: 'tmk_secret+/value' } } });
    expect(
      r.json({ password: 'x1234', captcha_token: 'abcd', username: 'demo', nested: [{ refresh_token: 'r-123' }] }),
    ).toEqual({
      password: MASK,
      captcha_token: MASK,
      username: 'demo',
      nested: [{ refresh_token: MASK }],
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

  it('learns every string of an answer but what the suite sent', () => {
    const r = createRedactor();
    r.learnAll(
      { data: { token: { key: 'key-1', title: 'cf-run-title', secret_value: 'tmk_abc', id: 7 } } },
      new Set(['cf-run-title']),
    );
    expect(r.text('key-1 cf-run-title tmk_abc')).toBe(`${MASK} cf-run-title ${MASK}`);
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
      har: 'run.har',
      minCoverage: 72.5,
    });
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
