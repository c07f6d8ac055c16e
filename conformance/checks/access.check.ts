// ACCESS rules (source §5 rules 7 and 8, §7): the outsider reaches nothing of the member's, whatever it asks.
import { unwrap } from '../../client/index.js';
import { createToken, dataOf, ensure, expectStatus, listTokens, whoAmI } from '../harness/fixtures.js';
import { createHarness } from '../harness/harness.js';
import { memberObjects, placeholderObjects } from '../harness/objects.js';
import { inSafeOrder, isWrite, opName, validRequest } from '../harness/requests.js';

const h = createHarness(import.meta.url);
const { profile } = h.run;
// Should making them fail, the outsider is still sent to the member's board with ids that point at nothing.
const objects = h.once(() => memberObjects(h).catch((error) => placeholderObjects(h, error)));

const boardOperations = inSafeOrder(
  h.contract.operations.filter(
    (o) =>
      o.authenticated &&
      o.parameters.some((p) => p.name === 'board_id') &&
      o.parameters.some((p) => p.name === 'company_id'),
  ),
);

for (const op of boardOperations) {
  h.rule(
    'ACCESS-01',
    `the outsider gets 403 or 404 on ${opName(op)} of the member's board`,
    async () => {
      const { ids } = await objects();
      const outsider = await h.as('outsider');
      const answer = await h.call(outsider, op.operationId, validRequest(op, ids, h.title('outsider probe')));
      expectStatus(answer, [403, 404], `${opName(op)} by the outsider on the member's board`);
      ensure(dataOf(answer) === undefined, `the outsider's ${answer.status} answer to ${opName(op)} carries data`);
    },
    { writes: isWrite(op) },
  );
}

h.rule('ACCESS-02', "the outsider cannot update, delete or list the member's token", async () => {
  const token = await createToken(await h.as('member'), { title: h.title("not the outsider's"), is_active: true });
  const outsider = await h.as('outsider');
  const update = await h.call(outsider, 'updateApiToken', { query: { key: token.key }, body: { is_active: false } });
  expectStatus(update, [403, 404], "PATCH of the member's token by the outsider");
  const remove = await h.call(outsider, 'deleteApiToken', { query: { key: token.key } });
  expectStatus(remove, [403, 404], "DELETE of the member's token by the outsider");
  const theirs = await listTokens(outsider);
  ensure(!theirs.some((t) => t.key === token.key), "the outsider's token list holds the member's token");
  expectStatus(
    await h.call(h.withToken(token.token), 'getMe'),
    [200],
    "GET /member/me/ with the member's token afterwards",
  );
});

h.rule('ACCESS-03', "the outsider's company list does not hold the member's company", async () => {
  const data = await unwrap((await h.as('outsider')).GET('/company/list/'));
  const ids = (data?.companies ?? []).map((c) => c.id);
  ensure(!ids.includes(profile.companyId), `the outsider's GET /company/list/ holds company ${profile.companyId}`);
});

h.rule('ACCESS-04', 'GET /member/me/ names the account that owns the credential', async () => {
  const outsider = await whoAmI(await h.as('outsider'));
  ensure(
    outsider === profile.accounts.outsider.username,
    `GET /member/me/ with the outsider's credential named ${JSON.stringify(outsider)}`,
  );
  const member = await whoAmI(await h.as('member'));
  ensure(
    member === profile.accounts.member.username,
    `GET /member/me/ with the member's credential named ${JSON.stringify(member)}`,
  );
});

h.rule('ACCESS-05', "the member's company list holds the profile's companyId", async () => {
  const data = await unwrap((await h.as('member')).GET('/company/list/'));
  const ids = (data?.companies ?? []).map((c) => c.id);
  ensure(
    ids.includes(profile.companyId),
    `the member's GET /company/list/ does not hold companyId ${profile.companyId}`,
  );
});

h.exchangeRules();
