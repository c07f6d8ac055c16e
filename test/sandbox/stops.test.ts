// The sandbox command stops cleanly (docs/sandbox.md "Start"): SIGTERM to the process a user started, `npm start` or
// `npx task-sandbox`, closes the server and frees its port, though npm runs it through `sh -c`; so does Ctrl-C (SIGINT
// to the terminal's foreground process group).
import { afterAll, expect, test } from 'vitest';
import { gone, killGroup, type Running, start, userProject } from '../support/commands.js';

const project = userProject('task-sandbox', 'mocks/sandbox/main.ts');
const started: Running[] = [];
afterAll(() => {
  for (const { child } of started) killGroup(child.pid);
  project.remove();
});

const LISTENING = /Sandbox listening: (http:\/\/\S+)\/api/;
const NPM_RUN = ['run', 'task-sandbox', '--', '--port', '0'];
const NPX = ['--no', '--', 'task-sandbox', '--port', '0'];

test.each([
  { what: 'SIGTERM to the npm run process', command: 'npm', args: NPM_RUN, signal: 'SIGTERM', to: 'process' },
  { what: 'SIGTERM to the npx process', command: 'npx', args: NPX, signal: 'SIGTERM', to: 'process' },
  { what: 'Ctrl-C (SIGINT to the group) under npm run', command: 'npm', args: NPM_RUN, signal: 'SIGINT', to: 'group' },
] as const)(
  '$what stops the sandbox and frees its port',
  async ({ command, args, signal, to }) => {
    const running = await start(project.dir, command, [...args], LISTENING);
    started.push(running);
    const pid = running.child.pid as number;
    const port = Number(new URL(running.found).port);
    expect((await fetch(`${running.found}/api/member/me/`)).status).toBe(401);
    process.kill(to === 'group' ? -pid : pid, signal);
    await gone(port, pid);
    expect(running.output()).toContain(', closing');
  },
  90_000,
);
