// Exact accounting (docs/sandbox.md "Limits and throttles"): whatever accounts write, update and delete, the running
// count equals a fresh measure of the world, and one account's writes never raise another's count. Property-based
// (fast-check, seeded): random sequences of every kind of write by several accounts, with budgets low enough that
// refusals happen too.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createSandbox, requestClients } from '../../mocks/sandbox/core/app.js';
import { DEMO } from '../../mocks/sandbox/worlds/seed.js';

const BASE = 'http://sandbox.test/api';
const { member, outsider, twoFactor } = DEMO.accounts;

type Sandbox = ReturnType<typeof createSandbox>;

interface Actor {
  id: number;
  auth: string;
  company: number;
  board: number;
}

/** One write a user can make, with the sizes and choices drawn by fast-check; `pick` chooses among existing rows. */
type Command =
  | { kind: 'scenario'; actor: number; title: number; child: boolean; pick: number }
  | { kind: 'renameScenario'; actor: number; pick: number; title: number }
  | { kind: 'deleteScenario'; actor: number; pick: number }
  | { kind: 'case'; actor: number; pick: number; text: number }
  | { kind: 'updateCase'; actor: number; pick: number; text: number }
  | { kind: 'deleteCase'; actor: number; pick: number }
  | { kind: 'start'; actor: number; pick: number }
  | { kind: 'outcome'; actor: number; pick: number; bug: boolean; text: number }
  | { kind: 'finish'; actor: number; pick: number }
  | { kind: 'token'; actor: number; metadata: number }
  | { kind: 'updateToken'; actor: number; pick: number; metadata: number }
  | { kind: 'deleteToken'; actor: number; pick: number };

const size = fc.integer({ min: 0, max: 4_000 });
const pick = fc.nat();
const actor = fc.nat();
// Weighted towards writes that grow the world, so that shares and the world's budget are reached within a run.
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('scenario' as const),
      actor,
      title: fc.integer({ min: 1, max: 200 }),
      child: fc.boolean(),
      pick,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('renameScenario' as const),
      actor,
      pick,
      title: fc.integer({ min: 1, max: 200 }),
    }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('deleteScenario' as const), actor, pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('case' as const), actor, pick, text: size }), weight: 5 },
  { arbitrary: fc.record({ kind: fc.constant('updateCase' as const), actor, pick, text: size }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteCase' as const), actor, pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('start' as const), actor, pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('outcome' as const),
      actor,
      pick,
      bug: fc.boolean(),
      text: fc.integer({ min: 1, max: 4_000 }),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('finish' as const), actor, pick }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant('token' as const), actor, metadata: size }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant('updateToken' as const), actor, pick, metadata: size }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('deleteToken' as const), actor, pick }), weight: 1 },
);

function at<T>(rows: T[], index: number): T | undefined {
  return rows.length === 0 ? undefined : rows[index % rows.length];
}

/** A sandbox with three accounts of the world and two registered ones, each with a JWT, and low budgets. */
async function world(): Promise<{ sandbox: Sandbox; actors: Actor[] }> {
  const sandbox = createSandbox({
    now: () => Date.parse('2026-11-25T10:00:00Z'),
    limits: { accountBytes: 40 * 1024, registeredAccountBytes: 12 * 1024, tokensPerAccount: 6, casesPerSession: 30 },
  });
  sandbox.store.limits.worldBytes = sandbox.store.measureBytes() + 80 * 1024;
  const jwt = async (id: number) => `JWT ${(await sandbox.auth.issuePair(id)).access_token}`;
  const actors: Actor[] = [
    { id: member.id, auth: await jwt(member.id), company: DEMO.companyId, board: DEMO.boardId },
    { id: twoFactor.id, auth: await jwt(twoFactor.id), company: DEMO.companyId, board: DEMO.boardId },
    { id: outsider.id, auth: await jwt(outsider.id), company: DEMO.outsiderCompanyId, board: DEMO.outsiderBoardId },
  ];
  for (const name of ['reg_a', 'reg_b']) {
    const request = new Request(`${BASE}/member/register/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'R',
        username: name,
        email: `${name}@example.test`,
        password: 'a-long-password',
        captcha_token: DEMO.captchaToken,
      }),
    });
    requestClients.set(request, name);
    const res = await sandbox.fetch(request);
    expect(res.status).toBe(201);
    const { id } = ((await res.json()) as { data: { member: { id: number } } }).data.member;
    // Registered accounts belong to no company: they write tokens only.
    actors.push({ id, auth: await jwt(id), company: DEMO.companyId, board: DEMO.boardId });
  }
  return { sandbox, actors };
}

/** Sends `command` as `who`; the answer does not matter here (403, 404, 409 and 429 are all fine), only the store. */
async function run(sandbox: Sandbox, who: Actor, command: Command): Promise<number> {
  const { store } = sandbox;
  const scope = `company_id=${who.company}&board_id=${who.board}`;
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await sandbox.fetch(
      new Request(`${BASE}${path}`, {
        method,
        headers: { authorization: who.auth, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
    expect(res.status, `${method} ${path}`).toBeLessThan(500);
    return res.status;
  };
  const scenarios = [...store.scenarios.values()].filter((s) => s.boardId === who.board);
  const cases = [...store.cases.values()].filter((c) => c.boardId === who.board);
  const sessions = [...store.sessions.values()].filter((s) => s.boardId === who.board);
  const reports = sessions.flatMap((s) => s.reportIds);
  const tokens = [...store.tokens.values()].filter((t) => t.accountId === who.id);
  const text = (n: number) => 'q'.repeat(n);
  switch (command.kind) {
    case 'scenario': {
      const parent = command.child ? (at(scenarios, command.pick)?.id ?? null) : null;
      return send('POST', `/features/qa/scenarios/list/?${scope}`, { title: text(command.title), parent_id: parent });
    }
    case 'renameScenario': {
      const scenario = at(scenarios, command.pick);
      if (!scenario) return 0;
      return send('PATCH', `/features/qa/scenarios/?${scope}&scenario_id=${scenario.id}`, {
        title: text(command.title),
      });
    }
    case 'deleteScenario': {
      const scenario = at(scenarios, command.pick);
      return scenario ? send('DELETE', `/features/qa/scenarios/?${scope}&scenario_id=${scenario.id}`) : 0;
    }
    case 'case': {
      const scenario = at(scenarios, command.pick);
      if (!scenario) return 0;
      return send('POST', `/features/qa/cases/list/?${scope}`, {
        scenario: scenario.id,
        title: 'c',
        description: text(command.text),
        steps_to_reproduce: text(command.text % 97),
        expected_result: '',
      });
    }
    case 'updateCase': {
      const testCase = at(cases, command.pick);
      if (!testCase) return 0;
      return send('PATCH', `/features/qa/cases/?${scope}&case_id=${testCase.id}`, { description: text(command.text) });
    }
    case 'deleteCase': {
      const testCase = at(cases, command.pick);
      return testCase ? send('DELETE', `/features/qa/cases/?${scope}&case_id=${testCase.id}`) : 0;
    }
    case 'start': {
      const scenario = at(scenarios, command.pick);
      return scenario ? send('POST', `/features/qa/sessions/start/?${scope}`, { scenario_id: scenario.id }) : 0;
    }
    case 'outcome': {
      const report = at(reports, command.pick);
      if (report === undefined) return 0;
      const body = command.bug
        ? { status: 'bug', actual_result: text(command.text), severity: 'major', priority: 'high' }
        : { status: 'done' };
      return send('PATCH', `/features/qa/sessions/cases/?${scope}&case_report_id=${report}`, body);
    }
    case 'finish': {
      const session = at(sessions, command.pick);
      return session ? send('PATCH', `/features/qa/sessions/finish/?${scope}`, { sessions_id: session.id }) : 0;
    }
    case 'token':
      return send('POST', '/member/bearer-tokens/', {
        title: 't',
        is_active: true,
        metadata: command.metadata === 0 ? {} : { m: text(command.metadata) },
      });
    case 'updateToken': {
      const token = at(tokens, command.pick);
      if (!token) return 0;
      const metadata = command.metadata === 0 ? {} : { m: text(command.metadata) };
      return send('PATCH', `/member/bearer-tokens/detail/?key=${token.key}`, { metadata });
    }
    case 'deleteToken': {
      const token = at(tokens, command.pick);
      return token ? send('DELETE', `/member/bearer-tokens/detail/?key=${token.key}`) : 0;
    }
  }
}

describe('exact accounting', () => {
  test('after any sequence of writes, updates and deletes by several accounts, the count equals a fresh measure, and no share or budget is passed', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 80, size: 'max' }), async (commands) => {
        const { sandbox, actors } = await world();
        const { store } = sandbox;
        const statuses = new Set<number>();
        for (const c of commands) {
          statuses.add(await run(sandbox, actors[c.actor % actors.length] as Actor, c));
          const usage = store.usage();
          expect(usage).toEqual(store.measure());
          expect(usage.world).toBeLessThanOrEqual(store.limits.worldBytes);
          for (const [id, bytes] of usage.byAccount) expect(bytes).toBeLessThanOrEqual(store.shareOf(id));
        }
        return statuses.size > 0;
      }),
      { seed: 26, numRuns: 60 },
    );
  });

  test("no sequence of one account's writes raises another account's count or the world's, when it is registered", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(command, { maxLength: 20, size: 'max' }),
        fc.nat(),
        fc.array(command, { minLength: 5, maxLength: 40, size: 'max' }),
        async (setup, who, commands) => {
          const { sandbox, actors } = await world();
          const { store } = sandbox;
          // Everyone writes a little first, so that there is something of others' to touch.
          for (const c of setup) await run(sandbox, actors[c.actor % actors.length] as Actor, c);
          const writer = actors[who % actors.length] as Actor;
          const registered = store.registrationOf(writer.id) !== undefined;
          const before = store.usage();
          for (const c of commands) {
            await run(sandbox, writer, c);
            const now = store.usage();
            for (const other of actors) {
              if (other.id === writer.id) continue;
              // An update of another's record makes it the writer's: the other is credited, never charged.
              expect(now.byAccount.get(other.id) ?? 0).toBeLessThanOrEqual(before.byAccount.get(other.id) ?? 0);
            }
            if (registered) expect(now.world).toBe(before.world);
          }
        },
      ),
      { seed: 2026, numRuns: 60 },
    );
  });

  test('a refused write changes nothing: the count and every record are as before', async () => {
    const { sandbox, actors } = await world();
    const { store } = sandbox;
    const writer = actors[0] as Actor;
    // Fill the member's share with big cases, then with empty ones: less room is left than one empty case takes.
    for (const text of [4_000, 0]) {
      let status = 0;
      for (let i = 0; i < 400 && status !== 429; i++)
        status = await run(sandbox, writer, { kind: 'case', actor: 0, pick: 0, text });
      expect(status).toBe(429);
    }
    const state = () => ({
      usage: store.usage(),
      cases: store.cases.size,
      sessions: store.sessions.size,
      reports: store.caseReports.size,
      ids: [store.lastId('case'), store.lastId('session'), store.lastId('caseReport')],
    });
    const was = state();
    expect(await run(sandbox, writer, { kind: 'case', actor: 0, pick: 0, text: 0 })).toBe(429);
    // A session start (a session and a report per case, all of the writer's) is refused whole: nothing, no id taken.
    expect(await run(sandbox, writer, { kind: 'start', actor: 0, pick: 0 })).toBe(429);
    expect(state()).toEqual(was);
    expect(store.usage()).toEqual(store.measure());
  });

  test("with the world's budget reached, an update that does not grow its record is made, and one that grows past what it freed is the 429", async () => {
    const { sandbox, actors } = await world();
    const { store } = sandbox;
    const writer = actors[0] as Actor;
    expect(await run(sandbox, writer, { kind: 'token', actor: 0, metadata: 200 })).toBe(201);
    const token = [...store.tokens.values()].filter((t) => t.accountId === writer.id).at(-1);
    if (!token) throw new Error('the token just made is not stored');
    const patch = async (size: number) => {
      const res = await sandbox.fetch(
        new Request(`${BASE}/member/bearer-tokens/detail/?key=${token.key}`, {
          method: 'PATCH',
          headers: { authorization: writer.auth, 'content-type': 'application/json' },
          body: JSON.stringify({ metadata: { m: 'q'.repeat(size) } }),
        }),
      );
      return res.status;
    };
    // The world's pool (the writer's is the world's: it is no registered account) holds exactly its budget.
    store.limits.worldBytes = store.usage().world;
    expect(await patch(200)).toBe(200);
    expect(await patch(100)).toBe(200);
    // What the smaller update freed is the writer's again, to the byte, and no more.
    expect(await patch(200)).toBe(200);
    expect(await patch(201)).toBe(429);
    expect(store.usage()).toEqual(store.measure());
  });
});
