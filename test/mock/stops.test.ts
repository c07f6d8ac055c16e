// The mock command stops cleanly (docs/mock.md): SIGTERM to `npx task-mock`, the process a user started, stops Prism
// and frees its port, though npx runs the command through `sh -c`.
import { afterAll, expect, test } from 'vitest';
import { gone, killGroup, type Running, start, userProject } from '../support/commands.js';

const project = userProject('task-mock', 'mocks/prism/bin.ts');
const started: Running[] = [];
afterAll(() => {
  for (const { child } of started) killGroup(child.pid);
  project.remove();
});

test('SIGTERM to the npx process stops task-mock and Prism, and frees the port', async () => {
  const running = await start(
    project.dir,
    'npx',
    ['--no', '--', 'task-mock', '--port', '0'],
    /Prism mock of the contract: (http:\/\/\S+)\/api/,
  );
  started.push(running);
  const pid = running.child.pid as number;
  const port = Number(new URL(running.found).port);
  const me = await fetch(`${running.found}/api/member/me/`, { headers: { authorization: 'Bearer x' } });
  expect(me.status).toBe(200);
  process.kill(pid, 'SIGTERM');
  await gone(port, pid);
  expect(running.output()).toContain('task-mock: the npm process that ran it ended, closing');
}, 120_000);
