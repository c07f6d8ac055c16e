// The instructions part of npm run bench (docs/benchmarks.md "Instructions a request, by callgrind"): the ceiling, the
// JSON floor and the sandbox, each under callgrind, counted over HTTP in user-space instructions a request, a count
// the machine's load does not move.
//
// Each server starts under `valgrind --tool=callgrind --instr-atstart=no` (nothing counted yet), is warmed up with
// BENCH_COUNT_WARMUP requests over 10 kept-alive connections, then callgrind_control turns the count on, BENCH_COUNTED
// requests run over the same connections, and a dump closes the window; its total of instructions (every thread of the
// server's process: V8's compiler and collector threads too) divided by the requests is the figure.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fmt } from './figures.js';
import type { Load } from './load-generators.js';
import { prepareLoads, type RateRatios } from './servers.js';
import { envNumber } from './settings.js';
import { startCeiling, startJsonFloor, startSandboxProcess, type Target, type Wrapper } from './targets.js';

const CONNECTIONS = 10;

/** The requests counted: the outcome PATCH (the goal's) and GET /member/me/. */
const COUNTED = ['PATCH /features/qa/sessions/cases/', 'GET /member/me/'];

/**
 * Goals, in instructions a request: the outcome PATCH at most 110,000 (every check and bound kept), GET /member/me/
 * within 1.15 × the ceiling's count.
 */
const PATCH_MOST = 110_000;
const ME_OVER_CEILING = 1.15;

function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

/**
 * Sends `count` requests of `load` over `connections` kept-alive connections, each connection sending its next request
 * when its answer is read. Every answer must be a 200: a count of refusals is no count. A request sent on a kept-alive
 * connection the server closed meanwhile (its idle timer fires late under valgrind) is sent again: the server read
 * none of it.
 */
async function send(origin: string, load: Load, count: number, connections = CONNECTIONS): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const url = new URL(load.path, origin);
  const body = load.body === undefined ? undefined : Buffer.from(load.body);
  const headers = body === undefined ? load.headers : { ...load.headers, 'content-length': String(body.length) };
  let left = count;
  const one = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      let answered = false;
      const req = http.request(url, { method: load.method, headers, agent }, (res) => {
        answered = true;
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`${load.name} answered ${res.statusCode}`)),
        );
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered && req.reusedSocket && error.code === 'ECONNRESET') one().then(resolve, reject);
        else reject(error);
      });
      req.end(body);
    });
  const worker = async () => {
    while (left > 0) {
      left--;
      await one();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, worker));
  } finally {
    agent.destroy();
  }
}

/** What one counted window holds, a request: every instruction, and those of V8's background optimising compiler. */
interface Counted {
  total: number;
  compiling: number;
}

// V8's optimising compiler runs in background threads as this function: what it spends in the window is code V8 made
// hot during the warm-up and has not finished optimising, not the request's own work.
const BACKGROUND_COMPILE = 'v8::internal::OptimizingCompileDispatcher::CompileTask::RunInternal()';

/** The total of instructions (`summary:` or `totals:`) of the newest dump callgrind wrote for `pid` in `dir`. */
async function dumpedInstructions(dir: string, pid: number): Promise<Counted> {
  const dumps = readdirSync(dir)
    .filter((name) => name.startsWith(`cg.${pid}.`))
    .sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
  const newest = dumps.at(-1);
  if (newest === undefined) throw new Error(`callgrind wrote no dump for process ${pid} in ${dir}`);
  const file = join(dir, newest);
  const found = /^(?:summary|totals): (\d+)/m.exec(readFileSync(file, 'utf8'));
  if (!found) throw new Error(`no summary line in ${file}`);
  const annotated = await run('callgrind_annotate', ['--inclusive=yes', '--threshold=100', file]);
  const line = annotated.split('\n').find((l) => l.includes(BACKGROUND_COMPILE));
  const compiling = line === undefined ? 0 : Number(/^\s*([\d,]+)/.exec(line)?.[1]?.replaceAll(',', '') ?? 0);
  return { total: Number(found[1]), compiling };
}

/** Warms `target` up with `warmup` requests of `load`, then counts `counted` more; instructions a request. */
async function count(target: Target, load: Load, warmup: number, counted: number, dir: string): Promise<Counted> {
  const pid = target.pid as number;
  await send(target.origin, load, warmup);
  await run('callgrind_control', ['-i', 'on', String(pid)]);
  await run('callgrind_control', ['-z', String(pid)]);
  await send(target.origin, load, counted);
  await run('callgrind_control', ['-d', String(pid)]);
  await run('callgrind_control', ['-i', 'off', String(pid)]);
  const { total, compiling } = await dumpedInstructions(dir, pid);
  return { total: total / counted, compiling: compiling / counted };
}

/** Counts each request on the ceiling, the JSON floor and the sandbox, and returns the section's Markdown. */
export async function benchInstructions(rates?: Map<string, RateRatios>): Promise<string> {
  const warmup = envNumber('BENCH_COUNT_WARMUP', 3000);
  const counted = envNumber('BENCH_COUNTED', 6000);
  const command = `BENCH_PARTS=instructions BENCH_COUNT_WARMUP=${warmup} BENCH_COUNTED=${counted} npm run bench`;
  const title = '## Instructions a request, by callgrind';
  if (!installed('valgrind') || !installed('callgrind_control')) {
    const missing = `${title}\n\nCommand: \`${command}\`. Not run: valgrind (with callgrind_control) is not installed on this machine (\`apt-get install valgrind\`), so no count was taken and no goal is judged.`;
    console.log(missing);
    return missing;
  }
  // BENCH_CALLGRIND_OUT keeps the dumps (cg.<pid>.<n>, one a counted window) for callgrind_annotate.
  const keep = process.env.BENCH_CALLGRIND_OUT;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ? keep : mkdtempSync(join(os.tmpdir(), 'bench-callgrind-'));
  const wrapper: Wrapper = {
    command: 'valgrind',
    args: [
      '--tool=callgrind',
      '--instr-atstart=no',
      `--callgrind-out-file=${join(dir, 'cg.%p')}`,
      `--log-file=${join(dir, 'valgrind.%p.log')}`,
    ],
    startLimitMs: 300_000,
  };
  const targets: Target[] = [];
  try {
    const sandbox = await startSandboxProcess(wrapper);
    targets.push(sandbox);
    const { loads, bodies } = await prepareLoads(sandbox.origin);
    // Each server is counted as soon as it is up, every request in a row, and closed before the next one starts. A
    // server left idle for minutes (while the others run under valgrind) may meet V8's memory-reducing collection, after
    // which node's own http and stream code takes V8's slow property paths for good (docs/benchmarks.md): the three
    // are counted the same way only if none of them idles.
    const starts: (() => Promise<Target>)[] = [
      async () => sandbox,
      () => startCeiling(bodies, wrapper),
      () => startJsonFloor(bodies, wrapper),
    ];
    const figures = new Map<string, Counted>();
    for (const start of starts) {
      const server = await start();
      if (!targets.includes(server)) targets.push(server);
      for (const name of COUNTED) {
        const load = loads.find((l) => l.name === name) as Load;
        const perRequest = await count(server, load, warmup, counted, dir);
        figures.set(`${name} ${server.name}`, perRequest);
        console.log(
          `${name.padEnd(36)} ${server.name.padEnd(8)} ${fmt(perRequest.total).padStart(9)} instructions a request (${fmt(perRequest.compiling)} of them V8's background compiling)`,
        );
      }
      await server.close();
      targets.splice(targets.indexOf(server), 1);
    }
    const rows = [
      '| request | count | ceiling | JSON floor | sandbox | sandbox / ceiling | sandbox / JSON floor | JSON floor / ceiling |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
    ];
    const of = (name: string, server: string) => figures.get(`${name} ${server}`) as Counted;
    const less = (c: Counted) => c.total - c.compiling;
    for (const name of COUNTED) {
      for (const [label, value] of [
        ['all', (c: Counted) => c.total],
        ["less V8's background compiling", less],
      ] as const) {
        const [c, j, s] = ['ceiling', 'json', 'sandbox'].map((server) => value(of(name, server))) as [
          number,
          number,
          number,
        ];
        rows.push(
          `| \`${name}\` | ${label} | ${fmt(c)} | ${fmt(j)} | ${fmt(s)} | ${fmt(s / c, 2)} | ${fmt(s / j, 2)} | ${fmt(j / c, 2)} |`,
        );
      }
    }
    // The same run's req/s ratios, which load moves: shown beside the counts, judged by none of the goals here.
    const rateRows = rates
      ? [
          '',
          'The req/s ratios of the servers part in the same command (load moves them; the goals are the counts):',
          '',
          '| request | sandbox / ceiling (req/s) | JSON floor / ceiling (req/s) | sandbox / JSON floor (req/s) |',
          '|---|---:|---:|---:|',
          ...COUNTED.flatMap((name) => {
            const r = rates.get(name);
            return r
              ? [
                  `| \`${name}\` | ${fmt(r.sandboxOverCeiling, 2)} | ${fmt(r.floorOverCeiling, 2)} | ${fmt(r.sandboxOverFloor, 2)} |`,
                ]
              : [];
          }),
        ]
      : [];
    const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
    const patch = of(COUNTED[0] as string, 'sandbox');
    const me = of(COUNTED[1] as string, 'sandbox');
    const meCeiling = of(COUNTED[1] as string, 'ceiling');
    const goals = [
      `- \`${COUNTED[0]}\`: ${fmt(patch.total)} instructions a request (goal ≤ ${fmt(PATCH_MOST)}): ${met(patch.total <= PATCH_MOST)}; less V8's background compiling, ${fmt(less(patch))}: ${met(less(patch) <= PATCH_MOST)}.`,
      `- \`${COUNTED[1]}\`: ${fmt(me.total / meCeiling.total, 2)} × the ceiling's instructions (goal ≤ ${ME_OVER_CEILING}): ${met(me.total / meCeiling.total <= ME_OVER_CEILING)}; less V8's background compiling, ${fmt(less(me) / less(meCeiling), 2)} ×: ${met(less(me) / less(meCeiling) <= ME_OVER_CEILING)}.`,
    ];
    const cpus = os.cpus();
    const commit = (() => {
      try {
        return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] })
          .toString()
          .trim();
      } catch {
        return 'unknown';
      }
    })();
    const section = [
      title,
      '',
      `Command: \`${command}\` (at commit ${commit}).`,
      `Measured ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${os.type()} ${os.release()}, Node ${process.version}, valgrind ${execFileSync('valgrind', ['--version']).toString().trim().replace('valgrind-', '')}; load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      'Each server runs under callgrind in its own process (started with the count off, right before its counts, and',
      'closed after them: none waits idle while another is counted), is sent',
      `${fmt(warmup)} requests over ${CONNECTIONS} kept-alive connections to warm up, then ${fmt(counted)} more while callgrind counts;`,
      "the figure is the user-space instructions of the server's process in that window (every thread of it) divided",
      'by the requests. Load on the machine slows a count down but does not change it; counts of the same code still',
      "move by a few per cent between runs with how V8 compiles it. V8's optimising compiler still runs in the window",
      "after a warm-up of this length under valgrind (in background threads, counted in the process's total); the",
      "second row of each request leaves it out. The servers are the servers part's: the ceiling",
      "answers the sandbox's bytes, the JSON floor parses each body and serialises the same answer, the sandbox is",
      "`npm start`'s compiled sandbox.",
      '',
      ...rows,
      ...rateRows,
      '',
      ...goals,
    ].join('\n');
    console.log(`\n${[...rows, ...rateRows, '', ...goals].join('\n')}\n`);
    return section;
  } finally {
    await Promise.all(targets.map((t) => t.close()));
    if (!keep) rmSync(dir, { recursive: true, force: true });
  }
}
