// A full account is not a broken server (docs/conformance.md, "Reading the report"): a documented limit answer (409
// or 429 whose error payload names a limit) makes the rule not verified, with the server's own words and numbers,
// never a failure.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { reply } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** TOKEN-01 and TOKEN-02 against `target`: both not verified with `reason`, and no MUST rule failed. */
async function expectTokenRulesBlocked(target: (req: Request) => Response | Promise<Response>, reason: RegExp) {
  const result = await runConformance({ target, profile: DEMO_PROFILE, only: ['TOKEN-01', 'TOKEN-02'] });
  for (const id of ['TOKEN-01', 'TOKEN-02']) {
    const rule = result.rules.find((r) => r.id === id);
    expect(rule?.outcome, id).toBe('UNVERIFIED');
    expect(rule?.reason).toMatch(reason);
  }
  expect(result.mustFailed).toBe(false);
}

/** The sandbox, but every token creation answered `status` with `body`. */
const tokenCreationsAnswered = (status: number, body: unknown) => {
  const sandbox = createSandbox();
  return async (req: Request) =>
    req.method === 'POST' && new URL(req.url).pathname.endsWith('/member/bearer-tokens/')
      ? reply(status, body)
      : sandbox.fetch(req);
};

describe('an account whose limit another user reached', () => {
  it('leaves the rules that create tokens not verified, naming the limit, never failed', async () => {
    // No room for a single token: every creation gets the sandbox's documented 409.
    await expectTokenRulesBlocked(
      createSandbox({ limits: { tokensPerAccount: 0 } }).fetch,
      /not verified: the account's limit was reached: POST \/member\/bearer-tokens\/ answered 409: "Limit reached: API tokens per account \(at most 0/,
    );
  });

  it('leaves them not verified on a 429 naming a limit too (the other status of the pair the docs name)', async () => {
    const limited = {
      status: 'error',
      message: "Limit reached: this account's share of the server's storage is used up.",
      errors: [{ field: 'body', message: 'share used up' }],
    };
    await expectTokenRulesBlocked(
      tokenCreationsAnswered(429, limited),
      /the account's limit was reached: POST \/member\/bearer-tokens\/ answered 429: "Limit reached/,
    );
  });

  it.each([409, 429])('does not excuse a %i that names no limit', async (status) => {
    const result = await runConformance({
      target: tokenCreationsAnswered(status, { status: 'error', message: 'Conflict.' }),
      profile: DEMO_PROFILE,
      only: ['TOKEN-01'],
    });
    const rule = result.rules.find((r) => r.id === 'TOKEN-01');
    expect(rule?.outcome, rule?.reason).not.toBe('PASS');
    expect(rule?.reason).not.toContain('limit');
  });
});
