// The origin rule at its edges (docs/sandbox.md "CORS"; "Limits": "web page origins the API answers: this machine's
// (localhost, 127.0.0.0/8, [::1], any port), the sandbox's own, and --cors-origin"), over HTTP through the node host:
// each allowed origin next to the near misses a hostile page would try (a name that begins like an allowed one, a
// suffix, another scheme or port, an address just outside the range).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxServer, startSandboxServer } from '../../mocks/sandbox/hosts/node.js';

let server: SandboxServer;
let port = 0;
const NAMED = 'https://docs.example.com';
const OWN_NAME = 'sandbox.team.test';

beforeAll(async () => {
  server = await startSandboxServer({ port: 0, cors: { origins: [NAMED] }, guard: { hosts: [OWN_NAME] } });
  port = Number(new URL(server.origin).port);
});
afterAll(() => server.close());

/** `GET /api/member/me/` from a page of `origin`, with `host` as Host: the status and the CORS grant. */
function fromPage(origin: string, host = `127.0.0.1:${port}`): Promise<{ status: number; allowOrigin: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/api/member/me/', headers: { origin, host } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, allowOrigin: res.headers['access-control-allow-origin'] }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pages the API answers (no credential: the 401 with a CORS grant)', () => {
  it.each([
    'http://localhost',
    'http://localhost:5173',
    'https://localhost:1',
    'http://app.localhost:3000',
    'http://127.0.0.1',
    'http://127.0.0.1:65535',
    'http://127.255.255.254:8080',
    'http://[::1]:4010',
    NAMED,
  ])('%s', async (origin) => {
    expect(await fromPage(origin)).toEqual({ status: 401, allowOrigin: origin });
  });

  it("the sandbox's own name, with the port it is reached on", async () => {
    const origin = `http://${OWN_NAME}:${port}`;
    expect(await fromPage(origin, `${OWN_NAME}:${port}`)).toEqual({ status: 401, allowOrigin: origin });
  });
});

describe('near misses are refused before anything is read (403 naming Origin, no grant)', () => {
  it.each([
    ['a name that begins like localhost', 'http://localhost.evil.example'],
    ['localhost as a label of another name', 'http://localhost.example.com:5173'],
    ['a name that ends like localhost', 'http://evillocalhost'],
    ['127.0.0.1 as the start of a name', 'http://127.0.0.1.nip.io'],
    ['an address just past 127/8', 'http://128.0.0.1'],
    ['an octet past 255', 'http://127.0.0.256'],
    ['another IPv6 address', 'http://[::2]'],
    ['another scheme on localhost', 'ftp://localhost'],
    ['a page with no origin of its own', 'null'],
    ['the named origin on another port', 'https://docs.example.com:8443'],
    ['the named origin over http', 'http://docs.example.com'],
    ['a suffix after the named origin', 'https://docs.example.com.evil.example'],
    ['a subdomain of the named origin', 'https://evil.docs.example.com'],
    ['a name that is a prefix of the named one', 'https://docs.example.co'],
  ])('%s: %s', async (_why, origin) => {
    expect(await fromPage(origin)).toEqual({ status: 403, allowOrigin: undefined });
  });

  it("the sandbox's own name on another port than the one it is reached on", async () => {
    expect(await fromPage(`http://${OWN_NAME}:1`, `${OWN_NAME}:${port}`)).toMatchObject({ status: 403 });
  });

  it('a name the operator never gave, even when the Host says it (DNS rebinding)', async () => {
    const host = `rebind.evil.example:${port}`;
    expect(await fromPage(`http://${host}`, host)).toMatchObject({ status: 403 });
  });

  it("a name that begins like the sandbox's own", async () => {
    const host = `${OWN_NAME}.evil.example:${port}`;
    expect(await fromPage(`http://${host}`, host)).toMatchObject({ status: 403 });
  });
});
