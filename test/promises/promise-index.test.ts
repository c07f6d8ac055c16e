// The promise index stays honest (docs/promises.md, docs/testing.md "Tests from promises"): every flag and environment
// variable the README, the docs, the package READMEs or a --help names, and every option of the kit's doors, is used
// by at least one test file (as a literal in its source), and every row of the index names a test file and a test that
// exist. Read from the texts and the option types (test/promises/promised.ts), so what other changes add is held too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DOORS,
  doorOptions,
  type Named,
  promisedFlags,
  promisedVariables,
  promisingPages,
  ROOT,
  testSources,
  usageModules,
} from './promised.js';

/**
 * What the texts name that no test here can use, each with its reason. Everything else named gets a test; a promise
 * still waiting for one is a "no test yet" row of docs/promises.md, never a line here.
 */
const CANNOT_BE_TESTED_HERE: Record<string, string> = {
  // Other tools' options, named where the docs show how to run those tools.
  '--location': "npm config's option (README, publishing to a team registry)",
  '--no-save': "npm install's option (docs/conformance.md, a CI recipe)",
  '--mutate': "Stryker's option: mutation runs take minutes a file and are run by hand (docs/testing.md)",
  '--concurrency': "Stryker's option (docs/testing.md)",
  '--force': "Stryker's option (docs/testing.md)",
  '--sequence': "Vitest's option (docs/testing.md, the shuffle)",
  '--maxWorkers': "Vitest's option (docs/testing.md, one file at a time)",
  '--name-only': "git diff's option (docs/testing.md, the files a change touched)",
  '--localstorage-file': "Node's option, named in a warning MSW causes on Node 26 (docs/testing.md)",
  '--perf-basic-prof': "Node's option for profiling the bench (docs/benchmarks.md)",
  '--cpu-prof': "Node's option, named in docs/testing.md as how a whole run's CPU was profiled",
  '--no-concurrent-recompilation':
    "V8's option, named in docs/benchmarks.md as one tried on the counts that did not help",
  '--no-memory-reducer': "V8's option, named in docs/benchmarks.md as one tried on the counts, not committed",
  '--no-flush-bytecode': "V8's option, named in docs/benchmarks.md as one tried on the counts that did not help",
  '--retain-maps-for-n-gc': "V8's option, named in docs/benchmarks.md in why feedback maps are lost after an idle",
  '--trace-gc': "V8's option, named in docs/benchmarks.md as how the memory-reducing collection was seen",
  '--trace-opt': "V8's option, named in docs/benchmarks.md as how the compiling in the counted window was seen",
  '--trace-deopt': "V8's option, named in docs/benchmarks.md beside --trace-opt, for the deoptimisations before it",
  '--tool': "valgrind's option the bench's instructions part runs the servers with (docs/benchmarks.md)",
  '--instr-atstart': "callgrind's option the bench's instructions part runs the servers with (docs/benchmarks.md)",
  '--inclusive': "callgrind_annotate's option for reading the bench's dumps (docs/benchmarks.md)",
  '--severity': "Redocly respect's option for the Arazzo workflows (docs/conformance.md)",
  SCHEMA_CHECK: "a rule name of Redocly respect's --severity (docs/conformance.md)",
  '--dynamic': "Prism's option, named as the one the kit does not use (docs/mock.md)",
  '--no-cors':
    "Prism's option the mock always runs Prism with, behind its own front door, not one the user sets; the door's origin rule is tested by test/mock/origins.test.ts",
  '--errors':
    "Prism's option the proxy always runs with, not one the user sets; what it gives is tested by test/mock/prism.test.ts ('a response that breaks the contract becomes a 500 problem+json listing the violations')",
  // A real registry's login: the tests publish to a local registry that needs none, and reach no other network.
  NPM_TOKEN: 'the login to a real npm registry (README "Publishing the packages")',
  // The bench's settings: `npm run bench` loads servers for minutes and measures, it asserts nothing (docs/testing.md
  // "No wall clock decides a pass"); it is run by hand, never in npm test.
  BENCH_PARTS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_AMPLIFIER: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_ATTACK_SECONDS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_CONFORMANCE_RUNS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_CONNECTIONS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_DOCS_LOADS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_DURABILITY_RUNS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_DURATION: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_LOADER: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_ROUNDS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_STARTS: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_COUNT_WARMUP: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_COUNTED: 'a setting of npm run bench (docs/benchmarks.md)',
  BENCH_CALLGRIND_OUT: 'a setting of npm run bench (docs/benchmarks.md)',
  // The user's own variables in the docs' example profiles: what they rely on, `${NAME}` in a profile, is tested by
  // test/conformance/profile-env.test.ts with names of its own.
  QA_USERNAME: "a user's own variable in an example profile (docs/conformance.md)",
  QA_PASSWORD: "a user's own variable in an example profile (docs/conformance.md)",
  QA_BOT_PASSWORD: "a user's own variable in an example profile (docs/conformance.md)",
  QA_CAPTCHA: "a user's own variable in an example profile (docs/conformance.md)",
  STAGING_API_URL: "a user's own variable in an example profile (docs/conformance.md)",
  STAGING_TEST_CAPTCHA: "a user's own variable in an example profile (docs/conformance.md)",
  STRANGER_PASSWORD: "a user's own variable in an example profile (conformance/README.md)",
};

const INDEX = 'docs/promises.md';

interface Row {
  line: number;
  names: string[];
  /** "no test yet" in the test-file cell: a promise waiting for its test. */
  waiting: boolean;
  file?: string;
  test?: string;
}

/** The index's table rows: the names in the first cell's code spans, and the test file and test name beside them. */
function indexRows(): Row[] {
  const rows: Row[] = [];
  readFileSync(join(ROOT, INDEX), 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.startsWith('| ') || text.startsWith('| promise') || text.startsWith('|---')) return;
      const cells = text
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((c) => c.replaceAll('\\|', '|').trim());
      const [promise = '', file = '', test = ''] = cells;
      const names = [...promise.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
      const path = /^`(test\/[^`]+)`$/.exec(file)?.[1];
      rows.push({ line: i + 1, names, waiting: file === 'no test yet', ...(path ? { file: path, test } : {}) });
    });
  return rows;
}

const noTestYet = () =>
  new Set(
    indexRows()
      .filter((r) => r.waiting)
      .flatMap((r) => r.names),
  );

describe('the promise index', () => {
  // Test files only (a helper's use counts once a test file uses the option or flag itself, as the user would).
  const sources = new Map([...testSources()].filter(([file]) => /\.(test|conformance)\.ts$/.test(file)));
  const all = [...sources.values()].join('\n');
  const literal = (name: string) => new RegExp(`(?<![\\w-])${name.replace(/[-$]/g, '\\$&')}(?![\\w-])`);
  const used = (name: string) => literal(name).test(all);
  const missing = (named: Named[]) => {
    const waiting = noTestYet();
    return named
      .filter((n) => !used(n.name) && !(n.name in CANNOT_BE_TESTED_HERE) && !waiting.has(n.name))
      .map((n) => `${n.name} (named in ${n.where.join(', ')})`);
  };

  it('reads the texts: every page, each command with a --help, and the flags and variables in them', () => {
    const pages = promisingPages();
    for (const page of ['README.md', 'docs/sandbox.md', 'docs/conformance.md', 'docs/mock.md', 'client/README.md'])
      expect(pages).toContain(page);
    expect(usageModules()).toEqual(
      expect.arrayContaining(['mocks/sandbox/main.ts', 'mocks/prism/bin.ts', 'conformance/cli/args.ts']),
    );
    const flags = promisedFlags().map((f) => f.name);
    for (const flag of ['--port', '--world', '--target', '--junit', '--base']) expect(flags).toContain(flag);
    const variables = promisedVariables().map((v) => v.name);
    for (const variable of ['PORT', 'SANDBOX_WORLD', 'MOCK_PORT']) expect(variables).toContain(variable);
  });

  it('every flag the docs or a --help name is used by a test', () => {
    expect(missing(promisedFlags())).toEqual([]);
  });

  it('every environment variable the docs or a --help name is used by a test', () => {
    expect(missing(promisedVariables())).toEqual([]);
  });

  it("reads each door's options from its exported option type", () => {
    const doors = doorOptions();
    expect(doors.map((d) => d.door)).toEqual(DOORS.map((d) => d.door));
    for (const { door, options } of doors) expect(options.length, door).toBeGreaterThan(2);
    const byDoor = Object.fromEntries(doors.map((d) => [d.door, d.options]));
    expect(byDoor.runConformance).toEqual(expect.arrayContaining(['target', 'profile', 'seed', 'har']));
    // describeConformance's type leaves out runConformance's `har` and redeclares `profile`.
    expect(byDoor.describeConformance).toEqual(expect.arrayContaining(['name', 'profile', 'seed', 'strict']));
    expect(byDoor.createApiClient).toEqual(expect.arrayContaining(['baseUrl', 'credential', 'timeoutMs']));
  });

  it('every option of every door is used by a test file that calls that door', () => {
    const waiting = noTestYet();
    const gaps: string[] = [];
    for (const { door, module, options } of doorOptions()) {
      const callers = [...sources.values()].filter((s) => s.includes(door));
      for (const option of options) {
        const id = `${door}.${option}`;
        if (waiting.has(id) || id in CANNOT_BE_TESTED_HERE) continue;
        if (!callers.some((s) => literal(option).test(s))) gaps.push(`${id} (declared in ${module})`);
      }
    }
    expect(gaps).toEqual([]);
  });

  it('every row names a test file that exists and a test that is in it', () => {
    const rows = indexRows();
    expect(rows.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const row of rows) {
      if (!row.file) continue;
      const source = existsSync(join(ROOT, row.file)) ? readFileSync(join(ROOT, row.file), 'utf8') : undefined;
      if (source === undefined) wrong.push(`${INDEX}:${row.line}: no file ${row.file}`);
      else if (!row.test || !source.includes(row.test))
        wrong.push(`${INDEX}:${row.line}: no test "${row.test}" in ${row.file}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a "no test yet" row is for a promise no test uses yet: once one does, the row names it', () => {
    const doorOptionIds = new Map<string, { door: string; option: string }>(
      doorOptions().flatMap(({ door, options }) => options.map((o) => [`${door}.${o}`, { door, option: o }] as const)),
    );
    const stale = [...noTestYet()].filter((name) => {
      const option = doorOptionIds.get(name);
      if (option) return [...sources.values()].some((s) => s.includes(option.door) && literal(option.option).test(s));
      return used(name);
    });
    expect(stale).toEqual([]);
  });

  it('each exclusion is still named by a text, and no promise is both excluded and waiting for a test', () => {
    const named = new Set([
      ...promisedFlags().map((f) => f.name),
      ...promisedVariables().map((v) => v.name),
      ...doorOptions().flatMap(({ door, options }) => options.map((o) => `${door}.${o}`)),
    ]);
    expect(Object.keys(CANNOT_BE_TESTED_HERE).filter((name) => !named.has(name))).toEqual([]);
    expect(Object.keys(CANNOT_BE_TESTED_HERE).filter((name) => noTestYet().has(name))).toEqual([]);
  });
});
