// Faults in access between accounts (source §5 rules 7 and 8): the outsider let in, scope and identity leaked.
import { isObject } from '../../../contract/json.js';
import {
  apiRequest,
  asMember,
  DEMO,
  dataOf,
  type FaultVariant,
  jsonOf,
  memberAuthorization,
  parse,
  reply,
  rewrite,
  withQuery,
} from './wrap.js';

const SCOPED = new Set(['updateApiToken', 'deleteApiToken']);

/**
 * Access checks are skipped: a board-scoped or token request that the real server refuses with 403 or 404 is let
 * through with the rights of the demo member.
 */
export const outsiderLetIn: FaultVariant = {
  breaks: ['ACCESS-01', 'ACCESS-02'],
  wrap: (inner) => {
    const auth = memberAuthorization(inner);
    return async (req) => {
      // A clone goes in first: the original, body intact, may be sent again as the member.
      const res = await inner(req.clone());
      if (res.status !== 403 && res.status !== 404) return res;
      const { operationId, query } = await parse(req);
      const scoped = SCOPED.has(operationId ?? '') || (query.has('company_id') && query.has('board_id'));
      return scoped && operationId ? asMember(inner, auth, req) : res;
    };
  },
};

/** The answer's `data.companies` with `change` applied. */
const rewriteCompanies = (res: Response, change: (companies: unknown[]) => unknown[]) =>
  rewrite(res, (body) => {
    const data = isObject(body.data) ? body.data : {};
    return { ...body, data: { ...data, companies: change(Array.isArray(data.companies) ? data.companies : []) } };
  });

/** Every account's company list shows the demo company. */
export const companyListLeaks: FaultVariant = {
  breaks: ['ACCESS-03'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'listCompanies' || res.status !== 200) return res;
    return rewriteCompanies(res, (companies) =>
      companies.some((c) => isObject(c) && c.id === DEMO.companyId)
        ? companies
        : [...companies, { id: DEMO.companyId, name: 'Demo Company' }],
    );
  },
};

/**
 * Every account's company list shows the demo company, and every company names its id `company_id` (as a server may:
 * the source shows no field of a company but its id's name).
 */
export const companyListLeaksUnderCompanyId: FaultVariant = {
  breaks: ['ACCESS-03'],
  wrap: (inner) => async (req) => {
    const res = await companyListLeaks.wrap(inner)(req);
    if ((await parse(req)).operationId !== 'listCompanies' || res.status !== 200) return res;
    return rewriteCompanies(res, (companies) =>
      companies.map((c) => {
        if (!isObject(c)) return c;
        const { id, ...rest } = c;
        return { company_id: id, ...rest };
      }),
    );
  },
};

/**
 * The demo member's token list also shows every token other accounts created: caught by a check that makes the other
 * account's token itself, whichever checks ran before it.
 */
export const memberTokenListShowsOthers: FaultVariant = {
  breaks: ['ACCESS-02'],
  wrap: (inner) => {
    const others: Record<string, unknown>[] = [];
    return async (req) => {
      const { operationId } = await parse(req);
      const res = await inner(req);
      if (operationId === 'createApiToken' && res.ok) {
        const me = await dataOf(await inner(apiRequest(req, 'GET', '/member/me/', undefined, req.headers)));
        const token = (await dataOf(res))?.token;
        if (isObject(me?.member) && me.member.username !== DEMO.accounts.member.username && isObject(token)) {
          const { token: _secret, ...shown } = token;
          others.push(shown);
        }
      }
      if (operationId !== 'listApiTokens' || res.status !== 200) return res;
      const mine = await dataOf(await inner(apiRequest(req, 'GET', '/member/me/', undefined, req.headers)));
      if (!isObject(mine?.member) || mine.member.username !== DEMO.accounts.member.username) return res;
      return rewrite(res, (body) => {
        const data = isObject(body.data) ? body.data : {};
        const tokens = Array.isArray(data.tokens) ? data.tokens : [];
        return { ...body, data: { ...data, tokens: [...tokens, ...others] } };
      });
    };
  },
};

/** GET /member/me/ names the demo member whoever asks. */
export const meAlwaysNamesTheMember: FaultVariant = {
  breaks: ['ACCESS-04'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'getMe' || res.status !== 200) return res;
    const { id, username, email } = DEMO.accounts.member;
    return rewrite(res, (body) => ({ ...body, data: { member: { id, username, email } } }));
  },
};

/** The outsider's reads are refused with 403, and the refusal carries the data the member would have got. */
export const refusalCarriesData: FaultVariant = {
  breaks: ['ACCESS-01'],
  wrap: (inner) => {
    const auth = memberAuthorization(inner);
    return async (req) => {
      const res = await inner(req);
      if (res.status !== 403 || req.method !== 'GET' || !(await parse(req)).query.has('board_id')) return res;
      const granted = await jsonOf(await asMember(inner, auth, req));
      const error = await jsonOf(res);
      return reply(403, { ...(isObject(error) ? error : {}), data: isObject(granted) ? granted.data : undefined });
    };
  },
};

/** The member's company list leaves out the demo company (the member can still work in it). */
export const memberCompanyHidden: FaultVariant = {
  breaks: ['ACCESS-05'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'listCompanies' || res.status !== 200) return res;
    return rewriteCompanies(res, (companies) => companies.filter((c) => !(isObject(c) && c.id === DEMO.companyId)));
  },
};

/** Remembers the board each scenario, case, session and case report was created on, by id. */
function homeBoards(): {
  home(kind: string, id: unknown): string | undefined;
  observe(query: URLSearchParams, data: unknown): void;
} {
  const boards = new Map<string, string>();
  const remember = (kind: string, id: unknown, board: string) => boards.set(`${kind}:${id}`, board);
  return {
    home: (kind, id) => (id === null || id === undefined ? undefined : boards.get(`${kind}:${id}`)),
    observe(query, data) {
      if (!isObject(data)) return;
      const board = `${query.get('company_id')}/${query.get('board_id')}`;
      if (isObject(data.scenario)) remember('scenario', data.scenario.id, board);
      if (isObject(data.case)) remember('case', data.case.id, board);
      if (isObject(data.session)) {
        remember('session', data.session.id, board);
        const reports = Array.isArray(data.session.case_reports) ? data.session.case_reports : [];
        for (const r of reports) if (isObject(r)) remember('report', r.id, board);
      }
    },
  };
}

/**
 * A scenario, case, case report or session is found by its id alone: addressed under another board (one the caller
 * may reach, or not), the request is served on the board the object belongs to, with the member's rights.
 */
export const objectFoundByIdAlone: FaultVariant = {
  breaks: ['ACCESS-06'],
  wrap: (inner) => {
    const auth = memberAuthorization(inner);
    const boards = homeBoards();
    return async (req) => {
      const { operationId, query, body } = await parse(req);
      const addressed = `${query.get('company_id')}/${query.get('board_id')}`;
      const inBody = isObject(body) ? body : {};
      const home = [
        boards.home('scenario', query.get('scenario_id')),
        boards.home('case', query.get('case_id')),
        boards.home('report', query.get('case_report_id')),
        boards.home('session', inBody.sessions_id),
        operationId === 'createCase' ? undefined : boards.home('scenario', inBody.scenario_id),
      ].find((b) => b !== undefined && b !== addressed);
      if (home) {
        const [company, board] = home.split('/') as [string, string];
        const moved = withQuery(req, (q) => {
          q.set('company_id', company);
          q.set('board_id', board);
        });
        return asMember(inner, auth, moved);
      }
      const res = await inner(req);
      if (res.ok) boards.observe(query, await dataOf(res));
      return res;
    };
  },
};
