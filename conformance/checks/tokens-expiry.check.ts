// TOKEN-08 (source §5 rules 1 and 9): a token with a short expires_at works before it and gets 401 after it.
// In a file of its own so that its short wait overlaps the other files.

import { createToken, expectStatus, expectSuccess, sleep } from '../harness/fixtures.js';
import { createHarness } from '../harness/harness.js';

const h = createHarness(import.meta.url);

/**
 * How far ahead the token expires at least: long enough to use it once (and at least four round trips), short enough
 * to keep the run fast. The expiry is then moved to the next whole second of the target's clock, so that a server
 * that keeps expires_at to the second (rounding it either way) keeps the same instant.
 */
const MIN_LIFETIME_MS = 300;
/** How long after expires_at the second use waits: clock reading and latency. */
const MARGIN_MS = 250;
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

h.rule('TOKEN-08', 'a token authenticates before its expires_at and gets 401 after it', async () => {
  const member = await h.as('member');
  const sent = performance.now();
  await h.call(member, 'getMe');
  const roundTrip = performance.now() - sent;
  const skew = clockSkew();
  const lifetime = Math.max(MIN_LIFETIME_MS, 4 * roundTrip);
  const expiresTarget = Math.ceil((Date.now() + skew + lifetime) / 1000) * 1000;
  const expiresLocal = expiresTarget - skew;
  const token = await createToken(h, member, {
    title: h.title('expiring'),
    is_active: true,
    expires_at: new Date(expiresTarget).toISOString(),
  });
  const client = h.withToken(token.secret);
  expectSuccess(await h.call(client, 'getMe'), 'GET /member/me/ with the token before its expires_at');
  await sleep(expiresLocal + MARGIN_MS - Date.now());
  expectStatus(
    await h.call(client, 'getMe'),
    [401],
    `GET /member/me/ with the token ${MARGIN_MS} ms after its expires_at`,
  );
});

export default h.checks;
