// List conventions (source §1, §8; contract parameters Page, Limit, Q): page/limit paging and the `q` title search.
import type { components } from '../../../generated/schema.js';

/** When `page` is absent (contract x-assumption). */
export const DEFAULT_PAGE = 1;
/** When `limit` is absent; the contract caps `limit` at 100, and ajv rejects more before a handler runs. */
export const DEFAULT_LIMIT = 20;

export interface PageQuery {
  page?: number;
  limit?: number;
}

/** One page of rows that are already in their stable (creation) order. */
export function paginate<T>(
  rows: T[],
  query: PageQuery,
): { rows: T[]; pagination: components['schemas']['Pagination'] } {
  const page = query.page ?? DEFAULT_PAGE;
  const limit = query.limit ?? DEFAULT_LIMIT;
  const start = (page - 1) * limit;
  return { rows: rows.slice(start, start + limit), pagination: { page, limit, total: rows.length } };
}

/** `q`: a case-insensitive substring of the title (contract x-assumption on Q). */
export function matchesQ(title: string, q: string | undefined): boolean {
  return q === undefined || title.toLowerCase().includes(q.toLowerCase());
}
