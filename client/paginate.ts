// Pages through a list endpoint with page/limit (source §8), and never loops forever against a broken server.
import { type DataOf, type FetchResult, unwrap } from './envelope.js';
import { PaginationError } from './errors.js';
import { operationOf } from './operation.js';

export interface PaginateOptions {
  /** Rows per page; default 20 (the contract's default; it accepts at most 100). */
  limit?: number;
  /** Pages fetched at most; default 1000. Reaching it with rows left throws PaginationError rather than stop silently. */
  maxPages?: number;
}

type Data<R> = NonNullable<DataOf<R>>;
/** The keys of a list's `data` that hold arrays, e.g. `'tasks'`. */
export type CollectionOf<R> = {
  [K in keyof Data<R>]-?: NonNullable<Data<R>[K]> extends readonly unknown[] ? K : never;
}[keyof Data<R>] &
  string;
export type RowOf<R, K extends PropertyKey> = K extends keyof Data<R>
  ? NonNullable<Data<R>[K]> extends readonly (infer Row)[]
    ? Row
    : never
  : never;

function positiveInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`paginate: ${name} must be a positive integer`);
  return value;
}

// The first signature infers the row type from the endpoint; the second takes it explicitly: paginate<Task>(…).
/**
 * Yields every row of `data[collection]`, page by page, from `fetchPage(page, limit)` (pages start at 1).
 * Stops after an empty page, after `pagination.total` rows when the server sends it, else after a page shorter than
 * the longest page so far. (Not shorter than `limit`: the source shows no maximum page size, and a server that caps
 * `limit` below the one asked for would otherwise have its list cut short after the first page, silently.) Throws ApiError for a rejected page, PaginationError for a page identical to the one before (a server that
 * ignores `page`), a missing collection, or more than `maxPages` pages.
 */
export function paginate<R extends { response: Response }, K extends CollectionOf<R>>(
  fetchPage: (page: number, limit: number) => Promise<R>,
  collection: K,
  options?: PaginateOptions,
): AsyncIterable<RowOf<R, K>>;
export function paginate<Row>(
  fetchPage: (page: number, limit: number) => Promise<FetchResult>,
  collection: string,
  options?: PaginateOptions,
): AsyncIterable<Row>;
export async function* paginate(
  fetchPage: (page: number, limit: number) => Promise<FetchResult>,
  collection: string,
  options: PaginateOptions = {},
): AsyncIterable<unknown> {
  const limit = positiveInteger('limit', options.limit, 20);
  const maxPages = positiveInteger('maxPages', options.maxPages, 1000);
  let seen = 0;
  let longest = 0;
  let previous: string | undefined;
  for (let page = 1; ; page++) {
    const result = await fetchPage(page, limit);
    const operation = operationOf(result.response);
    const data = (await unwrap(result)) as Record<string, unknown> | undefined;
    const rows = data?.[collection];
    if (!Array.isArray(rows)) throw new PaginationError(operation, page, `data.${collection} is not an array`);
    const signature = JSON.stringify(rows);
    if (rows.length > 0 && signature === previous) {
      throw new PaginationError(operation, page, 'same rows as the page before: the server ignores `page`');
    }
    previous = signature;
    yield* rows;
    seen += rows.length;
    const total = (data?.pagination as { total?: unknown } | undefined)?.total;
    const short = rows.length < limit && rows.length < longest;
    longest = Math.max(longest, rows.length);
    if (rows.length === 0 || (typeof total === 'number' ? seen >= total : short)) return;
    if (page === maxPages) {
      throw new PaginationError(
        operation,
        page,
        `rows remain after maxPages (${maxPages}) pages; is \`page\` honoured?`,
      );
    }
  }
}
