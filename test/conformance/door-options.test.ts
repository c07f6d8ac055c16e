// Equal doors, equal options (docs/conformance.md, "Flags" and "From a script"): each CLI flag and its counterpart in
// runConformance send the same requests and give the same verdict, rule by rule, against the same server. The sandbox
// on a free port writes down what each run sent.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../conformance/cli/main.js';
import { loadProfile } from '../../conformance/profile.js';
import { type ConformanceOptions, runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';

const TARGET = 'conformance/targets/sandbox.json';
const dir = mkdtempSync(join(tmpdir(), 'door-options-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  /** Rule id → outcome. */
  outcomes: Record<string, string>;
  /** Every `METHOD path` the run sent (ids and query values left out: they differ from run to run). */
  sent: string[];
}

/** A fresh sandbox on a free port for one run; what it received, as `METHOD path` with query names only. */
async function onFreshSandbox(run: (baseUrl: string) => Promise<Record<string, string>>): Promise<Run> {
  const sandbox = createSandbox();
  const sent = new Set<string>();
  const server = await startSandboxServer({
    port: 0,
    keepAliveTimeoutMs: KEPT_ALIVE_MS,
    fetch: (req) => {
      const url = new URL(req.url);
      sent.add(
        `${req.method} ${url.pathname.replace(/\d+/g, 'N')}?${[...new Set(url.searchParams.keys())].sort().join('&')}`,
      );
      return sandbox.fetch(req);
    },
  });
  try {
    const outcomes = await run(server.baseUrl);
    return { outcomes, sent: [...sent].sort() };
  } finally {
    await server.close();
  }
}

async function throughCli(baseUrl: string, flags: string[]): Promise<Record<string, string>> {
  const report = join(dir, `${flags.join('_').replace(/[^\w-]/g, '')}.json`);
  let output = '';
  const code = await main(
    ['--target', TARGET, '--base-url', baseUrl, '--quiet', '--timeout', '30000', '--json', report, ...flags],
    {
      out: (t) => {
        output += t;
      },
      err: (t) => {
        output += t;
      },
      env: {},
    },
  );
  expect(code, output).toBeLessThan(2);
  const { rules } = JSON.parse(readFileSync(report, 'utf8')) as { rules: { id: string; outcome: string }[] };
  return Object.fromEntries(rules.map((r) => [r.id, r.outcome]));
}

async function throughScript(baseUrl: string, options: Partial<ConformanceOptions>): Promise<Record<string, string>> {
  const result = await runConformance({
    target: baseUrl,
    profile: loadProfile(TARGET, {}, baseUrl),
    timeoutMs: 30_000,
    ...options,
  });
  return Object.fromEntries(result.rules.map((r) => [r.id, r.outcome]));
}

const PAIRS: { flags: string[]; options: Partial<ConformanceOptions> }[] = [
  { flags: ['--only', 'tokens', '--read-only'], options: { only: ['tokens'], readOnly: true } },
  { flags: ['--only', 'login', '--no-register'], options: { only: ['login'], register: false } },
  { flags: ['--only', 'auth', '--skip', 'AUTH-03,AUTH-04'], options: { only: ['auth'], skip: ['AUTH-03', 'AUTH-04'] } },
  { flags: ['--only', 'envelope', '--no-preflight'], options: { only: ['envelope'], preflight: false } },
  {
    flags: ['--only', 'generated', '--seed', '7', '--max-examples', '2'],
    options: { only: ['generated'], seed: 7, maxExamples: 2 },
  },
];

// One after the other: each pair is two whole runs, and npm test runs other files beside this one.
describe('each CLI flag and its runConformance option: the same requests, the same verdicts', {
  timeout: 300_000,
}, () => {
  it.each(PAIRS)('$flags', async ({ flags, options }) => {
    const cli = await onFreshSandbox((baseUrl) => throughCli(baseUrl, flags));
    const script = await onFreshSandbox((baseUrl) => throughScript(baseUrl, options));
    expect(Object.keys(cli.outcomes).length, 'rules the CLI reported').toBeGreaterThan(0);
    expect(cli.outcomes).toEqual(script.outcomes);
    expect(cli.sent).toEqual(script.sent);
  });
});
