// The --state part of npm run bench (docs/benchmarks.md, docs/sandbox.md "Durability (--state)"): what a write costs with a full world on disk.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { createSandbox } from '../mocks/sandbox/core/app.js';
import { API_PREFIX } from '../mocks/sandbox/core/router.js';
import { DEMO } from '../mocks/sandbox/worlds/seed.js';
import { durable, writeFileAtomically } from '../mocks/sandbox/worlds/state-file.js';
import { fmt, median } from './figures.js';

/**
 * Fills a `large` world with cases until its memory budget refuses more (the "full world" of a shared sandbox), puts
 * it behind `durable` over a file in a temporary folder, and times: a write that changes nothing (404), a write the
 * full world refuses (429), a write that is saved (a few cases deleted first to make room), and concurrent writes.
 */
export async function benchDurability(runs: number): Promise<string> {
  const dir = mkdtempSync(join(os.tmpdir(), 'bench-durable-'));
  try {
    const sandbox = createSandbox({ world: 'large' });
    const store = sandbox.store;
    const text = 'x'.repeat(10_000);
    const board = [...store.boards.values()][0];
    const scenario = [...store.scenarios.values()].find((s) => s.boardId === board?.id);
    if (!board || !scenario) throw new Error('the large world has no scenario');
    try {
      for (;;) {
        store.addCase({
          boardId: board.id,
          scenarioId: scenario.id,
          title: 'filler',
          description: text,
          steps_to_reproduce: '',
          expected_result: '',
        });
      }
    } catch {
      // The budget refused one more: the world is full.
    }
    const file = join(dir, 'world.json');
    let fileWrites = 0;
    const kept = await durable(file, sandbox, {
      write: async (t) => {
        fileWrites += 1;
        await writeFileAtomically(file, t);
      },
    });
    const call = (method: string, path: string, body?: unknown, auth?: string) =>
      kept.fetch(
        new Request(`http://sandbox.test${API_PREFIX}${path}`, {
          method,
          headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      );
    const { member } = DEMO.accounts;
    const login = await call('POST', '/member/login/', {
      username: member.username,
      password: member.password,
      captcha_token: DEMO.captchaToken,
    });
    const auth = `JWT ${((await login.json()) as { data: { access_token: string } }).data.access_token}`;
    const query = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    // A named API token: no per-board cap stands in the way (the large world's boards are at theirs), only the budget.
    const create = (title: string) => call('POST', '/member/bearer-tokens/', { title, is_active: true }, auth);

    const timed = async (what: () => Promise<Response>, status: number): Promise<number> => {
      const started = performance.now();
      const response = await what();
      const ms = performance.now() - started;
      if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}`);
      return ms;
    };
    const notFound: number[] = [];
    const refused: number[] = [];
    const saved: number[] = [];
    const writesBefore = fileWrites;
    for (let run = 0; run < runs; run++) {
      notFound.push(
        await timed(() => call('DELETE', `/features/qa/scenarios/999999999/?${query}`, undefined, auth), 404),
      );
      refused.push(await timed(() => create(`refused ${run}`), 429));
    }
    const unwritten = fileWrites - writesBefore;
    // Room for a few tokens: fillers go until the world is 200 kB under its budget (still over 99% full); the budget
    // is measured again at most once a second, so the deletions are seen after that.
    const fillers = [...store.cases.values()].filter((c) => c.title === 'filler');
    while (store.measureBytes() > store.limits.worldBytes - 200_000) {
      const filler = fillers.pop();
      if (!filler) break;
      store.cases.delete(filler.id);
    }
    await new Promise((resolve) => setTimeout(resolve, 1100));
    for (let run = 0; run < runs; run++) saved.push(await timed(() => create(`saved ${run}`), 201));
    const bytes = statSync(file).size;
    const writesAtBurst = fileWrites;
    const burstStarted = performance.now();
    const burst = await Promise.all(Array.from({ length: 50 }, (_, i) => create(`burst ${i}`)));
    const burstMs = performance.now() - burstStarted;
    const burstWrites = fileWrites - writesAtBurst;
    const burstOk = burst.filter((r) => r.status === 201).length;
    await kept.idle();

    return [
      '## Sandbox --state with a full world',
      '',
      `Command: \`BENCH_PARTS=durability BENCH_DURABILITY_RUNS=${runs} npm run bench\` (in process, no HTTP). A \`large\` world filled`,
      `with cases up to its memory budget (64 MiB; over 99% full where a write must succeed), saved to a ${fmt(bytes / 2 ** 20, 1)} MiB file in ${os.tmpdir()}; medians of ${runs} runs,`,
      `Node ${process.version}, load average at the end ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(' ')}.`,
      '',
      '| write | median ms | file writes |',
      '|---|---:|---:|',
      `| \`DELETE\` of a scenario that does not exist (404) | ${fmt(median(notFound), 2)} | ${unwritten} in ${runs * 2} (with the 429s) |`,
      `| \`POST\` of an API token, refused by the full world (429) | ${fmt(median(refused), 2)} | (same) |`,
      `| \`POST\` of an API token that is saved: snapshot, write, fsync, rename of the whole file | ${fmt(median(saved))} | 1 each |`,
      `| 50 concurrent \`POST\`s of an API token (${burstOk} answered 201), all answered | ${fmt(burstMs)} in all | ${burstWrites} |`,
    ].join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
