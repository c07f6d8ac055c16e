// The field-errors part of npm run bench (docs/benchmarks.md): what naming the fields to correct costs the sandbox's
// request checks (contract/request-checks.ts), in process, on failing requests and on passing ones.
import { fileURLToPath } from 'node:url';
import { compiledRequestValidators } from '../../contract/request-validators.js';
import { expectData } from '../../drivers/loader.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { fmt, median } from './figures.js';

/** A check of one operation: its query (a string) or its body (a value), and whether the check should pass. */
interface Case {
  name: string;
  operationId: string;
  query?: string;
  body?: unknown;
  passes: boolean;
}

const CASES: Case[] = [
  { name: 'body, one field missing', operationId: 'createApiToken', body: { is_active: true }, passes: false },
  { name: 'body, one field empty', operationId: 'updateApiToken', body: { title: '' }, passes: false },
  {
    name: 'body, four fields wrong',
    operationId: 'createApiToken',
    body: { title: 'x'.repeat(201), is_active: 'yes', expires_at: 'soon', extra: 1 },
    passes: false,
  },
  { name: 'body, unknown outcome', operationId: 'recordCaseOutcome', body: { status: 'passed' }, passes: false },
  { name: 'query, over its maximum', operationId: 'listApiTokens', query: 'limit=101', passes: false },
  { name: 'body, valid', operationId: 'createApiToken', body: { title: 'ci-bot', is_active: true }, passes: true },
  { name: 'query, valid', operationId: 'listApiTokens', query: 'page=2&limit=10', passes: true },
];

/** This process's CPU time in µs: other work on a shared machine moves it less than the wall clock. */
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** Median CPU µs per call of `fn` over `rounds` rounds of `calls` calls each. */
function microseconds(fn: () => unknown, rounds: number, calls: number): number {
  for (let i = 0; i < calls; i++) fn();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = cpu();
    for (let i = 0; i < calls; i++) fn();
    samples.push((cpu() - started) / calls);
  }
  return median(samples);
}

/** Median CPU µs per in-process request of `request()` (awaited one after another). */
async function requestMicroseconds(request: () => Promise<Response>, rounds: number, calls: number): Promise<number> {
  for (let i = 0; i < calls; i++) await (await request()).text();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = cpu();
    for (let i = 0; i < calls; i++) await (await request()).text();
    samples.push((cpu() - started) / calls);
  }
  return median(samples);
}

export async function benchFieldErrors(rounds: number): Promise<string> {
  const validators = compiledRequestValidators();
  const rows = ['| check | passes | fields named | CPU µs per check |', '|---|---|---:|---:|'];
  for (const c of CASES) {
    const run = () =>
      c.query === undefined
        ? validators.body(c.operationId, c.body)
        : validators.query(c.operationId, new URLSearchParams(c.query));
    const result = run();
    if (result.ok !== c.passes) throw new Error(`${c.name}: expected ok=${c.passes}, got ${JSON.stringify(result)}`);
    const named = result.ok ? 0 : result.errors.length;
    rows.push(`| ${c.name} | ${c.passes ? 'yes' : 'no'} | ${named} | ${fmt(microseconds(run, rounds, 20_000), 2)} |`);
  }

  const sandbox = createSandbox();
  const inProcess = (input: string, init?: RequestInit) => sandbox.fetch(new Request(input, init));
  const { member } = DEMO.accounts;
  const { access_token: jwt } = await expectData<{ access_token: string }>(
    'http://sandbox.test/api/member/login/',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
      expected: 200,
    },
    inProcess,
  );
  const list = (query: string) => () =>
    sandbox.fetch(
      new Request(`http://sandbox.test/api/member/bearer-tokens/${query}`, {
        headers: { authorization: `JWT ${jwt}` },
      }),
    );
  const requests = ['| in-process request | status | CPU µs per request |', '|---|---:|---:|'];
  for (const [name, query, status] of [
    ['GET /member/bearer-tokens/?limit=101', '?limit=101', 400],
    ['GET /member/bearer-tokens/?limit=10', '?limit=10', 200],
  ] as const) {
    const answered = await list(query)();
    if (answered.status !== status) throw new Error(`${name}: expected ${status}, got ${answered.status}`);
    requests.push(`| \`${name}\` | ${status} | ${fmt(await requestMicroseconds(list(query), rounds, 2_000), 1)} |`);
  }

  return [
    '## Field errors: naming the fields to correct',
    '',
    `Command: \`BENCH_PARTS=field-errors npm run bench\` (or \`tsx scripts/bench/field-errors.ts\`); ${rounds} rounds,`,
    `median CPU µs per call (this process's user + system time, which other work on the machine moves less than the`,
    `wall clock), measured ${new Date().toISOString()} on Node ${process.version}. A check is the sandbox's`,
    "compiled validator of the operation's query or body and the field errors it answers with; a request goes through",
    "`createSandbox().fetch` in process (auth, validation, the handler's answer). A passing check names no field, so",
    'its figure is the cost every successful request pays.',
    '',
    ...rows,
    '',
    ...requests,
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  benchFieldErrors(Number(process.env.BENCH_ROUNDS ?? 7)).then(
    (section) => console.log(section),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
