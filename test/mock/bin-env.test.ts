// task-mock's port variables and --verbose (docs/mock.md, `task-mock --help`): MOCK_PORT is the mock's port when
// --port is not given, PROXY_PORT the proxy's; a value that is not a port is refused naming the variable; --verbose
// makes Prism log every request. Each on the command, as a user runs it (npx task-mock).
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { killGroup, type Running, start, userEnv, userProject } from '../support/commands.js';
import { eventually } from '../support/waiting.js';

const project = userProject('task-mock', 'mocks/prism/bin.ts');
const started: Running[] = [];
afterAll(() => {
  for (const { child } of started) killGroup(child.pid);
  project.remove();
});

/** A port free a moment ago: the variable must be read, so 0 (which --port's default would not give) is no proof. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const npx = (args: string[], env: NodeJS.ProcessEnv) =>
  spawnSync('npx', ['--no', '--', 'task-mock', ...args], {
    cwd: project.dir,
    env: { ...userEnv(), ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });

test('MOCK_PORT or PROXY_PORT that is not a port: exit 2, naming the variable', () => {
  const mock = npx([], { MOCK_PORT: '40x1' });
  expect(mock.status).toBe(2);
  expect(mock.stderr).toContain('MOCK_PORT must be a port number from 0 to 65535');
  const proxy = npx(['proxy', 'http://127.0.0.1:9/api'], { PROXY_PORT: '65536' });
  expect(proxy.status).toBe(2);
  expect(proxy.stderr).toContain('PROXY_PORT must be a port number from 0 to 65535');
});

test('MOCK_PORT is the port without --port, and --verbose logs each request', async () => {
  const port = await freePort();
  const running = await start(
    project.dir,
    'npx',
    ['--no', '--', 'task-mock', '--verbose'],
    /Prism mock of the contract: (http:\/\/\S+)\/api/,
    { MOCK_PORT: String(port) },
  );
  started.push(running);
  expect(new URL(running.found).port).toBe(String(port));
  const me = await fetch(`${running.found}/api/member/me/`, { headers: { authorization: 'Bearer x' } });
  expect(me.status).toBe(200);
  // Prism logs the request it received at info level, which only --verbose shows.
  await eventually(() => expect(running.output()).toMatch(/get \/api\/member\/me\/.*Request received/i));
}, 180_000);

test("PROXY_PORT is the proxy's port without --port", async () => {
  const port = await freePort();
  const running = await start(
    project.dir,
    'npx',
    ['--no', '--', 'task-mock', 'proxy', 'http://127.0.0.1:9/api'],
    /Prism validation proxy: (http:\/\/\S+) ->/,
    { PROXY_PORT: String(port) },
  );
  started.push(running);
  expect(new URL(running.found).port).toBe(String(port));
}, 180_000);
