// TOKEN-08 (source §5 rules 1 and 9): a token with a short expires_at works before it and gets 401 after it.
// In a file of its own so that its short wait overlaps the other files.

import { createToken, expectStatus, expectSuccess, sleep } from '../harness/fixtures.js';
import { createHarness } from '../harness/harness.js';

const h = createHarness(import.meta.url);

/** How far ahead the token expires: long enough to use it once, short enough to keep the run fast. */
const LIFETIME_MS = 1500;
/** How long after expires_at the second use waits, for a server that rounds the time. */
const MARGIN_MS = 400;
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
  await h.call(member, 'getMe');
  const skew = clockSkew();
  const expiresLocal = Date.now() + LIFETIME_MS;
  const token = await createToken(h, member, {
    title: h.title('expiring'),
    is_active: true,
    expires_at: new Date(expiresLocal + skew).toISOString(),
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
