// Choice servers that page their lists their own way where the source is silent (docs/conformance.md, "What the
// suite does not assume"): a page size capped or clamped, a page past the last refused, rows newest first, the Django
// REST framework's paging shape.
import { isObject } from '../../../../contract/json.js';
import { jsonOf, parse, reply, validationFailed, withQuery } from '../wrap.js';
import { changed, dataIn, UNNAMED_LISTS } from './answers.js';
import type { Choice, Wrap } from './choice.js';

/** A list page after the first that holds no rows is answered `refusal()` instead: a page past the last one. */
const pastLastPage =
  (refusal: () => Response): Wrap =>
  (inner) =>
  async (req) => {
    const { operationId, query } = await parse(req);
    const res = await inner(req);
    if (!operationId?.startsWith('list') || Number(query.get('page') ?? 1) <= 1 || !res.ok) return res;
    const data = dataIn(await jsonOf(res));
    const arrays = data ? Object.values(data).filter(Array.isArray) : [];
    return arrays.length > 0 && arrays.every((rows) => rows.length === 0) ? refusal() : res;
  };

/** A page holds at most 50 rows, and a larger `limit` is refused naming it (maximum page size: not shown). */
export const limitCapped: Choice = {
  departs: ['GEN-02', 'GEN-03'],
  wrap: (inner) => async (req) => {
    const limit = new URL(req.url).searchParams.get('limit');
    return limit !== null && /^\d+$/.test(limit) && Number(limit) > 50
      ? validationFailed('limit', 'Ensure this value is less than or equal to 50.')
      : inner(req);
  },
};

/** A larger `limit` than 50 answers 50 rows, not refused (maximum page size: not shown), as Spring Data clamps. */
export const limitClamped: Choice = {
  departs: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const limit = new URL(req.url).searchParams.get('limit');
    return limit !== null && /^\d+$/.test(limit) && Number(limit) > 50
      ? inner(withQuery(req, (q) => q.set('limit', '50')))
      : inner(req);
  },
};

/** A page past the last one answers 404 `{"detail": "Invalid page."}`, as Django REST framework's paging does. */
export const pastLastPage404: Choice = {
  departs: ['CONTRACT-01', 'GEN-03'],
  wrap: pastLastPage(() => reply(404, { detail: 'Invalid page.' })),
};

/** A page past the last one is refused with 400 naming `page`. */
export const pastLastPage400: Choice = {
  departs: ['CONTRACT-01', 'GEN-03'],
  wrap: pastLastPage(() => validationFailed('page', 'This page is past the last one.')),
};

/** Lists newest first: every page's rows in the other order. */
export const listsReversed: Choice = {
  departs: [],
  wrap: (inner) => async (req) =>
    req.method !== 'GET'
      ? inner(req)
      : changed(await inner(req), (body) => {
          const data = dataIn(body);
          if (!data) return;
          for (const [k, v] of Object.entries(data)) if (Array.isArray(v)) data[k] = [...v].reverse();
        }),
};

/**
 * Paging the Django REST framework way, for every list the source gives no collection name: the rows in `results`
 * beside `count`, `next` and `previous`, and the page numbers as an array (so `data` holds two arrays).
 */
export const pagingOwnWay: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    const from = UNNAMED_LISTS[operationId ?? ''];
    const res = await inner(req);
    if (!from) return res;
    return changed(res, (body) => {
      const data = dataIn(body);
      // The one array of the answer, whatever another choice has named it.
      const rows = data ? Object.values(data).find(Array.isArray) : undefined;
      if (!data || !Array.isArray(rows)) return;
      const pagination = isObject(data.pagination) ? data.pagination : {};
      const [page, limit, total] = [Number(pagination.page), Number(pagination.limit), Number(pagination.total)];
      const pages = Math.max(1, Math.ceil(total / limit));
      const at = (n: number) => (n >= 1 && n <= pages ? `${new URL(req.url).pathname}?page=${n}` : null);
      body.data = {
        count: total,
        next: at(page + 1),
        previous: at(page - 1),
        results: rows,
        page_numbers: Array.from({ length: pages }, (_, i) => i + 1),
      };
    });
  },
};

/**
 * Lists read while others write to them (who else writes to a shared server: not shown). In a list of the board or the
 * account (no parent_id, scenario_id or q filter: the lists every check writes to side by side), a page of two rows or
 * more leaves out its newest row the first time that row is on it for this caller and list, as offset paging does when
 * a row of an earlier page is deleted between two page reads; every later read of the list shows the row.
 */
const OWN_FILTERS = ['parent_id', 'scenario_id', 'q'];

export const walksTornOnce: Choice = {
  departs: [],
  wrap: (inner) => {
    const hiddenOnce = new Map<string, Set<number>>();
    return async (req) => {
      if (req.method !== 'GET') return inner(req);
      const { operationId, query } = await parse(req);
      if (!operationId?.startsWith('list') || OWN_FILTERS.some((f) => query.has(f))) return inner(req);
      const res = await inner(req);
      if (!res.ok) return res;
      const rest = new URLSearchParams(query);
      rest.delete('page');
      rest.delete('limit');
      const list = `${operationId} ${rest} ${req.headers.get('authorization')}`;
      const hidden = hiddenOnce.get(list) ?? new Set<number>();
      hiddenOnce.set(list, hidden);
      return changed(res, (body) => {
        const data = dataIn(body);
        if (!data) return;
        for (const [k, rows] of Object.entries(data)) {
          if (!Array.isArray(rows) || rows.length < 2) continue;
          const ids = rows.map((r) => (isObject(r) && typeof r.id === 'number' ? r.id : -1));
          const newest = Math.max(...ids);
          if (newest < 0 || hidden.has(newest)) continue;
          hidden.add(newest);
          data[k] = rows.filter((_, i) => ids[i] !== newest);
        }
      });
    };
  },
};
