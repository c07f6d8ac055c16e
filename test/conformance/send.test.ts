// One bounded exchange (docs/conformance.md, "Bounded"): every request has its timeout, a stopped run sends nothing
// more, an answer larger than the cap is refused, and a GET, HEAD, OPTIONS, PUT or DELETE that meets a kept-alive
// connection closed at that moment is sent once more, a POST or PATCH never. Unit tests of conformance/engine/send.ts
// through in-process handlers; its redirect policy, through loopback servers, is in redirects.test.ts.
import { getEventListeners } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { explain } from '../../conformance/engine/explain.js';
import { createRedactor } from '../../conformance/engine/redact.js';
import { NoAnswerError, send } from '../../conformance/engine/send.js';
import type { FetchHandler } from '../../contract/http.js';

const URL_OF = 'http://target.invalid/api/member/me/?x=1';
const OPTIONS = { timeoutMs: 60_000 };

/** A connection the server closed just as it was reused, as undici reports it. */
const reset = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });

/** A handler that throws `first` the first time, then answers 200; it counts what it was sent. */
function flaky(first: unknown) {
  const calls: string[] = [];
  const fetch: FetchHandler = async (req) => {
    calls.push(req.method);
    if (calls.length === 1) throw first;
    return new Response('{"ok":true}', { status: 200 });
  };
  return { fetch, calls };
}

/** What `send` threw: its kind and message. */
async function noAnswer(promise: Promise<unknown>): Promise<{ kind: string; message: string; cause?: unknown }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NoAnswerError);
  const { kind, message, cause } = error as NoAnswerError;
  return { kind, message, ...(cause === undefined ? {} : { cause }) };
}

describe('send: what comes back', () => {
  it('gives the whole answer as text, and a fresh response with its status, status text and headers', async () => {
    const fetch: FetchHandler = async () =>
      new Response('{"status":"success"}', {
        status: 201,
        statusText: 'Created',
        headers: { 'content-type': 'application/json', 'x-kept': 'yes' },
      });
    const { response, text } = await send(fetch, new Request(URL_OF), OPTIONS);
    expect(text).toBe('{"status":"success"}');
    expect([response.status, response.statusText, response.headers.get('x-kept')]).toEqual([201, 'Created', 'yes']);
    expect(await response.text()).toBe('{"status":"success"}');
  });

  it('gives a response whose clones hold the same answer, each read on its own, and refuses to clone a spent one', async () => {
    // The client under every check clones each answer it reads (client/transport.ts); a Response whose body was read
    // cannot be cloned (the Fetch standard's clone throws a TypeError).
    const fetch: FetchHandler = async () =>
      new Response('{"status":"success"}', { status: 202, statusText: 'Accepted', headers: { 'x-kept': 'yes' } });
    const { response } = await send(fetch, new Request(URL_OF), OPTIONS);
    const clones = [response.clone(), response.clone().clone()];
    for (const clone of clones) {
      expect([clone.status, clone.statusText, clone.headers.get('x-kept')]).toEqual([202, 'Accepted', 'yes']);
      expect(await clone.text()).toBe('{"status":"success"}');
      expect(() => clone.clone()).toThrow(TypeError);
    }
    expect(await response.text()).toBe('{"status":"success"}');
    expect(() => response.clone()).toThrow(TypeError);
  });

  it('sends the request as the check built it: its method, headers and body', async () => {
    const seen: [string, string | null, string][] = [];
    const fetch: FetchHandler = async (req) => {
      seen.push([req.method, req.headers.get('x-check'), await req.text()]);
      return new Response('{}');
    };
    const sent = (method: string, body?: string) =>
      send(fetch, new Request(URL_OF, { method, headers: { 'x-check': method }, ...(body ? { body } : {}) }), OPTIONS);
    await sent('POST', '{"title":"a"}');
    await sent('PATCH', 'é');
    await sent('GET');
    expect(seen).toEqual([
      ['POST', 'POST', '{"title":"a"}'],
      ['PATCH', 'PATCH', 'é'],
      ['GET', 'GET', ''],
    ]);
  });

  it('gives an answer of no body (204) as no body and an empty text', async () => {
    const fetch: FetchHandler = async () => new Response(null, { status: 204 });
    const { response, text } = await send(fetch, new Request(URL_OF, { method: 'DELETE' }), OPTIONS);
    expect([response.status, response.body, text]).toEqual([204, null, '']);
  });

  it('refuses an answer larger than the cap, naming the request; an answer of exactly the cap is read', async () => {
    const answering =
      (bytes: number): FetchHandler =>
      async () =>
        new Response('x'.repeat(bytes));
    const request = () => new Request(URL_OF);
    expect((await send(answering(10), request(), { ...OPTIONS, maxBytes: 10 })).text).toBe('x'.repeat(10));
    expect(await noAnswer(send(answering(11), request(), { ...OPTIONS, maxBytes: 10 }))).toEqual({
      kind: 'too-large',
      message: 'GET /api/member/me/: the answer is larger than 10 bytes',
    });
  });
});

describe("send: the run's stop signal", () => {
  it('is left without a listener once each exchange is over, however many a run sends', async () => {
    // A run sends thousands of requests under one signal: each exchange stops listening to it when it ends.
    const stop = new AbortController();
    const fetch: FetchHandler = async () => new Response('ok');
    for (let i = 0; i < 3; i++) await send(fetch, new Request(URL_OF), { ...OPTIONS, signal: stop.signal });
    const failing: FetchHandler = async () => {
      throw new TypeError('fetch failed');
    };
    await send(failing, new Request(URL_OF), { ...OPTIONS, signal: stop.signal }).catch(() => undefined);
    expect(getEventListeners(stop.signal, 'abort')).toEqual([]);
  });
});

describe('send: no answer', () => {
  it('says a request got no answer within its timeout, naming it', async () => {
    const never: FetchHandler = () => new Promise<Response>(() => undefined);
    expect(await noAnswer(send(never, new Request(URL_OF, { method: 'POST', body: '{}' }), { timeoutMs: 20 }))).toEqual(
      { kind: 'timeout', message: 'POST /api/member/me/: no answer within 20 ms' },
    );
  });

  it('sends nothing once the run was stopped, and ends an exchange in flight when it stops', async () => {
    const sent: string[] = [];
    const never: FetchHandler = (req) => {
      sent.push(req.method);
      return new Promise<Response>(() => undefined);
    };
    const stopped = AbortSignal.abort();
    expect(await noAnswer(send(never, new Request(URL_OF), { ...OPTIONS, signal: stopped }))).toEqual({
      kind: 'stopped',
      message: 'GET /api/member/me/: not sent: the run was stopped',
    });
    expect(sent).toEqual([]);
    const stop = new AbortController();
    const pending = send(never, new Request(URL_OF), { ...OPTIONS, signal: stop.signal });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop.abort();
    expect(await noAnswer(pending)).toEqual({
      kind: 'stopped',
      message: 'GET /api/member/me/: the run was stopped before the answer',
    });
    expect(sent).toEqual(['GET']);
  });

  it.each([
    [
      'the code of its cause (before its message)',
      Object.assign(new TypeError('fetch failed'), {
        cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
      }),
      'ECONNREFUSED',
    ],
    [
      'the message of its cause',
      Object.assign(new TypeError('fetch failed'), { cause: { message: 'getaddrinfo ENOTFOUND' } }),
      'getaddrinfo ENOTFOUND',
    ],
    ['its own message', new TypeError('fetch failed'), 'fetch failed'],
  ])('says a network error with %s, keeping the error as its cause', async (_l, thrown, why) => {
    const failing: FetchHandler = async () => {
      throw thrown;
    };
    expect(await noAnswer(send(failing, new Request(URL_OF), OPTIONS))).toEqual({
      kind: 'network',
      message: `GET /api/member/me/: network error: ${why}`,
      cause: thrown,
    });
  });
});

describe('send: a kept-alive connection closed as it was reused', () => {
  it.each(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'])('sends a %s once more', async (method) => {
    const { fetch, calls } = flaky(reset('ECONNRESET'));
    const { response } = await send(fetch, new Request(URL_OF, { method }), OPTIONS);
    expect(response.status).toBe(200);
    expect(calls).toEqual([method, method]);
  });

  it.each(['UND_ERR_SOCKET', 'EPIPE'])('takes %s for such a connection too', async (code) => {
    const { fetch, calls } = flaky(reset(code));
    expect((await send(fetch, new Request(URL_OF), OPTIONS)).response.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['a POST', new Request(URL_OF, { method: 'POST', body: '{}' }), reset('ECONNRESET'), 'ECONNRESET'],
    ['a POST without a body', new Request(URL_OF, { method: 'POST' }), reset('ECONNRESET'), 'ECONNRESET'],
    ['a PATCH', new Request(URL_OF, { method: 'PATCH', body: '{}' }), reset('ECONNRESET'), 'ECONNRESET'],
    ['a PATCH without a body', new Request(URL_OF, { method: 'PATCH' }), reset('ECONNRESET'), 'ECONNRESET'],
    ['a DELETE with a body', new Request(URL_OF, { method: 'DELETE', body: '{}' }), reset('ECONNRESET'), 'ECONNRESET'],
    ['a GET whose connection was refused', new Request(URL_OF), reset('ECONNREFUSED'), 'ECONNREFUSED'],
    ['a GET that failed without a cause', new Request(URL_OF), new TypeError('fetch failed'), 'fetch failed'],
  ])('never sends %s twice: the first error is the answer', async (_l, request, thrown, why) => {
    const { fetch, calls } = flaky(thrown);
    const { method } = request;
    expect(await noAnswer(send(fetch, request, OPTIONS))).toMatchObject({
      kind: 'network',
      message: `${method} /api/member/me/: network error: ${why}`,
    });
    expect(calls).toEqual([method]);
  });
});

describe('send: redirects of an in-process target (docs/conformance.md, "Redirects")', () => {
  /** A target that answers each request with the next of `answers` (the last one for ever), counting the requests. */
  function answering(...answers: (() => Response)[]) {
    const urls: string[] = [];
    const fetch: FetchHandler = async (req) => {
      urls.push(req.url);
      // A target that redirects for ever fails the exchange past this, rather than hold the test.
      if (urls.length > 50) throw new Error('more than 50 requests');
      return (answers[Math.min(urls.length, answers.length) - 1] as () => Response)();
    };
    return { fetch, urls };
  }
  const redirect =
    (location?: string, status = 302) =>
    () =>
      new Response(null, { status, ...(location === undefined ? {} : { headers: { location } }) });

  it('follows at most 20 redirects: past them, the last redirect is the answer', async () => {
    const { fetch, urls } = answering(redirect('/api/member/me/'));
    const { response } = await send(fetch, new Request(URL_OF), OPTIONS);
    expect(response.status).toBe(302);
    expect(urls).toHaveLength(21);
  });

  it.each([
    ['without a Location', undefined],
    ['to a Location that is no URL', 'http://[::1'],
  ])('takes a redirect %s as the answer', async (_l, location) => {
    const { fetch, urls } = answering(redirect(location), () => new Response('followed'));
    const { response } = await send(fetch, new Request(URL_OF), OPTIONS);
    expect(response.status).toBe(302);
    expect(urls).toEqual([URL_OF]);
  });

  it('asks the network, not the in-process target, for an origin the user named', async () => {
    const elsewhere = createServer((_req, res) => res.end('from elsewhere'));
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    try {
      const other = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
      const { fetch, urls } = answering(redirect(`${other}/api/member/me/`), () => new Response('from the target'));
      const { text } = await send(fetch, new Request(URL_OF), { ...OPTIONS, followTo: [other] });
      expect(text).toBe('from elsewhere');
      expect(urls).toEqual([URL_OF]);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise((resolve) => elsewhere.close(resolve));
    }
  });

  it('ends the exchange when the run stops between two hops and sends no further hop, even to an in-process target', async () => {
    const stop = new AbortController();
    const urls: string[] = [];
    const fetch: FetchHandler = async (req) => {
      urls.push(req.url);
      if (urls.length > 1) return new Promise<Response>(() => undefined);
      stop.abort();
      return new Response(null, { status: 308, headers: { location: '/api/member/me/' } });
    };
    expect((await noAnswer(send(fetch, new Request(URL_OF), { ...OPTIONS, signal: stop.signal }))).kind).toBe(
      'stopped',
    );
    // docs/conformance.md: a stopped run sends nothing more; the network's fetch refuses an aborted signal, a handler
    // in this process would not.
    expect(urls).toEqual([URL_OF]);
  });

  it('sends no further hop once the run stopped while the redirect was being read, to an in-process target too', async () => {
    const stop = new AbortController();
    const urls: string[] = [];
    const fetch: FetchHandler = async (req) => {
      urls.push(req.url);
      // The run stops while the suite drops the redirect's body, after its answer came and before the next hop.
      const body = new ReadableStream({ cancel: () => stop.abort() });
      return new Response(body, { status: 308, headers: { location: '/api/member/me/' } });
    };
    expect((await noAnswer(send(fetch, new Request(URL_OF), { ...OPTIONS, signal: stop.signal }))).kind).toBe(
      'stopped',
    );
    expect(urls).toEqual([URL_OF]);
  });
});

describe('send: how a check explains no answer', () => {
  it('gives the message alone, naming the request and why, with no error class before it', async () => {
    const never: FetchHandler = () => new Promise<Response>(() => undefined);
    const error = await send(never, new Request(URL_OF), { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(explain(error, createRedactor()).message).toBe('GET /api/member/me/: no answer within 20 ms');
  });
});
