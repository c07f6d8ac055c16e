// ACCESS rules (source §4, §5 rules 7 and 8, §7): the outsider reaches nothing of the member's, and no object is
// reached through a board it does not belong to.

import type { ApiClient } from '../../client/index.js';
import { type Kind, rowsIn, rowsWithin, type WorkspaceId, workspaceIdOf } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { carriesData, dataOf, rowHolds } from '../engine/payload.js';
import { ensure, ensureNone, ensureSetup, expectStatus, expectSuccess, setupSuccess } from '../harness/assertions.js';
import type { Actor } from '../harness/harness.js';
import { createHarness } from '../harness/harness.js';
import {
  type Board,
  type Found,
  listedSession,
  listSessions,
  listTokens,
  type QaSession,
} from '../harness/list-readers.js';
import { ensureObjects, memberObjects, placeholderObjects } from '../harness/objects.js';
import {
  caseFields,
  createCase,
  createScenario,
  createToken,
  readObject,
  startSession,
  whoAmI,
} from '../harness/setup-steps.js';
import { idsOf, inSafeOrder, isWrite, opName, validRequest } from '../harness/valid-requests.js';

const h = createHarness(import.meta.url);
// The member's objects to probe and the scope probe (a token and a scenario with a session each), and the member's
// token that the outsider must not reach.
h.creates({ tokens: 2, scenarios: 2, sessions: 2 });
// Should making them fail, the outsider is still sent to the member's board; the checks that need an object the
// placeholders do not point at then fail (or, in read-only mode, skip) rather than pass on a 404 for nothing.
const objects = h.once(() => memberObjects(h).catch((error) => placeholderObjects(h, error)));

const boardOperations = inSafeOrder(
  h.contract.operations.filter(
    (o) =>
      o.authenticated &&
      o.parameters.some((p) => p.name === 'board_id') &&
      o.parameters.some((p) => p.name === 'company_id'),
  ),
);

for (const op of boardOperations) {
  h.rule(
    'ACCESS-01',
    `the outsider gets 403 or 404 on ${opName(op)} of the member's board`,
    async (t) => {
      const made = await objects();
      const { ids, missing } = made;
      const absent = idsOf(op).filter((name) => missing.has(name));
      if (absent.length > 0) {
        // A 404 for an object that does not exist proves nothing about access.
        ensureObjects(made, "the member's objects to probe could not be made");
        ensure(h.run.readOnly, `could not run: the objects made for the probe hold no ${absent.join(', ')}`);
        return t.skip(`the member's board holds no object for ${absent.join(', ')} (read-only mode creates none)`);
      }
      const outsider = await h.as('outsider');
      const answer = await h.callLoose(
        outsider,
        op.operationId,
        validRequest(op, ids, h.title('outsider probe'), h.marker),
      );
      expectStatus(answer, [403, 404], `${opName(op)} by the outsider on the member's board`);
      ensure(!carriesData(answer), `the outsider's ${answer.status} answer to ${opName(op)} carries data`);
    },
    { writes: isWrite(op), needs: [op.operationId] },
  );
}

h.rule('ACCESS-02', "neither account can update, delete or list the other's token", async () => {
  // A token of each account, made here: whatever ran before, each list has a token of the other to leave out.
  const member = await h.as('member');
  const outsider = await h.as('outsider');
  const mine = await createToken(h, member, { title: h.title("not the outsider's") });
  const theirs = await createToken(h, outsider, { title: h.title("not the member's") });
  const update = await h.callLoose(outsider, 'updateApiToken', {
    query: { key: mine.key },
    body: { is_active: false },
  });
  expectStatus(update, [403, 404], "PATCH of the member's token by the outsider");
  const remove = await h.callLoose(outsider, 'deleteApiToken', { query: { key: mine.key } });
  expectStatus(remove, [403, 404], "DELETE of the member's token by the outsider");
  ensureNone(
    h,
    await listTokens(h, outsider),
    (t) => rowHolds(t, mine.key) || rowHolds(t, mine.title),
    "the outsider's token list holds the member's token",
  );
  ensureNone(
    h,
    await listTokens(h, member),
    (t) => rowHolds(t, theirs.key) || rowHolds(t, theirs.title),
    "the member's token list holds the outsider's token",
  );
  expectSuccess(await h.call(h.withToken(mine.secret), 'getMe'), "GET /member/me/ with the member's token afterwards");
});

/**
 * The ids of the companies a company list holds (source §1: "GET /company/list/ returns data.companies", the one
 * collection the source names), each found as every check finds an id. Without the list, or with a company whose id
 * cannot be found, the account's scope cannot be read: that is no pass.
 */
function companyIds(answer: Answer, whose: string): WorkspaceId[] {
  const companies = dataOf(answer.body)?.companies;
  ensure(Array.isArray(companies), `${whose} ${answer.record.path} has no array in data.companies`);
  const ids = companies.map((c) => workspaceIdOf(c, 'company'));
  ensureSetup(
    ids.every((id) => id !== undefined),
    'CONTRACT-01',
    `${whose} ${answer.record.path} holds companies without an id (looked for id, company_id, pk)`,
  );
  return ids as WorkspaceId[];
}

h.rule('ACCESS-03', "the outsider's company list does not hold the member's company", async () => {
  const answer = await h.call(await h.as('outsider'), 'listCompanies');
  expectSuccess(answer, "the outsider's GET /company/list/");
  ensure(
    !companyIds(answer, "the outsider's").includes(h.run.profile.companyId),
    `the outsider's GET /company/list/ holds company ${h.run.profile.companyId}`,
  );
});

h.rule('ACCESS-04', 'GET /member/me/ names the account that owns the credential', async () => {
  const outsider = await whoAmI(h, await h.as('outsider'), "GET /member/me/ with the outsider's credential");
  ensure(
    outsider === h.run.profile.accounts.outsider.username,
    `GET /member/me/ with the outsider's credential named ${JSON.stringify(outsider)}`,
  );
  const member = await whoAmI(h, await h.as('member'), "GET /member/me/ with the member's credential");
  ensure(
    member === h.run.profile.accounts.member.username,
    `GET /member/me/ with the member's credential named ${JSON.stringify(member)}`,
  );
});

h.rule('ACCESS-05', "the member's company list holds the profile's companyId", async () => {
  const answer = await h.call(await h.as('member'), 'listCompanies');
  expectSuccess(answer, "the member's GET /company/list/");
  ensure(
    companyIds(answer, "the member's").includes(h.run.profile.companyId),
    `the member's GET /company/list/ does not hold companyId ${h.run.profile.companyId}`,
  );
});

// ACCESS-06: every object addressed under a board it does not belong to.

interface Scoped {
  scenario: Found;
  testCase: Found;
  session: QaSession;
  report: Found;
}

/** Objects of the member's board that the probes address elsewhere; made once, read back after each write probe. */
const scoped = h.once(async (): Promise<Scoped> => {
  const member = await h.as('member');
  const scenario = await createScenario(h, member, h.board, { title: h.title('scope probe'), parent_id: null });
  const testCase = await createCase(h, member, h.board, scenario.id, h.title('scope probe case'));
  const session = await startSession(h, member, h.board, scenario.id);
  const report = session.case_reports[0];
  ensureSetup(report, 'QA-08', `the session started for scenario ${scenario.id} holds no case report`);
  return { scenario, testCase, session, report };
});

/**
 * The outsider's own board: from its company list (source §1: "company_id and board_id are internal identifiers
 * obtained from list endpoints"), where the contract lists a company's boards, else from the server's own board list
 * when the profile names one (`boardList`: the source names none); undefined when neither shows a board.
 */
const outsiderBoard = h.once(async (): Promise<Board | undefined> => {
  const answer = await h.call(await h.as('outsider'), 'listCompanies');
  setupSuccess(answer, 'ACCESS-03', "the outsider's GET /company/list/");
  const companies = (rowsIn(answer.body, 'company') ?? []).flatMap((company) => {
    const companyId = workspaceIdOf(company, 'company');
    return companyId === undefined ? [] : [{ companyId, boards: rowsWithin(company, 'board') ?? [] }];
  });
  const { boardList } = h.run.profile;
  for (const { companyId, boards } of companies) {
    const listed = boards.length > 0 || !boardList ? boards : await ownBoards(boardList, companyId);
    const boardId = workspaceIdOf(listed[0], 'board');
    if (boardId !== undefined) return { company_id: companyId, board_id: boardId };
  }
  return undefined;
});

/** The outsider's boards of a company as the server's own board list (the profile's `boardList`) gives them. */
async function ownBoards(list: { path: string; collection?: string }, companyId: WorkspaceId): Promise<unknown[]> {
  const { accessToken } = await h.session('outsider');
  const path = `${list.path}${list.path.includes('?') ? '&' : '?'}company_id=${encodeURIComponent(companyId)}`;
  const answer = await h.raw('outsider', 'GET', path, { headers: { Authorization: `JWT ${accessToken}` } });
  setupSuccess(answer, 'ACCESS-06', `the outsider's GET ${path} (the profile's boardList)`);
  const boards = rowsIn(answer.body, 'board', list.collection);
  ensure(boards, `the outsider's GET ${path} holds no array of boards in data (the profile's boardList.collection)`);
  return boards;
}

interface Address {
  label: string;
  actor: Actor;
  board: () => Promise<Board | undefined>;
  /** Why there is no board to address, when `board` finds none. */
  without: string;
}

const addresses: Address[] = [
  {
    label: "the member's other board",
    actor: 'member',
    board: async () =>
      h.run.profile.boardWithoutTodoColumnId === undefined
        ? undefined
        : { company_id: h.run.profile.companyId, board_id: h.run.profile.boardWithoutTodoColumnId },
    without: 'the profile names no boardWithoutTodoColumnId',
  },
  {
    label: "the outsider's own board",
    actor: 'outsider',
    board: outsiderBoard,
    without:
      "the outsider's GET /company/list/ shows no board of its companies, nor the board list the profile names (boardList; the source names no board list)",
  },
];

/** How a probe addresses the object: in the query (403/404 only), in the body, or as a list filter. */
type Via = 'query' | 'body' | 'filter';

interface Probe {
  operationId: string;
  via: Via;
  /** For a list: the kind of its rows. */
  lists?: Kind;
  /** The id's name in the request, for the check's name. */
  field: string;
  request(o: Scoped, title: string): { query: Record<string, unknown>; body?: unknown };
  /** After a write probe: the object as it was, read through its own board. */
  unchanged?(o: Scoped, member: ApiClient): Promise<void>;
}

const stillTitled = (operationId: 'getScenario' | 'getCase', idName: string, pick: (o: Scoped) => Found) => {
  return async (o: Scoped, member: ApiClient) => {
    const object = pick(o);
    const { answer, object: read } = await readObject(h, member, operationId, { ...h.board, [idName]: object.id });
    expectSuccess(answer, `${opName0(operationId)} through its own board afterwards`);
    ensure(
      read?.title === object.title,
      `the object reads title ${JSON.stringify(read?.title)} afterwards, not ${JSON.stringify(object.title)}`,
    );
  };
};

const opName0 = (operationId: string): string => {
  const op = h.contract.byId.get(operationId);
  return op ? opName(op) : operationId;
};

async function reportStatus(o: Scoped, member: ApiClient): Promise<unknown> {
  const session = await listedSession(h, member, h.board, o.session.id);
  return session?.case_reports.find((r) => r.id === o.report.id)?.status;
}

const probes: Probe[] = [
  {
    operationId: 'getScenario',
    via: 'query',
    field: 'scenario_id',
    request: (o) => ({ query: { scenario_id: o.scenario.id } }),
  },
  { operationId: 'getCase', via: 'query', field: 'case_id', request: (o) => ({ query: { case_id: o.testCase.id } }) },
  {
    operationId: 'listCases',
    via: 'filter',
    lists: 'case',
    field: 'scenario_id',
    request: (o) => ({ query: { scenario_id: o.scenario.id } }),
  },
  {
    operationId: 'listScenarios',
    via: 'filter',
    lists: 'scenario',
    field: 'parent_id',
    request: (o) => ({ query: { parent_id: o.scenario.id } }),
  },
  {
    operationId: 'updateScenario',
    via: 'query',
    field: 'scenario_id',
    request: (o, title) => ({ query: { scenario_id: o.scenario.id }, body: { title } }),
    unchanged: stillTitled('getScenario', 'scenario_id', (o) => o.scenario),
  },
  {
    operationId: 'updateCase',
    via: 'query',
    field: 'case_id',
    request: (o, title) => ({ query: { case_id: o.testCase.id }, body: { title } }),
    unchanged: stillTitled('getCase', 'case_id', (o) => o.testCase),
  },
  {
    operationId: 'createCase',
    via: 'body',
    field: 'scenario',
    request: (o, title) => ({
      query: {},
      body: { scenario: o.scenario.id, ...caseFields(title, h.marker) },
    }),
  },
  {
    operationId: 'startSession',
    via: 'body',
    field: 'scenario_id',
    request: (o) => ({ query: {}, body: { scenario_id: o.scenario.id } }),
  },
  {
    operationId: 'recordCaseOutcome',
    via: 'query',
    field: 'case_report_id',
    request: (o) => ({ query: { case_report_id: o.report.id }, body: { status: 'done' } }),
    async unchanged(o, member) {
      const status = await reportStatus(o, member);
      ensure(status === 'pending', `case report ${o.report.id} reads status ${JSON.stringify(status)} afterwards`);
    },
  },
  {
    operationId: 'finishSession',
    via: 'body',
    field: 'sessions_id',
    request: (o) => ({ query: {}, body: { sessions_id: o.session.id } }),
    async unchanged(o, member) {
      const active = await listSessions(h, member, h.board, true, (r) => r.some((s) => s.id === o.session.id));
      ensure(
        active.some((s) => s.id === o.session.id),
        `session ${o.session.id} is no longer listed as active afterwards`,
      );
    },
  },
  {
    operationId: 'deleteCase',
    via: 'query',
    field: 'case_id',
    request: (o) => ({ query: { case_id: o.testCase.id } }),
    unchanged: stillTitled('getCase', 'case_id', (o) => o.testCase),
  },
  {
    operationId: 'deleteScenario',
    via: 'query',
    field: 'scenario_id',
    request: (o) => ({ query: { scenario_id: o.scenario.id } }),
    unchanged: stillTitled('getScenario', 'scenario_id', (o) => o.scenario),
  },
];

/**
 * What is wrong with the answer, if anything. An id in the query gets 403 or 404 (source §7); an id in the body or a
 * list filter may also meet any other 4xx (a validation failure, or a board rule checked first), and a filter may
 * answer an empty list: none of these reaches the object.
 */
function reached(answer: Answer, probe: Probe): string | undefined {
  const status = answer.status ?? 0;
  const refused = status === 403 || status === 404 || (probe.via !== 'query' && status >= 400 && status < 500);
  if (refused) return carriesData(answer) ? `the ${status} carries data` : undefined;
  if (probe.via === 'filter' && status >= 200 && status < 300) {
    const rows = probe.lists ? rowsIn(answer.body, probe.lists) : undefined;
    return rows && rows.length === 0 ? undefined : `it listed ${rows?.length ?? 'an unknown number of'} rows`;
  }
  return `expected 403 or 404${probe.via === 'query' ? '' : ' or another 4xx'}, got ${answer.status ?? answer.record.error}`;
}

// Probe by probe, deletions last: a server that wrongly lets one through spoils only the probes after it.
for (const probe of probes) {
  for (const address of addresses) {
    const name = opName0(probe.operationId);
    h.rule(
      'ACCESS-06',
      `${name} with the member's ${probe.field} under ${address.label} gets 403 or 404`,
      async (t) => {
        const board = await address.board();
        if (board === undefined) return t.skip(address.without);
        const o = await scoped();
        const request = probe.request(o, h.title('scope probe renamed'));
        const client = await h.as(address.actor);
        const answer = await h.callLoose(client, probe.operationId, {
          ...request,
          query: { ...board, ...request.query },
        });
        const wrong = reached(answer, probe);
        ensure(wrong === undefined, `${name} by ${address.actor} under ${address.label}: ${wrong}`);
        await probe.unchanged?.(o, await h.as('member'));
      },
      { needs: [probe.operationId] },
    );
  }
}

export default h.checks;
