// The start-up part of npm run bench (docs/benchmarks.md "Sandbox start-up"): `npm start`'s prestart check, and the
// compiled sandbox from spawn to its first answer and to its first login.
import os from 'node:os';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { fmt, median } from './figures.js';
import { json, prestart, startNpmStart, startSandboxProcess, type Target } from './targets.js';

/** A demo login, the first request whose body the sandbox checks: it loads ajv and the contract's validators. */
async function firstLogin(sandbox: Target): Promise<number> {
  const { member } = DEMO.accounts;
  const res = await json(`${sandbox.origin}/api/member/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: member.username, password: member.password, captcha_token: DEMO.captchaToken }),
  });
  if (res.status !== 200) throw new Error(`the first login answered ${res.status}: ${res.text}`);
  return performance.now() - (sandbox.spawnedAt ?? 0);
}

/**
 * Median time of `npm start`'s two steps, each its own process: the prestart check and spawn → first answer; then
 * spawn → the first login answered, since the sandbox loads its validators on the first request that needs them.
 */
export async function benchStartup(runs: number): Promise<string> {
  await prestart();
  const checks: number[] = [];
  const answers: number[] = [];
  const logins: number[] = [];
  for (let run = 1; run <= runs; run++) {
    checks.push(await prestart());
    const sandbox = await startSandboxProcess();
    answers.push(sandbox.startupMs);
    logins.push(await firstLogin(sandbox));
    await sandbox.close();
    console.log(
      `start-up run ${run}: prestart ${fmt(checks.at(-1) ?? 0)} ms, spawn → first answer ${fmt(sandbox.startupMs)} ms, → first login ${fmt(logins.at(-1) ?? 0)} ms`,
    );
  }
  // The goal's own measure: the command a user types, npm and its prestart check included.
  const commands: number[] = [];
  for (let run = 1; run <= runs; run++) {
    const started = await startNpmStart();
    commands.push(started.startupMs);
    await started.close();
    console.log(`start-up run ${run}: npm start → first answer ${fmt(started.startupMs)} ms`);
  }
  const answer = median(answers);
  const command = median(commands);
  return [
    '## Sandbox start-up',
    '',
    `Command: \`BENCH_PARTS=startup BENCH_STARTS=${runs} npm run bench\`. Medians of ${runs} runs, each step its own process, on`,
    `a machine with load average ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(' ')} at the end.`,
    '',
    '| step of `npm start` | median ms |',
    '|---|---:|',
    `| \`node scripts/prestart.mjs\` with docs and dist/ fresh (process start to exit) | ${fmt(median(checks))} |`,
    `| \`node dist/mocks/sandbox/main.js\`: spawn → first answer (\`GET /api/member/me/\`) | ${fmt(answer)} |`,
    `| the same process: spawn → first login answered (\`POST /api/member/login/\`, right after the first answer) | ${fmt(median(logins))} |`,
    `| \`npm start\` (PORT=0): the command → first answer, npm and its prestart check included | ${fmt(command)} |`,
    '',
    `- Goal: the first answer within 300 ms of spawn: ${answer <= 300 ? 'met' : 'NOT met'}.`,
    `- Goal: \`npm start\` answers its first request within 600 ms of the command: ${command <= 600 ? 'met' : 'NOT met'}.`,
  ].join('\n');
}
