// The memory part of npm run bench (docs/benchmarks.md "Sandbox memory"): a sandbox process's RSS after a documented
// load and under an amplifier of 1 MiB requests, and whether another user is still served.
import { expectAnswer } from '../../drivers/loader.js';
import { DEFAULT_LIMITS } from '../../mocks/sandbox/domain/limits.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';
import { fmt } from './figures.js';
import { envNumber } from './settings.js';
import { json, startSandboxProcess } from './targets.js';

/**
 * The documented load of the memory figure (docs/benchmarks.md "Sandbox memory"). It fits in the demo member's share
 * of stored data: five sessions of bugs (the load of earlier rounds) pass it, and the share refuses them with 429.
 */
const MEMORY_LOAD = { accounts: 50, loginsEach: 10, cases: 200, caseText: 5000, sessions: 20, bugSessions: 2 };

/**
 * Sandbox memory: RSS of a fresh sandbox process, after MEMORY_LOAD, and its peak while BENCH_AMPLIFIER (default
 * 200) requests of 1 MiB `{"a":[{},{},…]}` metadata arrive 8 at a time from a fresh account; then the size of a
 * session list page and whether another user is still served.
 */
export async function benchMemory(): Promise<string> {
  const amplifierRequests = envNumber('BENCH_AMPLIFIER', 200);
  const sandbox = await startSandboxProcess();
  try {
    const api = `${sandbox.origin}/api`;
    const rss = () => sandbox.rssMib?.() ?? Number.NaN;
    // Every request of the load must be answered as expected: a refusal (a limit reached) stops the part, named.
    const send = (expected: number, path: string, body: unknown, authorization?: string, method = 'POST') =>
      expectAnswer(`${api}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
        expected,
        what: `memory load: ${method} ${path.split('?')[0]}`,
      });
    const dataOf = async <T>(expected: number, path: string, body: unknown, authorization?: string) =>
      (JSON.parse(await send(expected, path, body, authorization)) as { data: T }).data;
    const login = async (username: string, password: string) => {
      const pair = await dataOf<{ access_token: string }>(200, '/member/login/', {
        username,
        password,
        captcha_token: DEMO.captchaToken,
      });
      return `JWT ${pair.access_token}`;
    };
    const idle = rss();

    for (let a = 0; a < MEMORY_LOAD.accounts; a++) {
      const username = `load${a}`;
      const password = `load-password-${a}`;
      const body = {
        username,
        password,
        first_name: 'L',
        email: `${username}@example.com`,
        captcha_token: DEMO.captchaToken,
      };
      await send(201, '/member/register/', body);
      for (let i = 0; i < MEMORY_LOAD.loginsEach; i++) await login(username, password);
    }
    const { member } = DEMO.accounts;
    const auth = await login(member.username, member.password);
    const board = `company_id=${DEMO.companyId}&board_id=${DEMO.boardId}`;
    const { scenario } = await dataOf<{ scenario: { id: number } }>(
      201,
      `/features/qa/scenarios/list/?${board}`,
      { title: 'Memory', parent_id: null },
      auth,
    );
    const text = 't'.repeat(MEMORY_LOAD.caseText);
    for (let c = 0; c < MEMORY_LOAD.cases; c++) {
      const body = {
        scenario: scenario.id,
        title: `case ${c}`,
        description: text,
        steps_to_reproduce: text,
        expected_result: text,
      };
      await send(201, `/features/qa/cases/list/?${board}`, body, auth);
    }
    const outcome = { status: 'bug', actual_result: text, severity: 'major', priority: 'high' };
    for (let s = 0; s < MEMORY_LOAD.sessions; s++) {
      const started = await dataOf<{ session: { case_reports: { id: number }[] } }>(
        201,
        `/features/qa/sessions/start/?${board}`,
        { scenario_id: scenario.id },
        auth,
      );
      if (s >= MEMORY_LOAD.bugSessions) continue;
      for (const report of started.session.case_reports) {
        await send(200, `/features/qa/sessions/cases/?${board}&case_report_id=${report.id}`, outcome, auth, 'PATCH');
      }
    }
    const loaded = rss();
    const list = await json(`${api}/features/qa/sessions/?${board}&is_active=true&limit=100`, {
      headers: { authorization: auth },
    });

    const attacker = { username: 'amplifier', password: 'amplifier-password', captcha_token: DEMO.captchaToken };
    await send(201, '/member/register/', { ...attacker, first_name: 'A', email: 'amplifier@example.com' });
    const attackerAuth = await login(attacker.username, attacker.password);
    const count = Math.floor((1024 * 1024 - 300) / 3);
    const amplifier = `{"title":"amp","is_active":true,"metadata":{"a":[${'{},'.repeat(count - 1)}{}]}}`;
    let peak = rss();
    const statuses = new Map<number, number>();
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 20);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < amplifierRequests) {
          next += 1;
          const res = await json(`${api}/member/bearer-tokens/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: attackerAuth },
            body: amplifier,
          }).catch(() => ({ status: 0 }));
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        }
      }),
    );
    const amplifierMs = performance.now() - started;
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    const after = await json(`${api}/member/me/`, { headers: { authorization: auth } }).catch(() => ({ status: 0 }));
    const answers = [...statuses].map(([status, n]) => `${n} × ${status === 0 ? 'no answer' : status}`).join(', ');
    return [
      '## Sandbox memory',
      '',
      `Command: \`BENCH_PARTS=memory BENCH_AMPLIFIER=${amplifierRequests} npm run bench\`. Measured ${new Date().toISOString()}, Node ${process.version}; RSS from /proc.`,
      '',
      `The documented load: ${MEMORY_LOAD.accounts} accounts registered, each logging in ${MEMORY_LOAD.loginsEach} times; ${MEMORY_LOAD.cases} cases`,
      `with three ${MEMORY_LOAD.caseText}-character texts in one scenario; ${MEMORY_LOAD.sessions} sessions on it, ${MEMORY_LOAD.bugSessions} of them with a ${MEMORY_LOAD.caseText}-character bug on every report.`,
      `The demo member writes all of it, within one account's share of stored data (${fmt(DEFAULT_LIMITS.accountBytes / 2 ** 20)} MiB,`,
      '`mocks/sandbox/domain/limits.ts`): every request of the load must answer as expected, or the part stops naming it.',
      `The amplifier: ${amplifierRequests} requests of 1 MiB \`{"a":[{},{},…]}\` token metadata from a fresh account, 8 at a time.`,
      '',
      '| figure | value |',
      '|---|---:|',
      `| RSS after start | ${fmt(idle)} MiB |`,
      `| RSS after the load | ${fmt(loaded)} MiB |`,
      `| session list page (\`limit=100\`) after the load | ${fmt(list.text.length)} bytes |`,
      `| peak RSS under the amplifier | ${fmt(peak)} MiB |`,
      `| amplifier answers | ${answers} in ${fmt(amplifierMs)} ms |`,
      `| another user's \`GET /member/me/\` afterwards | ${after.status === 0 ? 'no answer' : after.status} |`,
    ].join('\n');
  } finally {
    await sandbox.close();
  }
}
