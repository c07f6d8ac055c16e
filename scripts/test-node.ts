// npm run test:node -- <major> (docs/testing.md, "Node versions"): fetches Node <major> from the npm registry (the
// node-<platform>-<arch> package) into a temporary directory, puts its bin first on PATH, and runs the set of tests
// that exercises what users run on it: the build, the client and sandbox tests, the conformance doors, the mock, the
// docs' samples and the packages installed by name. Not part of npm test: it downloads Node.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** What runs under the fetched Node, one step after another (the machine may be shared: never two at once). */
const STEPS: [name: string, command: string[]][] = [
  ['build', ['npm', 'run', 'build']],
  ['CLI --help', ['npm', 'run', '--silent', 'conformance', '--', '--help']],
  [
    'client and sandbox',
    [
      'npx',
      'vitest',
      'run',
      'test/client',
      'test/sandbox',
      '--exclude',
      '**/backpressure/**',
      '--exclude',
      '**/node_modules/**',
    ],
  ],
  [
    'conformance, mock, docs samples',
    [
      'npx',
      'vitest',
      'run',
      ...['engine', 'preflight', 'cases', 'cli', 'vitest-door', 'targets', 'redact', 'har'].map(
        (f) => `test/conformance/${f}.test.ts`,
      ),
      'test/mock/prism.test.ts',
      'test/docs/code-samples.test.ts',
    ],
  ],
  ['packages installed by name', ['npx', 'vitest', 'run', 'test/package']],
];

const major = process.argv[2];
if (major === undefined || !/^\d+$/.test(major)) {
  console.error(
    'Usage: npm run test:node -- <major>   (e.g. 24: fetches Node 24 from the npm registry and runs the set)',
  );
  process.exit(2);
}
const name = `node-${process.platform}-${process.arch}`;
const dir = mkdtempSync(join(tmpdir(), `node-${major}-`));
let failed = false;
try {
  const fetched = spawnSync('npm', ['pack', '--loglevel=error', `${name}@${major}`], { cwd: dir, encoding: 'utf8' });
  if (fetched.status !== 0) throw new Error(`npm pack ${name}@${major} failed: ${fetched.stderr.trim()}`);
  const tarball = fetched.stdout.trim().split('\n').at(-1) as string;
  const untar = spawnSync('tar', ['-xzf', tarball], { cwd: dir, stdio: 'inherit' });
  if (untar.status !== 0) throw new Error(`tar could not unpack ${tarball}`);
  const env = { ...process.env, PATH: `${join(dir, 'package/bin')}${delimiter}${process.env.PATH ?? ''}` };
  const version = spawnSync('node', ['--version'], { env, encoding: 'utf8' }).stdout.trim();
  if (!version.startsWith(`v${major}.`)) throw new Error(`node on PATH is ${version}, not ${major}`);
  const results: string[] = [];
  for (const [step, [command, ...args]] of STEPS) {
    console.log(`\n== ${version}: ${step}`);
    const run = spawnSync(command as string, args, { cwd: root, env, stdio: 'inherit' });
    failed ||= run.status !== 0;
    results.push(`${run.status === 0 ? 'pass' : `FAIL (exit ${run.status ?? run.signal})`}  ${step}`);
  }
  console.log(`\nNode ${version}:\n  ${results.join('\n  ')}`);
} catch (error) {
  console.error(`test:node: ${(error as Error).message}`);
  failed = true;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
