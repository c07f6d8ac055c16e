// The server the --state part of npm run bench measures (docs/benchmarks.md): a saved world behind the node host, kept by the journal or, for comparison, by whole-file rewrites.
//
// node --import tsx scripts/bench/durability-server.ts FILE journal|rewrite [COMPACT_AFTER_BYTES]
// Prints one JSON line {"port": n, "loadMs": n} once it listens. SIGUSR1 starts measuring how long its event loop is
// held up and its CPU time; SIGUSR2 prints {"loopP99": ms, "loopMax": ms, "cpuMs": ms} since then. Stops on SIGTERM.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { type Answer, createSandbox, fetchHandlerOf, type SandboxRequest } from '../../mocks/sandbox/core/app.js';
import type { Store } from '../../mocks/sandbox/domain/store.js';
import { durable } from '../../mocks/sandbox/hosts/durable.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { hashesSettled } from '../../mocks/sandbox/worlds/snapshot.js';
import { loadStateFile, writeFileAtomically } from '../../mocks/sandbox/worlds/state-file.js';

const [file, mode, compactAfter] = process.argv.slice(2);
if (!file || (mode !== 'journal' && mode !== 'rewrite')) {
  console.error('usage: bench-durability-server.ts FILE journal|rewrite [COMPACT_AFTER_BYTES]');
  process.exit(2);
}

/** The whole world as one JSON text, as the sandbox saved it before the journal: every row serialized each time. */
function wholeText(store: Store, hashes: Map<Promise<string>, string>): string {
  return JSON.stringify({
    accounts: [...store.accounts.values()].map((a) => ({ ...a, passwordHash: hashes.get(a.passwordHash) })),
    registrations: [...store.registered().values()],
    companies: [...store.companies.values()].map((c) => ({ ...c, members: [...c.members] })),
    boards: [...store.boards.values()],
    tokens: [...store.tokens.values()],
    scenarios: [...store.scenarios.values()],
    cases: [...store.cases.values()],
    sessions: [...store.sessions.values()],
    caseReports: [...store.caseReports.values()],
    tasks: [...store.tasks.values()],
  });
}

/**
 * The design the journal replaced, for comparison: a write is answered once a save that holds it is on disk, saves
 * are grouped, and each save serializes the whole world and rewrites the file (temporary, fsync, rename).
 */
async function wholeFileRewrites(sandbox: ReturnType<typeof createSandbox>) {
  const hashes = new Map<Promise<string>, string>();
  let waiting: Array<() => void> = [];
  let saving = false;
  async function saveGroups() {
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      await hashesSettled(sandbox.store);
      for (const account of sandbox.store.accounts.values())
        hashes.set(account.passwordHash, await account.passwordHash);
      await writeFileAtomically(file as string, wholeText(sandbox.store, hashes));
      for (const settle of group) settle();
    }
    saving = false;
  }
  return fetchHandlerOf(async (request: SandboxRequest): Promise<Answer> => {
    const answered = await sandbox.answer(request);
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || answered.status >= 400) return answered;
    await new Promise<void>((resolve) => {
      waiting.push(resolve);
      if (!saving) {
        saving = true;
        void saveGroups();
      }
    });
    return answered;
  });
}

const started = performance.now();
const loaded = await loadStateFile(file);
if (!loaded) throw new Error(`no state file at ${file}`);
const loadMs = performance.now() - started;
const sandbox = createSandbox({ store: loaded.store });
const fetch =
  mode === 'journal'
    ? (await durable(file, sandbox, { loaded, ...(compactAfter ? { compactAfterBytes: Number(compactAfter) } : {}) }))
        .fetch
    : await wholeFileRewrites(sandbox);
const server = await startSandboxServer({ port: 0, fetch });
console.log(JSON.stringify({ port: new URL(server.origin).port, loadMs }));
// How long the event loop was held up, whatever the machine's load: what every other client waits for.
// And the CPU time it used meanwhile, which the machine's other work does not change.
const loop = monitorEventLoopDelay({ resolution: 1 });
let cpu = process.cpuUsage();
process.on('SIGUSR1', () => {
  loop.reset();
  loop.enable();
  cpu = process.cpuUsage();
});
process.on('SIGUSR2', () => {
  loop.disable();
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  console.log(JSON.stringify({ loopP99: loop.percentile(99) / 1e6, loopMax: loop.max / 1e6, cpuMs }));
});
process.on('SIGTERM', () => {
  server.close().then(() => process.exit(0));
});
