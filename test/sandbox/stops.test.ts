// The sandbox command stops cleanly (docs/sandbox.md "Start"): SIGTERM to the process a user started, `npm start` or
// `npx task-sandbox`, closes the server and frees its port, though npm runs it through `sh -c`; so does Ctrl-C (SIGINT
// to the terminal's foreground process group).
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  busyCores,
  gone,
  keptAlive,
  killGroup,
  type Running,
  refused,
  start,
  userProject,
} from '../support/commands.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const project = userProject('task-sandbox', 'mocks/sandbox/main.ts');
const started: Running[] = [];
// Both cores busy for the whole file: a stop must not depend on the server getting the CPU at once.
let hogs: { stop(): void } | undefined;
beforeAll(() => {
  hogs = busyCores(2);
});
afterAll(() => {
  hogs?.stop();
  for (const { child } of started) killGroup(child.pid);
  project.remove();
});

const LISTENING = /Sandbox listening: (http:\/\/\S+)\/api/;
const NPM_RUN = ['run', 'task-sandbox', '--', '--port', '0'];
const NPX = ['--no', '--', 'task-sandbox', '--port', '0'];
const NPM_START = ['start', '--', '--port', '0'];

test.each([
  { what: 'SIGTERM to the npm run process', command: 'npm', args: NPM_RUN, signal: 'SIGTERM', to: 'process' },
  { what: 'SIGTERM to the npx process', command: 'npx', args: NPX, signal: 'SIGTERM', to: 'process' },
  { what: 'Ctrl-C (SIGINT to the group) under npm run', command: 'npm', args: NPM_RUN, signal: 'SIGINT', to: 'group' },
  {
    what: 'SIGTERM to npm start (its pid)',
    command: 'npm',
    args: NPM_START,
    signal: 'SIGTERM',
    to: 'process',
    at: root,
  },
  { what: 'SIGINT to npm start (its pid)', command: 'npm', args: NPM_START, signal: 'SIGINT', to: 'process', at: root },
] as const)(
  '$what stops the sandbox and frees its port',
  async ({ command, args, signal, to, ...where }) => {
    const running = await start(('at' in where && where.at) || project.dir, command, [...args], LISTENING);
    started.push(running);
    const pid = running.child.pid as number;
    const port = Number(new URL(running.found).port);
    expect((await fetch(`${running.found}/api/member/me/`)).status).toBe(401);
    // Kept alive, as a browser's: the stop must not wait for its client to leave.
    const idle = await keptAlive(port);
    const sent = performance.now();
    process.kill(to === 'group' ? -pid : pid, signal);
    // No timed assertion: the test's bound is a hang's; how long it took is printed.
    await refused(port);
    console.log(
      `${command} ${args.join(' ')}: port refused ${Math.round(performance.now() - sent)} ms after ${signal}`,
    );
    idle.destroy();
    await gone(port, pid);
    expect(running.output()).toContain(', closing');
  },
  90_000,
);
