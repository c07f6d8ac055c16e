// npm run bench (docs/benchmarks.md): sandbox vs Prism mock vs a bare node:http ceiling and a JSON floor, loaded by wrk or autocannon in its own process.
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
// It counts the instructions a request of the ceiling, the JSON floor and the sandbox by callgrind where valgrind is
// installed (instructions: BENCH_COUNT_WARMUP and BENCH_COUNTED requests, BENCH_CALLGRIND_OUT keeps the dumps).
// BENCH_PARTS=servers, instructions, conformance, startup, memory, backpressure, durability, docs or field-errors
// (comma-separated) runs those parts only. A request that sets up a load and meets a refusal stops the run, naming it.
import { fileURLToPath } from 'node:url';
import { benchBackpressure } from './backpressure.js';
import { benchConformance } from './conformance.js';
import { benchDocs } from './docs.js';
import { benchDurability } from './durability.js';
import { benchFieldErrors } from './field-errors.js';
import { benchInstructions } from './instructions.js';
import { benchMemory } from './memory.js';
import { BENCHMARKS_PATH, writeSection } from './sections.js';
import { benchServers } from './servers.js';
import { envNumber } from './settings.js';
import { benchStartup } from './startup.js';
import { prestart } from './targets.js';

async function main(): Promise<void> {
  const parts = (
    process.env.BENCH_PARTS ??
    'servers,instructions,conformance,startup,memory,backpressure,durability,docs,field-errors'
  ).split(',');
  if (parts.includes('field-errors')) {
    writeSection(BENCHMARKS_PATH, 'field-errors', await benchFieldErrors(envNumber('BENCH_ROUNDS', 5)));
  }
  if (parts.includes('docs')) writeSection(BENCHMARKS_PATH, 'docs', await benchDocs(envNumber('BENCH_DOCS_LOADS', 5)));
  if (parts.includes('durability')) {
    writeSection(BENCHMARKS_PATH, 'durability', await benchDurability(envNumber('BENCH_DURABILITY_RUNS', 5)));
  }
  if (['servers', 'instructions', 'conformance', 'memory', 'backpressure'].some((part) => parts.includes(part)))
    await prestart();
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
  // The counts go last, with the req/s ratios of the servers part beside them when it ran in the same command.
  const rates = parts.includes('servers') ? await benchServers() : undefined;
  if (parts.includes('instructions')) writeSection(BENCHMARKS_PATH, 'instructions', await benchInstructions(rates));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
