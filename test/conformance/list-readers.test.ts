// The list readers the checks share (conformance/harness/list-readers.ts; docs/conformance.md, "What the suite does not
// assume": rows under any collection name, ids under any name, lists read while others write): what each asks for, the
// rule a list it cannot read blocks, the rows it gives, and a row looked for walked for again.
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../client/index.js';
import type { Answer } from '../../conformance/engine/exchange-record.js';
import { NotVerified } from '../../conformance/engine/explain.js';
import type { Harness } from '../../conformance/harness/harness.js';
import {
  listAll,
  listCases,
  listedSession,
  listScenarios,
  listSessions,
  listTasks,
  listTokens,
  reportsOf,
} from '../../conformance/harness/list-readers.js';

const board = { company_id: 1, board_id: 7 };
const client = {} as ApiClient;
const PATHS: Record<string, string> = {
  listSessions: '/features/qa/sessions/',
  listTasks: '/task/list/',
  listScenarios: '/features/qa/scenarios/list/',
  listCases: '/features/qa/cases/list/',
  listApiTokens: '/member/bearer-tokens/',
};

type Query = Record<string, unknown>;
/** What a stand-in server answers for one page request: a status and the rows of `data.results`, or a whole body. */
type Reply = { status: number; rows?: unknown[]; body?: unknown };

/** A harness whose callLoose answers from `serve`, remembering every request and every answer blamed. */
function harness(serve: (operationId: string, query: Query) => Reply) {
  const asked: { operationId: string; query: Query }[] = [];
  const blamed: (Answer | undefined)[] = [];
  const h = {
    callLoose: async (_client: ApiClient, operationId: string, init: { query?: Query } = {}): Promise<Answer> => {
      const query = init.query ?? {};
      asked.push({ operationId, query });
      const reply = serve(operationId, query);
      const body = reply.body ?? { status: 'success', data: { results: reply.rows ?? [] } };
      const record = { method: 'GET', path: PATHS[operationId] ?? operationId } as Answer['record'];
      return { record, status: reply.status, body, json: true };
    },
    blame: (answer: Answer | undefined) => blamed.push(answer),
  } as unknown as Harness;
  return { h, asked, blamed };
}

/** Rows 1 to `total`, `size` to a page, as offset paging serves them. */
const paging =
  (rows: () => unknown[], size = 2) =>
  (_op: string, query: Query): Reply => {
    const page = Number(query.page);
    return { status: 200, rows: rows().slice((page - 1) * size, page * size) };
  };
const ids = (...list: number[]) => list.map((id) => ({ id }));

describe('listAll', () => {
  it('asks page by page with the query, the limit only when one is asked for, and blames the first page read', async () => {
    const { h, asked, blamed } = harness((_op, query) =>
      query.limit !== undefined
        ? { status: 400, body: { status: 'error', errors: [{ field: 'limit', message: 'not allowed' }] } }
        : paging(() => ids(1, 2, 3))(_op, query),
    );
    const rows = await listAll(h, client, 'listTasks', { ...board }, 'task', 'QA-15');
    expect(rows).toEqual(ids(1, 2, 3));
    expect(asked.map((a) => a.query)).toEqual([
      { ...board, page: 1, limit: 100 },
      { ...board, page: 1, limit: 20 },
      { ...board, page: 1 },
      { ...board, page: 2 },
    ]);
    expect(asked.every((a) => a.operationId === 'listTasks')).toBe(true);
    expect(blamed).toHaveLength(1);
    expect(blamed[0]?.status).toBe(200);
  });

  it('stops the check as not verified, blocked by the rule named, on a list it cannot read, saying which and why', async () => {
    const { h, blamed } = harness(() => ({ status: 200, body: { status: 'success', data: { a: [1], b: [2] } } }));
    const read = listAll(h, client, 'listTasks', { ...board }, 'task', 'QA-15');
    await expect(read).rejects.toThrow(NotVerified);
    await expect(read).rejects.toMatchObject({
      blockedBy: 'QA-15',
      message: expect.stringMatching(/^GET \/task\/list\/: page 1 holds no array of rows/),
    });
    expect(blamed[0]?.status).toBe(200);
    const refused = harness(() => ({ status: 500 }));
    await expect(listAll(refused.h, client, 'listTasks', { ...board }, 'task', 'QA-15')).rejects.toMatchObject({
      blockedBy: 'QA-15',
      message: expect.stringContaining('GET /task/list/'),
    });
  });
});

describe('each reader', () => {
  it.each([
    ['listSessions', 'QA-09', (h: Harness) => listSessions(h, client, board, true)],
    ['listTasks', 'QA-15', (h: Harness) => listTasks(h, client, board)],
    ['listScenarios', 'QA-22', (h: Harness) => listScenarios(h, client, board)],
    ['listCases', 'QA-05', (h: Harness) => listCases(h, client, board, 4)],
    ['listApiTokens', 'TOKEN-03', (h: Harness) => listTokens(h, client)],
  ] as const)('%s, on a list it cannot read, blocks %s', async (operationId, rule, read) => {
    const { h, asked } = harness(() => ({ status: 503 }));
    await expect(read(h)).rejects.toMatchObject({ blockedBy: rule });
    expect(asked[0]?.operationId).toBe(operationId);
  });

  it('asks for the filter each list takes, and nothing else', async () => {
    const { h, asked } = harness(() => ({ status: 200, rows: [] }));
    await listSessions(h, client, board, false);
    await listTasks(h, client, board);
    await listScenarios(h, client, board);
    await listScenarios(h, client, board, 9);
    await listCases(h, client, board, 4);
    await listTokens(h, client);
    expect(asked.map((a) => a.query)).toEqual([
      { ...board, is_active: false, page: 1, limit: 100 },
      { ...board, page: 1, limit: 100 },
      { ...board, page: 1, limit: 100 },
      { ...board, parent_id: 9, page: 1, limit: 100 },
      { ...board, scenario_id: 4, page: 1, limit: 100 },
      { page: 1, limit: 100 },
    ]);
  });

  it('gives the rows with their id as `id`, wherever the server named it, and leaves out rows without one', async () => {
    const rows = [{ scenario_id: 5, title: 'a' }, { title: 'no id' }, { id: 6 }];
    const { h } = harness(() => ({ status: 200, rows }));
    expect(await listScenarios(h, client, board)).toEqual([{ scenario_id: 5, title: 'a', id: 5 }, { id: 6 }]);
    const tasks = harness(() => ({ status: 200, rows: [{ task_id: 8 }, { case_id: 2 }] }));
    expect(await listTasks(tasks.h, client, board)).toEqual([{ task_id: 8, id: 8 }]);
    const cases = harness(() => ({ status: 200, rows: [{ case_id: 2 }, { task_id: 8 }] }));
    expect(await listCases(cases.h, client, board, 4)).toEqual([{ case_id: 2, id: 2 }]);
  });

  it("gives each session its case reports with their ids, or none where a report's id is not found", async () => {
    const rows = [
      { session_id: 1, case_reports: [{ case_report_id: 10 }, { id: 11 }] },
      { id: 2, case_reports: [{ id: 12 }, { outcome: 'pending' }] },
      { id: 3 },
    ];
    const { h } = harness(() => ({ status: 200, rows }));
    const sessions = await listSessions(h, client, board, true);
    expect(sessions.map((s) => [s.id, s.case_reports.map((r) => r.id)])).toEqual([
      [1, [10, 11]],
      [2, []],
      [3, []],
    ]);
  });
});

describe('reportsOf', () => {
  it('reads the case reports that are objects, each with its id; undefined when there is no array or an id is missing', () => {
    expect(reportsOf({ case_reports: [{ id: 1 }, 'x', null, { case_report_id: 2 }] })).toEqual([
      { id: 1 },
      { case_report_id: 2, id: 2 },
    ]);
    expect(reportsOf({ case_reports: 'none' })).toBeUndefined();
    expect(reportsOf({})).toBeUndefined();
    expect(reportsOf({ case_reports: [{ id: 1 }, { title: 'no id' }] })).toBeUndefined();
  });
});

describe('a row looked for (lists read while others write)', () => {
  /** Ids 1 to 5, two a page; another writer deletes id 1 just after page 1 is first read, so id 3 is read on neither. */
  function torn() {
    let rows = ids(1, 2, 3, 4, 5);
    let reads = 0;
    const serve = (op: string, query: Query): Reply => {
      const reply = paging(() => rows)(op, query);
      if (Number(query.page) === 1 && reads++ === 0) rows = rows.slice(1);
      return reply;
    };
    return serve;
  }

  it('is walked for again until the list holds it; without one, the list is walked once', async () => {
    const once = harness(torn());
    expect((await listTasks(once.h, client, board)).map((r) => r.id)).not.toContain(3);
    const looked = harness(torn());
    const rows = await listTasks(looked.h, client, board, (found) => found.some((r) => r.id === 3));
    expect(rows.map((r) => r.id)).toContain(3);
    expect(looked.asked.filter((a) => a.query.page === 1)).toHaveLength(2);
  });

  it('is looked for in the rows as the reader gives them (ids found under their own names)', async () => {
    const { h } = harness(paging(() => [{ scenario_id: 1 }, { scenario_id: 2 }, { scenario_id: 3 }]));
    const rows = await listScenarios(h, client, board, undefined, (found) => found.some((r) => r.id === 3));
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it('a list that holds it at once is walked once', async () => {
    const { h, asked } = harness(paging(() => ids(1, 2, 3)));
    await listTasks(h, client, board, (found) => found.some((r) => r.id === 3));
    expect(asked.map((a) => a.query.page)).toEqual([1, 2]);
  });
});

describe('listedSession', () => {
  it('finds a session in either session list, and looks again, as a row looked for, where neither shows it', async () => {
    let activeReads = 0;
    const { h, asked } = harness((_op, query) => {
      if (query.is_active === false) return { status: 200, rows: [] };
      // The active list: page 1 holds two other sessions; session 9 is on page 2, which the first walk never reads
      // because another writer removed a row of page 1 just after it was read, moving session 9 onto page 1.
      activeReads += Number(query.page) === 1 ? 1 : 0;
      const rows = activeReads === 1 ? ids(1, 2, 9) : ids(2, 9);
      const page = Number(query.page);
      const shown = rows.slice((page - 1) * 2, page * 2);
      return { status: 200, rows: activeReads === 1 && page === 2 ? [] : shown };
    });
    const session = await listedSession(h, client, board, 9);
    expect(session?.id).toBe(9);
    expect(asked.map((a) => [a.query.is_active, a.query.page])).toEqual([
      [true, 1],
      [true, 2],
      [false, 1],
      [true, 1],
      [true, 2],
    ]);
  });

  it('finds a finished session in the inactive list, and says undefined where no list shows it', async () => {
    const finished = harness((_op, query) => ({ status: 200, rows: query.is_active === false ? ids(4) : [] }));
    expect((await listedSession(finished.h, client, board, 4))?.id).toBe(4);
    const none = harness(paging(() => ids(1)));
    expect(await listedSession(none.h, client, board, 4)).toBeUndefined();
    // Each list once, then each walked for it again: LIST_WALKS walks of two pages (page 2 was asked for, and empty).
    expect(none.asked.filter((a) => a.query.page === 1).map((a) => a.query.is_active)).toEqual([
      true,
      false,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
