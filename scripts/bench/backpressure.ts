// The back-pressure part of npm run bench (docs/benchmarks.md "Back-pressure"): a sandbox process's memory and another
// client's answers while clients pipeline requests for a large page and never read (drivers/pipelining-attack.ts).
import os from 'node:os';
import { expectAnswer } from '../../drivers/loader.js';
import { pipeline, prepareCasePage, probe } from '../../drivers/pipelining-attack.js';
import { fmt } from './figures.js';
import { sleep, startSandboxProcess } from './targets.js';

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
export async function benchBackpressure(seconds: number): Promise<string> {
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
