// The mock command stops cleanly (docs/mock.md): SIGTERM to `npx task-mock`, the process a user started, stops Prism
// and frees its port, though npx runs the command through `sh -c`.
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

const project = userProject('task-mock', 'mocks/prism/bin.ts');
const started: Running[] = [];
// Both cores busy for the whole file: a stop must not depend on the command getting the CPU at once.
let hogs: { stop(): void } | undefined;
beforeAll(() => {
  hogs = busyCores(2);
});
afterAll(() => {
  hogs?.stop();
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
  // Kept alive, as a browser's: the stop must not wait for its client to leave.
  const idle = await keptAlive(port);
  const sent = performance.now();
  process.kill(pid, 'SIGTERM');
  // No timed assertion: the test's bound is a hang's; how long it took is printed.
  await refused(port);
  console.log(`npx task-mock: port refused ${Math.round(performance.now() - sent)} ms after SIGTERM`);
  idle.destroy();
  await gone(port, pid);
  expect(running.output()).toContain('task-mock: the npm process that ran it ended, closing');
}, 120_000);
