// The packages as a user gets them (README, "Install"): packed tarballs installed into fresh temporary projects, used
// through their bins and types from there, with nothing of this checkout on the path.
//
// Offline: `npm install --prefer-offline` takes every third-party package from the npm cache that `npm ci` filled for
// this checkout (the packages pin the versions this repository's lockfile installs), so the install downloads nothing.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PackedPackage, packAll, packageOf } from '../../packaging/pack.js';
import { PACKAGES } from '../../packaging/packages.js';
import { DEMO_PROFILE } from '../conformance/fixtures/profile.js';
import { gone, killGroup, type Running, start } from '../support/commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'kit-install-'));
let packed: Record<string, PackedPackage> = {};
const frontend = join(work, 'frontend');
const backend = join(work, 'backend');
/** A backend team whose server is TypeScript: the suite inside its own Vitest run, against its app in process. */
const vitestProject = join(work, 'backend-vitest');
const children = new Set<ChildProcess>();
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

/** The user's environment: none of the variables npm and vitest set for this checkout's own scripts. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^(npm_|VITEST|CONFORMANCE_|PORT$|NODE_ENV$|TEST$|INIT_CWD$)/.test(k)) env[k] = v;
  }
  return { ...env, ...extra };
}

async function npm(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, env: userEnv(), maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Creates a project and installs the given tarballs (and registry packages) into it, from the cache. */
async function project(dir: string, installs: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user-project', private: true, type: 'module' }));
  await npm(dir, ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...installs]);
}

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npx --no <bin> …` in a project: the installed bin or nothing (never a download). */
function npx(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['--no', '--', ...args], { cwd, env: userEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts a long-running bin and resolves with the first match of `ready` in its output. */
function serve(cwd: string, command: string, args: string[], ready: RegExp): Promise<string> {
  // Its own process group: npx runs the bin as a child, and Prism runs under task-mock; all of them must stop.
  const child = spawn(command, args, { cwd, env: userEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  children.add(child);
  return new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const match = ready.exec(text);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before it was ready:\n${text}`)));
  });
}

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

// Build and pack (two tsc projects and the docs page), then two installs: minutes on a busy 2-core machine.
beforeAll(async () => {
  packed = Object.fromEntries(packAll(join(work, 'packs')).map((p) => [p.name, p]));
  const tarball = (name: string) => packed[name]?.tarball as string;
  const pins = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies;
  // What a frontend project brings itself: TypeScript, and MSW for the sandbox's handlers.
  const userOwn = [`typescript@${pins.typescript}`, `msw@${pins.msw}`];
  await Promise.all([
    project(frontend, [tarball('@task-management/client'), tarball('@task-management/sandbox'), ...userOwn]),
    project(backend, [tarball('@task-management/conformance'), tarball('@task-management/mock')]),
    project(vitestProject, [
      tarball('@task-management/conformance'),
      tarball('@task-management/sandbox'),
      `vitest@${pins.vitest}`,
      // A TypeScript backend's own: the compiler and Node's types.
      `typescript@${pins.typescript}`,
      `@types/node@${pins['@types/node']}`,
    ]),
  ]);
}, 600_000);

/** Whether any process of the group `pid` leads is still alive. */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the whole group (each server closes cleanly), SIGKILL to whatever is left after 5 s. */
async function stopGroup(pid: number): Promise<void> {
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  for (let waited = 0; waited < 5_000 && groupAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
}

afterAll(async () => {
  for (const { child } of running) killGroup(child.pid);
  await Promise.all([...children].map((child) => (child.pid ? stopGroup(child.pid) : undefined)));
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('the packed tarballs', () => {
  it('hold compiled JavaScript, declarations, the manifest, README and LICENSE: no sources, tests or dev files', () => {
    expect(Object.keys(packed).sort()).toEqual([
      '@task-management/client',
      '@task-management/conformance',
      '@task-management/mock',
      '@task-management/sandbox',
    ]);
    for (const p of Object.values(packed)) {
      for (const file of p.files) {
        expect(file, `${p.name}: ${file}`).toMatch(
          /^(package\.json|README\.md|LICENSE|dist\/.+\.(js|d\.ts)|openapi\.yaml|docs\/(index\.html|console\.html|mockServiceWorker\.js|task-management\.postman_collection\.json|workflows\.arazzo\.yaml|openapi\.yaml)|conformance\/targets\/sandbox\.json)$/,
        );
        expect(file, `${p.name}: ${file}`).not.toMatch(/(^|\/)(test|faults|scripts)\//);
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

  it('declare a name, version, license, engines, files, and exports with types', () => {
    for (const name of Object.keys(packed)) {
      const manifest = JSON.parse(
        readFileSync(
          join(
            name.endsWith('client') || name.endsWith('sandbox') ? frontend : backend,
            'node_modules',
            name,
            'package.json',
          ),
          'utf8',
        ),
      );
      expect(manifest).toMatchObject({ name, license: 'MIT', type: 'module', engines: { node: expect.any(String) } });
      expect(manifest.version).toMatch(/^\d+\.\d+\.\d+/);
      expect(manifest.files).toContain('dist');
      for (const target of Object.values(manifest.exports ?? {})) {
        if (typeof target === 'object' && target && 'import' in target) expect(target).toHaveProperty('types');
      }
    }
  });
});

describe('a frontend project', () => {
  it("gets only openapi-fetch with the client: nothing of the server side is in the client's production tree", async () => {
    const tree = JSON.parse(await npm(frontend, ['ls', '--all', '--omit=dev', '--json']));
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

  it('type-checks a program against the installed types, and the same program with a wrong body does not', async () => {
    const program = (body: string) => `import { createApiClient, unwrap, type paths } from '@task-management/client';
import type { components } from '@task-management/client/schema';

const client = createApiClient({ baseUrl: 'http://127.0.0.1:4010/api' });
const login = await client.POST('/member/login/', { body: ${body} });
const tokens = await unwrap(login);
client.credential = { kind: 'session', accessToken: tokens.access_token, refreshToken: tokens.refresh_token };
const me = await unwrap(await client.GET('/member/me/'));
const name: string = me.member.username;
type Login = paths['/member/login/']['post'];
const error: components['schemas']['ErrorPayload'] | undefined = undefined;
export { name, error, type Login };
`;
    writeFileSync(
      join(frontend, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2022', 'DOM'],
          noEmit: true,
          types: [],
        },
        include: ['app.ts'],
      }),
    );
    writeFileSync(
      join(frontend, 'app.ts'),
      program(`{ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }`),
    );
    const good = await npx(frontend, ['tsc', '-p', '.']);
    expect(good.stdout).toBe('');
    expect(good.code).toBe(0);
    writeFileSync(
      join(frontend, 'app.ts'),
      program(`{ username: 'demo', pasword: 'demo-password', captcha_token: 'test-captcha' }`),
    );
    const wrong = await npx(frontend, ['tsc', '-p', '.']);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toContain('pasword');
  });

  it('runs the installed sandbox in process: the fetch-shaped core, and MSW handlers in a Node test', async () => {
    writeFileSync(
      join(frontend, 'in-process.mjs'),
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
    const { stdout } = await run(process.execPath, ['in-process.mjs'], { cwd: frontend, env: userEnv() });
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

describe('a backend project with the suite in its own Vitest run', () => {
  it('npx vitest run passes against its app in process, and fails naming the rule when the app drops error bodies', async () => {
    mkdirSync(join(vitestProject, 'test'), { recursive: true });
    writeFileSync(join(vitestProject, 'test', 'conformance.test.js'), TEAM_TEST);
    const passing = await npx(vitestProject, ['vitest', 'run'], { NO_COLOR: '1' });
    expect(passing.code, passing.stdout + passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/Tests\s+\d+ passed/);
    const failing = await npx(vitestProject, ['vitest', 'run'], { FAULT: '1', NO_COLOR: '1' });
    expect(failing.code).toBe(1);
    expect(failing.stdout + failing.stderr).toContain(
      'ENV-02 (MUST): Every 4xx or 5xx answer carries an error payload',
    );
  }, 180_000);

  it('type-checks both entries under moduleResolution node (node10), node16 and bundler', async () => {
    writeFileSync(
      join(vitestProject, 'typed.ts'),
      `import { type ConformanceResult, runConformance, type Target } from '@task-management/conformance';
import { type DescribeConformanceOptions, describeConformance } from '@task-management/conformance/vitest';
import { createServer } from 'node:http';

const target: Target = createServer();
const profile = ${JSON.stringify(DEMO_PROFILE)};
const options: DescribeConformanceOptions = { target, profile, only: ['qa'] };
export const run = (): Promise<ConformanceResult> => runConformance({ target, profile });
export const register = (): void => describeConformance(options);
`,
    );
    for (const [module, moduleResolution] of [
      ['commonjs', 'node'],
      ['node16', 'node16'],
      ['esnext', 'bundler'],
    ]) {
      const config = `tsconfig.${moduleResolution}.json`;
      writeFileSync(
        join(vitestProject, config),
        JSON.stringify({
          compilerOptions: { target: 'ES2022', module, moduleResolution, strict: true, noEmit: true, types: ['node'] },
          include: ['typed.ts'],
        }),
      );
      const tsc = await npx(vitestProject, ['tsc', '-p', config]);
      expect(tsc.stdout, moduleResolution).toBe('');
      expect(tsc.code, moduleResolution).toBe(0);
    }
    // Vitest's types are large: each check takes half a minute on a loaded machine.
  }, 400_000);

  it('a script calls runConformance from the package root and gets a typed result', async () => {
    writeFileSync(join(vitestProject, 'check.mjs'), TEAM_SCRIPT);
    const { stdout } = await run(process.execPath, ['check.mjs'], { cwd: vitestProject, env: userEnv() });
    expect(JSON.parse(stdout)).toEqual({ outcomes: ['TOKEN-03 PASS'], refused: true });
  }, 60_000);
});

describe('the bins', () => {
  it.each([
    { bin: 'task-sandbox', cwd: frontend, usage: '--port <n>' },
    { bin: 'task-conformance', cwd: backend, usage: '--target <file>' },
    { bin: 'task-mock', cwd: backend, usage: 'task-mock proxy <upstream base URL>' },
  ])('$bin answers --help and --version', async ({ bin, cwd, usage }) => {
    const [help, version] = await Promise.all([npx(cwd, [bin, '--help']), npx(cwd, [bin, '--version'])]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(usage);
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(packed['@task-management/client']?.tarball.match(/-(\d+\.\d+\.\d+)\.tgz$/)?.[1]);
  });

  it('task-mock serves the contract under /api with Prism, installed from the package', async () => {
    const baseUrl = await serve(
      backend,
      'npx',
      ['--no', '--', 'task-mock', '--port', '0'],
      /mock of the contract: (\S+)/,
    );
    const me = await fetch(`${baseUrl}/member/me/`, { headers: { Authorization: 'JWT a.b.c' } });
    expect(me.status).toBe(200);
    expect((await me.json()).status).toBe('success');
  });

  it('task-sandbox runs the sandbox, and task-conformance passes every rule against it with an env-only profile', async () => {
    const baseUrl = await serve(
      frontend,
      'npx',
      ['--no', '--', 'task-sandbox', '--port', '0', '--no-controls'],
      /Sandbox listening: (\S+)/,
    );
    const reports = join(work, 'reports');
    const passing = await npx(
      backend,
      [
        'task-conformance',
        '--quiet',
        '--junit',
        join(reports, 'junit.xml'),
        '--json',
        join(reports, 'report.json'),
        '--har',
        join(reports, 'run.har'),
      ],
      profileEnv(baseUrl),
    );
    expect(passing.code, passing.stderr).toBe(0);
    expect(passing.stdout).toMatch(/\n(\d+) passed, 0 failed, 0 skipped/);
    expect(readFileSync(join(reports, 'junit.xml'), 'utf8')).toContain('<testsuite');
    expect(JSON.parse(readFileSync(join(reports, 'report.json'), 'utf8'))).toHaveProperty('summary');
    const har = readFileSync(join(reports, 'run.har'), 'utf8');
    expect(JSON.parse(har).log.entries.length).toBeGreaterThan(100);
    for (const secret of ['demo-password', 'outsider-password', 'test-captcha']) expect(har).not.toContain(secret);

    // The sandbox profile shipped with the CLI follows PORT, as the sandbox does.
    const shipped = 'node_modules/@task-management/conformance/conformance/targets/sandbox.json';
    const viaPort = await npx(backend, ['task-conformance', '--quiet', '--target', shipped, '--only', 'login'], {
      PORT: new URL(baseUrl).port,
    });
    expect(viaPort.code, viaPort.stderr).toBe(0);

    // A wrong password is the profile's fault, not the server's: the preflight stops the run before any rule.
    const wrongPassword = await npx(backend, ['task-conformance', '--quiet'], profileEnv(baseUrl, 'not-the-password'));
    expect(wrongPassword.code).toBe(2);
    expect(wrongPassword.stderr).toContain('accounts.member');
    expect(wrongPassword.stderr + wrongPassword.stdout).not.toContain('not-the-password');
  });
});

/** The README each package carries, as installed. */
function installedReadme(name: string): string {
  const where = name.endsWith('client') || name.endsWith('sandbox') ? frontend : backend;
  return readFileSync(join(where, 'node_modules', name, 'README.md'), 'utf8');
}

/** The kit's own folders: a packed README that points into one speaks to a clone, not to the user who installed it. */
const KIT_FOLDERS = ['client', 'mocks', 'conformance', 'contract', 'generated', 'scripts', 'test', 'console', 'dist'];

describe('the packed READMEs speak to a user who installed the package', () => {
  it.each(PACKAGES.map((p) => p.name))('%s: no command, link or file of the clone', (name) => {
    const text = installedReadme(name);
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

  it.each(PACKAGES.map((p) => p.name))("%s: every import is a package's exported path", (name) => {
    const text = installedReadme(name);
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
      const pkg = packageOf(specifier);
      const spec = kit.get(pkg);
      if (spec) {
        expect(Object.keys(spec.exports), `${name}: ${specifier}`).toContain(`.${specifier.slice(pkg.length)}`);
      } else {
        expect(theirs.has(pkg), `${name}: ${specifier} is not a dependency or peer of the kit`).toBe(true);
      }
    }
  });

  it("every option a README gives a kit command is one the installed command's --help lists", async () => {
    const bins = new Map(PACKAGES.flatMap((p) => Object.keys(p.bin ?? {}).map((bin) => [bin, p.name] as const)));
    const helps = new Map<string, string>();
    for (const [bin, owner] of bins) {
      const help = await npx(owner.endsWith('sandbox') ? frontend : backend, [bin, '--help']);
      helps.set(bin, help.stdout);
    }
    let checked = 0;
    for (const { name } of PACKAGES) {
      for (const [, bin, rest] of installedReadme(name).matchAll(/npx ([\w-]+)((?: [^\n#`|]*)?)/g)) {
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
    const lines = PACKAGES.flatMap((p) => [...installedReadme(p.name).matchAll(/^npx (msw init [^\n#]*?)\s*$/gm)]);
    expect(lines.length).toBeGreaterThan(0);
    for (const [, command] of lines) {
      const args = (command as string).split(/\s+/);
      rmSync(join(frontend, args[2] as string), { recursive: true, force: true });
      const result = await npx(frontend, args);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout + result.stderr).not.toMatch(/ExitPromptError|force closed the prompt/);
      expect(existsSync(join(frontend, args[2] as string, 'mockServiceWorker.js'))).toBe(true);
    }
  });
});

describe('the installed commands stop on a signal to the npx process', () => {
  it.each([
    { bin: 'task-sandbox', cwd: () => frontend, ready: /Sandbox listening: (http:\/\/\S+)\/api/ },
    { bin: 'task-mock', cwd: () => backend, ready: /mock of the contract: (http:\/\/\S+)\/api/ },
  ])(
    'SIGTERM to `npx $bin` closes it and frees the port',
    async ({ bin, cwd, ready }) => {
      const started = await start(cwd(), 'npx', ['--no', '--', bin, '--port', '0'], ready);
      running.push(started);
      const pid = started.child.pid as number;
      expect((await fetch(`${started.found}/api/member/me/`, { headers: { authorization: 'Bearer x' } })).ok).toBe(
        bin === 'task-mock',
      );
      process.kill(pid, 'SIGTERM');
      await gone(Number(new URL(started.found).port), pid);
    },
    120_000,
  );
});

describe('a clone', () => {
  it('npm start runs the compiled sandbox (no tsx) from any directory, with the docs from the checkout', async () => {
    const baseUrl = await serve(
      tmpdir(),
      process.execPath,
      [join(root, 'dist/mocks/sandbox/main.js'), '--port', '0'],
      /Sandbox listening: (\S+)/,
    );
    const me = await fetch(`${baseUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    const docs = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('Task-Management');
    const consolePage = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/console.html`);
    expect([consolePage.status, await consolePage.text()]).toEqual([200, expect.stringContaining('SwaggerUIBundle')]);
    const worker = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/mockServiceWorker.js`);
    expect([worker.status, worker.headers.get('content-type')]).toEqual([200, 'text/javascript; charset=utf-8']);
  });
});
