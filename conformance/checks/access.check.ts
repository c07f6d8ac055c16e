// ACCESS rules (source §5 rules 7 and 8, §7): the outsider reaches nothing of the member's, whatever it asks.

import { createHarness } from '../engine/harness.js';
import { createToken, ensure, expectStatus, expectSuccess, listTokens, whoAmI } from '../harness/fixtures.js';
import { memberObjects, placeholderObjects } from '../harness/objects.js';
import { carriesData, dataOf } from '../harness/payload.js';
import { idsOf, inSafeOrder, isWrite, opName, validRequest } from '../harness/requests.js';

const h = createHarness(import.meta.url);
// Should making them fail, the outsider is still sent to the member's board; the checks that need an object the
// placeholders do not point at then fail (or, in read-only mode, skip) rather than pass on a 404 for nothing.
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
    async (t) => {
      const { ids, missing, problem } = await objects();
      const absent = idsOf(op).filter((name) => missing.has(name));
      if (absent.length > 0) {
        // A 404 for an object that does not exist proves nothing about access.
        ensure(problem === undefined, `could not run: the member's objects to probe could not be made: ${problem}`);
        ensure(h.run.readOnly, `could not run: the objects made for the probe hold no ${absent.join(', ')}`);
        return t.skip(`the member's board holds no object for ${absent.join(', ')} (read-only mode creates none)`);
      }
      const outsider = await h.as('outsider');
      const answer = await h.callLoose(outsider, op.operationId, validRequest(op, ids, h.title('outsider probe')));
      expectStatus(answer, [403, 404], `${opName(op)} by the outsider on the member's board`);
      ensure(!carriesData(answer), `the outsider's ${answer.status} answer to ${opName(op)} carries data`);
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
  expectSuccess(await h.call(h.withToken(token.token), 'getMe'), "GET /member/me/ with the member's token afterwards");
});

h.rule('ACCESS-03', "the outsider's company list does not hold the member's company", async () => {
  const { profile } = h.run;
  const answer = await h.call(await h.as('outsider'), 'listCompanies');
  expectSuccess(answer, "the outsider's GET /company/list/");
  const companies = dataOf(answer)?.companies;
  // Without the list in data.companies (source §1) the outsider's scope cannot be read: that is no pass.
  ensure(Array.isArray(companies), "the outsider's GET /company/list/ has no array in data.companies");
  const ids = companies.map((c) => (typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined));
  ensure(!ids.includes(profile.companyId), `the outsider's GET /company/list/ holds company ${profile.companyId}`);
});

h.rule('ACCESS-04', 'GET /member/me/ names the account that owns the credential', async () => {
  const { profile } = h.run;
  const outsider = await whoAmI(h, await h.as('outsider'), "GET /member/me/ with the outsider's credential");
  ensure(
    outsider === profile.accounts.outsider.username,
    `GET /member/me/ with the outsider's credential named ${JSON.stringify(outsider)}`,
  );
  const member = await whoAmI(h, await h.as('member'), "GET /member/me/ with the member's credential");
  ensure(
    member === profile.accounts.member.username,
    `GET /member/me/ with the member's credential named ${JSON.stringify(member)}`,
  );
});

h.rule('ACCESS-05', "the member's company list holds the profile's companyId", async () => {
  const { profile } = h.run;
  const answer = await h.call(await h.as('member'), 'listCompanies');
  expectSuccess(answer, "the member's GET /company/list/");
  const companies = dataOf(answer)?.companies;
  ensure(Array.isArray(companies), "the member's GET /company/list/ has no array in data.companies");
  const ids = companies.map((c) => (typeof c === 'object' && c !== null ? (c as { id?: unknown }).id : undefined));
  ensure(
    ids.includes(profile.companyId),
    `the member's GET /company/list/ does not hold companyId ${profile.companyId}`,
  );
});
