// The package exports the typed client as plain ESM for Node and frontend bundlers (package.json "exports").
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

// Two tsc projects (the client, the sandbox): minutes, not seconds, on a busy 2-core machine.
beforeAll(() => {
  execFileSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'pipe' });
}, 300_000);

test('a plain Node process (no tsx) imports the client from the package name after npm run build', () => {
  const script = `import('task-management-contract-kit').then((m) => console.log(JSON.stringify(Object.keys(m).sort())))`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  expect(JSON.parse(out)).toEqual(
    expect.arrayContaining(['ApiError', 'OutcomeUnknownError', 'createApiClient', 'paginate', 'unwrap']),
  );
});

test('npm start runs the compiled sandbox (no tsx): it listens, answers and finds the package root', async () => {
  const child = spawn(process.execPath, [join(root, 'dist/mocks/sandbox/main.js'), '--port', '0'], {
    cwd: tmpdir(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  try {
    const baseUrl = await new Promise<string>((resolve, reject) => {
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => {
        text += chunk.toString();
        const match = /Sandbox listening: (\S+)/.exec(text);
        if (match?.[1]) resolve(match[1]);
      });
      child.once('exit', (code) => reject(new Error(`the sandbox exited (${code}) before listening`)));
    });
    const me = await fetch(`${baseUrl}/member/me/`);
    expect([me.status, (await me.json()).status]).toEqual([401, 'error']);
    // Served from the package root's docs/ although the process runs elsewhere (a 404 names the build step instead).
    const docs = await fetch(`${baseUrl.replace(/\/api$/, '')}/docs/`);
    if (existsSync(join(root, 'docs/index.html'))) expect(docs.status).toBe(200);
    else expect((await docs.json()).message).toContain('npm run docs');
  } finally {
    child.kill();
  }
});
