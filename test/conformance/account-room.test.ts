// The preflight reads the member's room (docs/conformance.md, "The preflight" and "Reading the report"): an account
// another user filled is said up front, with the numbers, through the CLI and through Vitest, and never blamed on the
// server; a server whose limits differ, that states none, or whose lists the suite cannot read passes as before.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CHECK_FILES } from '../../conformance/checks/index.js';
import { main } from '../../conformance/cli/main.js';
import { plan, type Selection } from '../../conformance/engine/registry.js';
import { runCreations } from '../../conformance/engine/room.js';
import type { RunSettings } from '../../conformance/engine/settings.js';
import { loadProfile, type ProfileInput, profileFrom } from '../../conformance/profile.js';
import { RULES } from '../../conformance/rules.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { startSandboxServer } from '../../mocks/sandbox/hosts/node.js';
import { KEPT_ALIVE_MS } from '../support/kept-alive.js';
import { processRun } from '../support/node-process.js';
import { reply } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const BASE = 'http://sandbox.test/api';
const dir = mkdtempSync(join(tmpdir(), 'conformance-room-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What the suite's check files declare a run creates, for the given options (the preflight's own sum). */
function declared(options: { only?: readonly string[]; readOnly?: boolean; missing?: string[] } = {}) {
  const profile = profileFrom({ ...DEMO_PROFILE, missingOperations: options.missing ?? [] }, BASE);
  const selected = new Set(options.only ?? RULES.map((r) => r.id));
  const selection: Selection = {
    selected,
    readOnly: options.readOnly ?? false,
    register: true,
    missing: new Set(profile.missingOperations),
  };
  const settings: RunSettings = {
    door: 'code',
    profile,
    marker: 'x',
    readOnly: selection.readOnly,
    register: true,
    timeoutMs: 10_000,
  };
  return runCreations(plan(CHECK_FILES, RULES, selection), selection, settings);
}

/**
 * Another client of the shared sandbox (its own login) creates tokens for demo until it holds `upTo`, or until the
 * sandbox refuses one: returns how many demo holds then.
 */
async function squat(fetch: FetchHandler, baseUrl: string, upTo = Number.POSITIVE_INFINITY): Promise<number> {
  const json = { 'content-type': 'application/json' };
  const login = await fetch(
    new Request(`${baseUrl}/member/login/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'demo', password: 'demo-password', captcha_token: 'test-captcha' }),
    }),
  );
  const auth = {
    ...json,
    authorization: `JWT ${((await login.json()) as { data: { access_token: string } }).data.access_token}`,
  };
  const list = await fetch(new Request(`${baseUrl}/member/bearer-tokens/?limit=100`, { headers: auth }));
  let held = ((await list.json()) as { data: { tokens: unknown[] } }).data.tokens.length;
  while (held < upTo) {
    const made = await fetch(
      new Request(`${baseUrl}/member/bearer-tokens/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ title: `squatter ${held}`, is_active: true }),
      }),
    );
    if (made.status === 409) break;
    expect(made.status).toBe(201);
    held++;
  }
  return held;
}

describe('what a run creates', () => {
  it('adds up the declarations of the check files the run starts', () => {
    const all = declared();
    expect(all.tokens).toBeGreaterThan(0);
    expect(all.scenarios).toBeGreaterThan(0);
    expect(all.sessions).toBeGreaterThan(0);
    // tokens.check.ts alone declares its own; a read-only run creates nothing; a missing create operation, none of it.
    expect(declared({ only: ['TOKEN-01'] })).toEqual({ tokens: 11, scenarios: 0, sessions: 0 });
    expect(declared({ readOnly: true })).toEqual({ tokens: 0, scenarios: 0, sessions: 0 });
    expect(declared({ missing: ['createApiToken'] }).tokens).toBe(0);
    expect(declared({ missing: ['createApiToken'] }).scenarios).toBe(all.scenarios);
  });
});

describe('the profile states limits', () => {
  it('reads limits from the file and the environment, and names a bad one', () => {
    const file = 'conformance/targets/sandbox.json';
    expect(loadProfile(file, {}, BASE).limits).toEqual({ tokens: 100, scenarios: 5000, sessions: 1000 });
    expect(loadProfile(file, { CONFORMANCE_LIMIT_TOKENS: '7' }, BASE).limits?.tokens).toBe(7);
    expect(() => loadProfile(file, { CONFORMANCE_LIMIT_SESSIONS: '-1' }, BASE)).toThrow(
      /limits\.sessions \(or CONFORMANCE_LIMIT_SESSIONS\): .* must be a non-negative integer/,
    );
    expect(() => profileFrom({ ...DEMO_PROFILE, limits: { cases: 3 } }, BASE)).toThrow(
      'limits takes only tokens, scenarios, sessions',
    );
    expect(profileFrom(DEMO_PROFILE, BASE).limits).toBeUndefined();
  });
});

describe('an account another user filled, on the real sandbox', { timeout: 240_000 }, () => {
  it('says so before any rule runs, with the numbers, in the CLI and in Vitest; no MUST rule fails', async () => {
    const server = await startSandboxServer({
      port: 0,
      fetch: createSandbox().fetch,
      keepAliveTimeoutMs: KEPT_ALIVE_MS,
    });
    try {
      expect(await squat(globalThis.fetch, server.baseUrl)).toBe(100);
      const creates = declared().tokens;
      const full = `the member's account has no room: 100 of 100 API tokens used`;
      const ruleReason = `not verified: the account has no room: 100 of 100 API tokens used (the run creates up to ${creates}); POST /member/bearer-tokens/ answered 409: "Limit reached: API tokens per account`;

      // The CLI, with the kit's own sandbox profile (which states the sandbox's limits).
      let stdout = '';
      const json = join(dir, 'cli.json');
      const code = await main(
        ['--target', 'conformance/targets/sandbox.json', '--base-url', server.baseUrl, '--json', json],
        {
          out: (t) => {
            stdout += t;
          },
          err: (t) => {
            stdout += t;
          },
          env: {},
        },
      );
      expect(stdout).toContain(
        `warning: ${full} (limits.tokens, CONFORMANCE_LIMIT_TOKENS), and the run creates up to ${creates}; the rules that meet the account's limit are not verified, never failed`,
      );
      // Said before the first check file's line, and again in the report.
      expect(stdout.indexOf(full)).toBeLessThan(stdout.indexOf('Running '));
      expect(stdout).toContain(
        "Warnings before any rule ran (the probe and the preflight):\n  ! the member's account has no room",
      );
      const report = JSON.parse(readFileSync(json, 'utf8'));
      const token02 = report.rules.find((r: { id: string }) => r.id === 'TOKEN-02');
      expect(token02.outcome).toBe('UNVERIFIED');
      expect(token02.reason).toContain(ruleReason);
      expect(report.summary.mustFailed, stdout).toBe(false);
      // Every rule left not verified is so for the account's limit, with the numbers, whether its own request or a
      // fixture it waited for met the limit.
      const unverified = report.rules.filter((r: { outcome: string }) => r.outcome === 'UNVERIFIED');
      expect(unverified.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining(['TOKEN-02', 'ACCESS-01']));
      for (const rule of unverified) {
        expect(rule.reason, rule.id).toContain('the account has no room: 100 of 100 API tokens used');
        for (const check of rule.checks.filter((c: { outcome: string }) => c.outcome === 'UNVERIFIED')) {
          expect(check.blockedBy, check.name).toBe("the account's limit");
        }
      }
      expect(report.preflightWarnings[0]).toContain(full);
      // The policy for not verified MUST rules: exit 1, saying which, and none failed.
      expect(code).toBe(1);
      expect(report.verdict.reasons).toEqual([expect.stringMatching(/^MUST rules not verified: .*TOKEN-02/)]);

      // Vitest, through a team's own test file against the same server.
      const vitest = await processRun(
        ['node_modules/vitest/vitest.mjs', 'run', '--config', 'test/conformance/fixtures/vitest.config.ts'],
        { TARGET_URL: server.baseUrl, LIMIT_TOKENS: '100' },
      );
      expect(vitest.status, vitest.output).toBe(1);
      expect(vitest.output).toContain(
        `conformance: warning: ${full} (profile.limits.tokens), and the run creates up to ${creates}`,
      );
      expect(vitest.output).toContain(`TOKEN-02 (MUST): `);
      expect(vitest.output).toContain(ruleReason);
      // Only rules not verified: no rule failed for what another user did (a failure quotes its source).
      expect(vitest.output).not.toMatch(/^\s*source: §/m);
    } finally {
      await server.close();
    }
  });
});

/** A run of the token rules against `fetch`, with the preflight's warnings. */
async function tokenRun(fetch: FetchHandler, profile: ProfileInput, preflight = true) {
  const warnings: string[] = [];
  const result = await runConformance({
    target: fetch,
    profile,
    only: ['TOKEN-01', 'TOKEN-02'],
    preflight,
    onProgress: (e) => {
      if (e.kind === 'warning') warnings.push(e.message);
    },
  });
  const outcome = (id: string) => result.rules.find((r) => r.id === id);
  return { result, warnings, outcome, outcomes: result.rules.map((r) => `${r.id} ${r.outcome}`) };
}

describe('servers that make other choices', { timeout: 120_000 }, () => {
  const creates = declared({ only: ['TOKEN-01', 'TOKEN-02'] }).tokens;

  it('a server that states no limit: no request more, no warning; a limit answer still makes the rule not verified', async () => {
    const sandbox = createSandbox();
    await squat(sandbox.fetch, BASE);
    const run = await tokenRun(sandbox.fetch, DEMO_PROFILE);
    expect(run.warnings).toEqual([]);
    expect(run.result.warnings).toBeUndefined();
    expect(run.outcome('TOKEN-02')?.outcome).toBe('UNVERIFIED');
    expect(run.outcome('TOKEN-02')?.reason).toContain(
      `not verified: the account's limit was reached: POST /member/bearer-tokens/ answered 409: "Limit reached`,
    );
    expect(run.outcome('TOKEN-02')?.reason).not.toContain('before the run');
    expect(run.result.mustFailed).toBe(false);
    // The preflight reads the token list only where a limit is stated: without, it sends what it sent before.
    const listsTokens = async (profile: ProfileInput) => {
      const done = await runConformance({ target: sandbox.fetch, profile, only: ['ACCESS-03'], har: true });
      return (done.har?.log.entries ?? []).some(
        (e) => e.request.method === 'GET' && new URL(e.request.url).pathname.endsWith('/member/bearer-tokens/'),
      );
    };
    expect(await listsTokens(DEMO_PROFILE)).toBe(false);
    expect(await listsTokens({ ...DEMO_PROFILE, limits: { tokens: 100 } })).toBe(true);
  });

  it('a server whose limit is higher than the profile states: warned, never blocked, every rule judged', async () => {
    const sandbox = createSandbox({ limits: { tokensPerAccount: 150 } });
    await squat(sandbox.fetch, BASE, 100);
    const run = await tokenRun(sandbox.fetch, { ...DEMO_PROFILE, limits: { tokens: 100 } });
    expect(run.warnings).toEqual([expect.stringContaining("the member's account has no room: 100 of 100 API tokens")]);
    expect(run.outcome('TOKEN-01')?.outcome).toBe('PASS');
    expect(run.outcome('TOKEN-02')?.outcome).toBe('PASS');
  });

  it('a server with room to spare, or for part of the run: warned only when the run does not fit', async () => {
    const spare = await tokenRun(createSandbox().fetch, { ...DEMO_PROFILE, limits: { tokens: 100 } });
    expect(spare.warnings).toEqual([]);
    expect(spare.outcome('TOKEN-02')?.outcome).toBe('PASS');
    const sandbox = createSandbox();
    await squat(sandbox.fetch, BASE, 95);
    const part = await tokenRun(sandbox.fetch, { ...DEMO_PROFILE, limits: { tokens: 100 } });
    expect(part.warnings).toEqual([
      `the member's account has room for 5 of the up to ${creates} API tokens the run creates: 95 of 100 API tokens used (profile.limits.tokens); the rules that meet the account's limit are not verified, never failed: delete some of the member's API tokens or use another account`,
    ]);
    expect(part.result.mustFailed).toBe(false);
  });

  it('a server whose token list the member may not read: a warning only where a limit is stated, every rule as before', async () => {
    const sandbox = createSandbox();
    const listRefused: FetchHandler = async (req) =>
      req.method === 'GET' && new URL(req.url).pathname.endsWith('/member/bearer-tokens/')
        ? reply(403, { status: 'error', message: 'Not allowed.' })
        : sandbox.fetch(req);
    const stated = await tokenRun(listRefused, { ...DEMO_PROFILE, limits: { tokens: 100 } });
    expect(stated.warnings).toEqual([
      "could not count the member's API tokens against the limit of 100 (profile.limits.tokens): GET /member/bearer-tokens/: page 1 answered 403",
    ]);
    const silent = await tokenRun(listRefused, DEMO_PROFILE);
    expect(silent.warnings).toEqual([]);
    // Judged as without the preflight: TOKEN-01 reads the list to see that nothing was created, TOKEN-02 does not.
    const before = await tokenRun(listRefused, DEMO_PROFILE, false);
    expect(before.outcomes).toEqual(['TOKEN-01 FAIL', 'TOKEN-02 PASS']);
    expect(stated.outcomes).toEqual(before.outcomes);
    expect(silent.outcomes).toEqual(before.outcomes);
    // A list that never answers is given up at the request's own bound, saying what happened.
    const hanging: FetchHandler = async (req) =>
      req.method === 'GET' && new URL(req.url).pathname.endsWith('/member/bearer-tokens/')
        ? new Promise<Response>(() => undefined)
        : sandbox.fetch(req);
    const warned: string[] = [];
    const hung = await runConformance({
      target: hanging,
      profile: { ...DEMO_PROFILE, limits: { tokens: 100 } },
      only: ['TOKEN-02'],
      timeoutMs: 1_000,
      onProgress: (e) => {
        if (e.kind === 'warning') warned.push(e.message);
      },
    });
    expect(warned).toEqual([
      expect.stringMatching(
        /^could not count the member's API tokens against the limit of 100 \(profile\.limits\.tokens\): GET \/member\/bearer-tokens\/: (?!.*undefined).*\S/,
      ),
    ]);
    expect(hung.rules.find((r) => r.id === 'TOKEN-02')?.outcome).toBe('PASS');
    const missing = await tokenRun(sandbox.fetch, {
      ...DEMO_PROFILE,
      limits: { tokens: 100 },
      missingOperations: ['listApiTokens'],
    });
    expect(missing.warnings).toEqual([
      "could not count the member's API tokens against the limit of 100 (profile.limits.tokens): listApiTokens is declared missing",
    ]);
  });
});
