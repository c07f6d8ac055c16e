// LIST rules (source §1 conventions, §4, §8): limit and paging on each list that takes them, q, repeated array keys,
// required company_id/board_id.

import { randomBytes } from 'node:crypto';
import { isObject } from '../../contract/json.js';
import type { OperationSpec } from '../../contract/openapi.js';
import { idOf, type Kind, pastTheEnd, rowsIn, tokenKeyOf } from '../engine/discovery.js';
import { ensure, expectRejected, expectSuccess } from '../harness/assertions.js';
import { createHarness } from '../harness/harness.js';
import { memberObjects, placeholderObjects } from '../harness/objects.js';
import { createCase, createScenario, createToken, memberId, startSession } from '../harness/setup-steps.js';
import { inSafeOrder, isWrite, opName, validRequest } from '../harness/valid-requests.js';

const h = createHarness(import.meta.url);
// The rows to page through: a parent scenario with its children, three sessions among them, three tokens, and the
// member's objects to probe (one of each).
h.creates({ tokens: 4, scenarios: 7, sessions: 4 });
const LABELS = ['alpha', 'beta', 'gamma', 'delta', 'epsilon'];
/** LIST-02 pages at most this far. */
const MAX_PAGES = 500;
/**
 * A page size for a list the check reads in one page (it holds a handful of the run's rows): the source's examples
 * use limit 20, and the maximum page size is not shown.
 */
const ONE_PAGE = 20;

interface Rows {
  /** Query that lists exactly `ids` (plus, in read-only mode, whatever the board holds). */
  query: Record<string, unknown>;
  ids: unknown[];
  titles: string[];
}

/**
 * Rows to page through: children of a parent scenario of this run, so that the other check files writing to the same
 * board cannot shift them. In read-only mode: the board's scenarios as they are.
 */
const rows = h.once(async (): Promise<Rows> => {
  const member = await h.as('member');
  if (h.run.readOnly) {
    const answer = await h.call(member, 'listScenarios', { query: { ...h.board, limit: ONE_PAGE } });
    expectSuccess(answer, `GET /features/qa/scenarios/list/ with limit=${ONE_PAGE}`);
    const scenarios = rowsIn(answer.body, 'scenario');
    ensure(scenarios, 'GET /features/qa/scenarios/list/ holds no array of rows in data');
    const rows = scenarios.filter(isObject);
    return {
      query: h.board,
      ids: rows.map((s) => idOf(s, 'scenario') ?? Number.NaN),
      titles: rows.map((s) => String(s.title)),
    };
  }
  const parent = await createScenario(h, member, h.board, { title: h.title('list parent'), parent_id: null });
  const children = [];
  const titles: string[] = [];
  for (const label of LABELS) {
    const title = h.title(`list row ${label}`);
    children.push(await createScenario(h, member, h.board, { title, parent_id: parent.id }));
    titles.push(title);
  }
  return { query: { ...h.board, parent_id: parent.id }, ids: children.map((c) => c.id), titles };
});

/** A list the source says takes page and limit (§4, §8), with the rows a check of this run can page through. */
interface PagedList {
  operationId: string;
  kind: Kind;
  /** The operations making its rows besides the list itself. */
  makes: readonly string[];
  rows: () => Promise<Rows>;
  /** Whether other check files may add or remove rows while a walk goes on (the token list, the board's sessions). */
  shared: boolean;
}

/** Tokens the token list's paging reads: enough for two pages of limit 2, few for the account's limits. */
const TOKEN_ROWS = 3;

/** Rows of the member's token list: a few new tokens of this run (cleaned up after it), or in read-only mode its rows. */
const tokenRows = h.once(async (): Promise<Rows> => {
  const member = await h.as('member');
  if (h.run.readOnly) {
    const answer = await h.call(member, 'listApiTokens', { query: { page: 1, limit: ONE_PAGE } });
    expectSuccess(answer, `GET /member/bearer-tokens/ with limit=${ONE_PAGE}`);
    const tokens = rowsIn(answer.body, 'token');
    ensure(tokens, 'GET /member/bearer-tokens/ holds no array of rows in data');
    return { query: {}, ids: tokens.map(tokenKeyOf), titles: [] };
  }
  const ids: (string | number)[] = [];
  for (let n = 1; n <= TOKEN_ROWS; n++)
    ids.push((await createToken(h, member, { title: h.title(`list token ${n}`) })).key);
  return { query: {}, ids, titles: [] };
});

/** Sessions of the board with its running ones: one started in each of three scenarios of `rows`, each with a case. */
const sessionRows = h.once(async (): Promise<Rows> => {
  const member = await h.as('member');
  const query = { ...h.board, is_active: true };
  if (h.run.readOnly) {
    const answer = await h.call(member, 'listSessions', { query: { ...query, page: 1, limit: ONE_PAGE } });
    expectSuccess(answer, `GET /features/qa/sessions/ with limit=${ONE_PAGE}`);
    const sessions = rowsIn(answer.body, 'session');
    ensure(sessions, 'GET /features/qa/sessions/ holds no array of rows in data');
    return { query, ids: sessions.map((s) => idOf(s, 'session')), titles: [] };
  }
  const ids: number[] = [];
  for (const scenario of (await rows()).ids.slice(0, 3)) {
    await createCase(h, member, h.board, Number(scenario), h.title('list session case'));
    ids.push((await startSession(h, member, h.board, Number(scenario))).id);
  }
  return { query, ids, titles: [] };
});

const PAGED: readonly PagedList[] = [
  { operationId: 'listScenarios', kind: 'scenario', makes: ['createScenario'], rows, shared: false },
  { operationId: 'listApiTokens', kind: 'token', makes: ['createApiToken'], rows: tokenRows, shared: true },
  {
    operationId: 'listSessions',
    kind: 'session',
    makes: ['createScenario', 'createCase', 'startSession'],
    rows: sessionRows,
    shared: true,
  },
];

/** A row's id as text: a server may list as a string the id it answered a creation with as a number. */
const idIn = (list: PagedList) => (row: unknown) =>
  String(list.kind === 'token' ? tokenKeyOf(row) : idOf(row, list.kind));

/** One page of a list, as ids; none for a page after the first refused as past the end. */
async function page(list: PagedList, query: Record<string, unknown>, pageNo: number, limit: number) {
  const answer = await h.callLoose(await h.as('member'), list.operationId, {
    query: { ...query, page: pageNo, limit },
  });
  const path = answer.record.path;
  if (pageNo > 1 && pastTheEnd(answer.status)) return { answer, ids: [] };
  expectSuccess(answer, `GET ${path} page ${pageNo} limit ${limit}`);
  const got = rowsIn(answer.body, list.kind);
  ensure(got, `GET ${path} holds no array of rows in data`);
  return { answer, ids: got.map(idIn(list)) };
}

/** The ids of one walk with page and limit from page 1 (the numbering of the source's examples), in order. */
async function walk(list: PagedList, query: Record<string, unknown>, limit: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  // Until a short page. A page that repeats a row ends the walk (a server that ignores `page` repeats the first page
  // forever); the bound only stops a server that invents rows without end.
  for (let n = 1; n <= MAX_PAGES; n++) {
    const { ids: got } = await page(list, query, n, limit);
    const repeats = got.some((id) => seen.includes(id));
    seen.push(...got);
    if (repeats || got.length < limit) break;
    ensure(n < MAX_PAGES, `paging with limit=${limit} still returned full pages after ${MAX_PAGES} pages`);
  }
  return seen;
}

/** What is wrong with a walk: rows seen twice, rows of `ids` never seen. */
function flaws(seen: readonly unknown[], ids: readonly unknown[], limit: number): string[] {
  const duplicates = seen.filter((id, i) => seen.indexOf(id) !== i);
  const missing = ids.filter((id) => !seen.includes(id));
  return [
    ...(duplicates.length > 0
      ? [`paging with limit=${limit} returned rows more than once: ids ${[...new Set(duplicates)].join(', ')}`]
      : []),
    ...(missing.length > 0
      ? [
          `paging with limit=${limit} from page 1 (the numbering of the source's examples) never returned the rows with ids ${missing.join(', ')}`,
        ]
      : []),
  ];
}

/** Walks a shared list again while its rows keep changing between walks: at most this many walks. */
const WALKS = 3;

for (const list of PAGED) {
  const needs = [list.operationId, ...list.makes];
  h.rule(
    'LIST-01',
    `${list.operationId}: a page never holds more rows than limit`,
    async (t) => {
      const { query, ids } = await list.rows();
      if (ids.length < 2) t.skip(`the list holds fewer than 2 rows (read-only mode)`);
      for (const limit of [1, 2]) {
        const { ids: got } = await page(list, query, 1, limit);
        ensure(got.length <= limit, `limit=${limit} answered ${got.length} rows`);
      }
    },
    { needs },
  );

  h.rule(
    'LIST-02',
    `${list.operationId}: paging with page and limit walks every row exactly once`,
    async (t) => {
      const { query, ids } = await list.rows();
      if (ids.length < 3) t.skip('the list holds fewer than 3 rows to page through (read-only mode)');
      const limit = 2;
      const made = ids.map(String);
      let seen = await walk(list, query, limit);
      // On a list other check files write to, a row added or removed mid-walk shifts the pages: a flaw counts only
      // when the next walk sees the very same rows in the same order.
      for (let n = 1; list.shared && flaws(seen, made, limit).length > 0; n++) {
        const again = await walk(list, query, limit);
        if (again.join() === seen.join()) break;
        if (n + 1 >= WALKS) t.skip(`the list changed during each of ${WALKS} walks (other checks write to it)`);
        seen = again;
      }
      const found = flaws(seen, made, limit);
      ensure(found.length === 0, found.join('; '));
    },
    { needs },
  );
}

h.rule(
  'LIST-01',
  'listTasks: a page never holds more rows than limit',
  async () => {
    const tasks = await h.call(await h.as('member'), 'listTasks', { query: { ...h.board, limit: 1 } });
    expectSuccess(tasks, 'GET /task/list/ with limit=1');
    const taskRows = rowsIn(tasks.body, 'task');
    ensure(Array.isArray(taskRows) && taskRows.length <= 1, `GET /task/list/ with limit=1 answered more than 1 row`);
  },
  { needs: ['listTasks'] },
);

h.rule('LIST-03', 'q is accepted by the scenario and session lists', async () => {
  const member = await h.as('member');
  expectSuccess(
    await h.call(member, 'listScenarios', { query: { ...h.board, q: 'conformance' } }),
    'GET /features/qa/scenarios/list/ with q',
  );
  expectSuccess(
    await h.call(member, 'listSessions', { query: { ...h.board, is_active: true, q: 'conformance' } }),
    'GET /features/qa/sessions/ with q',
  );
});

h.rule('LIST-04', 'q keeps only the rows whose title contains it, ignoring case', async (t) => {
  const { query, ids, titles } = await rows();
  const target = h.run.readOnly ? titles[0]?.split(/\s+/)[0] : `ROW ALPHA [${h.marker.toUpperCase()}-`;
  if (!target) return t.skip('the board holds no scenario to search for (read-only mode)');
  const answer = await h.callLoose(await h.as('member'), 'listScenarios', {
    query: { ...query, q: target, limit: ONE_PAGE },
  });
  expectSuccess(answer, 'GET /features/qa/scenarios/list/ with q');
  const found = rowsIn(answer.body, 'scenario');
  ensure(found, 'GET /features/qa/scenarios/list/ holds no array of rows in data');
  const needle = target.toLowerCase();
  const strays = found.filter(
    (s) => !(isObject(s) && typeof s.title === 'string' && s.title.toLowerCase().includes(needle)),
  );
  ensure(
    strays.length === 0,
    `q=${JSON.stringify(target)} also returned ${strays.length} rows whose title does not contain it`,
  );
  const expected = ids[titles.findIndex((title) => title.toLowerCase().includes(needle))];
  ensure(
    found.some((s) => idOf(s, 'scenario') === expected),
    `q=${JSON.stringify(target)} did not return the scenario ${expected} whose title contains it`,
  );
});

/** A q that no row of any list holds: random, and without the run marker that every title of the run carries. */
const NO_ROW_Q = `zq${randomBytes(6).toString('hex')}`;

h.rule('LIST-08', 'q finds a scenario by its title and returns no rows for a q that appears in no row', async () => {
  const member = await h.as('member');
  const { query, ids, titles } = await rows();
  const none = [
    ['listScenarios', { ...h.board }],
    ['listSessions', { ...h.board, is_active: true }],
    ['listSessions', { ...h.board, is_active: false }],
  ] as const;
  for (const [operationId, base] of none) {
    const answer = await h.call(member, operationId, { query: { ...base, q: NO_ROW_Q } });
    expectSuccess(answer, `${answer.record.path} with a q that appears in no row`);
    const listed = rowsIn(answer.body, operationId === 'listScenarios' ? 'scenario' : 'session');
    ensure(listed, `${answer.record.path} holds no array of rows in data`);
    ensure(listed.length === 0, `${answer.record.path} with a q that appears in no row listed ${listed.length} rows`);
  }
  const title = titles[0];
  if (title === undefined) return;
  const answer = await h.callLoose(member, 'listScenarios', { query: { ...query, q: title, limit: ONE_PAGE } });
  expectSuccess(answer, 'GET /features/qa/scenarios/list/ with q equal to a title');
  const found = rowsIn(answer.body, 'scenario') ?? [];
  ensure(
    found.some((s) => idOf(s, 'scenario') === ids[0]),
    `q equal to the title of scenario ${ids[0]} did not find it`,
  );
});

h.rule('LIST-05', 'GET /task/list/ accepts repeated assignee_ids keys', async () => {
  const member = await h.as('member');
  const id = (await memberId(h, member)) ?? 1;
  const answer = await h.call(member, 'listTasks', { query: { ...h.board, assignee_ids: [id, id + 1] } });
  ensure(
    new URL(answer.record.url).searchParams.getAll('assignee_ids').length === 2,
    'the request did not carry assignee_ids as two repeated keys',
  );
  expectSuccess(answer, 'GET /task/list/ with assignee_ids repeated');
  ensure(rowsIn(answer.body, 'task'), 'GET /task/list/ with assignee_ids holds no array of rows in data');
});

// Should making them fail, the requests still go out with ids that point at nothing: the parameter check comes first.
const objects = h.once(() => memberObjects(h).catch((error) => placeholderObjects(h, error)));
const boardOperations = inSafeOrder(
  h.contract.operations.filter((o) => ['company_id', 'board_id'].every((n) => o.parameters.some((p) => p.name === n))),
);

/** Sends the operation's valid request without `missing` and expects a rejection naming it. */
async function withoutParameter(op: OperationSpec, missing: string): Promise<void> {
  const { ids } = await objects();
  const planned = validRequest(op, ids, h.title('missing parameter probe'), h.marker);
  const { [missing]: _dropped, ...query } = planned.query;
  const answer = await h.callLoose(await h.as('member'), op.operationId, { ...planned, query });
  expectRejected(answer, `${opName(op)} without ${missing}`, missing);
}

for (const op of boardOperations) {
  // The source says every QA endpoint takes both (LIST-06); the task list's required parameters are the contract's
  // decision (LIST-07).
  const rule = op.path.startsWith('/features/qa/') ? 'LIST-06' : 'LIST-07';
  for (const missing of ['company_id', 'board_id']) {
    h.rule(rule, `${opName(op)} without ${missing} is rejected naming it`, () => withoutParameter(op, missing), {
      writes: isWrite(op),
    });
  }
}

export default h.checks;
