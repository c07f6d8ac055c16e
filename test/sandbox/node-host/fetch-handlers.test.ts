// The node:http host (mocks/sandbox/hosts/node.ts) through a custom fetch: the handler passed to the server answers, and the sandbox beneath it on its direct path.
import { describe, expect, it, vi } from 'vitest';
import { type Answer, answerHandlerOf, type FetchHandler } from '../../../mocks/sandbox/core/app.js';
import { durable } from '../../../mocks/sandbox/hosts/durable.js';
import { startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { DEMO } from '../../../mocks/sandbox/worlds/seed.js';
import { headersOf } from '../harness.js';
import { board, json, origin, send, tokenOf, twin } from './helpers.js';

describe('a fetch handler passed to the server', () => {
  it('is the one that answers, even when it wraps the sandbox', async () => {
    const sandbox = twin();
    const seen: string[] = [];
    const wrapper: FetchHandler = async (request) => {
      seen.push(`${request.method} ${new URL(request.url).pathname}`);
      const inner = await sandbox.fetch(request);
      return new Response(await inner.text(), { status: 299, headers: { 'x-wrapped': 'yes', ...headersOf(inner) } });
    };
    const server = await startSandboxServer({ fetch: wrapper });
    try {
      const wire = await send(server.origin, false, 'GET', '/api/member/me/');
      expect(wire.status).toBe(299);
      expect(wire.headers['x-wrapped']).toBe('yes');
      expect(JSON.parse(wire.text).status).toBe('error');
      expect(seen).toEqual(['GET /api/member/me/']);
    } finally {
      await server.close();
    }
  });

  it('with nothing of the sandbox in it, still answers', async () => {
    const server = await startSandboxServer({
      fetch: async () => new Response('short and stout', { status: 418, headers: { 'content-type': 'text/plain' } }),
    });
    try {
      const wire = await send(server.origin, false, 'PATCH', '/anything?at=all', {}, 'ignored');
      expect(wire).toMatchObject({ status: 418, text: 'short and stout' });
      expect(wire.headers['content-type']).toBe('text/plain');
    } finally {
      await server.close();
    }
  });

  it('that fails answers 500 with the error payload (readable by a page of another origin) and logs why', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await startSandboxServer({
      fetch: async () => {
        throw new Error('the handler broke');
      },
    });
    try {
      const wire = await send(server.origin, false, 'GET', '/api/member/me/', origin);
      expect(wire.status).toBe(500);
      expect(JSON.parse(wire.text).status).toBe('error');
      expect(wire.headers['access-control-allow-origin']).toBe(origin.origin);
      expect(logged).toHaveBeenCalledWith(
        'sandbox: internal error in the HTTP adapter',
        expect.objectContaining({ message: 'the handler broke' }),
      );
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });

  it('that fails on a request with a body answers 500 too, once the body is read', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await startSandboxServer({
      fetch: async (request) => {
        await request.text();
        throw new Error('the handler broke on a body');
      },
    });
    try {
      const wire = await send(server.origin, false, 'POST', '/api/member/login/', json, '{"username":"demo"}');
      expect(wire.status).toBe(500);
      expect(JSON.parse(wire.text).status).toBe('error');
      expect(logged).toHaveBeenCalledWith(
        'sandbox: internal error in the HTTP adapter',
        expect.objectContaining({ message: 'the handler broke on a body' }),
      );
    } finally {
      logged.mockRestore();
      await server.close();
    }
  });

  it('is given the whole body, however many chunks it came in', async () => {
    // 300 KiB, under the 1 MiB bound: more than one read of the socket, so node hands it over in several chunks.
    const body = 'x'.repeat(300 * 1024);
    const server = await startSandboxServer({
      fetch: async (request) => new Response(String((await request.text()).length), { status: 200 }),
    });
    try {
      const wire = await send(server.origin, false, 'POST', '/anything', { 'content-type': 'text/plain' }, body);
      expect([wire.status, wire.text]).toEqual([200, String(body.length)]);
    } finally {
      await server.close();
    }
  });

  it('answering without a body (204), passes on its headers and adds no Content-Length', async () => {
    const server = await startSandboxServer({
      fetch: async () => new Response(null, { status: 204, headers: { 'x-kept': 'yes' } }),
    });
    try {
      const wire = await send(server.origin, false, 'DELETE', '/api/anything/');
      expect(wire).toMatchObject({ status: 204, text: '' });
      expect(wire.headers['x-kept']).toBe('yes');
      expect(wire.headers['content-length']).toBeUndefined();
    } finally {
      await server.close();
    }
  });

  it('durable over the sandbox keeps the direct path and saves after each change', async () => {
    const sandbox = twin();
    let saves = 0;
    const { fetch } = await durable('unused.json', sandbox, {
      writer: {
        append: async () => {
          saves += 1;
        },
        replace: async () => ({
          bytes: 0,
          write: async () => {},
          commit: async () => {
            saves += 1;
          },
          discard: async () => {},
        }),
      },
    });
    expect(answerHandlerOf(fetch)).toBeDefined();
    expect(answerHandlerOf(async (request) => sandbox.fetch(request))).toBeUndefined();
    const server = await startSandboxServer({ fetch });
    try {
      const token = await tokenOf(sandbox.fetch);
      const read = await send(server.origin, false, 'GET', '/api/member/me/', { authorization: token });
      expect(read.status).toBe(200);
      expect(saves).toBe(0);
      const body = JSON.stringify({ title: 'Saved', parent_id: DEMO.scenarios.checkout });
      const write = await send(
        server.origin,
        false,
        'POST',
        `/api/features/qa/scenarios/list/?${board}`,
        {
          authorization: token,
          ...json,
        },
        body,
      );
      expect(write.status, write.text).toBe(201);
      expect(saves).toBe(1);
    } finally {
      await server.close();
    }
  });
});

describe('the sandbox beneath fetch, as the node host calls it', () => {
  it('answers a request that waits on nothing at once, and one that must wait with a promise', async () => {
    const sandbox = twin();
    const answer = answerHandlerOf(sandbox.fetch);
    if (answer === undefined) throw new Error('the sandbox fetch has no answer handler');
    const token = await tokenOf(sandbox.fetch);
    const me = (authorization: string) =>
      answer({
        method: 'GET',
        url: 'http://127.0.0.1/api/member/me/',
        headers: new Headers({ authorization }),
        text: async () => '',
      });
    // The first use verifies the token's signature; from then on it is remembered, and nothing waits.
    const first = await me(token);
    expect(first.status).toBe(200);
    const known = me(token);
    expect(known).not.toBeInstanceOf(Promise);
    expect((known as Answer).status).toBe(200);
    // A token never seen is verified by its signature (Web Crypto), which answers later.
    const unknown = me(`JWT ${(await sandbox.auth.issuePair(DEMO.accounts.member.id)).access_token}`);
    expect(unknown).toBeInstanceOf(Promise);
    expect((await unknown).status).toBe(200);
    // An error found before anything waits is an answer at once too, never a throw.
    const refused = me('Basic x');
    expect(refused).not.toBeInstanceOf(Promise);
    expect((refused as Answer).status).toBe(401);
  });
});
