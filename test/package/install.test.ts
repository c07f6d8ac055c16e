// The release rehearsal (README "Publishing the packages"): the four packages packed, published with `npm publish` to a
// private registry (Verdaccio, test/support/registry.ts), then installed by name into an empty project with the
// install lines of the README, and used from there as a user does: entry points, types under two TypeScript
// releases, the bins, the docs page, each package README's example. Nothing of this checkout is on the path.
//
// Offline: the registry holds only @task-management/*; `npm install --prefer-offline` takes every other package from
// the npm cache that `npm ci` filled for this checkout (the packages pin the versions its lockfile installs).
// Timeouts bound hangs only: installs and type checks take minutes on a busy 2-core machine, and no check here
// depends on how long anything took.
import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PackedPackage, packAll, packageOf } from '../../packaging/pack.js';
import { PACKAGES } from '../../packaging/packages.js';
import { type Published, publishAll } from '../../packaging/publish.js';
import { DEMO_PROFILE } from '../conformance/fixtures/profile.js';
import { gone, killGroup, type Running, start, userEnv } from '../support/commands.js';
import { type Registry, startRegistry } from '../support/registry.js';

vi.setConfig({ testTimeout: 10 * 60_000, hookTimeout: 20 * 60_000 });

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'kit-release-'));
/** The user's project: empty but for the registry line, then the README's install lines, run as written. */
const app = join(work, 'app');
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
/** The version every package is published at. */
const version: string = rootManifest.version;
const pins: Record<string, string> = { ...rootManifest.dependencies, ...rootManifest.devDependencies };
/** The newest TypeScript that runs on Node 20 here (7.x, the native compiler), beside the 5.9 this checkout uses. */
const NEWEST_TYPESCRIPT = '7.0.2';
/** The published packages must stay small for a dev dependency: each at most this many bytes installed (`du`). */
const MAX_INSTALLED_BYTES = 2_500_000;
let registry: Registry;
let packed: Record<string, PackedPackage> = {};
let dryRun: Published[] = [];
const running: Running[] = [];

/** Packages that belong to servers and test runs: none may reach a frontend project through the client. */
const SERVER_SIDE = [
  'vitest',
  'ajv',
  'ajv-formats',
  'jose',
  '@stoplight/prism-cli',
  'tsx',
  'fast-check',
  'msw',
  'yaml',
];

function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...userEnv(), ...extra };
}

async function npm(args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, { cwd: app, env: env(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** A command in the user's project, its outcome whatever its exit code. */
async function inApp(command: string, args: string[], extra: Record<string, string> = {}): Promise<Outcome> {
  try {
    const { stdout, stderr } = await run(command, args, { cwd: app, env: env(extra), maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, stdout, stderr };
  }
}

/** `npx --no <bin> …`: the installed bin or nothing (never a download). */
const npx = (args: string[], extra: Record<string, string> = {}) => inApp('npx', ['--no', '--', ...args], extra);

/**
 * The install lines of the README's "Install and run" table, in its order, as a user copies them. A bare package of
 * someone else's (`vitest`) gets the version this checkout pins, so that it comes from the cache.
 */
function readmeInstallLines(readme: string): string[][] {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Install and run')) ?? '';
  const lines = [...new Set([...section.matchAll(/`(npm install [^`]+)`/g)].map((m) => m[1] as string))];
  return lines.map((line) =>
    line
      .split(/\s+/)
      .slice(2)
      .map((word) => (word.startsWith('-') || word.startsWith('@task-management/') ? word : `${word}@${pins[word]}`)),
  );
}

/**
 * Every file of the package installed at `dir`, as paths relative to it: not a dependency npm placed inside it (a
 * second version of a package the project also has lands in the package's own node_modules).
 */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    if (!entry.isDirectory()) return [join(prefix, entry.name)];
    return entry.name === 'node_modules' ? [] : filesUnder(dir, join(prefix, entry.name));
  });
}

const installed = (name: string) => join(app, 'node_modules', name);

// Build and pack (two tsc projects and the docs pages), publish, then the README's installs one after another.
beforeAll(async () => {
  packed = Object.fromEntries(packAll(join(work, 'packs')).map((p) => [p.name, p]));
  registry = await startRegistry(join(work, 'registry'));
  const folders = Object.values(packed).map((p) => p.folder);
  const publishOptions = ['--registry', registry.url, registry.authOption];
  dryRun = await publishAll(folders, [...publishOptions, '--dry-run'], { cwd: work, env: env() });
  await publishAll(folders, publishOptions, { cwd: work, env: env() });

  mkdirSync(app, { recursive: true });
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  writeFileSync(join(app, '.npmrc'), `@task-management:registry=${registry.url}\n`);
  const quiet = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  // What the project brings itself: TypeScript (and the newest beside it), Node's types, MSW for the sandbox handlers.
  await npm([
    'install',
    '-D',
    ...quiet,
    `typescript@${pins.typescript}`,
    `typescript-newest@npm:typescript@${NEWEST_TYPESCRIPT}`,
    `@types/node@${pins['@types/node']}`,
    `msw@${pins.msw}`,
  ]);
  for (const line of readmeInstallLines(readFileSync(join(root, 'README.md'), 'utf8'))) {
    await npm(['install', ...quiet, ...line]);
  }
});

afterAll(async () => {
  for (const { child } of running) killGroup(child.pid);
  await registry?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('publishing', () => {
  it("the README's install lines name all four packages, and its publish command is the one the test uses", () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const named = new Set(readmeInstallLines(readme).flatMap((words) => words.filter((w) => w.startsWith('@task-'))));
    expect([...named].sort()).toEqual(PACKAGES.map((p) => p.name).sort());
    expect(readme).toContain('npm run release -- --registry ');
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.release).toBe('tsx scripts/release.ts');
  });

  it('npm publish --dry-run of every package is clean: no warning, no manifest npm had to correct', () => {
    expect(dryRun.map((p) => p.folder).sort()).toEqual(
      Object.values(packed)
        .map((p) => p.folder)
        .sort(),
    );
    for (const { folder, stderr } of dryRun) {
      expect(stderr, folder).toContain('(dry-run)');
      expect(stderr, folder).not.toMatch(/\bwarn/i);
    }
  });

  it('the project installed each package by name from the registry, with semver ranges and no file or link', () => {
    const manifest = JSON.parse(readFileSync(join(app, 'package.json'), 'utf8'));
    const specs = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const { name } of PACKAGES) expect(specs[name], name).toBe(`^${version}`);
    const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')).packages;
    for (const { name } of PACKAGES) {
      const entry = lock[`node_modules/${name}`];
      expect(entry, name).toMatchObject({ version, integrity: expect.stringMatching(/^sha512-/) });
      expect(entry.link, name).toBeUndefined();
      expect(entry.resolved ?? '', name).not.toMatch(/^file:/);
      // What the installed package asks for resolves from a registry too: versions, never paths.
      const installedManifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8'));
      for (const [dep, range] of Object.entries({
        ...installedManifest.dependencies,
        ...installedManifest.peerDependencies,
      })) {
        expect(range, `${name} → ${dep}`).toMatch(/^\^?\d+(\.\d+\.\d+)?$/);
      }
    }
  });
});

describe('the installed packages', () => {
  it('hold compiled JavaScript, declarations, the manifest, README and LICENSE: no sources, tests or dev files', () => {
    expect(Object.keys(packed).sort()).toEqual(PACKAGES.map((p) => p.name).sort());
    for (const { name } of PACKAGES) {
      const files = filesUnder(installed(name)).sort();
      expect(files, name).toEqual(packed[name]?.files);
      for (const file of files) {
        expect(file, `${name}: ${file}`).toMatch(
          /^(package\.json|README\.md|LICENSE|dist\/.+\.(js|d\.ts)|openapi\.yaml|docs\/(index\.html|console\.html|mockServiceWorker\.js|task-management\.postman_collection\.json|workflows\.arazzo\.yaml|openapi\.yaml)\.br|conformance\/targets\/sandbox\.json)$/,
        );
        expect(file, `${name}: ${file}`).not.toMatch(/(^|\/)(test|faults|scripts)\/|\.test\./);
      }
    }
    expect(packed['@task-management/client']?.files.filter((f) => !f.startsWith('dist/client/'))).toEqual([
      'LICENSE',
      'README.md',
      // The shared shapes the client is written against: a JSON object, a server as a function.
      'dist/contract/http.d.ts',
      'dist/contract/http.js',
      'dist/contract/json.d.ts',
      'dist/contract/json.js',
      'dist/generated/schema.d.ts',
      'package.json',
    ]);
  });

  it('carry nothing private: no path of this machine, no registry login, no token', () => {
    const machine = [root.replace(/\/$/, ''), work, tmpdir(), '/root/', '/home/'];
    for (const { name } of PACKAGES) {
      for (const file of filesUnder(installed(name))) {
        const bytes = readFileSync(join(installed(name), file));
        const text = (file.endsWith('.br') ? brotliDecompressSync(bytes) : bytes).toString('utf8');
        for (const path of machine) expect(text.includes(path), `${name}/${file} names ${path}`).toBe(false);
        expect(text, `${name}/${file}`).not.toMatch(/_authToken|\bnpm_[A-Za-z0-9]{36}\b|rehearsal/);
      }
    }
  });

  it(`are each at most ${MAX_INSTALLED_BYTES / 1e6} MB installed (du)`, async () => {
    for (const { name } of PACKAGES) {
      const { stdout } = await run('du', ['-sk', '--exclude=node_modules', installed(name)]);
      expect(Number.parseInt(stdout, 10) * 1024, name).toBeLessThanOrEqual(MAX_INSTALLED_BYTES);
    }
  });

  it('declare a name, version, license, engines, files, and exports with types', () => {
    for (const { name } of PACKAGES) {
      const manifest = JSON.parse(readFileSync(join(installed(name), 'package.json'), 'utf8'));
      expect(manifest).toMatchObject({ name, license: 'MIT', type: 'module', engines: { node: expect.any(String) } });
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(manifest.files).toContain('dist');
      for (const target of Object.values(manifest.exports ?? {})) {
        if (typeof target === 'object' && target && 'import' in target) expect(target).toHaveProperty('types');
      }
    }
  });

  it('every entry point imports in Node, and every asset entry resolves to a file', async () => {
    const specifiers = PACKAGES.flatMap((p) =>
      Object.entries(p.exports).map(([subpath, file]) => ({ specifier: p.name + subpath.slice(1), file })),
    );
    const modules = specifiers.filter((s) => s.file.endsWith('.js')).map((s) => s.specifier);
    const assets = specifiers.filter((s) => !/\.(js|d\.ts)$/.test(s.file)).map((s) => s.specifier);
    writeFileSync(
      join(app, 'entries.mjs'),
      `const loaded = {};
for (const specifier of ${JSON.stringify(modules)}) loaded[specifier] = Object.keys(await import(specifier)).length;
const assets = ${JSON.stringify(assets)}.map((s) => new URL(import.meta.resolve(s)).pathname);
console.log(JSON.stringify({ loaded, assets }));
`,
    );
    const { stdout } = await run(process.execPath, ['entries.mjs'], { cwd: app, env: env() });
    const { loaded, assets: paths } = JSON.parse(stdout) as { loaded: Record<string, number>; assets: string[] };
    expect(Object.keys(loaded).sort()).toEqual([...modules].sort());
    for (const [specifier, exported] of Object.entries(loaded)) expect(exported, specifier).toBeGreaterThan(0);
    for (const path of paths) expect(statSync(path).size, path).toBeGreaterThan(0);
  });

  it("the client's production tree holds only openapi-fetch: nothing of the server side", async () => {
    const tree = JSON.parse(await npm(['ls', '--all', '--omit=dev', '--json']));
    const names = new Set<string>();
    const walk = (deps: Record<string, { dependencies?: object }> = {}) => {
      for (const [name, node] of Object.entries(deps)) {
        names.add(name);
        walk(node.dependencies as Record<string, { dependencies?: object }>);
      }
    };
    walk(tree.dependencies['@task-management/client'].dependencies);
    expect(names.has('openapi-fetch')).toBe(true);
    expect(SERVER_SIDE.filter((n) => names.has(n))).toEqual([]);
    expect(Object.keys(packed['@task-management/client']?.dependencies ?? {})).toEqual(['openapi-fetch']);
  });
});

/** A frontend's program on the client, and a backend's on the suite: one program, checked as a whole. */
const CONSUMER = `import { createApiClient, unwrap, type paths } from '@task-management/client';
import type { components } from '@task-management/client/schema';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
const login = await client.POST('/member/login/', {
  body: { username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' },
});
const tokens = await unwrap(login);
client.credential = { kind: 'session', accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
const me = await unwrap(await client.GET('/member/me/'));
const name: string = me.member.username;
type Login = paths['/member/login/']['post'];
const error: components['schemas']['ErrorPayload'] | undefined = undefined;
export { name, error, type Login };
`;
/** The same call with a misspelt body field: the installed types must refuse it. */
const WRONG = `import { createApiClient } from '@task-management/client';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
export const login = client.POST('/member/login/', {
  body: { username: 'demo', pasword: 'demo-password', captcha_token: 'test-captcha' },
});
`;
const SUITE_TYPES = `import { type ConformanceResult, runConformance, type Target } from '@task-management/conformance';
import { type DescribeConformanceOptions, describeConformance } from '@task-management/conformance/vitest';
import { createServer } from 'node:http';

const target: Target = createServer();
const profile = ${JSON.stringify(DEMO_PROFILE)};
const options: DescribeConformanceOptions = { target, profile, only: ['qa'] };
export const run = (): Promise<ConformanceResult> => runConformance({ target, profile });
export const register = (): void => describeConformance(options);
`;

describe('the installed types', () => {
  /** Writes a tsconfig for `files` and runs one compiler on it: its diagnostics, one a line. */
  async function typeCheck(compiler: 'typescript' | 'typescript-newest', config: string, options: object) {
    writeFileSync(
      join(app, config),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', strict: true, noEmit: true, types: ['node'], ...options },
        files: ['consumer.ts', 'wrong.ts', 'suite-types.ts'],
      }),
    );
    return inApp(process.execPath, [join('node_modules', compiler, 'bin', 'tsc'), '-p', config]);
  }

  beforeAll(() => {
    writeFileSync(join(app, 'consumer.ts'), CONSUMER);
    writeFileSync(join(app, 'wrong.ts'), WRONG);
    writeFileSync(join(app, 'suite-types.ts'), SUITE_TYPES);
  });

  // One program per run (the client's consumer, the misspelt call, the suite's entries), three runs: TypeScript 5.9
  // under node10, the oldest resolution (subpaths through typesVersions), and the newest under nodenext and bundler.
  it.each([
    ['typescript', 'esnext', 'node'],
    ['typescript-newest', 'nodenext', 'nodenext'],
    ['typescript-newest', 'esnext', 'bundler'],
  ] as const)(
    '%s, module %s, moduleResolution %s: the program compiles, the misspelt field does not',
    async (compiler, module, moduleResolution) => {
      const result = await typeCheck(compiler, `tsconfig.${compiler}.${moduleResolution}.json`, {
        module,
        moduleResolution,
      });
      const errors = result.stdout.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(errors.length, result.stdout).toBeGreaterThan(0);
      expect(
        errors.filter((line) => !line.startsWith('wrong.ts')),
        result.stdout,
      ).toEqual([]);
      expect(result.stdout).toContain('pasword');
      expect(result.code).not.toBe(0);
    },
  );
});

describe('the sandbox in process', () => {
  it('runs as a fetch handler, and as MSW handlers in a Node test', async () => {
    writeFileSync(
      join(app, 'in-process.mjs'),
      `import { setupServer } from 'msw/node';
import { createSandbox } from '@task-management/sandbox';
import { sandboxHandlers } from '@task-management/sandbox/msw';
const server = setupServer(...sandboxHandlers({ baseUrl: 'http://sandbox.test/api' }));
server.listen({ onUnhandledRequest: 'error' });
const login = await fetch('http://sandbox.test/api/member/login/', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }),
});
const body = await login.json();
server.close();
const me = await createSandbox().fetch(new Request('http://any.test/api/member/me/'));
console.log(JSON.stringify({ login: login.status, token: typeof body.data.access_token, me: me.status }));
`,
    );
    const { stdout } = await run(process.execPath, ['in-process.mjs'], { cwd: app, env: env() });
    expect(JSON.parse(stdout)).toEqual({ login: 200, token: 'string', me: 401 });
  });
});

/** The team's test file: its "app" is the installed sandbox, with its error bodies dropped when FAULT is set. */
const TEAM_TEST = `import { describeConformance } from '@task-management/conformance/vitest';
import { createSandbox } from '@task-management/sandbox';

const app = createSandbox();
const dropErrorBodies = async (request) => {
  const response = await app.fetch(request);
  return response.status >= 400 ? new Response(null, { status: response.status }) : response;
};

describeConformance({
  target: process.env.FAULT ? dropErrorBodies : app.fetch,
  profile: async () => (${JSON.stringify(DEMO_PROFILE)}),
  only: ['ENV-02'],
});
`;

/** A script of the team's: one call, a typed result. */
const TEAM_SCRIPT = `import { runConformance, TargetError } from '@task-management/conformance';
import { createSandbox } from '@task-management/sandbox';

const profile = ${JSON.stringify(DEMO_PROFILE)};
const result = await runConformance({ target: createSandbox().fetch, profile, only: ['TOKEN-03'] });
const refused = await runConformance({ target: 42, profile }).catch((error) => error instanceof TargetError);
console.log(JSON.stringify({ outcomes: result.rules.map((r) => r.id + ' ' + r.outcome), refused }));
`;

describe('the suite in a backend project, on its app in process', () => {
  it('npx vitest run passes a rule against the app, and fails naming it when the app drops error bodies', async () => {
    mkdirSync(join(app, 'test'), { recursive: true });
    writeFileSync(join(app, 'test', 'conformance.test.js'), TEAM_TEST);
    const passing = await npx(['vitest', 'run'], { NO_COLOR: '1' });
    expect(passing.code, passing.stdout + passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/Tests\s+\d+ passed/);
    expect(passing.stdout).not.toMatch(/failed/);
    const failing = await npx(['vitest', 'run'], { FAULT: '1', NO_COLOR: '1' });
    expect(failing.code).toBe(1);
    expect(failing.stdout + failing.stderr).toContain(
      'ENV-02 (MUST): Every 4xx or 5xx answer carries an error payload',
    );
  });

  it('a script calls runConformance from the package root and gets a typed result', async () => {
    writeFileSync(join(app, 'check.mjs'), TEAM_SCRIPT);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: app, env: env() });
    expect(JSON.parse(stdout)).toEqual({ outcomes: ['TOKEN-03 PASS'], refused: true });
  });
});

/** The sandbox's demo accounts as a backend team passes a profile in CI: environment variables only, no file. */
function profileEnv(baseUrl: string, memberPassword = 'demo-password'): Record<string, string> {
  return {
    CONFORMANCE_BASE_URL: baseUrl,
    CONFORMANCE_CAPTCHA_TOKEN: 'test-captcha',
    CONFORMANCE_MEMBER_USERNAME: 'demo',
    CONFORMANCE_MEMBER_PASSWORD: memberPassword,
    CONFORMANCE_OUTSIDER_USERNAME: 'outsider',
    CONFORMANCE_OUTSIDER_PASSWORD: 'outsider-password',
    CONFORMANCE_COMPANY_ID: '1',
    CONFORMANCE_BOARD_ID: '1',
    CONFORMANCE_BOARD_WITHOUT_TODO_COLUMN_ID: '2',
  };
}

/** `GET url` with no Accept-Encoding at all (node:http sends none), as curl or an old client does. */
function getPlain(url: string): Promise<{ encoding: string | undefined; text: string }> {
  return new Promise((resolve, reject) => {
    get(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ encoding: res.headers['content-encoding'], text: Buffer.concat(chunks).toString('utf8') }),
      );
    }).on('error', reject);
  });
}

describe('the bins', () => {
  /** `npx task-sandbox` and `npx task-mock`, started once for the tests below: their base URLs, ending in /api. */
  let sandboxUrl = '';
  let mockUrl = '';

  beforeAll(async () => {
    const [sandbox, mock] = await Promise.all([
      start(app, 'npx', ['--no', '--', 'task-sandbox', '--port', '0', '--no-controls'], /Sandbox listening: (\S+)/),
      start(app, 'npx', ['--no', '--', 'task-mock', '--port', '0'], /mock of the contract: (\S+)/),
    ]);
    running.push(sandbox, mock);
    [sandboxUrl, mockUrl] = [sandbox.found, mock.found];
  });

  it.each(['task-sandbox', 'task-conformance', 'task-mock'])('%s answers --help and --version', async (bin) => {
    const [help, shown] = await Promise.all([npx([bin, '--help']), npx([bin, '--version'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Usage: ${bin}`);
    expect(shown.code).toBe(0);
    expect(shown.stdout.trim()).toBe(version);
  });

  it('task-sandbox serves the docs at /docs/: brotli to a browser, plain to a client that takes none', async () => {
    const origin = sandboxUrl.replace(/\/api$/, '');
    // As a browser asks over https (Node's fetch, like browsers, offers brotli only there unless told).
    const page = await fetch(`${origin}/docs/`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect([page.status, page.headers.get('content-encoding')]).toEqual([200, 'br']);
    const html = await page.text();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toContain('<title>Task-Management');
    const plain = await getPlain(`${origin}/docs/`);
    expect(plain).toEqual({ encoding: undefined, text: html });
    const consolePage = await fetch(`${origin}/docs/console.html`);
    expect([consolePage.status, await consolePage.text()]).toEqual([200, expect.stringContaining('SwaggerUIBundle')]);
  });

  it('task-sandbox answers, and task-conformance passes against it with an env-only profile', async () => {
    const me = await fetch(`${sandboxUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    const reports = join(work, 'reports');
    // Login and tokens: the rules whose exchanges carry passwords and token secrets, which the HAR must mask.
    const passing = await npx(
      [
        'task-conformance',
        '--quiet',
        '--only',
        'login,tokens',
        '--junit',
        join(reports, 'junit.xml'),
        '--json',
        join(reports, 'report.json'),
        '--har',
        join(reports, 'run.har'),
      ],
      profileEnv(sandboxUrl),
    );
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/\n([1-9]\d*) passed, 0 failed, 0 skipped/);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8'))).toHaveProperty('summary');
    const har = readFileSync(join(reports, 'run.har'), 'utf8');
    expect(JSON.parse(har).log.entries.length).toBeGreaterThan(10);
    for (const secret of ['demo-password', 'outsider-password', 'test-captcha']) expect(har).not.toContain(secret);

    // The sandbox profile shipped with the CLI follows PORT, as the sandbox does.
    const shipped = 'node_modules/@task-management/conformance/conformance/targets/sandbox.json';
    const viaPort = await npx(['task-conformance', '--quiet', '--target', shipped, '--only', 'AUTH-01'], {
      PORT: new URL(sandboxUrl).port,
    });
    expect(viaPort.code, viaPort.stderr).toBe(0);

    // A wrong password is the profile's fault, not the server's: the preflight stops the run before any rule.
    const wrongPassword = await npx(['task-conformance', '--quiet'], profileEnv(sandboxUrl, 'not-the-password'));
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toContain('accounts.member');
    expect(wrongPassword.stderr + wrongPassword.stdout).not.toContain('not-the-password');
  });

  it('task-mock serves the contract under /api with Prism, installed from the package', async () => {
    const me = await fetch(`${mockUrl}/member/me/`, { headers: { Authorization: 'JWT a.b.c' } });
    expect(me.status).toBe(200);
    expect((await me.json()).status).toBe('success');
  });

  it.each(PACKAGES.map((p) => p.name))(
    "%s: the README's example runs as written against the running servers",
    async (name) => {
      const readme = readFileSync(join(installed(name), 'README.md'), 'utf8');
      const examples = [...readme.matchAll(/```js\n\/\/ ([\w-]+\.mjs)\b[^\n]*\n([\s\S]*?)```/g)];
      expect(examples.length, `${name}: a runnable example`).toBeGreaterThan(0);
      for (const [, file, code] of examples) {
        const local = (code as string)
          .replaceAll('http://127.0.0.1:4010/api', sandboxUrl)
          .replaceAll('http://127.0.0.1:4011/api', mockUrl);
        writeFileSync(join(app, file as string), local);
        const result = await inApp(process.execPath, [file as string]);
        expect(result.code, `${name}: ${file}\n${result.stderr}`).toBe(0);
        expect(result.stdout.trim(), `${name}: ${file}`).not.toBe('');
      }
    },
  );
});

/** The kit's own folders: a packed README that points into one speaks to a clone, not to the user who installed it. */
const KIT_FOLDERS = ['client', 'mocks', 'conformance', 'contract', 'generated', 'scripts', 'test', 'console', 'dist'];

/** The user's own framework, as the conformance README's framework table shows it (the kit's dev dependencies). */
const USERS_FRAMEWORKS = ['hono', 'fastify', 'express', 'koa', '@nestjs/core'];

describe('the packed READMEs speak to a user who installed the package', () => {
  const readmeOf = (name: string) => readFileSync(join(installed(name), 'README.md'), 'utf8');

  it.each(PACKAGES.map((p) => p.name))('%s: no command, link or file of the clone', (name) => {
    const text = readmeOf(name);
    const shipped = packed[name]?.files ?? [];
    expect(text, 'a command run in a clone').not.toMatch(/\bnpm (start|run|ci)\b|\bnpx tsx\b/);
    expect(text, 'a link to a page beside it in the clone').not.toMatch(/\]\((?!https?:|#)[^)]*\)/);
    // Path-like words (`mocks/sandbox/worlds/seed.ts`, `./client/index.js`): none may name a file or folder of the
    // clone unless the package ships it too.
    for (const [, path] of text.matchAll(/(?:^|[\s`'"(])((?:\.{1,2}\/)?[\w@.-]+(?:\/[\w@.*-]+)+\/?)/gm)) {
      const plain = (path as string).replace(/^(\.{1,2}\/)+/, '').replace(/\/$/, '');
      if (plain.startsWith('node_modules/') || plain.startsWith('@')) continue;
      const inClone = existsSync(join(root, plain)) || KIT_FOLDERS.includes(plain.split('/')[0] as string);
      const inPackage = shipped.some((f) => f === plain || f.startsWith(`${plain}/`));
      expect(inClone && !inPackage, `${name} README names ${path}`).toBe(false);
    }
  });

  it.each(PACKAGES.map((p) => p.name))(
    '%s: names its install line, every entry point and command, and the docs the sandbox serves',
    (name) => {
      const text = readmeOf(name);
      const spec = PACKAGES.find((p) => p.name === name);
      expect(text).toMatch(new RegExp(`npm install (-D |--save-dev )?${name}\\b`));
      for (const subpath of Object.keys(spec?.exports ?? {})) expect(text).toContain(name + subpath.slice(1));
      for (const bin of Object.keys(spec?.bin ?? {})) expect(text).toContain(`npx ${bin}`);
      expect(text).toContain('http://127.0.0.1:4010/docs/');
    },
  );

  it.each(PACKAGES.map((p) => p.name))("%s: every import is a package's exported path", (name) => {
    const text = readmeOf(name);
    const kit = new Map(PACKAGES.map((p) => [p.name, p]));
    const theirs = new Set(
      PACKAGES.flatMap((p) => [...Object.keys(packed[p.name]?.dependencies ?? {}), ...(p.optionalPeers ?? [])]),
    );
    const specifiers = [...text.matchAll(/\bfrom '([^']+)'/g)].map((m) => m[1] as string);
    expect(specifiers.length, `${name}: imports shown`).toBeGreaterThan(0);
    for (const specifier of specifiers) {
      if (specifier.startsWith('.')) {
        // The user's own module (`../src/app`), never one of the kit's folders.
        expect(
          KIT_FOLDERS.some((f) => specifier.split('/').includes(f)),
          `${name}: ${specifier}`,
        ).toBe(false);
        continue;
      }
      if (specifier.startsWith('node:')) continue;
      const pkg = packageOf(specifier);
      const spec = kit.get(pkg);
      if (spec) {
        expect(Object.keys(spec.exports), `${name}: ${specifier}`).toContain(`.${specifier.slice(pkg.length)}`);
      } else if (!USERS_FRAMEWORKS.includes(pkg)) {
        expect(theirs.has(pkg), `${name}: ${specifier} is not a dependency or peer of the kit`).toBe(true);
      }
    }
  });

  it("every option a README gives a kit command is one the installed command's --help lists", async () => {
    const bins = PACKAGES.flatMap((p) => Object.keys(p.bin ?? {}));
    const helps = new Map(
      await Promise.all(bins.map(async (bin) => [bin, (await npx([bin, '--help'])).stdout] as const)),
    );
    let checked = 0;
    for (const { name } of PACKAGES) {
      for (const [, bin, rest] of readmeOf(name).matchAll(/npx ([\w-]+)((?: [^\n#`|]*)?)/g)) {
        const help = helps.get(bin as string);
        if (help === undefined) continue;
        for (const [flag] of (rest as string).matchAll(/--[\w-]+/g)) {
          expect(help, `${name} README: npx ${bin} ${flag}`).toContain(flag);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(5);
  });

  it("the READMEs' `npx msw init` lines work with no terminal to answer a prompt", async () => {
    const lines = PACKAGES.flatMap((p) => [...readmeOf(p.name).matchAll(/^npx (msw init [^\n#]*?)\s*$/gm)]);
    expect(lines.length).toBeGreaterThan(0);
    for (const [, command] of lines) {
      const args = (command as string).split(/\s+/);
      rmSync(join(app, args[2] as string), { recursive: true, force: true });
      const result = await npx(args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/ExitPromptError|force closed the prompt/);
      expect(existsSync(join(app, args[2] as string, 'mockServiceWorker.js'))).toBe(true);
    }
  });
});

describe('the installed commands stop on a signal to the npx process', () => {
  it.each([
    { bin: 'task-sandbox', ready: /Sandbox listening: (http:\/\/\S+)\/api/ },
    { bin: 'task-mock', ready: /mock of the contract: (http:\/\/\S+)\/api/ },
  ])('SIGTERM to `npx $bin` closes it and frees the port', async ({ bin, ready }) => {
    const started = await start(app, 'npx', ['--no', '--', bin, '--port', '0'], ready);
    running.push(started);
    const pid = started.child.pid as number;
    expect((await fetch(`${started.found}/api/member/me/`, { headers: { authorization: 'Bearer x' } })).ok).toBe(
      bin === 'task-mock',
    );
    process.kill(pid, 'SIGTERM');
    await gone(Number(new URL(started.found).port), pid);
  });
});

describe('a clone', () => {
  it('npm start runs the compiled sandbox (no tsx) from any directory, with the docs from the checkout', async () => {
    const started = await start(
      tmpdir(),
      process.execPath,
      [join(root, 'dist/mocks/sandbox/main.js'), '--port', '0'],
      /Sandbox listening: (\S+)/,
    );
    running.push(started);
    const baseUrl = started.found;
    const me = await fetch(`${baseUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    const docs = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Task-Management');
    const worker = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/mockServiceWorker.js`);
    expect([worker.status, worker.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });
});
