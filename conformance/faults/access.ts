// Faults in access between accounts (source §5 rules 7 and 8): the outsider let in, scope and identity leaked.
import { asMember, DEMO, type Fault, isObject, jsonOf, memberAuthorization, parse, reply, rewrite } from './wrap.js';

const SCOPED = new Set(['updateApiToken', 'deleteApiToken']);

/**
 * Access checks are skipped: a board-scoped or token request that the real server refuses with 403 or 404 is let
 * through with the rights of the demo member.
 */
export const outsiderLetIn: Fault = (inner) => {
  const auth = memberAuthorization(inner);
  return async (req) => {
    // A clone goes in first: the original, body intact, may be sent again as the member.
    const res = await inner(req.clone());
    if (res.status !== 403 && res.status !== 404) return res;
    const { operationId, query } = await parse(req);
    const scoped = SCOPED.has(operationId ?? '') || (query.has('company_id') && query.has('board_id'));
    return scoped && operationId ? asMember(inner, auth, req) : res;
  };
};

/** Every account's company list shows the demo company. */
export const companyListLeaks: Fault = (inner) => async (req) => {
  const res = await inner(req);
  if ((await parse(req)).operationId !== 'listCompanies' || res.status !== 200) return res;
  return rewrite(res, (body) => {
    const data = isObject(body.data) ? body.data : {};
    const companies = Array.isArray(data.companies) ? data.companies : [];
    const known = companies.some((c) => isObject(c) && c.id === DEMO.companyId);
    return {
      ...body,
      data: { ...data, companies: known ? companies : [...companies, { id: DEMO.companyId, name: 'Demo Company' }] },
    };
  });
};

/** GET /member/me/ names the demo member whoever asks. */
export const meAlwaysNamesTheMember: Fault = (inner) => async (req) => {
  const res = await inner(req);
  if ((await parse(req)).operationId !== 'getMe' || res.status !== 200) return res;
  const { id, username, email } = DEMO.accounts.member;
  return rewrite(res, (body) => ({ ...body, data: { member: { id, username, email } } }));
};

/** The outsider's reads are refused with 403, and the refusal carries the data the member would have got. */
export const refusalCarriesData: Fault = (inner) => {
  const auth = memberAuthorization(inner);
  return async (req) => {
    const res = await inner(req);
    if (res.status !== 403 || req.method !== 'GET' || !(await parse(req)).query.has('board_id')) return res;
    const granted = await jsonOf(await asMember(inner, auth, req));
    const error = await jsonOf(res);
    return reply(403, { ...(isObject(error) ? error : {}), data: isObject(granted) ? granted.data : undefined });
  };
};
