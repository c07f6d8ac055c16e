// The load generators npm run bench drives (docs/benchmarks.md): wrk where it is installed, else autocannon.
//
// wrk (C, one thread here) needs a fraction of the CPU autocannon (Node) needs for the same req/s, so on a 2-core
// machine it leaves the server under test more of the machine and caps fast servers far later. autocannon comes with
// npm ci, so the bench runs anywhere; it says which one measured.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Load {
  name: string;
  method: 'GET' | 'PATCH';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one measurement of one server under one load gives; latencies in ms. */
export interface Generated {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface LoadGenerator {
  name: 'wrk' | 'autocannon';
  /** How it loads the server, for the benchmarks page. */
  description: string;
  run(origin: string, load: Load, seconds: number, connections: number): Promise<Generated>;
}

const AUTOCANNON = fileURLToPath(new URL('../../node_modules/.bin/autocannon', import.meta.url));

function exec(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}

const autocannon: LoadGenerator = {
  name: 'autocannon',
  description: 'autocannon (one Node process, no pipelining; latencies in whole ms, 0 meaning under 1 ms)',
  async run(origin, load, seconds, connections) {
    const args = ['-j', '-n', '-c', String(connections), '-d', String(seconds), '-m', load.method];
    for (const [k, v] of Object.entries(load.headers)) args.push('-H', `${k}=${v}`);
    if (load.body !== undefined) args.push('-b', load.body);
    args.push(`${origin}${load.path}`);
    const r = JSON.parse(await exec(AUTOCANNON, args));
    return {
      requests: r.requests.total,
      seconds: r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
    };
  },
};

// wrk's own report is text; this script makes it print one JSON line. Method, body and headers come from the
// environment so that one script serves every load.
const WRK_SCRIPT = `
wrk.method = os.getenv("BENCH_METHOD")
local body = os.getenv("BENCH_BODY")
if body ~= nil and body ~= "" then wrk.body = body end
for line in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^\\n]+") do
  local name, value = string.match(line, "^([^:]+): (.*)$")
  wrk.headers[name] = value
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"us":%d,"p50":%d,"p99":%d,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
`;

const wrk: LoadGenerator = {
  name: 'wrk',
  description: 'wrk (one thread, no pipelining; latencies in µs, shown in ms)',
  async run(origin, load, seconds, connections) {
    const dir = mkdtempSync(join(os.tmpdir(), 'bench-wrk-'));
    try {
      const script = join(dir, 'load.lua');
      writeFileSync(script, WRK_SCRIPT);
      const env = {
        ...process.env,
        BENCH_METHOD: load.method,
        BENCH_BODY: load.body ?? '',
        BENCH_HEADERS: Object.entries(load.headers)
          .map(([k, v]) => `${k}: ${v}`)
          .join('\n'),
      };
      const args = ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '-s', script, `${origin}${load.path}`];
      const stdout = await new Promise<string>((resolve, reject) => {
        execFile('wrk', args, { env, maxBuffer: 1024 * 1024 }, (error, out) => (error ? reject(error) : resolve(out)));
      });
      const line = stdout.split('\n').find((l) => l.startsWith('{"requests"'));
      if (line === undefined) throw new Error(`wrk printed no figures:\n${stdout}`);
      const r = JSON.parse(line);
      return {
        requests: r.requests,
        seconds: r.us / 1e6,
        p50: r.p50 / 1000,
        p99: r.p99 / 1000,
        non2xx: r.non2xx,
        errors: r.errors,
      };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

function installed(command: string): boolean {
  try {
    execFileSync(command, ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk --version prints its version and exits 1: only a missing command is "not installed".
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

/** BENCH_LOADER=wrk|autocannon, else wrk when it is on PATH, else autocannon. */
export function loadGenerator(choice = process.env.BENCH_LOADER): LoadGenerator {
  if (choice === 'autocannon') return autocannon;
  if (choice === 'wrk') {
    if (!installed('wrk')) throw new Error('BENCH_LOADER=wrk but wrk is not on PATH (apt-get install wrk)');
    return wrk;
  }
  if (choice !== undefined && choice !== '') throw new Error('BENCH_LOADER must be wrk or autocannon');
  return installed('wrk') ? wrk : autocannon;
}
