// AUTH rules (source §5, §7): every authenticated operation of openapi.yaml, with only the credential wrong.
import type { OperationSpec } from '../../contract/openapi.js';
import { ensure } from '../harness/assertions.js';
import { createHarness } from '../harness/harness.js';
import { memberObjects, placeholderObjects } from '../harness/objects.js';
import { createToken } from '../harness/setup-steps.js';
import { inSafeOrder, isList, isWrite, opName, validRequest } from '../harness/valid-requests.js';

const h = createHarness(import.meta.url);
// The member's objects to probe (a token, a scenario with a case, a session) and a named token of its own.
h.creates({ tokens: 2, scenarios: 1, sessions: 1 });
// Should making them fail, the checks still run against ids that point at nothing: 401 comes before any lookup.
const objects = h.once(() => memberObjects(h).catch((error) => placeholderObjects(h, error)));
const operations = inSafeOrder(h.contract.operations.filter((o) => o.authenticated));
// AUTH-04's named API token, made on its own: it needs token creation and nothing the other objects need (QA).
const namedToken = h.once(async () => createToken(h, await h.as('member'), { title: h.title('auth probe token') }));

/** Sends the operation's valid request with this Authorization value (none when undefined). */
async function attempt(op: OperationSpec, authorization: string | undefined) {
  const { ids } = await objects();
  const planned = validRequest(op, ids, h.title('auth probe'), h.marker);
  return h.callLoose(h.anonymous(), op.operationId, {
    ...planned,
    ...(authorization === undefined ? {} : { headers: { Authorization: authorization } }),
  });
}

/** Sends every variant and fails naming those that did not get 401. */
async function expect401(op: OperationSpec, variants: readonly [label: string, value: string | undefined][]) {
  const wrong: string[] = [];
  for (const [i, [label, value]] of variants.entries()) {
    const answer = await attempt(op, value);
    if (answer.status !== 401) {
      wrong.push(`${label} got ${answer.status ?? answer.record.error}`);
      h.blame(answer);
    }
    // An unanswered request may have taken effect: the same request is not sent again with another credential.
    if (answer.status === undefined) {
      if (i < variants.length - 1) wrong.push('the remaining variants were not sent');
      break;
    }
  }
  ensure(wrong.length === 0, `${opName(op)} expected 401: ${wrong.join('; ')}`);
}

for (const op of operations) {
  const writes = isWrite(op);
  const name = opName(op);

  h.rule('AUTH-01', `${name} without Authorization gets 401`, () => expect401(op, [['no Authorization', undefined]]), {
    writes,
    needs: [op.operationId],
  });

  h.rule(
    'AUTH-02',
    `${name} with a malformed Authorization, an unknown scheme or an unknown token gets 401`,
    async () => {
      const { accessToken } = await h.session('member');
      await expect401(op, [
        ['"Bearer" without a token', 'Bearer'],
        ['"JWT" without a token', 'JWT'],
        ['a value without a scheme', 'not-a-credential'],
        ['the access token under the unknown scheme "Token"', `Token ${accessToken}`],
        ['Basic credentials', 'Basic Y29uZm9ybWFuY2U6c3VpdGU='],
        ['an unknown Bearer token', `Bearer unknown-${h.marker}`],
        ['an unknown JWT', 'JWT eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwIn0.aW52YWxpZA'],
      ]);
    },
    { writes, needs: [op.operationId] },
  );

  h.rule(
    'AUTH-03',
    `${name} with the JWT access token under Bearer gets 401`,
    async () => {
      const { accessToken } = await h.session('member');
      await expect401(op, [['the JWT access token as "Bearer"', `Bearer ${accessToken}`]]);
    },
    { writes, needs: [op.operationId] },
  );

  h.rule(
    'AUTH-04',
    `${name} with a named API token under JWT gets 401`,
    async (t) => {
      if (h.run.readOnly) return t.skip('needs a named API token of the member, which read-only mode does not create');
      const { secret } = await namedToken();
      await expect401(op, [['the API token as "JWT"', `JWT ${secret}`]]);
    },
    { writes, needs: [op.operationId, 'createApiToken'] },
  );

  h.rule(
    'AUTH-05',
    `${name} with the refresh token in Authorization gets 401`,
    async (t) => {
      const { refreshToken } = await h.session('member');
      if (!refreshToken) t.skip('login returned no refresh_token (see LOGIN-02)');
      await expect401(op, [
        ['the refresh token as "Bearer"', `Bearer ${refreshToken}`],
        ['the refresh token as "JWT"', `JWT ${refreshToken}`],
      ]);
    },
    { writes, needs: [op.operationId] },
  );

  if (isList(op)) {
    h.rule(
      'AUTH-06',
      `${name} with a failed authorization is not a 2xx list`,
      async () => {
        const { accessToken } = await h.session('member');
        for (const value of [undefined, `Bearer unknown-${h.marker}`, `Bearer ${accessToken}`]) {
          const answer = await attempt(op, value);
          // No answer at all is no evidence either way: the check cannot pass on it.
          ensure(answer.status !== undefined, `${name}: no answer to a failed authorization (${answer.record.error})`);
          const status = answer.status;
          ensure(
            status < 200 || status >= 300,
            `${name} answered ${status} to a failed authorization: a failure must not look like a (possibly empty) list`,
          );
        }
      },
      { needs: [op.operationId] },
    );
  }
}

export default h.checks;
