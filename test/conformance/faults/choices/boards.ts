// Choice servers that give a company's boards their own way (docs/conformance.md, "What the suite does not assume"):
// the source does not say where a company's boards are listed.
import { isObject } from '../../../../contract/json.js';
import { apiRequest, jsonOf, parse, reply } from '../wrap.js';
import { changed, dataIn } from './answers.js';
import type { Choice, Wrap } from './choice.js';

/** The company list without its companies' boards (the source does not say where a company's boards are). */
const withoutBoards: Wrap = (inner) => async (req) => {
  const { operationId } = await parse(req);
  const res = await inner(req);
  if (operationId !== 'listCompanies') return res;
  return changed(res, (body) => {
    const companies = dataIn(body)?.companies;
    if (Array.isArray(companies)) for (const c of companies) if (isObject(c)) delete c.boards;
  });
};

/**
 * The company list carries no boards; a board list of the server's own gives them, `GET /board/list/?company_id=`
 * (under `data.items`, beside a count), which the profile names (`boardList`): the source names no board list.
 */
export const boardsFromOwnList: Choice = {
  departs: [],
  profile: (p) => ({ ...p, boardList: { path: '/board/list/', collection: 'items' } }),
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    if (req.method === 'GET' && url.pathname.endsWith('/board/list/')) {
      const companies = dataIn(
        await jsonOf(await inner(apiRequest(req, 'GET', '/company/list/', undefined, req.headers))),
      );
      if (!companies) return reply(401, { status: 'error', message: 'Authentication required.' });
      const asked = url.searchParams.get('company_id');
      const company = (Array.isArray(companies.companies) ? companies.companies : []).find(
        (c) => isObject(c) && String(c.id ?? c.company_id) === asked,
      );
      const items = isObject(company) && Array.isArray(company.boards) ? company.boards : [];
      return reply(200, { status: 'success', data: { items, count: items.length } });
    }
    return withoutBoards(inner)(req);
  },
};

/** The company list shows no boards (the source names no list that gives board ids). */
export const companiesWithoutBoards: Choice = { departs: [], wrap: withoutBoards };
