// A full account is not a broken server (docs/conformance.md, "Reading the report"): a documented limit answer (409
// or 429 whose error payload names a limit) makes the rule not verified, with the server's own words and numbers,
// never a failure.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { reply } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

describe('an account whose limit another user reached', () => {
  it('leaves the rules that create tokens not verified, naming the limit, never failed', async () => {
    // No room for a single token: every creation gets the sandbox's documented 409.
    const result = await runConformance({
      target: createSandbox({ limits: { tokensPerAccount: 0 } }).fetch,
      profile: DEMO_PROFILE,
      only: ['TOKEN-01', 'TOKEN-02'],
    });
    for (const id of ['TOKEN-01', 'TOKEN-02']) {
      const rule = result.rules.find((r) => r.id === id);
      expect(rule?.outcome, id).toBe('UNVERIFIED');
      expect(rule?.reason).toMatch(
        /not verified: the account's limit was reached: POST \/member\/bearer-tokens\/ answered 409: "Limit reached: API tokens per account \(at most 0/,
      );
    }
    expect(result.mustFailed).toBe(false);
  });

  it('leaves them not verified on a 429 naming a limit too (the other status of the pair the docs name)', async () => {
    const sandbox = createSandbox();
    const limited = {
      status: 'error',
      message: "Limit reached: this account's share of the server's storage is used up.",
      errors: [{ field: 'body', message: 'share used up' }],
    };
    const result = await runConformance({
      target: async (req: Request) =>
        req.method === 'POST' && new URL(req.url).pathname.endsWith('/member/bearer-tokens/')
          ? reply(429, limited)
          : sandbox.fetch(req),
      profile: DEMO_PROFILE,
      only: ['TOKEN-01', 'TOKEN-02'],
    });
    for (const id of ['TOKEN-01', 'TOKEN-02']) {
      const rule = result.rules.find((r) => r.id === id);
      expect(rule?.outcome, id).toBe('UNVERIFIED');
      expect(rule?.reason).toMatch(
        /the account's limit was reached: POST \/member\/bearer-tokens\/ answered 429: "Limit reached/,
      );
    }
    expect(result.mustFailed).toBe(false);
  });

  it.each([409, 429])('does not excuse a %i that names no limit', async (status) => {
    const sandbox = createSandbox();
    const result = await runConformance({
      target: async (req: Request) =>
        req.method === 'POST' && new URL(req.url).pathname.endsWith('/member/bearer-tokens/')
          ? reply(status, { status: 'error', message: 'Conflict.' })
          : sandbox.fetch(req),
      profile: DEMO_PROFILE,
      only: ['TOKEN-01'],
    });
    const rule = result.rules.find((r) => r.id === 'TOKEN-01');
    expect(rule?.outcome, rule?.reason).not.toBe('PASS');
    expect(rule?.reason).not.toContain('limit');
  });
});
