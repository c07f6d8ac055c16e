// The --state part of npm run bench (docs/benchmarks.md, docs/sandbox.md "Durability (--state)"): what a write costs on a full world, and what writers cost a reader.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { hashesSettled, SavedWorld } from '../../mocks/sandbox/worlds/snapshot.js';
import { writeFileAtomically } from '../../mocks/sandbox/worlds/state-file.js';
import { fmt, median } from './figures.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const WRITERS = 4;
/** The reader's pace: a read every 5 ms. */
const READ_EVERY_MS = 5;

/**
 * A `large` world filled with cases up to its memory budget (64 MiB) but 200 kB, so that writes fit (over 99% full),
 * saved to `file` as the sandbox saves it: the "full world" of a shared sandbox.
 */
async function fullWorld(file: string): Promise<void> {
  const sandbox = createSandbox({ world: 'large' });
  const store = sandbox.store;
  const text = 'x'.repeat(10_000);
  const board = [...store.boards.values()][0];
  const scenario = [...store.scenarios.values()].find((s) => s.boardId === board?.id);
  if (!board || !scenario) throw new Error('the large world has no scenario');
  // Written outside a request, as the seed is, so never refused (no payer): filled by the running count.
  while (store.usage().world < store.limits.worldBytes - 200_000) {
    store.addCase({
      boardId: board.id,
      scenarioId: scenario.id,
      title: 'filler',
      description: text,
      steps_to_reproduce: '',
      expected_result: '',
    });
  }
  await hashesSettled(store);
  await writeFileAtomically(file, `${[...SavedWorld.of(store).text(1)].join('')}\n`);
}

/** One keep-alive connection: its requests go one after the other on one socket. */
function connection(port: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    new Promise<{ status: number; json: unknown; ms: number }>((resolve, reject) => {
      const started = performance.now();
      const text = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path: `/api${path}`,
          agent,
          headers: text === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        },
        (res) => {
          let data = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            data += chunk;
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              json: data ? JSON.parse(data) : undefined,
              ms: performance.now() - started,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  return { send, close: () => agent.destroy() };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

interface Measured {
  loadMs: number;
  writeMs: number[];
  idleReads: number[];
  busyReads: number[];
  acks: number;
  seconds: number;
  compacted: boolean;
  /** The server's event loop held up while the four wrote (p99 and max, ms), and the CPU time it used (ms). */
  loop: { loopP99: number; loopMax: number; cpuMs: number };
}

/** Starts the server over `file` in its own process (a core of its own) and measures writes and a reader. */
async function measure(file: string, mode: string, seconds: number, compactAfter?: number): Promise<Measured> {
  const args = ['--import', 'tsx', 'scripts/bench/durability-server.ts', file, mode];
  if (compactAfter !== undefined) args.push(String(compactAfter));
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    // The server's answers, one JSON line each.
    const lines: string[] = [];
    let out = '';
    let heard: () => void = () => {};
    child.stdout?.on('data', (chunk) => {
      out += chunk;
      for (let end = out.indexOf('\n'); end >= 0; end = out.indexOf('\n')) {
        lines.push(out.slice(0, end));
        out = out.slice(end + 1);
        heard();
      }
    });
    const nextLine = <T>() =>
      new Promise<T>((resolve, reject) => {
        const take = () => {
          const line = lines.shift();
          if (line !== undefined) resolve(JSON.parse(line));
          else heard = take;
        };
        child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
        take();
      });
    const { port, loadMs } = await nextLine<{ port: number; loadMs: number }>();
    const setup = connection(port);
    const { member } = DEMO.accounts;
    const login = await setup.send(
      'POST',
      '/member/login/',
      {},
      {
        username: member.username,
        password: member.password,
        captcha_token: DEMO.captchaToken,
      },
    );
    const auth = { authorization: `JWT ${(login.json as { data: { access_token: string } }).data.access_token}` };
    const keys: string[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const created = await setup.send('POST', '/member/bearer-tokens/', auth, {
        title: `writer ${i}`,
        is_active: true,
      });
      if (created.status !== 201) throw new Error(`token creation answered ${created.status}`);
      keys.push((created.json as { data: { token: { key: string } } }).data.token.key);
    }
    const rename = (conn: ReturnType<typeof connection>, key: string, n: number) =>
      conn.send('PATCH', `/member/bearer-tokens/detail/?key=${key}`, auth, { title: `writer title ${n}` });

    // What one acknowledged write costs, alone.
    const writeMs: number[] = [];
    for (let n = 0; n < 10 * seconds; n++) {
      const answer = await rename(setup, keys[0] as string, n);
      if (answer.status !== 200) throw new Error(`a write answered ${answer.status}`);
      writeMs.push(answer.ms);
    }
    const reader = connection(port);
    // The reader reads at a steady rate and each read's time counts from when it was due: a read held up delays
    // the ones due after it, and they count it too (a closed loop would read less while held, hiding the delay).
    const readFor = async (ms: number) => {
      const reads: number[] = [];
      const start = performance.now();
      for (let due = start; due < start + ms; due += READ_EVERY_MS) {
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        // A timer may fire a little early: a read sent before it was due counts from when it was sent.
        const from = Math.min(due, performance.now());
        const answer = await reader.send('GET', '/member/me/', auth);
        if (answer.status !== 200) throw new Error(`a read answered ${answer.status}`);
        reads.push(performance.now() - from);
      }
      return reads;
    };
    const idleReads = await readFor(2000);
    // Four connections write as fast as they are answered while the reader reads.
    let stop = false;
    let acks = 0;
    const writers = keys.map(async (key, w) => {
      const conn = connection(port);
      for (let n = 0; !stop; n++) {
        const answer = await rename(conn, key, n);
        if (answer.status !== 200) throw new Error(`writer ${w}: a write answered ${answer.status}`);
        acks += 1;
      }
      conn.close();
    });
    child.kill('SIGUSR1');
    const busyReads = await readFor(seconds * 1000);
    child.kill('SIGUSR2');
    const loop = await nextLine<Measured['loop']>();
    const acksThen = acks;
    stop = true;
    await Promise.all(writers);
    reader.close();
    setup.close();
    // The file's first line is its snapshot: its seq is past 1 once a compaction wrote it.
    const compacted = Number(/"seq":(\d+)/.exec(readFileSync(file, 'utf8').slice(0, 200))?.[1]) > 1;
    return { loadMs, writeMs, idleReads, busyReads, acks: acksThen, seconds, compacted, loop };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.on('exit', resolve) : resolve(undefined)));
  }
}

/**
 * Fills a world to its memory budget, saves it, and measures three servers over the same file, one after the
 * other: the journal (one record a save), the journal with compactions running through the measure, and whole-file
 * rewrites (the design before the journal). Each: a write alone (median of 10 × `runs`), and a reader's `GET
 * /member/me/` while four connections rename their API token as fast as they are answered (`runs` seconds).
 */
export async function benchDurability(runs: number): Promise<string> {
  const dir = await mkdtemp(join(os.tmpdir(), 'bench-durable-'));
  try {
    const file = join(dir, 'world.json');
    await fullWorld(file);
    const bytes = statSync(file).size;
    const rows: string[] = [];
    const modes: Array<[string, string, number | undefined]> = [
      ['journal (append one record, fsync)', 'journal', undefined],
      [
        'journal, compacted every 256 KiB of records (the 30 MiB file rewritten in pieces, beside the writes)',
        'journal',
        2 ** 18,
      ],
      ['whole-file rewrite (the design before the journal)', 'rewrite', undefined],
    ];
    const results: Array<[string, Measured]> = [];
    for (const [label, mode, compactAfter] of modes) {
      await fullWorld(file);
      results.push([label, await measure(file, mode, runs, compactAfter)]);
    }
    for (const [label, m] of results) {
      rows.push(
        `| ${label} | ${fmt(median(m.writeMs), 1)} | ${fmt(m.loop.cpuMs / m.acks, 2)} | ${fmt(m.acks / m.seconds)} | ${fmt(percentile(m.idleReads, 99), 2)} | ` +
          `${fmt(percentile(m.busyReads, 50), 2)} | ${fmt(percentile(m.busyReads, 99), 1)} | ${fmt(Math.max(...m.busyReads), 1)} | ` +
          `${fmt(m.loop.loopP99, 1)} / ${fmt(m.loop.loopMax, 1)} |`,
      );
    }
    const journal = results[0]?.[1];
    const rewrite = results[2]?.[1];
    const goal = journal ? percentile(journal.busyReads, 99) : Number.NaN;
    const compacting = results[1]?.[1];
    return [
      '## Sandbox --state on a full world: write cost and a reader while four connections write',
      '',
      `Command: \`BENCH_PARTS=durability BENCH_DURABILITY_RUNS=${runs} npm run bench\`. A \`large\` world filled with cases up to its`,
      `memory budget (64 MiB; over 99% full), saved as a ${fmt(bytes / 2 ** 20, 1)} MiB state file in ${os.tmpdir()}; the server runs in its own`,
      `process over HTTP (node host), loading the file in ${fmt(journal?.loadMs ?? 0)} ms. A write is \`PATCH /member/bearer-tokens/detail/\` (a token's`,
      `new title), answered once it is on disk; the reader sends \`GET /member/me/\` every ${READ_EVERY_MS} ms on its own connection, and a read's`,
      'time counts from when it was due (a read held up delays the next ones, and they count it too). The server also measures',
      'how long its own event loop was held up while the four wrote (`monitorEventLoopDelay`): what any client waits for',
      "because of the server's work and of the machine's scheduling, and the CPU time it used, which the machine's other",
      "work does not change; the reader's figures add the client's own scheduling. The reader's p99 with no writers is the",
      "machine's noise floor.",
      `Write cost: median of ${10 * runs} writes alone. Under load: ${WRITERS} connections write as fast as they are answered`,
      `for ${runs} s while the reader reads. Node ${process.version}, load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      '| saving | ms per acknowledged write, alone | server CPU ms per acknowledged write, 4 writers (reads included) | acknowledged writes/s, 4 writers | reader p99 ms, no writers | reader p50 ms, 4 writers | reader p99 ms, 4 writers | reader max ms | server event loop held up, p99 / max ms |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `- Goal: a reader's p99 under 50 ms while 4 connections write: ${goal < 50 ? 'met' : 'not met'} with the journal (${fmt(goal, 1)} ms; ` +
        `${fmt(journal ? percentile(journal.idleReads, 99) : Number.NaN, 1)} ms with no writers, the machine's noise floor in this run)` +
        `${compacting ? `, ${fmt(percentile(compacting.busyReads, 99), 1)} ms with compactions running${compacting.compacted ? '' : ' (none ran)'}` : ''}` +
        `${rewrite ? `, against ${fmt(percentile(rewrite.busyReads, 99), 1)} ms with whole-file rewrites` : ''}.`,
      `- What the saving itself costs the others, whatever the machine's load: the server's event loop was held up p99 ${fmt(journal?.loop.loopP99 ?? Number.NaN, 1)} ms,`,
      `  max ${fmt(journal?.loop.loopMax ?? Number.NaN, 1)} ms with the journal (${fmt(compacting?.loop.loopMax ?? Number.NaN, 1)} ms with compactions running) against p99 ${fmt(rewrite?.loop.loopP99 ?? Number.NaN, 1)} ms, max`,
      `  ${fmt(rewrite?.loop.loopMax ?? Number.NaN, 1)} ms with whole-file rewrites; and it spent ${fmt(journal ? journal.loop.cpuMs / journal.acks : Number.NaN, 2)} ms of CPU per acknowledged write against ${fmt(rewrite ? rewrite.loop.cpuMs / rewrite.acks : Number.NaN, 1)} ms.`,
    ].join('\n');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
