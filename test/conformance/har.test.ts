// The --har report (docs/conformance.md, "Reading the report"): an HTTP Archive 1.2 of every exchange, with every
// credential masked (in headers, cookies, the profile's passwords and captcha, the tokens the run obtained, JWT-shaped
// text) and nothing else, large bodies cut with a note, and an exchange without an answer written as browsers write a
// failed request.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { Answer, ExchangeRecord, Wire } from '../../conformance/engine/exchange-record.js';
import { createRedactor, MASK, redactUrl } from '../../conformance/engine/redact.js';
import { HAR_BODY_LIMIT, harFailure, harOf, harReport } from '../../conformance/report/har.js';

const PASSWORD = 'pw-Kx7-secret';
const CAPTCHA = 'captcha-4242';
const ACCESS = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';
const REFRESH = 'refresh-opaque-0123456789';
const API_TOKEN = 'tmk_0123456789abcdef';
const COOKIE = 'sessionid=cookie-value-77';

/** The HAR 1.2 members a viewer needs (http://www.softwareishard.com/blog/har-12-spec/), as a JSON Schema. */
const HAR_SCHEMA = {
  type: 'object',
  required: ['log'],
  properties: {
    log: {
      type: 'object',
      required: ['version', 'creator', 'entries'],
      properties: {
        version: { const: '1.2' },
        creator: {
          type: 'object',
          required: ['name', 'version'],
          properties: { name: { type: 'string' }, version: { type: 'string' } },
        },
        entries: {
          type: 'array',
          items: {
            type: 'object',
            required: ['startedDateTime', 'time', 'request', 'response', 'cache', 'timings'],
            properties: {
              startedDateTime: { type: 'string', pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d+Z$' },
              time: { type: 'number', minimum: 0 },
              request: {
                type: 'object',
                required: [
                  'method',
                  'url',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'queryString',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  headers: { $ref: '#/$defs/pairs' },
                  queryString: { $ref: '#/$defs/pairs' },
                  postData: {
                    type: 'object',
                    required: ['mimeType', 'text'],
                    properties: { mimeType: { type: 'string' }, text: { type: 'string' } },
                  },
                },
              },
              response: {
                type: 'object',
                required: [
                  'status',
                  'statusText',
                  'httpVersion',
                  'cookies',
                  'headers',
                  'content',
                  'redirectURL',
                  'headersSize',
                  'bodySize',
                ],
                properties: {
                  status: { type: 'integer' },
                  headers: { $ref: '#/$defs/pairs' },
                  content: {
                    type: 'object',
                    required: ['size', 'mimeType'],
                    properties: { size: { type: 'integer' }, mimeType: { type: 'string' }, text: { type: 'string' } },
                  },
                },
              },
              timings: {
                type: 'object',
                required: ['send', 'wait', 'receive'],
                properties: { send: { type: 'number' }, wait: { type: 'number' }, receive: { type: 'number' } },
              },
            },
          },
        },
      },
    },
  },
  $defs: {
    pairs: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'value'],
        properties: { name: { type: 'string' }, value: { type: 'string' } },
      },
    },
  },
};
const validHar = new Ajv2020({ allErrors: true, strict: false }).compile(HAR_SCHEMA);

let clock = Date.parse('2026-01-01T00:00:00.000Z');

/** One recorded exchange as the recorder keeps it for --har. */
function answer(
  over: Partial<ExchangeRecord> & Pick<ExchangeRecord, 'method' | 'url'>,
  wire: Omit<Wire, 'startedAt'>,
  status?: number,
): Answer {
  clock += 10;
  const path = new URL(over.url).pathname.replace(/^\/api/, '');
  const record: ExchangeRecord = {
    id: `x.check.ts#${clock}`,
    file: 'x.check.ts',
    test: 'AUTH-01 a check',
    actor: 'member',
    path,
    requestHeaders: {},
    ms: 12,
    ...(status === undefined ? {} : { status }),
    ...over,
  };
  return { record, status, body: undefined, json: false, wire: { startedAt: clock, ...wire } };
}

const json = (value: unknown) => JSON.stringify(value);
const JSON_TYPE: [string, string] = ['content-type', 'application/json'];

function run(): { har: ReturnType<typeof harOf>; text: string } {
  const redactor = createRedactor([PASSWORD, CAPTCHA]);
  const loginAnswer = { status: 'success', data: { access_token: ACCESS, refresh_token: REFRESH, token_type: 'JWT' } };
  const tokenAnswer = {
    status: 'success',
    data: { token: { key: 'tok_1', secret: API_TOKEN, big: 'x'.repeat(HAR_BODY_LIMIT + 50), echo: PASSWORD } },
  };
  // What the recorder learned as the answers came: the login's tokens, and the token's secret once a check used it.
  redactor.learnSession(loginAnswer);
  redactor.learnTokenAnswer(tokenAnswer);
  redactor.add(API_TOKEN);
  const answers = [
    answer(
      { method: 'POST', url: 'http://t/api/member/login/' },
      {
        requestHeaders: [JSON_TYPE],
        requestText: json({ username: 'demo', password: PASSWORD, captcha_token: CAPTCHA }),
        statusText: 'OK',
        responseHeaders: [JSON_TYPE, ['set-cookie', COOKIE]],
        responseText: json(loginAnswer),
      },
      200,
    ),
    answer(
      { method: 'GET', url: `http://t/api/member/me/?token=${API_TOKEN}&page=1&p=${encodeURIComponent(PASSWORD)}` },
      {
        requestHeaders: [
          ['authorization', `JWT ${ACCESS}`],
          ['cookie', COOKIE],
          ['x-api-key', 'k-9f8e7d6c'],
        ],
        statusText: 'OK',
        responseHeaders: [JSON_TYPE],
        // A target that echoes what it was sent, in plain text.
        responseText: `you sent ${PASSWORD} and ${CAPTCHA}, ${REFRESH}; token ${API_TOKEN}`,
      },
      200,
    ),
    answer(
      { method: 'POST', url: 'http://t/api/member/bearer-tokens/' },
      {
        requestHeaders: [JSON_TYPE],
        requestText: json({ title: 'ci token', is_active: true, code: 'not-a-credential' }),
        statusText: 'Created',
        responseHeaders: [JSON_TYPE, ['location', `http://t/api/x/?refresh_token=${REFRESH}`]],
        responseText: json(tokenAnswer),
      },
      201,
    ),
    answer(
      { method: 'GET', url: 'http://t/api/member/me/', error: 'no answer within 300 ms' },
      { requestHeaders: [['authorization', `Bearer ${API_TOKEN}`]] },
    ),
  ];
  const har = harOf(answers, redactor);
  return { har, text: harReport(har) };
}

describe('harOf', () => {
  // Built inside each test, not when the file is collected: a fault in harOf must show in the test that reads it.
  const built = () => {
    const { har, text } = run();
    const [login, me, created, lost] = har.log.entries;
    return { text, login, me, created, lost };
  };

  it('is an HTTP Archive 1.2 a viewer opens: every required member, in the order sent', () => {
    const { text, login, me } = built();
    const parsed = JSON.parse(text);
    expect(validHar(parsed), JSON.stringify(validHar.errors)).toBe(true);
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(parsed.log.creator).toEqual({ name: 'task-conformance', version });
    expect(parsed.log.entries).toHaveLength(4);
    const started = parsed.log.entries.map((e: { startedDateTime: string }) => Date.parse(e.startedDateTime));
    expect(started).toEqual([...started].sort((a, b) => a - b));
    const sent = json({ username: 'demo', password: PASSWORD, captcha_token: CAPTCHA });
    expect(login?.request).toMatchObject({ method: 'POST', url: 'http://t/api/member/login/', bodySize: sent.length });
    expect(login?.request.postData?.mimeType).toBe('application/json');
    expect(login?.response).toMatchObject({ status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1' });
    expect(login?.response.content.mimeType).toBe('application/json');
    expect(login?.timings).toMatchObject({ send: 0, wait: 12, receive: 0 });
    expect(login?.time).toBe(12);
    expect(login?.comment).toBe('AUTH-01 a check; as member');
    expect(me?.request.queryString).toEqual([
      { name: 'token', value: MASK },
      { name: 'page', value: '1' },
      { name: 'p', value: MASK },
    ]);
  });

  it('contains no credential anywhere in its text, and masks nothing else', () => {
    const { text, login, me, created, lost } = built();
    for (const secret of [PASSWORD, CAPTCHA, ACCESS, REFRESH, API_TOKEN, 'cookie-value-77', 'k-9f8e7d6c']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toContain(encodeURIComponent(PASSWORD));
    expect(text).not.toMatch(/eyJ[\w-]{4,}\./);
    expect(login?.request.postData?.text).toBe(json({ username: 'demo', password: MASK, captcha_token: MASK }));
    // What is no credential stays: the token type, the key, a member named `code`.
    expect(login?.response.content.text).toContain('"token_type":"JWT"');
    expect(created?.request.postData?.text).toBe(
      json({ title: 'ci token', is_active: true, code: 'not-a-credential' }),
    );
    expect(created?.response.content.text).toContain('"key":"tok_1","secret":"***"');
    expect(me?.request.headers).toEqual([
      { name: 'authorization', value: `JWT ${MASK}` },
      { name: 'cookie', value: MASK },
      { name: 'x-api-key', value: MASK },
    ]);
    expect(login?.response.headers).toContainEqual({ name: 'set-cookie', value: MASK });
    expect(created?.response.redirectURL).toBe(`http://t/api/x/?refresh_token=${MASK}`);
    expect(lost?.request.headers).toEqual([{ name: 'authorization', value: `Bearer ${MASK}` }]);
  });

  it('cuts a large body after masking it, and says so', () => {
    const { created } = built();
    const content = created?.response.content;
    expect(content?.text).toHaveLength(HAR_BODY_LIMIT);
    expect(content?.comment).toMatch(/^cut: the body had \d+ characters, the first 100000 are kept$/);
    expect(content?.size).toBeGreaterThan(HAR_BODY_LIMIT);
  });

  it('writes every member of an exchange without an answer, as browsers do', () => {
    const { lost } = built();
    expect(lost).toEqual({
      startedDateTime: lost?.startedDateTime,
      time: 12,
      request: {
        method: 'GET',
        url: 'http://t/api/member/me/',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [{ name: 'authorization', value: `Bearer ${MASK}` }],
        queryString: [],
        headersSize: -1,
        bodySize: 0,
      },
      response: {
        status: 0,
        statusText: '',
        httpVersion: '',
        cookies: [],
        headers: [],
        content: { size: 0, mimeType: 'x-unknown' },
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
      },
      cache: {},
      timings: { blocked: -1, dns: -1, connect: -1, ssl: -1, send: 0, wait: 12, receive: 0 },
      comment: lost?.comment,
      _error: 'no answer within 300 ms',
    });
  });

  it('writes an exchange without an answer as status 0 with the reason, as browsers do', () => {
    const { lost } = built();
    expect(lost?.response).toMatchObject({ status: 0, statusText: '', httpVersion: '', bodySize: -1 });
    expect(lost?._error).toBe('no answer within 300 ms');
    expect(lost?.request.postData).toBeUndefined();
  });

  it('leaves out answers recorded without their wire, and a run that never started has no entries and says why', () => {
    const { record } = answer({ method: 'GET', url: 'http://t/api/member/me/' }, { requestHeaders: [] }, 200);
    expect(harOf([{ record, status: 200, body: undefined, json: false }], createRedactor()).log.entries).toEqual([]);
    const failure = JSON.parse(harReport(harFailure('exit 2: the target is unreachable')));
    expect(validHar(failure)).toBe(true);
    expect(failure.log).toMatchObject({ entries: [], comment: 'exit 2: the target is unreachable' });
  });
});

describe('redactUrl', () => {
  it.each([
    ['http://t/api/x/?key=tok_1&page=2', 'http://t/api/x/?key=tok_1&page=2'],
    ['HTTP://T:80/api/x/?q=a%2Bb', 'HTTP://T:80/api/x/?q=a%2Bb'],
    ['http://t/api/x/?access_token=abc&page=2', `http://t/api/x/?access_token=${MASK}&page=2`],
    ['http://user:pw@t/api/x/', 'http://t/api/x/'],
    [`http://t/api/x/?q=${PASSWORD}`, `http://t/api/x/?q=${MASK}`],
    ['not a url pw-Kx7-secret', `not a url ${MASK}`],
    [
      'http://t/api/x/?api_key=k1&apikey=k2&api-key=k3',
      `http://t/api/x/?api_key=${MASK}&apikey=${MASK}&api-key=${MASK}`,
    ],
    ['http://t/api/x/?client_secret=s&Password=p', `http://t/api/x/?client_secret=${MASK}&Password=${MASK}`],
    ['http://user@t/api/x/', 'http://t/api/x/'],
    ['http://:pw@t/api/x/', 'http://t/api/x/'],
    [`http://t/api/x/?refresh_token=r&q=${PASSWORD}`, `http://t/api/x/?refresh_token=${MASK}&q=${MASK}`],
  ])('shows %s as %s', (href, shown) => {
    expect(redactUrl(createRedactor([PASSWORD]), href)).toBe(shown);
  });
});
