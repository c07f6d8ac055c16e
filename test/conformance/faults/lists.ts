// Faults in lists (source §1, §4, §8): limit, page, q, repeated keys and the required company_id/board_id.
import { isObject } from '../../../contract/json.js';
import { DEMO, type FaultVariant, parse, rewrite, validationFailed, withQuery } from './wrap.js';

/** `limit` is ignored: every page has the default size. */
export const limitIgnored: FaultVariant = {
  breaks: ['LIST-01'],
  wrap: (inner) => async (req) => inner(withQuery(req, (q) => q.delete('limit'))),
};

/** `page` is ignored: every request gets the first page. */
export const pageIgnored: FaultVariant = {
  breaks: ['LIST-02'],
  wrap: (inner) => async (req) => inner(withQuery(req, (q) => q.delete('page'))),
};

/** `q` is refused. */
export const qRejected: FaultVariant = {
  breaks: ['LIST-03'],
  wrap: (inner) => async (req) =>
    (await parse(req)).query.has('q') ? validationFailed('q', 'is not a known parameter') : inner(req),
};

/** A repeated `assignee_ids` key is refused. */
export const repeatedKeysRejected: FaultVariant = {
  breaks: ['LIST-05'],
  wrap: (inner) => async (req) =>
    (await parse(req)).query.getAll('assignee_ids').length > 1
      ? validationFailed('assignee_ids', 'must be given once')
      : inner(req),
};

/** A missing company_id or board_id silently means the demo board. */
export const missingBoardDefaulted: FaultVariant = {
  breaks: ['LIST-06', 'LIST-07'],
  wrap: (inner) => async (req) => {
    const { operationId, query } = await parse(req);
    if (!operationId || (query.has('company_id') && query.has('board_id'))) return inner(req);
    if (!query.has('company_id') && !query.has('board_id')) return inner(req);
    return inner(
      withQuery(req, (q) => {
        if (!q.has('company_id')) q.set('company_id', String(DEMO.companyId));
        if (!q.has('board_id')) q.set('board_id', String(DEMO.boardId));
      }),
    );
  },
};

/** `q` is accepted and ignored: every row comes back whatever the search. */
export const qIgnored: FaultVariant = {
  breaks: ['LIST-08', 'LIST-04'],
  wrap: (inner) => async (req) => inner(withQuery(req, (q) => q.delete('q'))),
};

/** `q` matches the title with its case: a search in capitals finds nothing. */
export const qCaseSensitive: FaultVariant = {
  breaks: ['LIST-04'],
  wrap: (inner) => async (req) => {
    const { query } = await parse(req);
    const q = query.get('q');
    const res = await inner(req);
    if (q === null || res.status !== 200) return res;
    return rewrite(res, (body) => {
      const data = isObject(body.data) ? { ...body.data } : {};
      for (const [name, rows] of Object.entries(data)) {
        if (Array.isArray(rows)) data[name] = rows.filter((r) => !isObject(r) || String(r.title ?? '').includes(q));
      }
      return { ...body, data };
    });
  },
};

/** `page` is ignored on the token list alone: a server whose QA lists page well, and whose token list does not. */
export const tokenPageIgnored: FaultVariant = {
  breaks: ['LIST-02'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    return inner(operationId === 'listApiTokens' ? withQuery(req, (q) => q.delete('page')) : req);
  },
};
