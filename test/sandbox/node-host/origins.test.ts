// Which web pages the node host lets call the API (docs/sandbox.md "CORS"; mocks/sandbox/hosts/node.ts): a page of an
// origin nobody allowed is refused before anything is read, a named origin and the sandbox's own pages are answered.
import { request as httpRequest } from 'node:http';
import { expect, test } from 'vitest';
import { createSandbox } from '../../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../../mocks/sandbox/hosts/node.js';
import { json, send } from './helpers.js';

const corsOf = (headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-')));

test("a page of an origin nobody allowed gets a 403 naming Origin and this door's option, which it cannot read, and nothing reaches the API", async () => {
  const sandbox = createSandbox();
  const reached: string[] = [];
  const server = await startSandboxServer({
    fetch: (request) => {
      reached.push(request.headers.get('origin') ?? '');
      return sandbox.fetch(request);
    },
    cors: { origins: ['https://app.example.com'] },
  });
  try {
    // Its body is not JSON: a 400 would mean the host read it before refusing the page.
    const foreign = await send(
      server.origin,
      false,
      'POST',
      '/api/member/login/',
      { ...json, origin: 'https://evil.example' },
      '{not json',
    );
    expect(foreign.status).toBe(403);
    expect(corsOf(foreign.headers)).toEqual({});
    expect(JSON.parse(foreign.text).errors).toEqual([
      {
        field: 'Origin',
        message:
          'https://evil.example is not allowed: pages of localhost, 127.0.0.0/8 and [::1] are; allow another with startSandboxServer({ cors: { origins } })',
      },
    ]);
    expect(reached).toEqual([]);
    // A named origin and a page of this machine are answered (401: no credential), readable by the page.
    for (const page of ['https://app.example.com', 'http://localhost:5173']) {
      const answer = await send(server.origin, false, 'GET', '/api/member/me/', { origin: page });
      expect([answer.status, answer.headers['access-control-allow-origin']], page).toEqual([401, page]);
    }
    expect(reached).toEqual(['https://app.example.com', 'http://localhost:5173']);
  } finally {
    await server.close();
  }
});

test("the sandbox's own pages under a name the operator gave are allowed; the same page under a rebinding name is not", async () => {
  const named = await startSandboxServer({ fetch: createSandbox().fetch, guard: { hosts: ['sandbox.team.internal'] } });
  try {
    const { port } = new URL(named.origin);
    const login = (name: string) =>
      new Promise<{ status: number; allowed: string | undefined }>((resolve, reject) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'OPTIONS',
            path: '/api/member/login/',
            headers: {
              host: `${name}:${port}`,
              origin: `http://${name}:${port}`,
              'access-control-request-method': 'POST',
            },
          },
          (res) => {
            res.resume();
            const allowed = res.headers['access-control-allow-origin'];
            resolve({ status: res.statusCode ?? 0, allowed: typeof allowed === 'string' ? allowed : undefined });
          },
        );
        req.on('error', reject);
        req.end();
      });
    expect(await login('sandbox.team.internal')).toEqual({
      status: 204,
      allowed: `http://sandbox.team.internal:${port}`,
    });
    expect(await login('rebind.evil.example')).toEqual({ status: 403, allowed: undefined });
  } finally {
    await named.close();
  }
});
