// Finding what the source leaves open in an answer (conformance/harness/discovery.ts): a list's rows, the object an
// answer is about, an object's id, and every row of a list whatever its page size.
import { describe, expect, it } from 'vitest';
import {
  collectionIn,
  idOf,
  LIST_WALKS,
  objectIn,
  type Page,
  pageOf,
  rowsIn,
  tokenKeyOf,
  tokenShownRevoked,
  walkList,
  workspaceIdOf,
} from '../../conformance/engine/discovery.js';

const ok = (data: unknown) => ({ status: 'success', data });

describe('idOf', () => {
  it.each([
    ['id', { id: 7 }, 'scenario', 7],
    ['a string of digits', { id: '4000000001' }, 'scenario', 4_000_000_001],
    ["the kind's own id name", { scenario_id: 5, title: 'x' }, 'scenario', 5],
    ['`id` before the own name', { id: 1, case_id: 2 }, 'case', 1],
    ["never a relation's id (a case's scenario_id)", { scenario_id: 5 }, 'case', undefined],
    ['pk', { pk: 3 }, 'task', 3],
    ["a report's own id name", { case_report_id: 9, case_id: 4 }, 'case_report', 9],
    ['no number', { id: 'abc' }, 'scenario', undefined],
    ['not an object', [1], 'scenario', undefined],
  ] as const)('%s', (_label, object, kind, expected) => {
    expect(idOf(object, kind)).toBe(expected);
  });
});

describe('tokenKeyOf', () => {
  it.each([
    ['key', { key: 'k1', id: 3 }, 'k1'],
    ['a numeric key', { key: 12 }, 12],
    ['the id where there is no key', { token_id: '7', title: 't' }, 7],
    ['nothing', { title: 't' }, undefined],
  ])('%s', (_label, row, expected) => {
    expect(tokenKeyOf(row)).toBe(expected);
  });
});

describe('rowsIn and collectionIn', () => {
  const rows = [{ id: 1 }, { id: 2 }];
  it.each([
    ["the contract's name", ok({ scenarios: rows, pagination: { page: 1 } }), 'scenarios', rows],
    ['the one array under another name', ok({ items: rows, pagination: { page: 1 } }), 'items', rows],
    ['the array of objects beside page numbers', ok({ results: rows, page_numbers: [1, 2] }), 'results', rows],
    ['the array whose rows carry ids beside links', ok({ results: rows, links: [{ rel: 'next' }] }), 'results', rows],
    ['no rows on either of two empty arrays', ok({ results: [], links: [] }), undefined, []],
    ['two arrays of rows with ids: not guessed', ok({ a: rows, b: rows }), undefined, undefined],
    ['no success envelope', { status: 'error', data: { scenarios: rows } }, undefined, undefined],
  ])('%s', (_label, body, name, expected) => {
    expect(collectionIn(body, 'scenario')).toBe(name);
    expect(rowsIn(body, 'scenario')).toEqual(expected);
  });

  it('reads a page without rows under the name an earlier page used', () => {
    const empty = ok({ results: [], links: [{ rel: 'first' }] });
    expect(rowsIn(empty, 'scenario')).toBeUndefined();
    expect(rowsIn(empty, 'scenario', 'results')).toEqual([]);
  });
});

describe('objectIn', () => {
  const scenario = { id: 3, title: 't' };
  it.each([
    ["data.<kind> (the contract's place)", ok({ scenario, links: { self: '/x/' } }), scenario],
    ['data itself, when it carries an id', ok(scenario), scenario],
    ['the one object with an id beside metadata', ok({ result: scenario, meta: { request_id: 'r' } }), scenario],
    ['the one object besides metadata, without an id', ok({ result: { key: 'k' }, meta: { v: 1 } }), { key: 'k' }],
  ])('%s', (_label, body, expected) => {
    expect(objectIn(body, 'scenario')).toEqual(expected);
  });
});

describe('walkList', () => {
  /** A list of `total` rows that refuses a limit above `max` naming it, and remembers every request. */
  function list(total: number, max: number) {
    const asked: (number | undefined)[][] = [];
    const get = async (page: number, limit: number | undefined): Promise<Page> => {
      asked.push([page, limit]);
      if (limit !== undefined && limit > max) {
        return { status: 400, body: { status: 'error', errors: [{ field: 'limit', message: 'too large' }] } };
      }
      const size = limit ?? 10;
      const rows = Array.from({ length: total }, (_, i) => ({ id: i + 1 })).slice((page - 1) * size, page * size);
      return { status: 200, body: ok({ results: rows, count: total }) };
    };
    return { asked, get };
  }

  it('steps the page size down when a limit is refused naming it, and walks every page', async () => {
    const { asked, get } = list(45, 20);
    const walk = await walkList(get, 'scenario');
    expect(walk.ok && walk.rows.map((r) => r.id)).toEqual(Array.from({ length: 45 }, (_, i) => i + 1));
    expect(asked).toEqual([
      [1, 100],
      [1, 20],
      [2, 20],
      [3, 20],
    ]);
  });

  it('uses the server default when every page size is refused', async () => {
    const { asked, get } = list(12, 5);
    const walk = await walkList(get, 'scenario');
    expect(walk.ok && walk.rows).toHaveLength(12);
    expect(asked.slice(0, 3)).toEqual([
      [1, 100],
      [1, 20],
      [1, undefined],
    ]);
  });

  it('knows the page each row came from', async () => {
    const { get } = list(3, 100);
    const walk = await walkList(get, 'scenario');
    if (!walk.ok) throw new Error(walk.why);
    expect(pageOf(walk.rows[2])).toBe(walk.pages[0]);
  });

  it.each([
    [404, { detail: 'Invalid page.' }],
    [400, { status: 'error', errors: [{ field: 'page', message: 'past the last page' }] }],
  ])('ends the walk at a page past the last one answered %i, with every row read', async (status, body) => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ id: i + 1 }));
    const get = async (page: number): Promise<Page> =>
      page === 1 ? { status: 200, body: ok({ results: rows }) } : { status, body };
    const walk = await walkList(get, 'scenario');
    expect(walk.ok && walk.rows.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('never takes a first page answered 404 or 400 for an empty list', async () => {
    for (const status of [404, 400]) {
      const walk = await walkList(async () => ({ status, body: { detail: 'Not found.' } }), 'scenario');
      expect(walk).toMatchObject({ ok: false, why: `page 1 answered ${status}` });
    }
  });

  describe('a list torn by a deletion between two page reads (offset paging on a server others write to)', () => {
    /**
     * Rows 1 to `total`, `size` a page; on the first walk, row 1 is deleted just after page 1 is read, so every later
     * page starts one row later and row `size + 1` is read on neither page. Later walks see the list as it stands.
     */
    function torn(total: number, size: number, pastEnd?: number) {
      let rows = Array.from({ length: total }, (_, i) => ({ id: i + 1 }));
      const asked: number[] = [];
      let walks = 0;
      const get = async (page: number): Promise<Page> => {
        asked.push(page);
        if (page === 1) walks++;
        const shown = rows.slice((page - 1) * size, page * size);
        if (page === 1 && walks === 1) rows = rows.slice(1);
        if (page > 1 && shown.length === 0 && pastEnd) return { status: pastEnd, body: { detail: 'Invalid page.' } };
        return { status: 200, body: ok({ results: shown }) };
      };
      return { asked, get, walks: () => walks };
    }
    const holding = (id: number) => (rows: Record<string, unknown>[]) => rows.some((r) => r.id === id);

    it('misses the row at the edge when nothing is looked for: one walk', async () => {
      const list = torn(25, 20);
      const walk = await walkList((page) => list.get(page), 'scenario');
      expect(walk.ok && walk.rows.map((r) => r.id)).not.toContain(21);
      expect(list.walks()).toBe(1);
    });

    it.each([
      ['an empty page', undefined],
      ['a page past the end answered 404', 404],
    ])('walks again for a row looked for, ended by %s, and returns the walk that holds it', async (_l, pastEnd) => {
      const list = torn(21, 20, pastEnd);
      // Row 21 is the last: after the deletion it is on page 1, already read, and page 2 is empty or past the end.
      const walk = await walkList((page) => list.get(page), 'scenario', holding(21));
      expect(walk.ok && walk.rows.map((r) => r.id)).toContain(21);
      expect(list.walks()).toBe(2);
    });

    it(`gives up after ${LIST_WALKS} walks for a row that is not there, and reads an empty list once`, async () => {
      const several = torn(25, 20);
      const missing = await walkList((page) => several.get(page), 'scenario', holding(99));
      expect(missing.ok && missing.rows).toHaveLength(24);
      expect(several.walks()).toBe(LIST_WALKS);
      const empty = torn(0, 20);
      await walkList((page) => empty.get(page), 'scenario', holding(99));
      // An empty page 1 ends the walk: one answer, whole, that nothing between two page reads can have torn.
      expect(empty.asked).toEqual([1]);
    });
  });

  /** A list answering each page from `pages` (rows as given, `data.results`), past them an empty page; with its asks. */
  function paged(pages: unknown[][]) {
    const asked: (number | undefined)[][] = [];
    const get = async (page: number, limit: number | undefined): Promise<Page> => {
      asked.push([page, limit]);
      return { status: 200, body: ok({ results: pages[page - 1] ?? [] }) };
    };
    return { asked, get };
  }
  const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i }));

  it('steps the page size down only for a 4xx naming limit: a 500 naming it, or a success, is the answer', async () => {
    const limitNamed = { status: 'error', errors: [{ field: 'limit', message: 'too large' }] };
    const failed = await walkList(async () => ({ status: 500, body: limitNamed }), 'scenario');
    expect(failed).toMatchObject({ ok: false, why: 'page 1 answered 500', pages: [{ status: 500 }] });
    // A success that happens to name limit somewhere (a row's field) is read, at the first page size.
    const asked: (number | undefined)[] = [];
    const read = await walkList(async (page, limit) => {
      asked.push(limit);
      return { status: 200, body: ok({ results: page === 1 ? [{ id: 1, limit: 5 }] : [] }) };
    }, 'scenario');
    expect(read.ok && read.rows).toEqual([{ id: 1, limit: 5 }]);
    expect(asked).toEqual([100, 100]);
  });

  it('reads at most 50 pages of a list that never ends', async () => {
    let next = 0;
    const asked: number[] = [];
    const walk = await walkList(async (page, limit) => {
      asked.push(page);
      return { status: 200, body: ok({ results: ids(next++ * 1000, limit ?? 10) }) };
    }, 'scenario');
    expect(asked).toHaveLength(50);
    expect(asked.at(-1)).toBe(50);
    expect(walk.ok && walk.rows).toHaveLength(5000);
  });

  it('keeps only object rows, and stops at a page that repeats rows already read (a server that ignores page)', async () => {
    const first = [...ids(1, 3), 7, 'x', null];
    const { asked, get } = paged([first, first, first]);
    const walk = await walkList(get, 'scenario');
    expect(walk.ok && walk.rows).toEqual(ids(1, 3));
    expect(asked.map(([page]) => page)).toEqual([1, 2]);
  });

  it('stops after a page shorter than the longest so far only when it is also shorter than the limit', async () => {
    // The server's own page size (every limit refused): pages of 10, 10, then 3 end the walk there.
    const own = list(23, 5);
    const walk = await walkList(own.get, 'scenario');
    expect(walk.ok && walk.rows).toHaveLength(23);
    expect(own.asked.filter(([, limit]) => limit === undefined).map(([page]) => page)).toEqual([1, 2, 3]);
    // A server that answers more rows than the limit asked for: 150, then 100 (the limit, not short of it), then 40.
    const over = paged([ids(1, 150), ids(151, 100), ids(251, 40)]);
    const all = await walkList(over.get, 'scenario');
    expect(all.ok && all.rows).toHaveLength(290);
    expect(over.asked.map(([page]) => page)).toEqual([1, 2, 3]);
  });

  it('reads every later page under the name the first page kept its rows under', async () => {
    const pages = [{ items: ids(1, 2) }, { items: ids(3, 1), owners: ids(90, 1) }, { items: [] }];
    const walk = await walkList(async (page) => ({ status: 200, body: ok(pages[page - 1] ?? {}) }), 'scenario');
    expect(walk.ok && walk.rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('says which page could not be read', async () => {
    const walk = await walkList(async () => ({ status: 500, body: { status: 'error' } }), 'scenario');
    expect(walk).toMatchObject({ ok: false, why: 'page 1 answered 500' });
    const shapeless = await walkList(
      async () => ({ status: 200, body: ok({ a: [{ id: 1 }], b: [{ id: 2 }] }) }),
      'scenario',
    );
    expect(shapeless).toMatchObject({ ok: false, why: expect.stringContaining('no array of rows') });
  });
});

describe('workspaceIdOf', () => {
  it.each([
    [{ id: 3 }, 3],
    [{ company_id: '12' }, 12],
    [{ id: '5f0c1d2e-0000-4000-8000-000000000001' }, '5f0c1d2e-0000-4000-8000-000000000001'],
    [{ id: 'board-1' }, 'board-1'],
    [{ id: 'two words' }, undefined],
    [{ id: null }, undefined],
  ])('reads %j as %j', (row, id) => expect(workspaceIdOf(row, 'company')).toBe(id));
});

describe('tokenShownRevoked', () => {
  it.each([
    [{ is_active: false }, true],
    [{ revoked: true }, true],
    [{ revoked_at: '2026-01-01T00:00:00Z' }, true],
    [{ state: 'Revoked' }, true],
    [{ is_active: true, revoked_at: null }, false],
    [{ status: 'active' }, false],
  ])('reads %j as %s', (row, revoked) => expect(tokenShownRevoked(row)).toBe(revoked));
});
