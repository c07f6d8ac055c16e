// The runner in process (docs/conformance.md, "How a run works"): runs side by side keep their own state, the overall
// bound stops a target that never answers and the clean-up still reports, an oversized answer fails its check, and a
// rejected login leaves the rules that need it not verified.

import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../conformance/engine/result.js';
import { MAX_ANSWER_BYTES } from '../../conformance/engine/send.js';
import { loadProfile } from '../../conformance/profile.js';
import { progressLine } from '../../conformance/report/console.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';

/** In-process runs: nothing listens here, every request goes to the handler. */
const profile = () => loadProfile('conformance/targets/sandbox.json', {}, 'http://sandbox.invalid/api');
const outcomes = (result: RunResult) => Object.fromEntries(result.rules.map((r) => [r.id, r.outcome]));

describe('the runner', () => {
  it('runs the suite twice at once in one process, each run with its own profile state, fixtures and clean-up', async () => {
    const [a, b] = [createSandbox(), createSandbox()];
    const before = { a: a.store.scenarios.size, b: b.store.scenarios.size };
    // LIST-02 pages through rows its run created once (h.once): a fixture shared across runs would page the rows of
    // the other sandbox and miss them all.
    const only = ['LIST-02', 'LIST-04', 'TOKEN-03', 'ENV-04'];
    const [first, second] = await Promise.all(
      [a, b].map((sandbox) => runConformance({ target: sandbox.fetch, profile: profile(), only })),
    );
    for (const result of [first, second] as RunResult[]) {
      expect(outcomes(result)).toEqual({ 'TOKEN-03': 'PASS', 'ENV-04': 'PASS', 'LIST-02': 'PASS', 'LIST-04': 'PASS' });
      expect(result.problems).toEqual([]);
    }
    expect(first?.marker).not.toBe(second?.marker);
    expect({ a: a.store.scenarios.size, b: b.store.scenarios.size }).toEqual(before);
  });

  it('stops at the overall bound against a target that never answers, fails what did not finish, and reports', async () => {
    // Answers the reachability probe, then never settles: no socket, no timer, only the runner's bounds can end it.
    const hung: FetchHandler = async (req) =>
      new URL(req.url).pathname === '/api/member/me/' && !req.headers.has('authorization')
        ? Response.json({ status: 'error', message: 'no' }, { status: 401 })
        : new Promise(() => undefined);
    const progress: string[] = [];
    const result = await runConformance({
      profile: profile(),
      target: hung,
      only: ['tokens', 'ENV-01'],
      timeoutMs: 1_000,
      totalTimeoutMs: 300,
      onProgress: (event) => progress.push(progressLine(event)),
    });
    expect(progress.join('')).toContain('stopping: the overall bound of 300 ms was reached');
    expect(result.rules.find((r) => r.id === 'TOKEN-01')?.checks[0]?.reason).toBe(
      'did not finish: the overall bound of 300 ms was reached',
    );
    expect(result.rules.filter((r) => r.id !== 'ENV-01').every((r) => r.outcome === 'FAIL')).toBe(true);
    expect(result.rules.find((r) => r.id === 'ENV-01')?.outcome).toBe('SKIP');
    expect(result.problems).toContain('the run stopped early: the overall bound of 300 ms was reached');
    // Every login hung, so no creation was sent: the clean-up has no list to search and sends nothing.
    expect(result.leftBehind).toEqual([]);
    expect(result.problems.filter((p) => p.includes('clean-up'))).toEqual([]);
    expect(result.mustFailed).toBe(true);
  });

  it('fails a check whose answer is larger than the cap, naming it, and goes on', async () => {
    const sandbox = createSandbox();
    const huge: FetchHandler = async (req) =>
      new URL(req.url).pathname === '/api/company/list/'
        ? Response.json({ status: 'success', data: { companies: [], padding: 'x'.repeat(MAX_ANSWER_BYTES) } })
        : sandbox.fetch(req);
    // Without the preflight, which would stop the run at the oversized company list before any check.
    const result = await runConformance({
      profile: profile(),
      target: huge,
      only: ['CONV-01', 'ENV-03'],
      preflight: false,
    });
    expect(outcomes(result)).toEqual({ 'CONV-01': 'FAIL', 'ENV-03': 'FAIL' });
    const failed = result.rules.find((r) => r.id === 'CONV-01')?.checks[0];
    expect(failed?.reason).toContain(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    expect(failed?.exchanges[0]?.error).toContain('larger than');
  });

  it('leaves a rule not verified, blocked by LOGIN-02, when the login is rejected; fails it when login never answers', async () => {
    const loginAnswers = (login: () => Promise<Response>): FetchHandler => {
      const sandbox = createSandbox();
      return (req) => (new URL(req.url).pathname === '/api/member/login/' ? login() : sandbox.fetch(req));
    };
    const refused = async () => Response.json({ status: 'error', message: 'Invalid credentials.' }, { status: 401 });
    // Without the preflight, which stops a run whose login is refused before any rule (test/conformance/preflight.test.ts).
    const run = (fetch: FetchHandler) =>
      runConformance({ target: fetch, profile: profile(), only: ['TOKEN-02'], preflight: false });
    const rejected = await run(loginAnswers(refused));
    const [rule] = rejected.rules;
    expect(rule).toMatchObject({ id: 'TOKEN-02', outcome: 'UNVERIFIED' });
    expect(rule?.checks[0]).toMatchObject({ outcome: 'UNVERIFIED', blockedBy: 'LOGIN-02' });
    expect(rejected).toMatchObject({ unverified: 1, mustUnverified: true, mustFailed: false, failed: 0 });

    const silent = async (): Promise<Response> => {
      throw new TypeError('fetch failed');
    };
    const lost = await run(loginAnswers(silent));
    expect(lost.rules[0]).toMatchObject({ id: 'TOKEN-02', outcome: 'FAIL' });
    expect(lost).toMatchObject({ unverified: 0, mustUnverified: false, mustFailed: true });
  });
});
