// npm run bench (docs/benchmarks.md): sandbox vs Prism mock vs a bare node:http ceiling, loaded by wrk or autocannon in its own process.
//
// Every server under test runs in a child process, and the load generator runs in another, so the server gets a core of its
// own on a 2-core machine; this process only orchestrates and sits idle while measuring. One server is loaded at a
// time, and the servers take turns over several rounds so that a burst of other work on the machine hits them alike;
// the medians are reported. Settings: BENCH_DURATION (s per measurement, default 3), BENCH_ROUNDS (default 5),
// BENCH_WARMUP (s, default 1), BENCH_CONNECTIONS (default 50), BENCH_LOADER (wrk or autocannon; default wrk if installed). It also times the conformance suite against a fresh
// sandbox (BENCH_CONFORMANCE_RUNS, default 3), the sandbox's start-up: `npm start`'s prestart check and the
// compiled sandbox from spawn to its first answer (BENCH_STARTS runs, default 7), and the sandbox's memory under a
// documented load and an amplifier (BENCH_AMPLIFIER sets its size), its memory and another client's latency under
// clients that pipeline and never read (BENCH_ATTACK_SECONDS per attack, default 35), and --state writes with a full
// world (BENCH_DURABILITY_RUNS, default 5), and the docs pages' sizes and the console's load in Chromium
// (BENCH_DOCS_LOADS, default 5), and what naming the fields to correct costs a failing request (field-errors).
// BENCH_PARTS=servers, conformance, startup, memory, backpressure, durability, docs or field-errors
// (comma-separated) runs those parts only. A request that sets up a load and meets a refusal stops the run, naming it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunResult } from '../conformance/engine/result.js';
import { loadProfile } from '../conformance/profile.js';
import { runConformance } from '../conformance/run.js';
import { startMock } from '../mocks/prism/mock.js';
import { createSandbox } from '../mocks/sandbox/core/app.js';
import { DEFAULT_LIMITS } from '../mocks/sandbox/domain/limits.js';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';
import { benchDocs } from './bench-docs.js';
import { benchDurability } from './bench-durability.js';
import { benchFieldErrors } from './bench-field-errors.js';
import { fmt, median } from './figures.js';
import { type Load, type LoadGenerator, loadGenerator } from './load-generators.js';
import { expectAnswer, expectData } from './loader.js';
import { pipeline, prepareCasePage, probe } from './pipelining-attack.js';

const root = fileURLToPath(new URL('..', import.meta.url));
export const BENCHMARKS_PATH = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));

const envNumber = (name: string, fallback: number): number => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

/**
 * Replaces the section `id` of a Markdown file (between `<!-- bench:id:start -->` and `<!-- bench:id:end -->`),
 * appending it when absent. Other sections, such as the conformance suite's wall time, are left alone.
 */
export function writeSection(file: string, id: string, markdown: string): void {
  const start = `<!-- bench:${id}:start -->`;
  const end = `<!-- bench:${id}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Benchmarks\n\nMeasured figures, rewritten by the scripts that measure them. Each section names its command.\n';
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from)}${block}${current.slice(to + end.length)}`
      : `${current.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, next);
}

interface Target {
  name: 'ceiling' | 'sandbox' | 'prism';
  origin: string;
  startupMs: number;
  /** performance.now() at spawn, where the harness spawned the server. */
  spawnedAt?: number;
  /** CPU time (user + system, ms) the server process has used so far, when the OS tells (Linux /proc). */
  cpuMs(): number | undefined;
  /** Resident memory of the server process in MiB, when the OS tells (Linux /proc). */
  rssMib?(): number | undefined;
  close(): Promise<void>;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process from /proc/<pid>/stat, in ms; undefined where /proc is absent. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return undefined;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** VmRSS of a process from /proc/<pid>/status, in MiB; undefined where /proc is absent. */
function processRssMib(pid: number | undefined): number | undefined {
  if (pid === undefined || !existsSync(`/proc/${pid}/status`)) return undefined;
  const found = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return found ? Number(found[1]) / 1024 : undefined;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU per answered request, in µs. */
  cpuUs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForAnswer(url: string, started: number): Promise<number> {
  for (;;) {
    try {
      await fetch(url);
      return performance.now() - started;
    } catch {
      if (performance.now() - started > 30_000) throw new Error(`no answer from ${url} within 30 s`);
      await sleep(10);
    }
  }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `npm start`'s prestart step: rebuilds docs/index.html and dist/ only when stale (so the sandbox is fresh). */
function prestart(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['scripts/prestart.mjs'], { cwd: root }, (error) =>
      error ? reject(error) : resolve(performance.now() - started),
    );
  });
}

/** What `npm start` runs after prestart: the compiled sandbox on a free port, timed from spawn until it answers. */
async function startSandboxProcess(): Promise<Target> {
  const started = performance.now();
  const child = spawn(process.execPath, ['dist/mocks/sandbox/main.js', '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const origin = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = /Sandbox listening: (http:\/\/[^\s]+)\/api/.exec(text);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening`)));
  });
  child.stdout?.resume();
  const startupMs = await waitForAnswer(`${origin}/api/member/me/`, started);
  return {
    name: 'sandbox',
    origin,
    startupMs,
    spawnedAt: started,
    cpuMs: () => processCpuMs(child.pid),
    rssMib: () => processRssMib(child.pid),
    close: () => stopChild(child),
  };
}

/** The practical ceiling: a bare node:http server answering the sandbox's own response bytes for each path. */
const CEILING_SOURCE = `
const http = require('node:http');
const bodies = JSON.parse(process.env.CEILING_BODIES);
const server = http.createServer((req, res) => {
  const body = bodies[req.url.split('?')[0]] || '{}';
  const answer = () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  if (req.method === 'GET') answer(); else { req.resume(); req.on('end', answer); }
});
server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

async function startCeiling(bodies: Record<string, string>): Promise<Target> {
  const started = performance.now();
  const child = spawn(process.execPath, ['-e', CEILING_SOURCE], {
    env: { ...process.env, CEILING_BODIES: JSON.stringify(bodies) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(/listening (\d+)/.exec(chunk.toString())?.[1] ?? ''));
    child.once('exit', (code) => reject(new Error(`the ceiling server exited (${code})`)));
  });
  const origin = `http://127.0.0.1:${port}`;
  const startupMs = await waitForAnswer(`${origin}/`, started);
  return { name: 'ceiling', origin, startupMs, cpuMs: () => processCpuMs(child.pid), close: () => stopChild(child) };
}

async function startPrism(): Promise<Target> {
  const started = performance.now();
  const mock = await startMock({ port: 0 });
  const startupMs = await waitForAnswer(`${mock.baseUrl}/member/me/`, started);
  return {
    name: 'prism',
    origin: mock.origin,
    startupMs,
    cpuMs: () => processCpuMs(mock.pid),
    close: () => mock.close(),
  };
}

/** One measurement: the generator's figures and the server's CPU time per answered request. */
async function measure(
  generator: LoadGenerator,
  target: Target,
  load: Load,
  seconds: number,
  connections: number,
): Promise<Measured> {
  const cpuBefore = target.cpuMs();
  const r = await generator.run(target.origin, load, seconds, connections);
  const cpuAfter = target.cpuMs();
  return {
    rps: r.requests / r.seconds,
    p50: r.p50,
    p99: r.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    ...(cpuBefore === undefined || cpuAfter === undefined || r.requests === 0
      ? {}
      : { cpuUs: ((cpuAfter - cpuBefore) * 1000) / r.requests }),
  };
}

/** The median of each figure over the rounds; non-2xx and errors are summed, so none can hide. */
function combine(rounds: Measured[]): Measured {
  const cpu = rounds.map((r) => r.cpuUs).filter((c): c is number => c !== undefined);
  return {
    rps: median(rounds.map((r) => r.rps)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    non2xx: rounds.reduce((n, r) => n + r.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
    ...(cpu.length === rounds.length ? { cpuUs: median(cpu) } : {}),
  };
}

async function json(url: string, init?: RequestInit): Promise<{ status: number; text: string }> {
  const res = await fetch(url, init);
  return { status: res.status, text: await res.text() };
}

/** Logs in to the sandbox, starts a session, and returns the three loads with the sandbox's own response bytes. */
async function prepareLoads(sandbox: string): Promise<{ loads: Load[]; bodies: Record<string, string> }> {
  const { member } = DEMO.accounts;
  const login = await expectData<{ access_token: string }>(`${sandbox}/api/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
    expected: 200,
  });
  const authorization = `JWT ${login.access_token}`;
  const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
  const started = await expectData<{ session: { case_reports: { id: number }[] } }>(
    `${sandbox}/api/features/qa/sessions/start/?${board}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ scenario_id: DEMO.scenarios.checkout }),
      expected: 201,
    },
  );
  const reportId = started.session.case_reports[0]?.id;
  const outcome = JSON.stringify({ status: 'bug', actual_result: 'Hangs.', severity: 'major', priority: 'high' });
  const loads: Load[] = [
    { name: 'GET /member/me/', method: 'GET', path: '/api/member/me/', headers: { authorization } },
    {
      name: 'GET /features/qa/scenarios/list/',
      method: 'GET',
      path: `/api/features/qa/scenarios/list/?${board}`,
      headers: { authorization },
    },
    {
      name: 'PATCH /features/qa/sessions/cases/',
      method: 'PATCH',
      path: `/api/features/qa/sessions/cases/?${board}&case_report_id=${reportId}`,
      headers: { authorization, 'content-type': 'application/json' },
      body: outcome,
    },
  ];
  const bodies: Record<string, string> = {};
  for (const load of loads) {
    bodies[load.path.split('?')[0] as string] = await expectAnswer(`${sandbox}${load.path}`, {
      method: load.method,
      headers: load.headers,
      ...(load.body === undefined ? {} : { body: load.body }),
      expected: 200,
      what: `${load.name} on the sandbox`,
    });
  }
  return { loads, bodies };
}

/** Runs the conformance CLI (a fresh process, as a user runs it) against a fresh sandbox, `runs` times. */
async function benchConformance(runs: number): Promise<string> {
  const walls: number[] = [];
  const inRun: number[] = [];
  let counts = '';
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-conformance-'));
  try {
    for (let run = 1; run <= runs; run++) {
      const sandbox = await startSandboxProcess();
      try {
        const report = join(dir, `run-${run}.json`);
        const started = performance.now();
        const code = await new Promise<number | null>((resolve) => {
          const child = spawn(
            process.execPath,
            [
              '--import',
              'tsx',
              'conformance/cli/main.ts',
              '--target',
              'conformance/targets/sandbox.json',
              '--base-url',
              `${sandbox.origin}/api`,
              '--json',
              report,
            ],
            { cwd: root, stdio: 'ignore' },
          );
          child.once('exit', resolve);
        });
        walls.push(performance.now() - started);
        if (!existsSync(report)) {
          throw new Error(`conformance run ${run}: the CLI exited ${code} without a JSON report`);
        }
        const result = JSON.parse(readFileSync(report, 'utf8')) as {
          wallMs: number;
          summary: Pick<RunResult, 'passed' | 'failed' | 'skipped'>;
        };
        inRun.push(result.wallMs);
        const { passed, failed, skipped } = result.summary;
        counts = `${passed} passed, ${failed} failed, ${skipped} skipped (exit ${code})`;
        console.log(
          `conformance run ${run}: ${fmt(walls.at(-1) ?? 0)} ms process, ${fmt(result.wallMs)} ms in run; ${counts}`,
        );
      } finally {
        await sandbox.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const wall = median(walls);
  // In process: runConformance with the sandbox's fetch as the target, no port and no process start-up.
  const inProcess: number[] = [];
  let inProcessCounts = '';
  for (let run = 1; run <= runs; run++) {
    const started = performance.now();
    const result = await runConformance({
      target: createSandbox().fetch,
      profile: loadProfile('conformance/targets/sandbox.json', {}),
    });
    inProcess.push(performance.now() - started);
    inProcessCounts = `${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped`;
    console.log(`conformance in process ${run}: ${fmt(inProcess.at(-1) ?? 0)} ms; ${inProcessCounts}`);
  }
  const inProcessWall = median(inProcess);
  return [
    '## Conformance suite against the local sandbox',
    '',
    `Command: \`BENCH_CONFORMANCE_RUNS=${runs} npm run bench\`. Each run starts a fresh sandbox and runs`,
    '`npm run conformance -- --target conformance/targets/sandbox.json` as its own process; figures are medians.',
    '',
    '| measure | median ms |',
    '|---|---:|',
    `| whole CLI process (start-up, every check, clean-up, reports) | ${fmt(wall)} |`,
    `| the run itself (\`wallMs\` in the JSON report) | ${fmt(median(inRun))} |`,
    `| in process: \`runConformance({ target: createSandbox().fetch })\`, as a team's Vitest run calls it | ${fmt(inProcessWall)} |`,
    '',
    `- Goal: the full suite in 10 s or less: ${wall <= 10_000 ? 'met' : 'NOT met'}. Last run: ${counts}.`,
    `- Goal: the full suite in process in under 2 s: ${inProcessWall < 2_000 ? 'met' : 'NOT met'} (ratio to the goal ${(inProcessWall / 2_000).toFixed(2)}). Last run: ${inProcessCounts}.`,
  ].join('\n');
}

/**
 * The documented load of the memory figure (docs/benchmarks.md "Sandbox memory"). It fits in the demo member's share
 * of stored data: five sessions of bugs (the load of earlier rounds) pass it, and the share refuses them with 429.
 */
const MEMORY_LOAD = { accounts: 50, loginsEach: 10, cases: 200, caseText: 5000, sessions: 20, bugSessions: 2 };

/**
 * Sandbox memory: RSS of a fresh sandbox process, after MEMORY_LOAD, and its peak while BENCH_AMPLIFIER (default
 * 200) requests of 1 MiB `{"a":[{},{},…]}` metadata arrive 8 at a time from a fresh account; then the size of a
 * session list page and whether another user is still served.
 */
async function benchMemory(): Promise<string> {
  const amplifierRequests = envNumber('BENCH_AMPLIFIER', 200);
  const sandbox = await startSandboxProcess();
  try {
    const api = `${sandbox.origin}/api`;
    const rss = () => sandbox.rssMib?.() ?? Number.NaN;
    // Every request of the load must be answered as expected: a refusal (a limit reached) stops the part, named.
    const send = (expected: number, path: string, body: unknown, authorization?: string, method = 'POST') =>
      expectAnswer(`${api}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        expected,
        what: `memory load: ${method} ${path.split('?')[0]}`,
      });
    const dataOf = async <T>(expected: number, path: string, body: unknown, authorization?: string) =>
      (JSON.parse(await send(expected, path, body, authorization)) as { data: T }).data;
    const login = async (username: string, password: string) => {
      const pair = await dataOf<{ access_token: string }>(200, '/member/login/', {
        username,
        password,
        captcha_token: DEMO.captchaToken,
      });
      return `JWT ${pair.access_token}`;
    };
    const idle = rss();

    for (let a = 0; a < MEMORY_LOAD.accounts; a++) {
      const username = `load${a}`;
      const password = `load-password-${a}`;
      const body = {
        username,
        password,
        first_name: 'L',
        email: `${username}@example.com`,
        captcha_token: DEMO.captchaToken,
      };
      await send(201, '/member/register/', body);
      for (let i = 0; i < MEMORY_LOAD.loginsEach; i++) await login(username, password);
    }
    const { member } = DEMO.accounts;
    const auth = await login(member.username, member.password);
    const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    const { scenario } = await dataOf<{ scenario: { id: number } }>(
      201,
      `/features/qa/scenarios/list/?${board}`,
      { title: 'Memory', parent_id: null },
      auth,
    );
    const text = 't'.repeat(MEMORY_LOAD.caseText);
    for (let c = 0; c < MEMORY_LOAD.cases; c++) {
      const body = {
        scenario: scenario.id,
        title: `case ${c}`,
        description: text,
        steps_to_reproduce: text,
        expected_result: text,
      };
      await send(201, `/features/qa/cases/list/?${board}`, body, auth);
    }
    const outcome = { status: 'bug', actual_result: text, severity: 'major', priority: 'high' };
    for (let s = 0; s < MEMORY_LOAD.sessions; s++) {
      const started = await dataOf<{ session: { case_reports: { id: number }[] } }>(
        201,
        `/features/qa/sessions/start/?${board}`,
        { scenario_id: scenario.id },
        auth,
      );
      if (s >= MEMORY_LOAD.bugSessions) continue;
      for (const report of started.session.case_reports) {
        await send(200, `/features/qa/sessions/cases/?${board}&case_report_id=${report.id}`, outcome, auth, 'PATCH');
      }
    }
    const loaded = rss();
    const list = await json(`${api}/features/qa/sessions/?${board}&is_active=true&limit=100`, {
      headers: { authorization: auth },
    });

    const attacker = { username: 'amplifier', password: 'amplifier-password', captcha_token: DEMO.captchaToken };
    await send(201, '/member/register/', { ...attacker, first_name: 'A', email: 'amplifier@example.com' });
    const attackerAuth = await login(attacker.username, attacker.password);
    const count = Math.floor((1024 * 1024 - 300) / 3);
    const amplifier = `{"title":"amp","is_active":true,"metadata":{"a":[${'{},'.repeat(count - 1)}{}]}}`;
    let peak = rss();
    const statuses = new Map<number, number>();
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 20);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < amplifierRequests) {
          next += 1;
          const res = await json(`${api}/member/bearer-tokens/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: attackerAuth },
            body: amplifier,
          }).catch(() => ({ status: 0 }));
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const amplifierMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    const after = await json(`${api}/member/me/`, { headers: { authorization: auth } }).catch(() => ({ status: 0 }));
    const answers = [...statuses].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ');
    return [
      '## Sandbox memory',
      '',
      `Command: \`BENCH_PARTS=memory BENCH_AMPLIFIER=${amplifierRequests} npm run bench\`. Measured ${new Date().toISOString()}, Node ${process.version}; RSS from /proc.`,
      '',
      `The documented load: ${MEMORY_LOAD.accounts} accounts registered, each logging in ${MEMORY_LOAD.loginsEach} times; ${MEMORY_LOAD.cases} cases`,
      `with three ${MEMORY_LOAD.caseText}-character texts in one scenario; ${MEMORY_LOAD.sessions} sessions on it, ${MEMORY_LOAD.bugSessions} of them with a ${MEMORY_LOAD.caseText}-character bug on every report.`,
      `The demo member writes all of it, within one account's share of stored data (${fmt(DEFAULT_LIMITS.accountBytes / 2 ** 20)} MiB,`,
      '`mocks/sandbox/domain/limits.ts`): every request of the load must answer as expected, or the part stops naming it.',
      `The amplifier: ${amplifierRequests} requests of 1 MiB \`{"a":[{},{},…]}\` token metadata from a fresh account, 8 at a time.`,
      '',
      '| figure | value |',
      '|---|---:|',
      `| RSS after start | ${fmt(idle)} MiB |`,
      `| RSS after the load | ${fmt(loaded)} MiB |`,
      `| session list page (\`limit=100\`) after the load | ${fmt(list.text.length)} bytes |`,
      `| peak RSS under the amplifier | ${fmt(peak)} MiB |`,
      `| amplifier answers | ${answers} in ${fmt(amplifierMs)} ms |`,
      `| another user's \`GET /member/me/\` afterwards | ${after.status === 0 ? 'no answer' : after.status} |`,
    ].join('\n');
  } finally {
    await sandbox.close();
  }
}

/** One attack of the back-pressure part: connections from each address, each sending `requests` pipelined GETs. */
interface PipeliningAttack {
  name: string;
  addresses: string[];
  connectionsEach: number;
  requests: number;
}

/** Finding 1 of the shared-sandbox review, at full size, and its variant without pipelining. */
const PIPELINING_ATTACKS: PipeliningAttack[] = [
  {
    name: '250 connections from one address, each pipelining 20 GETs of the page in one write, never reading',
    addresses: ['127.0.0.1'],
    connectionsEach: 250,
    requests: 20,
  },
  {
    name: '1,024 connections from 5 addresses (205 each), one GET of the page each, never reading',
    addresses: ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'],
    connectionsEach: 205,
    requests: 1,
  },
];

/** The address the probe comes from: another client than every attacker. */
const PROBE_ADDRESS = '127.0.0.2';

/**
 * Back-pressure: a fresh sandbox process, a case list page of about 3 MB (100 cases of three 10,000-character texts,
 * `limit=100`), then each attack for `seconds` while another address sends `GET /member/me/` on a fresh connection
 * every 100 ms; the sandbox's RSS is sampled every 100 ms.
 */
async function benchBackpressure(seconds: number): Promise<string> {
  const rows: string[] = [];
  const goals: string[] = [];
  let pageBytes = 0;
  for (const attack of PIPELINING_ATTACKS) {
    const sandbox = await startSandboxProcess();
    try {
      const page = await prepareCasePage(`${sandbox.origin}/api`);
      pageBytes = (
        await expectAnswer(`${sandbox.origin}${page.target}`, {
          headers: { authorization: page.authorization },
          expected: 200,
          what: 'GET /features/qa/cases/list/ (the page)',
        })
      ).length;
      const idle = sandbox.rssMib?.() ?? Number.NaN;
      let peak = idle;
      const sampler = setInterval(() => {
        peak = Math.max(peak, sandbox.rssMib?.() ?? Number.NaN);
      }, 100);
      const probes: { status: number; ms: number }[] = [];
      let probing = true;
      const prober = (async () => {
        while (probing) {
          const started = performance.now();
          probes.push(
            await probe(sandbox.origin, '/api/member/me/', { authorization: page.authorization }, PROBE_ADDRESS),
          );
          await sleep(Math.max(0, 100 - (performance.now() - started)));
        }
      })();
      const attacks = await Promise.all(
        attack.addresses.map((localAddress) =>
          pipeline({
            origin: sandbox.origin,
            page,
            connections: attack.connectionsEach,
            requests: attack.requests,
            localAddress,
          }),
        ),
      );
      await sleep(seconds * 1000);
      probing = false;
      await prober;
      clearInterval(sampler);
      const end = sandbox.rssMib?.() ?? Number.NaN;
      for (const a of attacks) a.stop();
      const answered = probes.filter((p) => p.status === 200);
      const ms = answered.map((p) => p.ms).sort((a, b) => a - b);
      const at = (q: number) =>
        ms.length === 0 ? Number.NaN : (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number);
      rows.push(
        `| ${attack.name} | ${fmt(idle)} | ${fmt(peak)} | ${fmt(end)} | ${answered.length} of ${probes.length} | ${fmt(at(0.5), 1)} / ${fmt(at(0.99), 1)} / ${fmt(ms.at(-1) ?? Number.NaN, 1)} |`,
      );
      console.log(
        `back-pressure: ${attack.name}: RSS ${fmt(idle)} → peak ${fmt(peak)} MiB; probes ${answered.length}/${probes.length}, p50 ${fmt(at(0.5), 1)} ms, p99 ${fmt(at(0.99), 1)} ms`,
      );
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      goals.push(
        `- ${attack.name}: peak RSS ${fmt(peak)} MiB (goal under 1,024 MiB): ${met(peak < 1024)}; the other address answered ${answered.length} of ${probes.length} times (goal: every time): ${met(answered.length === probes.length && probes.length > 0)}.`,
      );
    } finally {
      await sandbox.close();
    }
  }
  return [
    '## Back-pressure: clients that pipeline and never read',
    '',
    `Command: \`BENCH_PARTS=backpressure BENCH_ATTACK_SECONDS=${seconds} npm run bench\`. Measured ${new Date().toISOString()}, Node ${process.version}, load average at the end ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')}.`,
    '',
    'A fresh compiled sandbox (`dist/mocks/sandbox/main.js`, default bounds) per attack. The demo member writes 100 cases',
    'of three 10,000-character texts; the attackers ask for their case list page (`limit=100`) and never read. Meanwhile',
    `a client at another address (${PROBE_ADDRESS}) sends \`GET /member/me/\` with a JWT on a fresh connection every`,
    `100 ms; each attack lasts ${seconds} s (the slow-reader cut is at 30 s). RSS of the sandbox process from /proc, every`,
    `100 ms. The page weighs ${fmt(pageBytes)} bytes.`,
    '',
    '| attack | RSS before (MiB) | peak RSS (MiB) | RSS at the end (MiB) | probes answered 200 | probe ms p50 / p99 / max |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...goals,
  ].join('\n');
}

/** A demo login, the first request whose body the sandbox checks: it loads ajv and the contract's validators. */
async function firstLogin(sandbox: Target): Promise<number> {
  const { member } = DEMO.accounts;
  const res = await json(`${sandbox.origin}/api/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
  });
  if (res.status !== 200) throw new Error(`the first login answered ${res.status}: ${res.text}`);
  return performance.now() - (sandbox.spawnedAt ?? 0);
}

/**
 * Median time of `npm start`'s two steps, each its own process: the prestart check and spawn → first answer; then
 * spawn → the first login answered, since the sandbox loads its validators on the first request that needs them.
 */
async function benchStartup(runs: number): Promise<string> {
  await prestart();
  const checks: number[] = [];
  const answers: number[] = [];
  const logins: number[] = [];
  for (let run = 1; run <= runs; run++) {
    checks.push(await prestart());
    const sandbox = await startSandboxProcess();
    answers.push(sandbox.startupMs);
    logins.push(await firstLogin(sandbox));
    await sandbox.close();
    console.log(
      `start-up run ${run}: prestart ${fmt(checks.at(-1) ?? 0)} ms, spawn → first answer ${fmt(sandbox.startupMs)} ms, → first login ${fmt(logins.at(-1) ?? 0)} ms`,
    );
  }
  const answer = median(answers);
  return [
    '## Sandbox start-up',
    '',
    `Command: \`BENCH_PARTS=startup BENCH_STARTS=${runs} npm run bench\`. Medians of ${runs} runs, each step its own process, on`,
    `a machine with load average ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')} at the end.`,
    '',
    '| step of `npm start` | median ms |',
    '|---|---:|',
    `| \`node scripts/prestart.mjs\` with docs and dist/ fresh (process start to exit) | ${fmt(median(checks))} |`,
    `| \`node dist/mocks/sandbox/main.js\`: spawn → first answer (\`GET /api/member/me/\`) | ${fmt(answer)} |`,
    `| the same process: spawn → first login answered (\`POST /api/member/login/\`, right after the first answer) | ${fmt(median(logins))} |`,
    '',
    `- Goal: the first answer within 300 ms of spawn: ${answer <= 300 ? 'met' : 'NOT met'}.`,
  ].join('\n');
}

async function main(): Promise<void> {
  const parts = (
    process.env.BENCH_PARTS ?? 'servers,conformance,startup,memory,backpressure,durability,docs,field-errors'
  ).split(',');
  if (parts.includes('field-errors')) {
    writeSection(BENCHMARKS_PATH, 'field-errors', await benchFieldErrors(envNumber('BENCH_ROUNDS', 5)));
  }
  if (parts.includes('docs')) writeSection(BENCHMARKS_PATH, 'docs', await benchDocs(envNumber('BENCH_DOCS_LOADS', 5)));
  if (parts.includes('durability')) {
    writeSection(BENCHMARKS_PATH, 'durability', await benchDurability(envNumber('BENCH_DURABILITY_RUNS', 5)));
  }
  if (['servers', 'conformance', 'memory', 'backpressure'].some((part) => parts.includes(part))) await prestart();
  if (parts.includes('startup')) {
    writeSection(BENCHMARKS_PATH, 'startup', await benchStartup(envNumber('BENCH_STARTS', 7)));
  }
  if (parts.includes('memory')) writeSection(BENCHMARKS_PATH, 'memory', await benchMemory());
  if (parts.includes('backpressure')) {
    writeSection(BENCHMARKS_PATH, 'backpressure', await benchBackpressure(envNumber('BENCH_ATTACK_SECONDS', 35)));
  }
  if (parts.includes('conformance')) {
    writeSection(BENCHMARKS_PATH, 'conformance', await benchConformance(envNumber('BENCH_CONFORMANCE_RUNS', 3)));
  }
  if (!parts.includes('servers')) return;
  const seconds = envNumber('BENCH_DURATION', 3);
  const rounds = envNumber('BENCH_ROUNDS', 5);
  const warmup = envNumber('BENCH_WARMUP', 1);
  const connections = envNumber('BENCH_CONNECTIONS', 50);
  const generator = loadGenerator();
  // autocannon reports whole ms, wrk µs.
  const ms = (value: number) => fmt(value, Number.isInteger(value) ? 0 : 2);
  const targets: Target[] = [];
  try {
    const sandbox = await startSandboxProcess();
    targets.push(sandbox);
    const { loads, bodies } = await prepareLoads(sandbox.origin);
    targets.push(await startCeiling(bodies));
    targets.push(await startPrism());
    const order = ['ceiling', 'sandbox', 'prism'] as const;
    const byName = (name: Target['name']) => targets.find((t) => t.name === name) as Target;

    const results = new Map<string, Measured>();
    for (const load of loads) {
      const samples = new Map<string, Measured[]>(order.map((name) => [name, []]));
      for (const name of order) await measure(generator, byName(name), load, warmup, connections);
      for (let round = 1; round <= rounds; round++) {
        for (const name of order) {
          const measured = await measure(generator, byName(name), load, seconds, connections);
          samples.get(name)?.push(measured);
          console.log(
            `${load.name.padEnd(36)} round ${round} ${name.padEnd(8)} ${fmt(measured.rps).padStart(8)} req/s  p50 ${ms(measured.p50)} ms  p99 ${ms(measured.p99)} ms  cpu ${measured.cpuUs === undefined ? '-' : fmt(measured.cpuUs, 1)} µs/req  non-2xx ${measured.non2xx}  errors ${measured.errors}`,
          );
        }
      }
      for (const name of order) results.set(`${load.name} ${name}`, combine(samples.get(name) ?? []));
    }

    const rows = [
      '| request | server | req/s | p50 ms | p99 ms | server CPU µs/request | non-2xx | errors |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    ];
    const ratios = [
      '| request | sandbox / Prism (req/s) | Prism / sandbox (server CPU per request) | sandbox / ceiling (req/s) | ceiling / sandbox (server CPU per request) |',
      '|---|---:|---:|---:|---:|',
    ];
    for (const load of loads) {
      for (const name of order) {
        const m = results.get(`${load.name} ${name}`) as Measured;
        const cpu = m.cpuUs === undefined ? '—' : fmt(m.cpuUs, 1);
        rows.push(
          `| \`${load.name}\` | ${name} | ${fmt(m.rps)} | ${ms(m.p50)} | ${ms(m.p99)} | ${cpu} | ${m.non2xx} | ${m.errors} |`,
        );
      }
      const s = results.get(`${load.name} sandbox`) as Measured;
      const p = results.get(`${load.name} prism`) as Measured;
      const c = results.get(`${load.name} ceiling`) as Measured;
      const per = (over: Measured) =>
        s.cpuUs === undefined || over.cpuUs === undefined ? undefined : over.cpuUs / s.cpuUs;
      const show = (ratio: number | undefined) => (ratio === undefined ? '—' : fmt(ratio, 2));
      ratios.push(
        `| \`${load.name}\` | ${fmt(s.rps / p.rps, 2)} | ${show(per(p))} | ${fmt(s.rps / c.rps, 2)} | ${show(per(c))} |`,
      );
    }
    // Goals: `GET /member/me/` with every limit on, at least 0.8 × the ceiling's req/s, 15 × Prism's and a p99 of
    // 3 ms or less; the other requests at least 0.6 × the ceiling and 5 ms. A figure with refusals in it is no answer.
    const goal = loads.map((load, index) => {
      const s = results.get(`${load.name} sandbox`) as Measured;
      const c = results.get(`${load.name} ceiling`) as Measured;
      const ratio = s.rps / c.rps;
      const p = results.get(`${load.name} prism`) as Measured;
      const prism = s.rps / p.rps;
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      const [least, p99] = index === 0 ? [0.8, 3] : [0.6, 5];
      const refused = s.non2xx + s.errors === 0 ? '' : `; ${s.non2xx} answers not 2xx and ${s.errors} errors: NOT met`;
      const prismCpu =
        s.cpuUs === undefined || p.cpuUs === undefined
          ? ''
          : ` (${fmt(p.cpuUs / s.cpuUs, 1)} × by server CPU per request)`;
      // The ceiling's own multiple of Prism bounds what any node:http server reaches on this machine and load.
      const bound =
        c.cpuUs === undefined || p.cpuUs === undefined
          ? ''
          : ` (the ceiling itself: ${fmt(c.rps / p.rps, 1)} × Prism's req/s, ${fmt(p.cpuUs / c.cpuUs, 1)} × by CPU; 15 × by CPU needs the sandbox at ${fmt(p.cpuUs / 15, 1)} µs a request)`;
      const overPrism =
        index === 0 ? `; ${fmt(prism, 1)} × Prism's req/s${prismCpu} (goal ≥ 15): ${met(prism >= 15)}${bound}` : '';
      return `- \`${load.name}\`: ${fmt(ratio, 2)} × the ceiling's req/s (goal ≥ ${least}): ${met(ratio >= least)}${overPrism}; p99 ${ms(s.p99)} ms (goal ≤ ${p99} ms): ${met(s.p99 <= p99)}${refused}.`;
    });
    const startup = ['| server | start-up (spawn → first answer) |', '|---|---:|'];
    for (const name of order) startup.push(`| ${name} | ${fmt(byName(name).startupMs)} ms |`);

    const cpus = os.cpus();
    const section = [
      '## Sandbox, Prism mock and a bare node:http ceiling',
      '',
      `Command: \`BENCH_LOADER=${generator.name} BENCH_DURATION=${seconds} BENCH_ROUNDS=${rounds} BENCH_CONNECTIONS=${connections} npm run bench\` (warm-up ${warmup} s per server and request).`,
      `Measured ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      `Each server runs in its own process and the load generator, ${generator.description}, in another, so on a`,
      '2-core machine the server under test and the load generator each have a core; the three servers take turns, round',
      "after round, and each figure is the median over the rounds. The ceiling answers the sandbox's own response bytes",
      "for each path; Prism (log level error) answers the contract's examples. Server CPU is the server process's user +",
      'system time (from /proc) per answered request; its ratio estimates the req/s ratio the two servers would reach if',
      'each were the bottleneck, and it moves less than req/s when other work shares the machine. A load generator',
      'caps a server as fast as the ceiling at its own speed: autocannon needs about a core near 40,000 req/s here, wrk',
      'a fraction of that, which is why the bench takes wrk when it is installed (`BENCH_LOADER=autocannon` chooses the',
      'other).',
      '',
      ...rows,
      '',
      ...ratios,
      '',
      ...goal,
      '',
      ...startup,
    ].join('\n');
    writeSection(BENCHMARKS_PATH, 'servers', section);
    console.log(`\n${[...rows, '', ...ratios, '', ...goal, '', ...startup].join('\n')}\n\nwrote ${BENCHMARKS_PATH}`);
  } finally {
    await Promise.all(targets.map((t) => t.close()));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
