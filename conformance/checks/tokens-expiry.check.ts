// TOKEN-08 (source §5 rules 1 and 9): a token with a short expires_at works before it and gets 401 after it.
// In a file of its own so that its wait overlaps the other files.

import type { Answer } from '../engine/exchange-record.js';
import { ensure, expectSuccess, NotVerified } from '../harness/assertions.js';
import { createHarness } from '../harness/harness.js';
import { createToken, sleep } from '../harness/setup-steps.js';

const h = createHarness(import.meta.url);
// One token that expires during the check.
h.creates({ tokens: 1 });

/**
 * How far ahead the token expires at least, attempt by attempt (and at least four round trips): the first keeps the
 * run fast; the next is tried only when the token no longer worked at its first use, as on a loaded machine where the
 * creation took longer than the token's life. The expiry is then moved to the next whole second of the target's clock,
 * so that a server that keeps expires_at to the second (rounding it either way) keeps the same instant.
 */
const LIFETIMES_MS = [300, 1_200, 4_800];
/**
 * After expires_at, the token is used again at these delays until it gets 401: the expiry is observed, not sampled at
 * one instant, so a clock a little behind ours (or a slow answer) is waited for rather than failed.
 */
const AFTER_EXPIRY_MS = [50, 150, 350, 750, 1_500, 3_000];
/** A Date header further off than this counts as a clock difference to make up for. */
const SKEW_TOLERANCE_MS = 2000;

/** The target's clock minus ours, from the Date header of the last answer (0 when it is close or absent). */
function clockSkew(): number {
  const last = h.recorder.answers.at(-1)?.record;
  const date = last?.responseHeaders?.date;
  if (!date) return 0;
  const skew = Date.parse(date) - Date.now();
  return Number.isFinite(skew) && Math.abs(skew) > SKEW_TOLERANCE_MS ? skew : 0;
}

/** A token that expires at least `minimum` ms from now, and the local instant of its expires_at. */
async function expiringToken(minimum: number): Promise<{ secret: string; expiresLocal: number }> {
  const member = await h.as('member');
  const sent = performance.now();
  await h.call(member, 'getMe');
  const roundTrip = performance.now() - sent;
  const skew = clockSkew();
  const lifetime = Math.max(minimum, 4 * roundTrip);
  const expiresTarget = Math.ceil((Date.now() + skew + lifetime) / 1000) * 1000;
  const token = await createToken(h, member, { title: h.title('expiring'), expiresAt: expiresTarget });
  return { secret: token.secret, expiresLocal: expiresTarget - skew };
}

h.rule('TOKEN-08', 'a token authenticates before its expires_at and gets 401 after it', async () => {
  for (const [attempt, minimum] of LIFETIMES_MS.entries()) {
    const last = attempt === LIFETIMES_MS.length - 1;
    let token: { secret: string; expiresLocal: number };
    try {
      token = await expiringToken(minimum);
    } catch (error) {
      // Its secret is found by using it: a token that expired before that is tried again with a longer life.
      if (error instanceof NotVerified && !last) continue;
      throw error;
    }
    const client = h.withToken(token.secret);
    const before = await h.call(client, 'getMe');
    if (before.status === 401 && !last) continue;
    expectSuccess(
      before,
      `GET /member/me/ with a token whose expires_at is ${Math.max(0, token.expiresLocal - Date.now())} ms ahead`,
    );
    let after: Answer | undefined;
    for (const delay of AFTER_EXPIRY_MS) {
      await sleep(token.expiresLocal + delay - Date.now());
      after = await h.call(client, 'getMe');
      if (after.status === 401 || after.status === undefined) break;
    }
    ensure(
      after?.status === 401,
      `GET /member/me/ with the token ${AFTER_EXPIRY_MS.at(-1)} ms after its expires_at: expected 401, got ${after?.status ?? after?.record.error}`,
    );
    return;
  }
});

export default h.checks;
