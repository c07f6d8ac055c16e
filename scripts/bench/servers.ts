// The servers part of npm run bench (docs/benchmarks.md "Sandbox, Prism mock, a bare node:http ceiling and a JSON floor"): three
// requests loaded on each server in turn, round after round, by wrk or autocannon; req/s, latency and server CPU per
// request, their ratios and the goals.
import os from 'node:os';
import { expectAnswer, expectData } from '../../drivers/loader.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { fmt, median } from './figures.js';
import { type Load, type LoadGenerator, loadGenerator } from './load-generators.js';
import { BENCHMARKS_PATH, writeSection } from './sections.js';
import { envNumber } from './settings.js';
import { startCeiling, startJsonFloor, startPrism, startSandboxProcess, type Target } from './targets.js';

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Server CPU per answered request, in µs. */
  cpuUs?: number;
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

/** Logs in to the sandbox, starts a session, and returns the three loads with the sandbox's own response bytes. */
export async function prepareLoads(sandbox: string): Promise<{ loads: Load[]; bodies: Record<string, string> }> {
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

/**
 * Goals, with every limit on: the sandbox's req/s at least `least` × the ceiling's and a p99 of `p99` ms or less (and
 * `GET /member/me/` 15 × Prism's). Bounds must cost nothing on the hot paths: reading who one is and recording an
 * outcome.
 */
const GOALS: Record<string, { least: number; p99: number }> = {
  'GET /member/me/': { least: 0.85, p99: 3 },
  'GET /features/qa/scenarios/list/': { least: 0.6, p99: 5 },
  'PATCH /features/qa/sessions/cases/': { least: 0.7, p99: 3 },
};

/** The req/s ratios of one request in a servers run, for the instructions part to print beside its counts. */
export interface RateRatios {
  sandboxOverCeiling: number;
  floorOverCeiling: number;
  sandboxOverFloor: number;
}

/**
 * Loads each server with each request and writes the section: figures, ratios, goals and start-up times. Returns the
 * req/s ratios by request name.
 */
export async function benchServers(): Promise<Map<string, RateRatios>> {
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
    targets.push(await startJsonFloor(bodies));
    targets.push(await startPrism());
    const order = ['ceiling', 'json', 'sandbox', 'prism'] as const;
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
      '| request | sandbox / Prism (req/s) | Prism / sandbox (server CPU per request) | sandbox / ceiling (req/s) | ceiling / sandbox (server CPU per request) | JSON floor / ceiling (req/s) | sandbox / JSON floor (req/s) |',
      '|---|---:|---:|---:|---:|---:|---:|',
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
      const j = results.get(`${load.name} json`) as Measured;
      const per = (over: Measured) =>
        s.cpuUs === undefined || over.cpuUs === undefined ? undefined : over.cpuUs / s.cpuUs;
      const show = (ratio: number | undefined) => (ratio === undefined ? '—' : fmt(ratio, 2));
      ratios.push(
        `| \`${load.name}\` | ${fmt(s.rps / p.rps, 2)} | ${show(per(p))} | ${fmt(s.rps / c.rps, 2)} | ${show(per(c))} | ${fmt(j.rps / c.rps, 2)} | ${fmt(s.rps / j.rps, 2)} |`,
      );
    }
    // A figure with refusals in it is no answer.
    const goal = loads.map((load, index) => {
      const s = results.get(`${load.name} sandbox`) as Measured;
      const c = results.get(`${load.name} ceiling`) as Measured;
      const ratio = s.rps / c.rps;
      const p = results.get(`${load.name} prism`) as Measured;
      const prism = s.rps / p.rps;
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      const { least, p99 } = GOALS[load.name] ?? { least: 0.6, p99: 5 };
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
      // What parsing the body and serialising the answer alone leave of the ceiling, for the reader of the ratio.
      const j = results.get(`${load.name} json`) as Measured;
      const floor = ` (the JSON floor itself: ${fmt(j.rps / c.rps, 2)} × the ceiling's req/s)`;
      return `- \`${load.name}\`: ${fmt(ratio, 2)} × the ceiling's req/s (goal ≥ ${least}): ${met(ratio >= least)}${floor}${overPrism}; p99 ${ms(s.p99)} ms (goal ≤ ${p99} ms): ${met(s.p99 <= p99)}${refused}.`;
    });
    const startup = ['| server | start-up (spawn → first answer) |', '|---|---:|'];
    for (const name of order) startup.push(`| ${name} | ${fmt(byName(name).startupMs)} ms |`);

    const cpus = os.cpus();
    const section = [
      '## Sandbox, Prism mock, a bare node:http ceiling and a JSON floor',
      '',
      `Command: \`BENCH_LOADER=${generator.name} BENCH_DURATION=${seconds} BENCH_ROUNDS=${rounds} BENCH_CONNECTIONS=${connections} npm run bench\` (warm-up ${warmup} s per server and request).`,
      `Measured ${new Date().toISOString()} on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      `Each server runs in its own process and the load generator, ${generator.description}, in another, so on a`,
      '2-core machine the server under test and the load generator each have a core; the four servers take turns, round',
      "after round, and each figure is the median over the rounds. The ceiling answers the sandbox's own response bytes",
      'for each path. The JSON floor is the ceiling plus what any JSON API does: it reads the body whole, parses it with',
      "`JSON.parse`, and serialises the answer (the sandbox's bytes, as an object) with `JSON.stringify`; it checks and",
      "stores nothing. Prism (log level error) answers the contract's examples. Server CPU is the server process's user +",
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
    const rates = new Map<string, RateRatios>();
    for (const load of loads) {
      const [c, j, s] = (['ceiling', 'json', 'sandbox'] as const).map(
        (name) => (results.get(`${load.name} ${name}`) as Measured).rps,
      ) as [number, number, number];
      rates.set(load.name, { sandboxOverCeiling: s / c, floorOverCeiling: j / c, sandboxOverFloor: s / j });
    }
    return rates;
  } finally {
    await Promise.all(targets.map((t) => t.close()));
  }
}
