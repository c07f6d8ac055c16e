// The operations of the model-based test (source §4), each run against the reference model and the sandbox at once:
// the model says which status the request must get and what changes; the sandbox's answer must agree, and after every
// step `observe` compares everything a client can list. Objects are picked by position at run time, so a command stays
// meaningful while fast-check shrinks the sequence around it.
import fc from 'fast-check';
import { expect } from 'vitest';
import { type Answer, CAPTCHA, type Call, dataOf, expectEnvelope, Real } from './real.js';
import { type Account, type Board, boardAccess, Model, type Need, type Outcome } from './reference.js';

export interface World {
  model: Model;
  real: Real;
}

type Command = fc.AsyncCommand<Model, Real>;

/** The demo world's accounts and boards as docs/sandbox.md ("Worlds") and the conformance profile describe them. */
const DEMO_ACCOUNTS: ReadonlyArray<{
  username: string;
  password: string;
  roles: [number, 'owner' | 'qa' | 'viewer'][];
}> = [
  { username: 'demo', password: 'demo-password', roles: [[1, 'qa']] },
  { username: 'viewer', password: 'viewer-password', roles: [[1, 'viewer']] },
  { username: 'outsider', password: 'outsider-password', roles: [[2, 'owner']] },
];
const BOARDS: readonly Board[] = [
  { id: 1, companyId: 1, hasTodoColumn: true },
  { id: 2, companyId: 1, hasTodoColumn: false },
  { id: 3, companyId: 2, hasTodoColumn: true },
];
/** Who reads each board for `observe`: a member of its company. */
const READER_OF_COMPANY: Record<number, string> = { 1: 'demo', 2: 'outsider' };

function jwt(account: Account): Call['auth'] {
  if (account.access === undefined) throw new Error(`model: ${account.username} has no access token`);
  return { header: `JWT ${account.access}`, label: `JWT of ${account.username}` };
}

function pick<T>(items: readonly T[], n: number): T | undefined {
  return items.length === 0 ? undefined : items[n % items.length];
}

function scoped(board: Board, extra: Record<string, number> = {}): Record<string, number> {
  return { company_id: board.companyId, board_id: board.id, ...extra };
}

async function expectStatus(real: Real, call: Call, status: number, what: string): Promise<Answer> {
  const answer = await real.send(call);
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(status);
  expectEnvelope(answer, what);
  return answer;
}

/** Reads every page of a list (limit 100), as a client pages through results (§8). */
async function listAll(real: Real, call: Call, collection: string): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; page < 100; page++) {
    const answer = await expectStatus(real, { ...call, query: { ...call.query, page, limit: 100 } }, 200, call.path);
    const got = dataOf<Record<string, unknown>[]>(answer, collection);
    rows.push(...got);
    if (got.length < 100) return rows;
  }
  throw new Error(`${call.path}: more than 100 pages`);
}

/** Everything a client can list, read back and compared with the model (run after every command). */
export async function observe(world: World): Promise<void> {
  world.real.observing = true;
  try {
    await compareLists(world);
  } finally {
    world.real.observing = false;
  }
}

async function compareLists({ model, real }: World): Promise<void> {
  for (const board of BOARDS) {
    const reader = model.accounts.get(READER_OF_COMPANY[board.companyId] as string) as Account;
    const auth = jwt(reader);
    const scenarios = await listAll(
      real,
      { method: 'GET', path: '/features/qa/scenarios/list/', query: scoped(board), auth },
      'scenarios',
    );
    const expected = [...model.scenarios.values()].filter((s) => s.boardId === board.id);
    expect(
      scenarios.map((s) => [s.id, s.parent_id, s.title]),
      `scenarios of board ${board.id}`,
    ).toEqual(expected.sort((a, b) => a.id - b.id).map((s) => [s.id, s.parentId, s.title]));
    for (const scenario of expected) {
      const cases = await listAll(
        real,
        {
          method: 'GET',
          path: '/features/qa/cases/list/',
          query: scoped(board, { scenario_id: scenario.id }),
          auth,
        },
        'cases',
      );
      const own = [...model.cases.values()].filter((c) => c.scenarioId === scenario.id).sort((a, b) => a.id - b.id);
      expect(
        cases.map((c) => c.id),
        `cases of scenario ${scenario.id}`,
      ).toEqual(own.map((c) => c.id));
    }
    const sessions = [
      ...(await listAll(
        real,
        { method: 'GET', path: '/features/qa/sessions/', query: { ...scoped(board), is_active: true }, auth },
        'sessions',
      )),
      ...(await listAll(
        real,
        { method: 'GET', path: '/features/qa/sessions/', query: { ...scoped(board), is_active: false }, auth },
        'sessions',
      )),
    ].sort((a, b) => Number(a.id) - Number(b.id));
    const expectedSessions = [...model.sessions.values()]
      .filter((s) => model.scenarios.get(s.scenarioId)?.boardId === board.id)
      .sort((a, b) => a.id - b.id);
    expect(
      sessions.map((s) => [s.id, s.scenario_id, s.is_active, s.case_reports_total ?? (s.case_reports as []).length]),
      `sessions of board ${board.id}`,
    ).toEqual(expectedSessions.map((s) => [s.id, s.scenarioId, s.active, model.reportsOf(s.id).length]));
    for (const listed of sessions) {
      const reports = model.reportsOf(Number(listed.id));
      for (const r of listed.case_reports as Record<string, unknown>[]) {
        const known = reports.find((m) => m.id === r.id);
        expect(known, `report ${String(r.id)} of session ${String(listed.id)}`).toBeDefined();
        expect([r.case_id, r.status, r.task_id === null ? null : 'task']).toEqual([
          known?.caseId,
          known?.status,
          known?.taskId === null ? null : 'task',
        ]);
        if (known?.taskId != null) expect(r.task_id).toBe(known.taskId);
      }
    }
  }
  for (const account of model.accounts.values()) {
    if (account.access === undefined) continue;
    const tokens = await listAll(real, { method: 'GET', path: '/member/bearer-tokens/', auth: jwt(account) }, 'tokens');
    expect(
      tokens.map((t) => [t.key, t.is_active]),
      `tokens of ${account.username}`,
    ).toEqual(model.liveTokensOf(account.username).map((t) => [t.key, t.active]));
  }
}

/** Builds the model and the sandbox side by side: the demo world, its readers logged in, its QA data read once. */
export async function setUp(options: { log?: boolean } = {}): Promise<World> {
  const model = new Model();
  const real = new Real(options);
  for (const b of BOARDS) model.boards.set(b.id, b);
  for (const a of DEMO_ACCOUNTS) {
    const account: Account = { username: a.username, password: a.password, roles: new Map(a.roles), usedRefresh: [] };
    model.accounts.set(a.username, account);
    await new Login(a.username).run(model, real);
  }
  // The seeded QA data is the world's, not the model's to predict: read it once, then predict every change.
  real.observing = true;
  for (const board of BOARDS) {
    const auth = jwt(model.accounts.get(READER_OF_COMPANY[board.companyId] as string) as Account);
    const q = scoped(board);
    for (const s of await listAll(
      real,
      { method: 'GET', path: '/features/qa/scenarios/list/', query: q, auth },
      'scenarios',
    )) {
      model.scenarios.set(Number(s.id), {
        id: Number(s.id),
        boardId: board.id,
        parentId: s.parent_id === null ? null : Number(s.parent_id),
        title: String(s.title),
      });
    }
    for (const scenario of [...model.scenarios.values()].filter((s) => s.boardId === board.id)) {
      const query = scoped(board, { scenario_id: scenario.id });
      for (const c of await listAll(real, { method: 'GET', path: '/features/qa/cases/list/', query, auth }, 'cases')) {
        model.cases.set(Number(c.id), { id: Number(c.id), scenarioId: scenario.id, title: String(c.title) });
      }
    }
    for (const is_active of [true, false]) {
      const query = { ...q, is_active };
      for (const s of await listAll(real, { method: 'GET', path: '/features/qa/sessions/', query, auth }, 'sessions')) {
        model.sessions.set(Number(s.id), {
          id: Number(s.id),
          scenarioId: Number(s.scenario_id),
          active: Boolean(s.is_active),
        });
        for (const r of s.case_reports as Record<string, unknown>[]) {
          model.reports.set(Number(r.id), {
            id: Number(r.id),
            sessionId: Number(s.id),
            caseId: Number(r.case_id),
            status: r.status as Outcome,
            taskId: r.task_id === null ? null : Number(r.task_id),
          });
        }
      }
    }
  }
  real.observing = false;
  for (const s of model.sessions.values()) {
    if (model.reportsOf(s.id).length >= 20)
      throw new Error('setUp: a seeded session carries more reports than a list shows');
  }
  for (const [kind, ids] of [
    ['scenario', model.scenarios.keys()],
    ['case', model.cases.keys()],
    ['session', model.sessions.keys()],
    ['report', model.reports.keys()],
  ] as const) {
    for (const id of ids) model.issued.add(`${kind} ${id}`);
  }
  return { model, real };
}

/** Ids the sandbox gave out: "ids only grow" (docs/sandbox.md), so a new object never takes an id seen before. */
function expectFreshId(model: Model, kind: string, id: unknown): number {
  expect(typeof id, `${kind} id`).toBe('number');
  const name = `${kind} ${String(id)}`;
  expect(model.issued.has(name), `${name} given out again`).toBe(false);
  model.issued.add(name);
  return id as number;
}

function actorOf(model: Model, n: number): Account | undefined {
  return pick(
    [...model.accounts.values()].filter((a) => a.access !== undefined),
    n,
  );
}

/** The status a board-scoped request gets from `actor` before any object id is read ("The 403/404 line"). */
function gate(actor: Account, board: Board, need: Need): 200 | 403 {
  return boardAccess(actor, board, need);
}

class Login implements Command {
  constructor(readonly username: string) {}
  check = (m: Readonly<Model>) => m.accounts.has(this.username);
  async run(m: Model, r: Real): Promise<void> {
    const account = m.accounts.get(this.username) as Account;
    const body = { username: account.username, password: account.password, captcha_token: CAPTCHA };
    const answer = await expectStatus(r, { method: 'POST', path: '/member/login/', body }, 200, 'login');
    account.access = dataOf<string>(answer, 'access_token');
    account.refresh = dataOf<string>(answer, 'refresh_token');
    expect(account.access).toEqual(expect.any(String));
  }
  toString = () => `login ${this.username}`;
}

class WrongPassword implements Command {
  constructor(readonly actor: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const account = pick([...m.accounts.values()], this.actor) as Account;
    const body = { username: account.username, password: `${account.password}-wrong`, captcha_token: CAPTCHA };
    // Ten wrong guesses a minute per name and client, then 429 (docs/sandbox.md "Limits"); the clock stands still.
    const wrong = (wrongGuesses.get(account) ?? 0) + 1;
    wrongGuesses.set(account, wrong);
    await expectStatus(r, { method: 'POST', path: '/member/login/', body }, wrong > 10 ? 429 : 401, 'wrong password');
  }
  toString = () => `wrong password #${this.actor}`;
}
const wrongGuesses = new WeakMap<Account, number>();

class Refresh implements Command {
  constructor(
    readonly actor: number,
    readonly reuseOld: boolean,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined;
  async run(m: Model, r: Real): Promise<void> {
    const account = actorOf(m, this.actor) as Account;
    const old = account.usedRefresh[account.usedRefresh.length - 1];
    if (this.reuseOld && old !== undefined) {
      // Each refresh token works once: a reused one is a 401 and revokes nothing (docs/sandbox.md "Credentials").
      await expectStatus(
        r,
        { method: 'POST', path: '/member/refresh-token/', body: { refresh_token: old } },
        401,
        'reused refresh',
      );
      return;
    }
    const current = account.refresh as string;
    const answer = await expectStatus(
      r,
      { method: 'POST', path: '/member/refresh-token/', body: { refresh_token: current } },
      200,
      'refresh',
    );
    account.usedRefresh.push(current);
    account.access = dataOf<string>(answer, 'access_token');
    account.refresh = dataOf<string>(answer, 'refresh_token');
    expect(account.refresh).not.toBe(current);
  }
  toString = () => `refresh #${this.actor}${this.reuseOld ? ' (an old one)' : ''}`;
}

class Me implements Command {
  constructor(
    readonly actor: number,
    readonly how: 'jwt' | 'jwt-as-bearer' | 'refresh-as-jwt' | 'none',
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined;
  async run(m: Model, r: Real): Promise<void> {
    const account = actorOf(m, this.actor) as Account;
    const header = {
      jwt: `JWT ${account.access}`,
      // §5 rule 3: a JWT access token is never used with the Bearer scheme; rule 2: the refresh token never goes in a header.
      'jwt-as-bearer': `Bearer ${account.access}`,
      'refresh-as-jwt': `JWT ${account.refresh}`,
      none: undefined,
    }[this.how];
    const auth = header === undefined ? undefined : { header, label: `${this.how} of ${account.username}` };
    const answer = await expectStatus(
      r,
      { method: 'GET', path: '/member/me/', auth },
      this.how === 'jwt' ? 200 : 401,
      'me',
    );
    // §5 rule 8: GET /member/me/ identifies the account that owns the credential.
    if (this.how === 'jwt') expect(dataOf<{ username: string }>(answer, 'member').username).toBe(account.username);
  }
  toString = () => `me #${this.actor} by ${this.how}`;
}

class Register implements Command {
  constructor(readonly again: boolean) {}
  check = (m: Readonly<Model>) => m.registered < 5;
  async run(m: Model, r: Real): Promise<void> {
    const taken = [...m.accounts.keys()].filter((n) => n.startsWith('user-'));
    const username = this.again && taken.length > 0 ? (taken[0] as string) : `user-${m.registered + 1}`;
    const body = {
      first_name: 'Model',
      username,
      email: `${username}-${this.again ? 'again' : 'first'}@example.com`,
      password: 'model-password-1',
      captcha_token: CAPTCHA,
    };
    // A name already in use is a state conflict (docs/sandbox.md "Credentials"); nothing changes.
    const expected = m.accounts.has(username) ? 409 : 201;
    await expectStatus(r, { method: 'POST', path: '/member/register/', body }, expected, 'register');
    if (expected !== 201) return;
    m.registered++;
    m.accounts.set(username, { username, password: body.password, roles: new Map(), usedRefresh: [] });
    await new Login(username).run(m, r);
  }
  toString = () => `register${this.again ? ' a taken name' : ''}`;
}

class CreateToken implements Command {
  constructor(
    readonly actor: number,
    readonly active: boolean,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined;
  async run(m: Model, r: Real): Promise<void> {
    const account = actorOf(m, this.actor) as Account;
    const body = { title: `model token ${m.tokens.length + 1}`, is_active: this.active };
    const answer = await expectStatus(
      r,
      { method: 'POST', path: '/member/bearer-tokens/', body, auth: jwt(account) },
      201,
      'create token',
    );
    const token = dataOf<{ key: string; token: string; is_active: boolean }>(answer, 'token');
    expect(token.is_active).toBe(this.active);
    m.tokens.push({
      owner: account.username,
      key: token.key,
      secret: token.token,
      active: this.active,
      deleted: false,
    });
  }
  toString = () => `create token by #${this.actor} (${this.active ? 'active' : 'inactive'})`;
}

class ChangeToken implements Command {
  constructor(
    readonly token: number,
    readonly byOther: boolean,
    readonly action: 'activate' | 'deactivate' | 'delete',
  ) {}
  check = (m: Readonly<Model>) => m.tokens.some((t) => m.accounts.get(t.owner)?.access !== undefined);
  async run(m: Model, r: Real): Promise<void> {
    const token = pick(
      m.tokens.filter((t) => m.accounts.get(t.owner)?.access !== undefined),
      this.token,
    );
    if (!token) return;
    const others = [...m.accounts.values()].filter((a) => a.username !== token.owner && a.access !== undefined);
    const by = this.byOther && others.length > 0 ? (others[0] as Account) : (m.accounts.get(token.owner) as Account);
    const call: Call =
      this.action === 'delete'
        ? { method: 'DELETE', path: '/member/bearer-tokens/detail/', query: { key: token.key }, auth: jwt(by) }
        : {
            method: 'PATCH',
            path: '/member/bearer-tokens/detail/',
            query: { key: token.key },
            body: { is_active: this.action === 'activate' },
            auth: jwt(by),
          };
    // Another account's key names nothing of the caller's ("The 403/404 line"); a deleted one names nothing at all.
    const refused = token.deleted || by.username !== token.owner;
    const answer = await r.send(call);
    expectEnvelope(answer, `${this.action} token`);
    if (refused) {
      expect(answer.status, `${this.action} token`).toBe(404);
      return;
    }
    expect(answer.status >= 200 && answer.status < 300, `${this.action} token: ${answer.status}`).toBe(true);
    if (this.action === 'delete') token.deleted = true;
    else token.active = this.action === 'activate';
  }
  toString = () => `${this.action} token #${this.token}${this.byOther ? ' as another account' : ''}`;
}

class UseToken implements Command {
  constructor(
    readonly token: number,
    readonly underJwt: boolean,
  ) {}
  check = (m: Readonly<Model>) => m.tokens.length > 0;
  async run(m: Model, r: Real): Promise<void> {
    const token = pick(m.tokens, this.token);
    if (!token) return;
    const scheme = this.underJwt ? 'JWT' : 'Bearer';
    const answer = await r.send({
      method: 'GET',
      path: '/member/me/',
      auth: { header: `${scheme} ${token.secret}`, label: `${scheme} token ${token.key}` },
    });
    expectEnvelope(answer, 'use token');
    // §5 rule 1: only an active token authenticates; the DELETE revokes it; a named token is never a JWT.
    const works = token.active && !token.deleted && !this.underJwt;
    expect(answer.status, `use token ${token.key}`).toBe(works ? 200 : 401);
    if (works) expect(dataOf<{ username: string }>(answer, 'member').username).toBe(token.owner);
  }
  toString = () => `use token #${this.token}${this.underJwt ? ' under JWT' : ''}`;
}

/** A scenario, case, session or report picked by position, or (stale) an id that was deleted. */
function pickId(live: number[], gone: number[], n: number, stale: boolean): number | undefined {
  return stale && gone.length > 0 ? pick(gone, n) : pick(live, n);
}

class CreateScenario implements Command {
  constructor(
    readonly actor: number,
    readonly board: number,
    readonly parent: number | null,
    readonly staleParent: boolean,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined;
  async run(m: Model, r: Real): Promise<void> {
    const actor = actorOf(m, this.actor) as Account;
    const board = pick(BOARDS, this.board) as Board;
    const onBoard = [...m.scenarios.values()].filter((s) => s.boardId === board.id).map((s) => s.id);
    const parentId =
      this.parent === null ? null : (pickId(onBoard, m.gone.scenario, this.parent, this.staleParent) ?? null);
    const title = `Model scenario ${m.scenarios.size + m.gone.scenario.length + 1}`;
    const expected =
      gate(actor, board, 'write') === 403 ? 403 : parentId !== null && !onBoard.includes(parentId) ? 404 : 201;
    const answer = await expectStatus(
      r,
      {
        method: 'POST',
        path: '/features/qa/scenarios/list/',
        query: scoped(board),
        body: { title, parent_id: parentId },
        auth: jwt(actor),
      },
      expected,
      'create scenario',
    );
    if (expected !== 201) return;
    const id = expectFreshId(m, 'scenario', dataOf<{ id: number }>(answer, 'scenario').id);
    m.scenarios.set(id, { id, boardId: board.id, parentId, title });
  }
  toString = () =>
    `create scenario by #${this.actor} on board #${this.board} under ${this.parent === null ? 'nothing' : `#${this.parent}${this.staleParent ? ' (deleted)' : ''}`}`;
}

/** Board-scoped operations on an existing object: rename or delete a scenario, create or delete a case. */
class OnScenario implements Command {
  constructor(
    readonly actor: number,
    readonly target: number,
    readonly stale: boolean,
    readonly action: 'rename' | 'delete' | 'add case' | 'start session',
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined && m.scenarios.size > 0;
  async run(m: Model, r: Real): Promise<void> {
    const actor = actorOf(m, this.actor) as Account;
    const id = pickId([...m.scenarios.keys()], m.gone.scenario, this.target, this.stale) as number;
    // A deleted scenario's board is the board it was on: find it among the boards the actor can name.
    const live = m.scenarios.get(id);
    const board = live ? m.board(live.boardId) : (BOARDS[this.target % BOARDS.length] as Board);
    const q = scoped(board);
    let expected: number = gate(actor, board, 'write') === 403 ? 403 : live ? 200 : 404;
    let call: Call;
    if (this.action === 'rename') {
      call = {
        method: 'PATCH',
        path: '/features/qa/scenarios/',
        query: { ...q, scenario_id: id },
        body: { title: `Renamed ${id}` },
        auth: jwt(actor),
      };
    } else if (this.action === 'delete') {
      call = { method: 'DELETE', path: '/features/qa/scenarios/', query: { ...q, scenario_id: id }, auth: jwt(actor) };
    } else if (this.action === 'add case') {
      if (expected === 200) expected = 201;
      call = {
        method: 'POST',
        path: '/features/qa/cases/list/',
        query: q,
        body: { scenario: id, title: `Case of ${id}`, description: 'd', steps_to_reproduce: 's', expected_result: 'e' },
        auth: jwt(actor),
      };
    } else {
      // §3: a session needs a todo-kind column; the sandbox checks it before the scenario (docs/sandbox.md).
      if (expected !== 403) expected = board.hasTodoColumn ? (live ? 201 : 404) : 409;
      call = {
        method: 'POST',
        path: '/features/qa/sessions/start/',
        query: q,
        body: { scenario_id: id },
        auth: jwt(actor),
      };
    }
    const answer = await r.send(call);
    expectEnvelope(answer, this.action);
    if (this.action === 'delete' && expected === 200) {
      expect(answer.status >= 200 && answer.status < 300, `delete scenario: ${answer.status}`).toBe(true);
    } else {
      expect(answer.status, `${this.action} ${id}: ${JSON.stringify(answer.body)}`).toBe(expected);
    }
    if (answer.status >= 300) return;
    if (this.action === 'rename') (live as { title: string }).title = `Renamed ${id}`;
    else if (this.action === 'delete') m.deleteScenario(id);
    else if (this.action === 'add case') {
      const caseId = expectFreshId(m, 'case', dataOf<{ id: number }>(answer, 'case').id);
      m.cases.set(caseId, { id: caseId, scenarioId: id, title: `Case of ${id}` });
    } else {
      const session = dataOf<{ id: number; case_reports: { id: number; case_id: number; status: string }[] }>(
        answer,
        'session',
      );
      const sessionId = expectFreshId(m, 'session', session.id);
      // §3: case reports are created for the scenario's cases and its descendants', each pending.
      expect(
        session.case_reports.map((c) => c.case_id).sort((a, b) => a - b),
        'cases the session holds',
      ).toEqual(
        m
          .casesUnder(id)
          .map((c) => c.id)
          .sort((a, b) => a - b),
      );
      m.sessions.set(sessionId, { id: sessionId, scenarioId: id, active: true });
      for (const report of session.case_reports) {
        expect(report.status).toBe('pending');
        const reportId = expectFreshId(m, 'report', report.id);
        m.reports.set(reportId, { id: reportId, sessionId, caseId: report.case_id, status: 'pending', taskId: null });
      }
    }
  }
  toString = () => `${this.action} scenario #${this.target}${this.stale ? ' (deleted)' : ''} by #${this.actor}`;
}

class DeleteCase implements Command {
  constructor(
    readonly actor: number,
    readonly target: number,
    readonly stale: boolean,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined && m.cases.size > 0;
  async run(m: Model, r: Real): Promise<void> {
    const actor = actorOf(m, this.actor) as Account;
    const id = pickId([...m.cases.keys()], m.gone.case, this.target, this.stale) as number;
    const live = m.cases.get(id);
    const board = live ? m.boardOfScenario(live.scenarioId) : (BOARDS[0] as Board);
    const expected = gate(actor, board, 'write') === 403 ? 403 : live ? 200 : 404;
    const answer = await r.send({
      method: 'DELETE',
      path: '/features/qa/cases/',
      query: scoped(board, { case_id: id }),
      auth: jwt(actor),
    });
    expectEnvelope(answer, 'delete case');
    if (expected === 200)
      expect(answer.status >= 200 && answer.status < 300, `delete case: ${answer.status}`).toBe(true);
    else expect(answer.status, 'delete case').toBe(expected);
    if (expected === 200) m.deleteCase(id);
  }
  toString = () => `delete case #${this.target}${this.stale ? ' (deleted)' : ''} by #${this.actor}`;
}

class RecordOutcome implements Command {
  constructor(
    readonly actor: number,
    readonly target: number,
    readonly stale: boolean,
    readonly status: Outcome,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined && m.reports.size > 0;
  async run(m: Model, r: Real): Promise<void> {
    const actor = actorOf(m, this.actor) as Account;
    const id = pickId([...m.reports.keys()], m.gone.report, this.target, this.stale) as number;
    const report = m.reports.get(id);
    const session = report ? m.sessions.get(report.sessionId) : undefined;
    const board = session ? m.boardOfScenario(session.scenarioId) : (BOARDS[0] as Board);
    // §3: bug needs actual_result, severity and priority; a finished session's outcomes are refused (docs/sandbox.md).
    const expected = gate(actor, board, 'write') === 403 ? 403 : !report ? 404 : session?.active ? 200 : 409;
    const body =
      this.status === 'bug'
        ? { status: 'bug', actual_result: `Broken ${id}`, severity: 'high', priority: 'low' }
        : { status: this.status };
    const answer = await expectStatus(
      r,
      {
        method: 'PATCH',
        path: '/features/qa/sessions/cases/',
        query: scoped(board, { case_report_id: id }),
        body,
        auth: jwt(actor),
      },
      expected,
      `record ${this.status}`,
    );
    if (expected !== 200 || !report) return;
    const got = dataOf<{ status: string; task_id: number | null }>(answer, 'case_report');
    expect(got.status).toBe(this.status);
    if (this.status === 'bug') {
      // §2: a bug creates or updates a linked task: the same task once it exists.
      if (report.taskId !== null) expect(got.task_id).toBe(report.taskId);
      else expect(got.task_id).toEqual(expect.any(Number));
      report.taskId = got.task_id;
    } else {
      expect(got.task_id).toBe(report.taskId);
    }
    report.status = this.status;
  }
  toString = () => `record ${this.status} on report #${this.target}${this.stale ? ' (deleted)' : ''} by #${this.actor}`;
}

class FinishSession implements Command {
  constructor(
    readonly actor: number,
    readonly target: number,
    readonly stale: boolean,
  ) {}
  check = (m: Readonly<Model>) => actorOf(m as Model, this.actor) !== undefined && m.sessions.size > 0;
  async run(m: Model, r: Real): Promise<void> {
    const actor = actorOf(m, this.actor) as Account;
    const id = pickId([...m.sessions.keys()], m.gone.session, this.target, this.stale) as number;
    const session = m.sessions.get(id);
    const board = session ? m.boardOfScenario(session.scenarioId) : (BOARDS[0] as Board);
    // Finishing a finished session changes nothing and is accepted (docs/sandbox.md); §3 rule 2: no defect resolved.
    const expected = gate(actor, board, 'write') === 403 ? 403 : session ? 200 : 404;
    await expectStatus(
      r,
      {
        method: 'PATCH',
        path: '/features/qa/sessions/finish/',
        query: scoped(board),
        body: { sessions_id: id },
        auth: jwt(actor),
      },
      expected,
      'finish session',
    );
    if (session && expected === 200) session.active = false;
  }
  toString = () => `finish session #${this.target}${this.stale ? ' (deleted)' : ''} by #${this.actor}`;
}

/** Wraps a command so that the whole visible state is compared after it: a refusal changes nothing, a write what it says. */
class Observed implements Command {
  constructor(readonly inner: Command) {}
  check = (m: Readonly<Model>) => this.inner.check(m);
  async run(m: Model, r: Real): Promise<void> {
    await this.inner.run(m, r);
    m.steps++;
    await observe({ model: m, real: r });
  }
  toString = () => this.inner.toString();
}

// The demo member acts most (its writes build the trees); the others mostly meet the 403/404 line.
const actor = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(7), weight: 2 });
const target = fc.nat(40);
/** One pick in five names an object that was deleted. */
const stale = fc.nat(4).map((n) => n === 0);
const outcome = fc.constantFrom<Outcome>('pending', 'done', 'bug');

/** Every command, weighted so that sequences build trees, run sessions and break things often enough. */
export const commandArbitraries: fc.Arbitrary<Command>[] = [
  fc.constantFrom('demo', 'viewer', 'outsider').map((u) => new Login(u)),
  actor.map((a) => new WrongPassword(a)),
  fc.tuple(actor, fc.boolean()).map(([a, old]) => new Refresh(a, old)),
  fc
    .tuple(actor, fc.constantFrom('jwt', 'jwt-as-bearer', 'refresh-as-jwt', 'none') as fc.Arbitrary<Me['how']>)
    .map(([a, how]) => new Me(a, how)),
  fc.boolean().map((again) => new Register(again)),
  fc.tuple(actor, fc.boolean()).map(([a, active]) => new CreateToken(a, active)),
  fc
    .tuple(
      target,
      fc.boolean(),
      fc.constantFrom('activate', 'deactivate', 'delete') as fc.Arbitrary<ChangeToken['action']>,
    )
    .map(([t, other, action]) => new ChangeToken(t, other, action)),
  fc.tuple(target, fc.boolean()).map(([t, underJwt]) => new UseToken(t, underJwt)),
  fc
    .tuple(actor, fc.nat(2), fc.option(target, { nil: null, freq: 3 }), stale)
    .map(([a, b, p, s]) => new CreateScenario(a, b, p, s)),
  fc
    .tuple(
      actor,
      target,
      stale,
      fc.constantFrom('rename', 'delete', 'add case', 'add case', 'start session', 'start session') as fc.Arbitrary<
        OnScenario['action']
      >,
    )
    .map(([a, t, s, action]) => new OnScenario(a, t, s, action)),
  fc.tuple(actor, target, stale).map(([a, t, s]) => new DeleteCase(a, t, s)),
  fc.tuple(actor, target, stale, outcome).map(([a, t, s, o]) => new RecordOutcome(a, t, s, o)),
  fc.tuple(actor, target, stale).map(([a, t, s]) => new FinishSession(a, t, s)),
].map((arb) => arb.map((c) => new Observed(c) as Command));
