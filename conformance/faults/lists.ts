// Faults in lists (source §1, §4, §8): limit, page, q, repeated keys and the required company_id/board_id.
import { DEMO, type Fault, parse, validationFailed, withQuery } from './wrap.js';

/** `limit` is ignored: every page has the default size. */
export const limitIgnored: Fault = (inner) => async (req) => inner(withQuery(req, (q) => q.delete('limit')));

/** `page` is ignored: every request gets the first page. */
export const pageIgnored: Fault = (inner) => async (req) => inner(withQuery(req, (q) => q.delete('page')));

/** `q` is refused. */
export const qRejected: Fault = (inner) => async (req) =>
  (await parse(req)).query.has('q') ? validationFailed('q', 'is not a known parameter') : inner(req);

/** A repeated `assignee_ids` key is refused. */
export const repeatedKeysRejected: Fault = (inner) => async (req) =>
  (await parse(req)).query.getAll('assignee_ids').length > 1
    ? validationFailed('assignee_ids', 'must be given once')
    : inner(req);

/** A missing company_id or board_id silently means the demo board. */
export const missingBoardDefaulted: Fault = (inner) => async (req) => {
  const { operationId, query } = await parse(req);
  if (!operationId || (query.has('company_id') && query.has('board_id'))) return inner(req);
  if (!query.has('company_id') && !query.has('board_id')) return inner(req);
  return inner(
    withQuery(req, (q) => {
      if (!q.has('company_id')) q.set('company_id', String(DEMO.companyId));
      if (!q.has('board_id')) q.set('board_id', String(DEMO.boardId));
    }),
  );
};
