// The node:http host's own refusals (mocks/sandbox/hosts/node.ts), to a page of another origin: readable, with the CORS headers API answers carry.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, type SandboxServer, startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { headersOf } from '../harness.js';
import { json, origin, send, twin } from './helpers.js';

describe("the host's own refusals, to a page of another origin", () => {
  let server: SandboxServer;
  beforeEach(async () => {
    server = await startSandboxServer({ fetch: twin().fetch });
  });
  afterEach(async () => {
    await server.close();
  });

  /** The CORS headers of an answer: those the page's browser needs to let it read the answer. */
  const corsOf = (headers: Record<string, string>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

  /** What the API itself answers a page of another origin (a 401 from the core), as the host's refusals must. */
  async function apiCors(): Promise<Record<string, string>> {
    const res = await twin().fetch(new Request('http://127.0.0.1/api/member/me/', { headers: origin }));
    const cors = corsOf(headersOf(res));
    expect(cors['access-control-allow-origin']).toBe(origin.origin);
    expect(cors['access-control-expose-headers']).toContain('Retry-After');
    return cors;
  }

  it('a body over the limit (by Content-Length or chunked) and a method fetch cannot carry: readable, as API answers are', async () => {
    const expected = await apiCors();
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const declared = await send(server.origin, false, 'POST', '/api/member/login/', { ...json, ...origin }, big);
    const chunked = await send(
      server.origin,
      false,
      'POST',
      '/api/member/login/',
      { ...json, ...origin, 'transfer-encoding': 'chunked' },
      big,
    );
    const trace = await send(server.origin, false, 'TRACE', '/api/member/me/', origin);
    for (const [wire, status] of [
      [declared, 413],
      [chunked, 413],
      [trace, 400],
    ] as const) {
      expect(wire.status).toBe(status);
      expect(corsOf(wire.headers), String(status)).toEqual(expected);
    }
  });

  it('without an Origin, or for /_sandbox/, they carry no CORS headers, as API answers do not', async () => {
    const big = 'x'.repeat(MAX_BODY_BYTES + 1);
    const plain = await send(server.origin, false, 'POST', '/api/member/login/', json, big);
    expect(plain.status).toBe(413);
    expect(corsOf(plain.headers)).toEqual({});
    // A page of another origin is refused the controls (it cannot send the admin secret), and may not read even that.
    for (const target of ['/_sandbox/reset/', '/api/../_sandbox/reset/']) {
      const control = await send(server.origin, false, 'POST', target, { ...json, ...origin, host: 'localhost' }, big);
      expect(control.status, target).toBe(401);
      expect(corsOf(control.headers), target).toEqual({});
    }
    // With the controls open to anyone, the host's own refusal of a control request is still not for other origins.
    const open = await startSandboxServer({ guard: false });
    try {
      const control = await send(open.origin, false, 'POST', '/api/../_sandbox/reset/', { ...json, ...origin }, big);
      expect(control.status).toBe(413);
      expect(corsOf(control.headers)).toEqual({});
    } finally {
      await open.close();
    }
  });
});
