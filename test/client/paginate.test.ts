// paginate (source §8): page/limit walk, stops on a short page or pagination.total, guards against broken servers.
import { describe, expect, test } from 'vitest';
import { ApiError, PaginationError, paginate } from '../../client/index.js';
import { clientFor, failure, fakeServer, type Received, success } from './fake-server.js';

const rows = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ id: from + i, title: 't' }));

/** A task list of `total` rows that honours page/limit; `withTotal` adds pagination metadata. */
function taskList(total: number, { withTotal = false, maxLimit = 100 } = {}) {
  return fakeServer((r: Received) => {
    const page = Number(r.url.searchParams.get('page'));
    const limit = Math.min(Number(r.url.searchParams.get('limit')), maxLimit);
    const tasks = rows((page - 1) * limit + 1, Math.max(0, Math.min(limit, total - (page - 1) * limit)));
    return success({ tasks, ...(withTotal ? { pagination: { page, limit, total } } : {}) });
  });
}

async function collect(server: ReturnType<typeof fakeServer>, options?: { limit?: number; maxPages?: number }) {
  const client = clientFor(server);
  const seen: number[] = [];
  for await (const task of paginate(
    (page, limit) => client.GET('/task/list/', { params: { query: { company_id: 1, board_id: 1, page, limit } } }),
    'tasks',
    options,
  )) {
    seen.push(task.id);
  }
  return seen;
}

const pagesRequested = (server: ReturnType<typeof fakeServer>) =>
  server.received.map((r) => `${r.url.searchParams.get('page')}/${r.url.searchParams.get('limit')}`);

describe('walks every page', () => {
  test.each([
    { label: '45 rows, default limit 20', total: 45, options: {}, pages: ['1/20', '2/20', '3/20'] },
    { label: '45 rows, limit 10', total: 45, options: { limit: 10 }, pages: ['1/10', '2/10', '3/10', '4/10', '5/10'] },
    { label: '40 rows, no total: an empty page ends it', total: 40, options: {}, pages: ['1/20', '2/20', '3/20'] },
    { label: 'no rows', total: 0, options: {}, pages: ['1/20'] },
  ])('$label', async ({ total, options, pages }) => {
    const server = taskList(total);
    expect(await collect(server, options)).toEqual(rows(1, total).map((t) => t.id));
    expect(pagesRequested(server)).toEqual(pages);
  });

  test('stops when pagination.total is reached, without asking for an empty page', async () => {
    const server = taskList(40, { withTotal: true });
    expect(await collect(server)).toHaveLength(40);
    expect(pagesRequested(server)).toEqual(['1/20', '2/20']);
  });

  test('goes on past a short page when pagination.total says rows remain (a server that caps limit)', async () => {
    const server = taskList(45, { withTotal: true, maxLimit: 20 });
    expect(await collect(server, { limit: 50 })).toEqual(rows(1, 45).map((t) => t.id));
    expect(pagesRequested(server)).toEqual(['1/50', '2/50', '3/50']);
  });
});

describe('without pagination.total', () => {
  test('a server that caps limit below the one asked for is paged to the end, not cut after its first page', async () => {
    const server = taskList(45, { maxLimit: 20 });
    expect(await collect(server, { limit: 50 })).toEqual(rows(1, 45).map((t) => t.id));
    expect(pagesRequested(server)).toEqual(['1/50', '2/50', '3/50']);
  });

  test('a short first page costs one more request, which comes back empty', async () => {
    const server = taskList(3);
    expect(await collect(server)).toEqual([1, 2, 3]);
    expect(pagesRequested(server)).toEqual(['1/20', '2/20']);
  });

  test('a page with as many rows as asked is full and the walk goes on, even after a longer page', async () => {
    // A server that ignores `limit` and fills its pages unevenly: 8, then 5 (the limit asked), then the last 3.
    const pages = [rows(1, 8), rows(9, 5), rows(14, 3)];
    const server = fakeServer((r) => success({ tasks: pages[Number(r.url.searchParams.get('page')) - 1] ?? [] }));
    expect(await collect(server, { limit: 5 })).toEqual(rows(1, 16).map((t) => t.id));
    expect(pagesRequested(server)).toEqual(['1/5', '2/5', '3/5']);
  });
});

describe('a server that cannot be paged through safely', () => {
  test('stops with PaginationError at maxPages when full pages keep coming', async () => {
    const endless = (r: Received) => success({ tasks: rows(Number(r.url.searchParams.get('page')) * 2 - 1, 2) });
    const server = fakeServer(endless);
    const error = await collect(server, { limit: 2, maxPages: 3 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaginationError);
    expect(error).toMatchObject({ page: 3, operation: 'GET /task/list/' });
    expect((error as Error).message).toContain('maxPages (3)');
    expect(server.received).toHaveLength(3);
  });

  test('stops with PaginationError when a page repeats the rows of the one before (page ignored)', async () => {
    const server = fakeServer(() => success({ tasks: rows(1, 20) }));
    const error = await collect(server).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', page: 2 });
    expect((error as Error).message).toContain('same rows as the page before: the server ignores `page`');
    expect(server.received).toHaveLength(2);
  });

  test('rows already yielded stay yielded; the repeat is not', async () => {
    const server = fakeServer(() => success({ tasks: rows(1, 2) }));
    const client = clientFor(server);
    const seen: number[] = [];
    const walk = async () => {
      const pages = paginate(
        (page, limit) => client.GET('/task/list/', { params: { query: { company_id: 1, board_id: 1, page, limit } } }),
        'tasks',
        { limit: 2 },
      );
      for await (const task of pages) seen.push(task.id);
    };
    await expect(walk()).rejects.toBeInstanceOf(PaginationError);
    expect(seen).toEqual([1, 2]);
  });

  test.each([
    { label: 'the envelope has no data', body: { status: 'success' } },
    { label: 'the collection is missing', body: { status: 'success', data: { items: [] } } },
    { label: 'the collection is not an array', body: { status: 'success', data: { tasks: { id: 1 } } } },
  ])('PaginationError when $label', async ({ body }) => {
    const error = await collect(fakeServer(() => Response.json(body))).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'PaginationError', page: 1 });
    expect((error as Error).message).toContain('data.tasks');
  });

  test('a rejected page throws its ApiError', async () => {
    const error = await collect(fakeServer(() => failure(403))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403 });
  });

  test.each([
    { options: { limit: 0 }, name: 'limit' },
    { options: { limit: 2.5 }, name: 'limit' },
    { options: { maxPages: -1 }, name: 'maxPages' },
  ])('rejects $options before any request', async ({ options, name }) => {
    const server = taskList(5);
    await expect(collect(server, options)).rejects.toThrow(`${name} must be a positive integer`);
    expect(server.received).toHaveLength(0);
  });

  test('accepts the smallest limit and maxPages, 1', async () => {
    const oneByOne = taskList(2);
    expect(await collect(oneByOne, { limit: 1 })).toEqual([1, 2]);
    expect(pagesRequested(oneByOne)).toEqual(['1/1', '2/1', '3/1']);
    const onePage = taskList(3, { withTotal: true });
    expect(await collect(onePage, { maxPages: 1 })).toEqual([1, 2, 3]);
    expect(pagesRequested(onePage)).toEqual(['1/20']);
  });
});

test('an explicit row type is accepted (paginate<Row>)', async () => {
  const client = clientFor(taskList(3));
  const titles: string[] = [];
  const pages = paginate<{ title: string }>(
    (page, limit) => client.GET('/task/list/', { params: { query: { company_id: 1, board_id: 1, page, limit } } }),
    'tasks',
  );
  for await (const task of pages) titles.push(task.title);
  expect(titles).toEqual(['t', 't', 't']);
});
