// CORS for pages of another origin (docs/sandbox.md "CORS"): every request header the docs tell apps to send is allowed,
// every answer header the docs tell apps to read (and every one the sandbox answers with) is exposed.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { CORS_EXPOSED_HEADERS, CORS_REQUEST_HEADERS } from '../../mocks/sandbox/core/cors.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** What frontend developers read: the README, the sandbox's guide and package README, the client's README. */
const DOCS = ['README.md', 'docs/sandbox.md', 'mocks/sandbox/README.md', 'client/README.md'];
const APP = 'http://localhost:5173';
const lower = (names: readonly string[]) => names.map((n) => n.toLowerCase());
function namesOf(headers: Headers): string[] {
  const names: string[] = [];
  headers.forEach((_, name) => {
    names.push(name);
  });
  return names;
}

/**
 * Header names the docs show being sent or read: `Name: value` in code, curl's `-H 'Name: …'`, keys of a `headers: {…}`
 * object, and `headers.get('name')`.
 */
function namedInDocs(): { sent: Set<string>; read: Set<string> } {
  const sent = new Set<string>();
  const read = new Set<string>();
  for (const file of DOCS) {
    const text = readFileSync(`${root}${file}`, 'utf8');
    for (const m of text.matchAll(/`([A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*): [^`]+`/g)) sent.add(m[1] as string);
    for (const m of text.matchAll(/-H\s+['"]([A-Za-z][A-Za-z0-9-]*):/g)) sent.add(m[1] as string);
    for (const m of text.matchAll(/headers:\s*\{([^}]*)\}/g)) {
      for (const k of (m[1] as string).matchAll(/(?:^|[{,])\s*['"]?([A-Za-z][\w-]*)['"]?\s*:/g))
        sent.add(k[1] as string);
    }
    for (const m of text.matchAll(/headers\.get\(\s*['"]([^'"]+)['"]\s*\)/g)) read.add(m[1] as string);
  }
  return { sent: new Set(lower([...sent])), read: new Set(lower([...read])) };
}

/**
 * What the docs name that is not a header an app sends across origins, each with the reason. A new name in the docs
 * fails the test until it is allowed by CORS or listed here.
 */
const NOT_SENT_BY_APPS: Record<string, string> = {
  bug: "a bug task's title, `Bug: <case title>`",
  expect: 'HTTP mechanics of the node host (`Expect: 100-continue`); fetch never lets a page set it',
  connection: 'HTTP mechanics of the node host; fetch never lets a page set it',
  'access-control-allow-origin': 'an answer header of CORS itself',
  host: 'set by the browser (shown as what a proxy passes on); fetch never lets a page set it',
  origin: 'set by the browser on every cross-origin request; fetch never lets a page set it',
  'x-sandbox-admin-secret': 'for /_sandbox/, which never answers another origin',
  vary: 'an answer header for caches (`Vary: Origin`), never sent',
  'x-forwarded-for': 'added by proxies and tunnels (what sandboxControlsProxy looks for), never by a page',
  'content-security-policy': "a page's own policy, sent by the server of the page (the console, an app), not by apps",
};
/** Answer headers a page of any origin reads without being granted them (Fetch's CORS-safelisted answer headers). */
const SAFELISTED = [
  'cache-control',
  'content-language',
  'content-length',
  'content-type',
  'expires',
  'last-modified',
  'pragma',
];
/** What the docs tell readers to read that the sandbox never sends. */
const NOT_FROM_THE_SANDBOX: Record<string, string> = {
  'sl-violations': "Prism's header: the client README sends readers of the Prism mock to it",
};

describe('what the docs tell apps to send and read is allowed across origins', () => {
  const { sent, read } = namedInDocs();

  test('the docs name the headers this test expects to find (the scan works)', () => {
    expect([...sent]).toEqual(expect.arrayContaining(['authorization', 'content-type', 'prefer']));
  });

  test('every request header the docs name is allowed in a preflight, or explained', () => {
    const allowed = lower(CORS_REQUEST_HEADERS);
    const unexplained = [...sent].filter((name) => !allowed.includes(name) && !(name in NOT_SENT_BY_APPS));
    // An answer header shown as `Retry-After: 30` is read, not sent: checked below.
    expect(unexplained.filter((name) => !lower(CORS_EXPOSED_HEADERS).includes(name))).toEqual([]);
  });

  test('every answer header the docs tell apps to read is exposed', () => {
    const exposed = lower(CORS_EXPOSED_HEADERS);
    for (const name of read) {
      if (SAFELISTED.includes(name) || name in NOT_FROM_THE_SANDBOX) continue;
      expect(exposed, name).toContain(name);
    }
    // Named in prose rather than in code: the 429's and 503's `Retry-After`, the 405's `Allow`, the 401's scheme.
    expect(exposed).toEqual(expect.arrayContaining(['retry-after', 'allow', 'www-authenticate']));
  });
});

describe('the sandbox over CORS', () => {
  const sandbox = createSandbox({ limits: { guessesPerMinute: 1 } });
  const send = (path: string, init: RequestInit = {}) =>
    sandbox.fetch(new Request(`http://sandbox.test${path}`, { ...init, headers: { origin: APP, ...init.headers } }));

  test('a preflight allows every documented request header and method', async () => {
    const preflight = await send('/api/member/me/', {
      method: 'OPTIONS',
      headers: { 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization,prefer' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(APP);
    expect(preflight.headers.get('vary')).toBe('Origin');
    const allowed = lower((preflight.headers.get('access-control-allow-headers') ?? '').split(/,\s*/));
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'content-type', 'prefer']));
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, PATCH, DELETE');
  });

  test('every answer header beyond the safelisted ones is exposed: 401, 405, 429 and a forced state', async () => {
    const { member } = DEMO.accounts;
    const wrong = { username: member.username, password: 'wrong', captcha_token: DEMO.captchaToken };
    const login = (body: object) =>
      send('/api/member/login/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    await login(wrong);
    const answers = [
      await send('/api/member/me/'),
      await send('/api/member/me/', { method: 'PUT' }),
      await login(wrong),
      await send('/api/member/me/', { headers: { prefer: 'code=404' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 405, 429, 404]);
    const exposed = lower((answers[0]?.headers.get('access-control-expose-headers') ?? '').split(/,\s*/));
    for (const answer of answers) {
      expect(answer.headers.get('access-control-allow-origin')).toBe(APP);
      expect(answer.headers.get('vary')).toBe('Origin');
      expect(answer.headers.get('access-control-expose-headers')).toBe(CORS_EXPOSED_HEADERS.join(', '));
      for (const name of namesOf(answer.headers)) {
        // Vary tells caches the answer depends on Origin; no app reads it.
        if (SAFELISTED.includes(name) || name === 'vary' || name.startsWith('access-control-')) continue;
        expect(exposed, `${answer.status} ${name}`).toContain(name);
      }
    }
    expect(answers[2]?.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  test('a request without Origin (curl, a server) gets no CORS header; /_sandbox/ never does', async () => {
    const plain = await sandbox.fetch(new Request('http://sandbox.test/api/member/me/'));
    expect(namesOf(plain.headers).filter((n) => n.startsWith('access-control-'))).toEqual([]);
    const control = await send('/_sandbox/reset/', { method: 'POST' });
    expect(control.status).toBe(200);
    expect(namesOf(control.headers).filter((n) => n.startsWith('access-control-'))).toEqual([]);
  });

  test('an answer the sandbox takes a turn to make (a login, whose password is hashed) carries them too, with its JSON', async () => {
    const { viewer } = DEMO.accounts;
    const res = await send('/api/member/login/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: viewer.username, password: viewer.password, captcha_token: DEMO.captchaToken }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('vary')).toBe('Origin');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await res.json()).data.access_token.split('.')).toHaveLength(3);
  });
});
