// The fetch under every client of a run (conformance/engine/recorder.ts; docs/conformance.md, "What the suite
// guarantees"): a request is sent as the check built it (its method, headers, body and redirect mode, whether the check
// passed a URL and an init, as `h.raw` does, or a Request and how to send it, as the typed client does), and every
// exchange's record masks the run's secrets, those learned after the exchange too, in the order of a report's fields.
import { describe, expect, it } from 'vitest';
import { NotApplicable } from '../../conformance/engine/explain.js';
import { createRecorder } from '../../conformance/engine/recorder.js';
import { createRedactor, MASK, type Redactor } from '../../conformance/engine/redact.js';
import { harOf } from '../../conformance/report/har.js';
import type { FetchHandler } from '../../contract/http.js';
import { sharedValidators } from '../../contract/validators.js';

const BASE = 'http://target.test/api';

/** What the target was sent: each request's method, URL, chosen headers and body. */
interface Seen {
  method: string;
  url: string;
  headers: Record<string, string | null>;
  body: string;
}

/** A recorder in front of `answer`, keeping what reached the target. */
function recording(
  answer: (request: Request) => Response,
  redactor: Redactor = createRedactor(),
  missing?: ReadonlySet<string>,
) {
  const seen: Seen[] = [];
  const fetch: FetchHandler = async (request) => {
    seen.push({
      method: request.method,
      url: request.url,
      headers: {
        'content-type': request.headers.get('content-type'),
        'x-check': request.headers.get('x-check'),
        authorization: request.headers.get('authorization'),
      },
      body: await request.text(),
    });
    return answer(request);
  };
  const recorder = createRecorder({
    baseUrl: BASE,
    contract: sharedValidators().contract,
    timeoutMs: 10_000,
    redactor,
    fetch,
    signal: new AbortController().signal,
    sender: () => ({ file: 'recorder.check.ts' }),
    board: { companyId: 1, boardId: 1 },
    keepWire: true,
    ...(missing ? { missing } : {}),
  });
  return { recorder, send: recorder.fetch('member'), seen, redactor };
}

const ok = () => Response.json({ status: 'success', data: {} });

/** A record's fields in the order a report shows them; a record lacks those its exchange has none of. */
const RECORD_FIELDS = [
  'id',
  'file',
  'actor',
  'operationId',
  'method',
  'path',
  'url',
  'requestHeaders',
  'requestBody',
  'ms',
  'status',
  'responseHeaders',
  'responseBody',
];
const fieldsWithout = (absent: string) => RECORD_FIELDS.filter((field) => field !== absent);

describe('the recorder sends a request as the check built it', () => {
  it('from a URL and an init (as h.raw sends): its method, headers and body', async () => {
    const { send, seen, recorder } = recording(ok);
    const body = JSON.stringify({ title: 'a check’s title' });
    await send(`${BASE}/echo/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-check': 'raw' },
      body,
    });
    expect(seen).toEqual([
      {
        method: 'POST',
        url: `${BASE}/echo/`,
        headers: { 'content-type': 'application/json', 'x-check': 'raw', authorization: null },
        body,
      },
    ]);
    expect(recorder.answers[0]?.record.requestBody).toBe(body);
  });

  it('from a Request and how to send it (as the typed client sends): the Request as built', async () => {
    const { send, seen, recorder } = recording(ok);
    const body = JSON.stringify({ title: 'patched' });
    const request = new Request(`${BASE}/echo/?x=1`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-check': 'client', authorization: 'Bearer tmk_abcdef123' },
      body,
    });
    await send(request, { signal: new AbortController().signal, redirect: 'manual' });
    expect(seen).toEqual([
      {
        method: 'PATCH',
        url: `${BASE}/echo/?x=1`,
        headers: { 'content-type': 'application/json', 'x-check': 'client', authorization: 'Bearer tmk_abcdef123' },
        body,
      },
    ]);
    expect(recorder.answers[0]?.record.requestBody).toBe(body);
    // A Request alone, with nothing said about how to send it, is sent as it is.
    await send(new Request(`${BASE}/echo/?y=2`, { headers: { 'x-check': 'alone' } }));
    expect(seen[1]).toEqual({
      method: 'GET',
      url: `${BASE}/echo/?y=2`,
      headers: { 'content-type': null, 'x-check': 'alone', authorization: null },
      body: '',
    });
  });

  it('from a Request and an init that changes it (as fetch takes them): the init’s method, headers and body', async () => {
    const { send, seen } = recording(ok);
    const request = new Request(`${BASE}/echo/`, { headers: { 'x-check': 'request' } });
    await send(request, { method: 'PUT', headers: { 'x-check': 'init', 'content-type': 'text/plain' }, body: 'put' });
    // An init that also says how to send it (a signal) changes the Request all the same.
    const again = new Request(`${BASE}/echo/`, { headers: { 'x-check': 'request' } });
    await send(again, { signal: new AbortController().signal, method: 'DELETE', headers: { 'x-check': 'signalled' } });
    expect(seen).toEqual([
      {
        method: 'PUT',
        url: `${BASE}/echo/`,
        headers: { 'content-type': 'text/plain', 'x-check': 'init', authorization: null },
        body: 'put',
      },
      {
        method: 'DELETE',
        url: `${BASE}/echo/`,
        headers: { 'content-type': null, 'x-check': 'signalled', authorization: null },
        body: '',
      },
    ]);
  });

  it('in its redirect mode: a GET that asks to see the redirect (redirect: manual) gets it, however it says so', async () => {
    // docs/conformance.md, "Redirects": a GET follows a redirect within the target's origin; `redirect: 'manual'`
    // (CONV-02's raw request; the typed client's writes) asks to see the redirect itself.
    const { send, seen, recorder } = recording((request) =>
      new URL(request.url).pathname === '/api/member/me'
        ? new Response(null, { status: 308, headers: { location: `${BASE}/member/me/` } })
        : ok(),
    );
    const slashless = `${BASE}/member/me`;
    const statuses = [
      await send(slashless),
      await send(slashless, { redirect: 'manual' }),
      await send(new Request(slashless), { redirect: 'manual' }),
      await send(new Request(slashless, { redirect: 'manual' })),
      await send(new Request(slashless, { redirect: 'manual' }), { signal: new AbortController().signal }),
    ].map((response) => response.status);
    expect(statuses).toEqual([200, 308, 308, 308, 308]);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual([
      '/api/member/me',
      '/api/member/me/',
      '/api/member/me',
      '/api/member/me',
      '/api/member/me',
      '/api/member/me',
    ]);
    expect(recorder.answers.map((a) => a.record.responseHeaders?.location)).toEqual([
      undefined,
      `${BASE}/member/me/`,
      `${BASE}/member/me/`,
      `${BASE}/member/me/`,
      `${BASE}/member/me/`,
    ]);
  });

  it('records a request without a body, and an answer without one, as having none (in the HAR too)', async () => {
    const { send, recorder, redactor } = recording(() => new Response(null, { status: 204 }));
    await send(`${BASE}/member/me/`);
    await send(`${BASE}/echo/`, { method: 'DELETE' });
    for (const { record } of recorder.answers) {
      expect(Object.keys(record)).not.toContain('requestBody');
      expect(Object.keys(record)).not.toContain('responseBody');
    }
    const entries = harOf(recorder.answers, redactor).log.entries;
    expect(entries.map((e) => [e.request.method, e.request.postData, e.response.content.text])).toEqual([
      ['GET', undefined, undefined],
      ['DELETE', undefined, undefined],
    ]);
  });
});

describe('the recorder sends nothing', () => {
  it('for an operation the profile declared missing: the check is not applicable, and the target is asked nothing', async () => {
    // docs/conformance.md: an operation the profile declares missing is never sent; the rules needing it are skipped.
    const { send, seen, recorder } = recording(ok, createRedactor(), new Set(['getMe']));
    await expect(send(`${BASE}/member/me/`)).rejects.toBeInstanceOf(NotApplicable);
    await send(`${BASE}/company/list/`);
    expect(seen.map((s) => new URL(s.url).pathname)).toEqual(['/api/company/list/']);
    expect(recorder.answers.map((a) => [a.record.operationId, a.record.path])).toEqual([
      ['listCompanies', '/company/list/'],
    ]);
  });

  it('records a path outside the base URL whole, and one under it as the contract writes it', async () => {
    const { send, recorder } = recording(ok);
    await send('http://target.test/apiary/member/me/');
    await send(`${BASE}/member/me/`);
    expect(recorder.answers.map((a) => [a.record.path, a.record.operationId])).toEqual([
      ['/apiary/member/me/', undefined],
      ['/member/me/', 'getMe'],
    ]);
  });
});

describe("an exchange's record", () => {
  const secret = 'late-secret-4f9a21c7';

  it('masks a secret the run learned after the exchange, in its URL and both bodies, when it is read', async () => {
    // docs/conformance.md, "No secrets in its output": a secret is masked wherever it appears, in a body the target
    // echoes back too; one handed out late is masked in the exchanges before it.
    const { send, recorder, redactor } = recording((request) =>
      Response.json({ status: 'success', data: { echoed: new URL(request.url).searchParams.get('q') } }),
    );
    await send(`${BASE}/echo/?q=${secret}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sent: secret }),
    });
    redactor.add(secret);
    const record = recorder.answers[0]?.record;
    expect(record?.url).toBe(`${BASE}/echo/?q=${MASK}`);
    expect(record?.requestBody).toBe(`{"sent":"${MASK}"}`);
    expect(record?.responseBody).toBe(`{"status":"success","data":{"echoed":"${MASK}"}}`);
    expect(JSON.stringify(record)).not.toContain(secret);
    // The record stays a plain object to whoever reads it: its fields are listed, and one set is what is read back.
    expect(Object.keys(record ?? {})).toEqual(fieldsWithout('operationId'));
    if (record) record.responseBody = 'shown instead';
    expect(record?.responseBody).toBe('shown instead');
  });

  it('keeps the fields in the order of a report (its URL and request body before the answer), an operation’s too', async () => {
    const { send, recorder } = recording(ok);
    await send(`${BASE}/member/me/`);
    await send(`${BASE}/echo/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(recorder.answers.map((a) => Object.keys(a.record))).toEqual([
      fieldsWithout('requestBody'),
      fieldsWithout('operationId'),
    ]);
    expect(JSON.parse(JSON.stringify(recorder.answers[1]?.record))).toMatchObject({
      url: `${BASE}/echo/`,
      requestBody: '{"a":1}',
      responseBody: '{"status":"success","data":{}}',
    });
  });

  it("while a creation answer's strings are masked as candidates, masks its exchanges at once and shows the rest", async () => {
    // docs/conformance.md: until a run has found a token's secret, every string of a creation answer that could be a
    // credential is masked; an exchange recorded then keeps those masks once the secret's place is found.
    const answer = { handle: 'h-4f9a21c7e3', value: 'v-77d0c2b9e1' };
    const { send, recorder, redactor } = recording((request) =>
      Response.json({ status: 'success', data: request.method === 'POST' ? { token: answer } : [answer] }),
    );
    await send(`${BASE}/member/bearer-tokens/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'mine', is_active: true }),
    });
    await send(`${BASE}/member/bearer-tokens/?shown=${answer.handle}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: answer.handle }),
    });
    redactor.add(answer.value);
    const [created, listed] = recorder.answers.map((a) => a.record);
    expect(created?.requestBody).toBe('{"title":"mine","is_active":true}');
    expect(created?.responseBody).toBe(`{"status":"success","data":{"token":{"handle":"${MASK}","value":"${MASK}"}}}`);
    expect(listed?.url).toBe(`${BASE}/member/bearer-tokens/?shown=${MASK}`);
    expect(listed?.requestBody).toBe(`{"title":"${MASK}"}`);
    expect(listed?.responseBody).toBe(`{"status":"success","data":[{"handle":"${MASK}","value":"${MASK}"}]}`);
  });

  it('holds a text longer than 16 KiB cut to 2,000 characters at once; one of 16 KiB is cut when read', async () => {
    // The record keeps 2,000 characters of a body (recorder.ts, BODY_LIMIT); a text longer than LAZY_LIMIT is not kept
    // whole until it is read, which most records never are.
    const { send, recorder, redactor } = recording((request) => {
      const length = Number(new URL(request.url).searchParams.get('length'));
      return new Response(
        length > 16 * 1024 ? 'x'.repeat(length) : `${secret} ${'x'.repeat(length - secret.length - 1)}`,
      );
    });
    await send(`${BASE}/echo/?length=${16 * 1024 + 1}`);
    await send(`${BASE}/echo/?length=${16 * 1024}`);
    const [long, lazy] = recorder.answers.map((a) => Object.getOwnPropertyDescriptor(a.record, 'responseBody'));
    expect(long?.value).toBe(`${'x'.repeat(2000)}… (16385 characters)`);
    expect(lazy?.value).toBeUndefined();
    redactor.add(secret);
    // Masked before it is cut: 16,384 characters less the secret's 20, plus the mask's 3.
    expect(recorder.answers[1]?.record.responseBody).toBe(`*** ${'x'.repeat(1996)}… (16367 characters)`);
  });
});
