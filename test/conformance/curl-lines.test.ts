// The reproducer lines of the reports (docs/conformance.md, docs/generated-cases.md: "a curl line to reproduce"),
// pasted into a real shell: with awkward values (apostrophes, quotes, a backslash, `$`, backticks, globbing brackets,
// a newline, non-ASCII, an emoji) each line must send exactly the request the report shows. A loopback server records
// what arrives.
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curlLine as generatedCurlLine, searchParamsOf } from '../../conformance/cases/generated-requests.js';
import { curlLine as exchangeCurlLine } from '../../conformance/engine/redact.js';

interface Received {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

let server: Server;
let base = '';
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        authorization: req.headers.authorization,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/**
 * Runs `line` in bash as a user pastes it, with the variables a report tells them to set, and returns what arrived.
 * Its stdin is not a socket (Node's pipes are): a bash reading a socket with SHLVL unset takes itself for a remote
 * shell and reads ~/.bashrc first, whatever the machine put there (here a second of pyenv set-up per line).
 */
function paste(line: string): Promise<Received> {
  const before = received.length;
  return new Promise((resolve, reject) => {
    const shell = spawn('bash', ['-c', line], {
      env: { PATH: process.env.PATH, ACCESS_TOKEN: 'the-access-token', API_TOKEN: 'the-api-token', LANG: 'C.UTF-8' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    shell.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    shell.on('error', reject);
    shell.on('close', (code) => {
      if (code !== 0) reject(new Error(`the pasted line failed (exit ${code}): ${stderr}\n${line}`));
      else if (received.length !== before + 1)
        reject(new Error(`the pasted line sent ${received.length - before} requests`));
      else resolve(received[before] as Received);
    });
  });
}

const AWKWARD = [
  "it's",
  'say "hi"',
  'back\\slash',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell expansion the line must not perform
  '$HOME and ${PATH}',
  '`id` and $(id)',
  'globs [1-3] {a,b} *',
  'two\nlines',
  'tab\there',
  'Grüße, 東京',
  'emoji 🧪 and 𠀀',
  '!history',
];

describe('a generated case’s curl line, run in bash, sends the request the report shows', () => {
  it.each(AWKWARD)('%j in the query and the body', async (value) => {
    const request = {
      operationId: 'createScenario',
      credential: 'session' as const,
      query: { company_id: 1, board_id: 1, q: value },
      body: { title: value, parent_id: null },
    };
    const got = await paste(generatedCurlLine(base, 'post', '/features/qa/scenarios/list/', request));
    expect(got.method).toBe('POST');
    expect(got.url).toBe(`/api/features/qa/scenarios/list/?${searchParamsOf(request.query).toString()}`);
    expect(new URL(got.url, 'http://x').searchParams.get('q')).toBe(value);
    expect(got.authorization).toBe('JWT the-access-token');
    expect(JSON.parse(got.body)).toEqual(request.body);
  });
});

describe('an exchange’s curl line, run in bash, sends the request the report shows', () => {
  it.each(AWKWARD)('%j in the query, a header and the raw body', async (value) => {
    const url = new URL(`${base}/features/qa/scenarios/list/`);
    url.searchParams.set('q', value);
    const body = `{"title": ${JSON.stringify(value)}} and raw: ${value}`;
    const got = await paste(exchangeCurlLine('PATCH', url.href, { authorization: 'JWT $ACCESS_TOKEN' }, body));
    expect(got.method).toBe('PATCH');
    expect(got.url).toBe(`${url.pathname}${url.search}`);
    // What the report shows of a header is its value as written: a variable's name stays a name, never expanded.
    expect(got.authorization).toBe('JWT $ACCESS_TOKEN');
    expect(got.body).toBe(body);
  });
});
