// Finding a new token's secret (docs/conformance.md, "What the suite does not assume"; source §2: "Fields returned for a
// token: not shown"): a secret is found whatever it looks like, even a string that JavaScript's lenient Date.parse
// reads as a date (V8 reads `secret-2` as February 2001), which a timestamp field of the answer would also be.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { isObject } from '../../contract/json.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { RUN_BOUNDS } from '../support/waiting.js';
import { jsonOf, parse, rewrite, withAuthorization } from './faults/wrap.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

/** `secretab-3`: letters for the count, then a month number, so that V8's Date.parse takes it for a date. */
const dateLike = (n: number): string => {
  let letters = '';
  let rest = n;
  do {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    rest = Math.floor(rest / 26);
  } while (rest > 0);
  return `secret${letters}-${(n % 12) + 1}`;
};

/** The sandbox, each API token's secret handed out as a date-like alias and swapped back when a request brings it. */
function dateLikeSecrets(inner: FetchHandler, aliases: string[]): FetchHandler {
  const real = new Map<string, string>();
  return async (req) => {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    const secret = bearer === undefined ? undefined : real.get(bearer);
    const res = await inner(secret === undefined ? req : withAuthorization(req, `Bearer ${secret}`));
    const { operationId } = await parse(req);
    if (operationId !== 'createApiToken') return res;
    const data = (await jsonOf(res)) as { data?: { token?: Record<string, unknown> } } | undefined;
    const token = data?.data?.token;
    if (!isObject(token) || typeof token.token !== 'string') return res;
    const alias = dateLike(aliases.length);
    aliases.push(alias);
    real.set(alias, token.token);
    return rewrite(res, (b) => ({ ...b, data: { ...(b.data as object), token: { ...token, token: alias } } }));
  };
}

describe("a token's secret of any shape", () => {
  it('is found when Date.parse reads it as a date: the token rules pass, none is blocked', async () => {
    const aliases: string[] = [];
    const run = await runConformance({
      target: dateLikeSecrets(createSandbox().fetch, aliases),
      profile: DEMO_PROFILE,
      only: ['TOKEN-02', 'AUTH-04'],
      ...RUN_BOUNDS,
    });
    // The point of the test: the secrets handed out did look like dates.
    expect(aliases.length).toBeGreaterThan(0);
    for (const alias of aliases) expect(Number.isNaN(Date.parse(alias)), alias).toBe(false);
    expect(run.rules.map((r) => `${r.id} ${r.outcome}${r.outcome === 'PASS' ? '' : `: ${r.reason}`}`).sort()).toEqual([
      'AUTH-04 PASS',
      'TOKEN-02 PASS',
    ]);
  });
});
