// The clean-up step by step (docs/conformance.md, "What it leaves behind"), against a small scripted API in process:
// what it deletes, as whom, in which order, what it leaves and why, each list it could not search, and its budget.
import { describe, expect, it } from 'vitest';
import { outstanding } from '../../conformance/engine/cleanup.js';
import { board, created, deleted, deletes, MARKER, PLACES, run, world } from './cleanup-scripted-api.js';

describe('outstanding', () => {
  it('keeps what was created and not deleted, by resource, oldest first', () => {
    const token = (event: 'created' | 'deleted', key: string | number) =>
      ({ event, kind: 'token', key, actor: 'member' }) as const;
    const scenario = (event: 'created' | 'deleted', id: number) =>
      ({ event, kind: 'scenario', id, ...board, actor: 'member' }) as const;
    const account = { event: 'created', kind: 'account', username: 'cf-1', actor: 'member' } as const;
    expect(
      outstanding([
        token('created', 'a'),
        scenario('created', 1),
        token('created', 1),
        token('deleted', 'a'),
        account,
        scenario('created', 2),
        scenario('deleted', 2),
      ]),
    ).toEqual([scenario('created', 1), token('created', 1), account]);
  });
});

describe('cleanUp', () => {
  it('removes what the ledger names and what the searches find carrying the marker, each as its creator, and nothing else', async () => {
    const w = world({
      tokens: [
        { key: 't1', title: `${MARKER} one`, owner: 'member' },
        { key: 't3', title: `${MARKER} three`, owner: 'outsider' },
        { key: 'mine', title: 'a token of the user', owner: 'member' },
      ],
      scenarios: [
        { id: 10, title: `${MARKER} parent`, board: 7 },
        { id: 11, title: `${MARKER} child`, board: 7, parent: 10 },
        { id: 12, title: 'a scenario of the user', board: 7 },
        { id: 13, title: `${MARKER} found`, board: 7 },
      ],
      cases: [
        { id: 20, scenario: 11 },
        { id: 21, scenario: 12 },
      ],
      tasks: [
        { id: 30, title: `${MARKER} bug`, board: 7 },
        { id: 31, title: `${MARKER} bug`, board: 7 },
        { title: `${MARKER} bug with no id`, board: 7 },
        { id: 32, title: 'a task of the user', board: 7 },
      ],
    });
    const ledger = [
      created({ kind: 'token', key: 't1', actor: 'token' }),
      created({ kind: 'token', key: 't2', actor: 'member' }),
      deleted({ kind: 'token', key: 't2', actor: 'member' }),
      created({ kind: 'scenario', id: 10, ...board, actor: 'member' }),
      created({ kind: 'scenario', id: 11, parentId: 10, ...board, actor: 'member' }),
      created({ kind: 'case', id: 20, scenarioId: 11, ...board, actor: 'member' }),
      created({ kind: 'session', id: 40, scenarioId: 10, ...board, actor: 'member' }),
      created({ kind: 'case', id: 21, ...board, actor: 'member' }),
      created({ kind: 'account', username: 'cf-run-42-a', actor: 'anonymous' }),
      created({ kind: 'account', username: 'cf-run-42-b', actor: 'anonymous' }),
      created({ kind: 'task', id: 30, ...board, actor: 'outsider' }),
    ];
    const { leftBehind, problems } = await run(w, { ledger });
    expect(deletes(w)).toEqual([
      'DELETE /member/bearer-tokens/detail/ key=t1 as member',
      'DELETE /member/bearer-tokens/detail/ key=t3 as outsider',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=13 as member',
      'DELETE /features/qa/cases/ board_id=7 case_id=21 as member',
    ]);
    expect(w.tokens.map((t) => t.key)).toEqual(['mine']);
    expect(w.scenarios.map((s) => s.id)).toEqual([12]);
    expect(w.cases).toEqual([]);
    const why = "the API has no task delete (a bug outcome's linked task)";
    expect(leftBehind).toEqual([
      { kind: 'account', username: 'cf-run-42-a', actor: 'anonymous', why: 'the API has no account delete' },
      { kind: 'account', username: 'cf-run-42-b', actor: 'anonymous', why: 'the API has no account delete' },
      { kind: 'task', ...board, actor: 'member', why, title: `${MARKER} bug with no id` },
      // The task its answer named stays with the account that made it, whoever's list shows it.
      { kind: 'task', id: 30, ...board, actor: 'outsider', why },
      { kind: 'task', id: 31, ...board, actor: 'member', why },
    ]);
    expect(problems).toEqual([]);
  });

  it('where every delete is refused, names each token, scenario, case and session it left, with the answer', async () => {
    const w = world({
      refused: new Set(['/member/bearer-tokens/detail/', '/features/qa/scenarios/', '/features/qa/cases/']),
      tokens: [{ key: 't1', title: MARKER, owner: 'member' }],
      scenarios: [
        { id: 10, title: MARKER, board: 7 },
        { id: 11, title: MARKER, board: 7, parent: 10 },
      ],
      cases: [
        { id: 20, scenario: 11 },
        { id: 21, scenario: 99 },
      ],
    });
    const ledger = [
      created({ kind: 'scenario', id: 10, ...board, actor: 'member' }),
      created({ kind: 'scenario', id: 11, parentId: 10, ...board, actor: 'member' }),
      created({ kind: 'case', id: 20, scenarioId: 11, ...board, actor: 'member' }),
      created({ kind: 'case', id: 21, ...board, actor: 'outsider' }),
      // A case of the same id as a scenario, deleted by the run: ids are per kind.
      created({ kind: 'case', id: 11, scenarioId: 10, ...board, actor: 'member' }),
      deleted({ kind: 'case', id: 11, scenarioId: 10, ...board, actor: 'member' }),
      created({ kind: 'case', id: 22, scenarioId: 99, ...board, actor: 'member' }),
      created({ kind: 'session', id: 40, scenarioId: 10, ...board, actor: 'member' }),
      created({ kind: 'session', id: 41, ...board, actor: 'member' }),
    ];
    const { leftBehind } = await run(w, { ledger });
    const refused = (path: string) => `DELETE ${path} answered 403`;
    // The ledger's scenarios first, then what the searches found.
    expect(leftBehind).toEqual([
      { kind: 'scenario', id: 10, ...board, title: MARKER, actor: 'member', why: refused('/features/qa/scenarios/') },
      { kind: 'scenario', id: 11, ...board, title: MARKER, actor: 'member', why: refused('/features/qa/scenarios/') },
      { kind: 'token', key: 't1', title: MARKER, actor: 'member', why: refused('/member/bearer-tokens/detail/') },
      { kind: 'case', id: 20, ...board, actor: 'member', why: 'its scenario 11 was left behind' },
      { kind: 'case', id: 21, ...board, actor: 'outsider', why: refused('/features/qa/cases/') },
      { kind: 'case', id: 22, ...board, actor: 'member', why: refused('/features/qa/cases/') },
      {
        kind: 'session',
        id: 40,
        ...board,
        actor: 'member',
        why: 'the API has no session delete, and its scenario 10 was left behind',
      },
      { kind: 'session', id: 41, ...board, actor: 'member', why: 'the API has no session delete' },
    ]);
    // Each scenario tried once, parent first; the case of a kept scenario not tried at all.
    expect(deletes(w)).toEqual([
      'DELETE /member/bearer-tokens/detail/ key=t1 as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=11 as member',
      'DELETE /features/qa/cases/ board_id=7 case_id=21 as outsider',
      'DELETE /features/qa/cases/ board_id=7 case_id=22 as member',
    ]);
  });

  it('counts a 404 as removed, and leaves the cases of a scenario the run deleted itself or removed', async () => {
    const w = world({ scenarios: [{ id: 10, title: MARKER, board: 7 }], cases: [{ id: 20, scenario: 10 }] });
    const ledger = [
      created({ kind: 'token', key: 'gone', actor: 'member' }),
      created({ kind: 'scenario', id: 9, ...board, actor: 'member' }),
      deleted({ kind: 'scenario', id: 9, ...board, actor: 'member' }),
      created({ kind: 'case', id: 19, scenarioId: 9, ...board, actor: 'member' }),
      created({ kind: 'case', id: 20, scenarioId: 10, ...board, actor: 'member' }),
    ];
    const { leftBehind } = await run(w, { ledger });
    expect(leftBehind).toEqual([]);
    expect(deletes(w)).toEqual([
      'DELETE /member/bearer-tokens/detail/ key=gone as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member',
    ]);
  });

  it('says a delete did not take when what it answered gone is still listed', async () => {
    const w = world({
      ignored: new Set(['/member/bearer-tokens/detail/']),
      tokens: [{ key: 't1', title: MARKER, owner: 'member' }],
    });
    const { leftBehind } = await run(w);
    expect(leftBehind).toEqual([
      {
        kind: 'token',
        key: 't1',
        title: MARKER,
        actor: 'member',
        why: 'still listed after DELETE /member/bearer-tokens/detail/ answered 200',
      },
    ]);
  });

  it('deletes on its second look a child its parent took not with it', async () => {
    const w = world({
      orphans: true,
      scenarios: [
        { id: 10, title: MARKER, board: 7 },
        { id: 11, title: MARKER, board: 7, parent: 10 },
      ],
    });
    const ledger = [created({ kind: 'scenario', id: 11, parentId: 10, ...board, actor: 'member' })];
    expect((await run(w, { ledger })).leftBehind).toEqual([]);
    expect(w.scenarios).toEqual([]);
    expect(deletes(w)).toEqual([
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=11 as member',
    ]);
  });

  it('names each list it could not search, with the request and its answer, and deletes what the ledger names', async () => {
    const w = world({
      broken: new Set(['/member/bearer-tokens/', '/features/qa/scenarios/list/', '/task/list/']),
      tokens: [
        { key: 't1', title: MARKER, owner: 'member' },
        { key: 't2', title: MARKER, owner: 'member' },
      ],
      scenarios: [
        { id: 10, title: MARKER, board: 7 },
        { id: 11, title: MARKER, board: 7, parent: 10 },
      ],
    });
    const ledger = [
      created({ kind: 'token', key: 't1', actor: 'member' }),
      created({ kind: 'token', key: 't2', actor: 'member' }),
      created({ kind: 'scenario', id: 11, parentId: 10, ...board, actor: 'member' }),
      created({ kind: 'scenario', id: 10, ...board, actor: 'member' }),
      created({ kind: 'task', id: 30, ...board, actor: 'member' }),
    ];
    const { leftBehind } = await run(w, { ledger, places: [...PLACES, { kind: 'task', actor: 'outsider', board }] });
    const answered = (what: string) => `${what}: page 1 answered 500`;
    // The parent first, and its child with it, from the ledger alone.
    expect(deletes(w)).toEqual([
      'DELETE /member/bearer-tokens/detail/ key=t1 as member',
      'DELETE /member/bearer-tokens/detail/ key=t2 as member',
      'DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member',
    ]);
    expect(w.scenarios).toEqual([]);
    expect(leftBehind).toEqual([
      { kind: 'token', notSearched: true, actor: 'member', why: answered('GET /member/bearer-tokens/ as the member') },
      {
        kind: 'token',
        notSearched: true,
        actor: 'outsider',
        why: answered('GET /member/bearer-tokens/ as the outsider'),
      },
      {
        kind: 'scenario',
        notSearched: true,
        ...board,
        actor: 'member',
        why: answered('GET /features/qa/scenarios/list/ of board 7 as the member'),
      },
      {
        kind: 'task',
        notSearched: true,
        ...board,
        actor: 'member',
        why: answered('GET /task/list/ of board 7 as the member'),
      },
      {
        kind: 'task',
        notSearched: true,
        ...board,
        actor: 'outsider',
        why: answered('GET /task/list/ of board 7 as the outsider'),
      },
      {
        kind: 'task',
        id: 30,
        ...board,
        actor: 'member',
        why: "the API has no task delete (a bug outcome's linked task)",
      },
    ]);
    expect(w.tokens).toEqual([]);
  });

  it('names what it could not delete for want of a login, and each list it could not search as that account', async () => {
    const w = world({ locked: new Set(['outsider']), tokens: [{ key: 't9', title: MARKER, owner: 'outsider' }] });
    const ledger = [
      created({ kind: 'token', key: 't9', actor: 'outsider' }),
      created({ kind: 'case', id: 5, ...board, actor: 'outsider' }),
    ];
    const { leftBehind } = await run(w, { ledger, places: [{ kind: 'token', actor: 'outsider' }] });
    const cannot = 'could not log in as the outsider: the login answered 401 with no access_token';
    expect(leftBehind).toEqual([
      {
        kind: 'token',
        notSearched: true,
        actor: 'outsider',
        why: `GET /member/bearer-tokens/ as the outsider: ${cannot}`,
      },
      { kind: 'token', key: 't9', actor: 'outsider', why: cannot },
      { kind: 'case', id: 5, ...board, actor: 'outsider', why: cannot },
    ]);
    // One login per account, whatever it answered.
    expect(w.calls.filter((c) => c.startsWith('POST /member/login/'))).toHaveLength(1);
    expect(deletes(w)).toEqual([]);
  });

  it('names a row it found with no key or id to delete it by, by its title', async () => {
    const w = world({
      tokens: [
        { title: `${MARKER} keyless`, owner: 'member' },
        { title: `${MARKER} keyless too`, owner: 'member' },
      ],
      scenarios: [{ title: `${MARKER} idless`, board: 7 }],
    });
    const { leftBehind } = await run(w);
    expect(leftBehind).toEqual([
      { kind: 'token', title: `${MARKER} keyless`, actor: 'member', why: 'its row shows no key or id to delete it by' },
      {
        kind: 'token',
        title: `${MARKER} keyless too`,
        actor: 'member',
        why: 'its row shows no key or id to delete it by',
      },
      {
        kind: 'scenario',
        ...board,
        title: `${MARKER} idless`,
        actor: 'member',
        why: 'its row shows no id to delete it by',
      },
    ]);
    expect(deletes(w)).toEqual([]);
  });

  it("deletes a token both accounts' lists show as the account that created it", async () => {
    const w = world({ showsAll: true, tokens: [{ key: 't1', title: MARKER, owner: 'outsider' }] });
    const ledger = [created({ kind: 'token', key: 't1', actor: 'outsider' })];
    expect((await run(w, { ledger })).leftBehind).toEqual([]);
    expect(deletes(w)).toEqual(['DELETE /member/bearer-tokens/detail/ key=t1 as outsider']);
  });

  it('after a stop looks again in every list, and removes what a late write added there', async () => {
    const late = (stopped: boolean) => {
      const w = world();
      let reads = 0;
      w.onTokenList = (actor) => {
        if (actor === 'member' && ++reads === 1) w.tokens.push({ key: 'late', title: MARKER, owner: 'member' });
      };
      return {
        w,
        cleaned: run(w, { places: [{ kind: 'token', actor: 'member' }], ...(stopped ? { lateWritesMs: 0 } : {}) }),
      };
    };
    const stopped = late(true);
    expect((await stopped.cleaned).leftBehind).toEqual([]);
    expect(stopped.w.tokens).toEqual([]);
    // Not stopped, with nothing to remove there: one look only.
    const finished = late(false);
    await finished.cleaned;
    expect(finished.w.calls.filter((c) => c.startsWith('GET'))).toHaveLength(1);
  });

  it('counts no answer but a 2xx or a 404 as removed: a 300 leaves the token, saying so', async () => {
    const w = world({ refused: new Set(['/member/bearer-tokens/detail/']), refusedWith: 300 });
    const ledger = [created({ kind: 'token', key: 't1', actor: 'member' })];
    expect((await run(w, { ledger, places: [] })).leftBehind).toEqual([
      { kind: 'token', key: 't1', actor: 'member', why: 'DELETE /member/bearer-tokens/detail/ answered 300' },
    ]);
  });

  it.each([
    ['no access_token', { status: 200 }, 'the login answered 200 with no access_token'],
    ['a refusal that still holds a token', { status: 500, accessToken: 'at-member' }, 'the login answered 500'],
    [
      'an access_token with a space',
      { status: 200, accessToken: 'at member' },
      'its access_token cannot be sent in a header',
    ],
    [
      'an access_token that is no ASCII',
      { status: 200, accessToken: 'at-mémber' },
      'its access_token cannot be sent in a header',
    ],
  ])('names what it left when the login answers %s', async (_, login, why) => {
    const w = world({ login, tokens: [{ key: 't1', title: MARKER, owner: 'member' }] });
    const ledger = [created({ kind: 'token', key: 't1', actor: 'member' })];
    const { leftBehind } = await run(w, { ledger, places: [] });
    expect(leftBehind).toEqual([
      { kind: 'token', key: 't1', actor: 'member', why: `could not log in as the member: ${why}` },
    ]);
    expect(deletes(w)).toEqual([]);
  });

  it('finds rows whose ids are named after their kind, and reads a list without a page size when the server refuses one', async () => {
    const w = world({
      idName: 'scenario_id',
      refusesLimit: true,
      scenarios: [{ id: 10, title: MARKER, board: 7 }],
    });
    expect((await run(w, { places: [{ kind: 'scenario', actor: 'member', board }] })).leftBehind).toEqual([]);
    expect(deletes(w)).toEqual(['DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member']);
    const tasks = world({ idName: 'task_id', tasks: [{ id: 30, title: MARKER, board: 7 }] });
    expect((await run(tasks, { places: [{ kind: 'task', actor: 'member', board }] })).leftBehind).toEqual([
      {
        kind: 'task',
        id: 30,
        ...board,
        actor: 'member',
        why: "the API has no task delete (a bug outcome's linked task)",
      },
    ]);
  });

  describe('a list past its first page is walked until two walks in a row hold the same marked rows', () => {
    // 100 rows fill page 1 (the first page size asked for); the run's task is the first row of page 2.
    const others = () =>
      Array.from({ length: 100 }, (_, n) => ({ id: 1_000 + n, title: `a task of the user ${n}`, board: 7 }));
    const mine = { id: 30, title: MARKER, board: 7 };
    const searched = async (w: ReturnType<typeof world>) => {
      const result = await run(w, { places: [{ kind: 'task', actor: 'member', board }] });
      const reads = w.calls.filter((c) => c.startsWith('GET /task/list/'));
      // The task list is asked for the board's rows alone: only the scenario list is asked for the marker (q).
      expect(new Set(reads)).toEqual(new Set(['GET /task/list/ board_id=7 as member']));
      return { named: result.leftBehind.map((left) => ('id' in left ? left.id : undefined)), reads: reads.length };
    };

    it('names a marked row that a walk torn by another writer hid: walked again until two walks agree', async () => {
      let torn = false;
      // Another writer deletes a row of page 1 just after it is first read: the run's task moves onto page 1.
      const tearOnce = (w: ReturnType<typeof world>) => {
        if (!torn) w.tasks.splice(0, 1);
        torn = true;
      };
      const w = world({ afterTaskPage1: tearOnce, tasks: [...others(), mine] });
      // The torn walk (2 pages), the walk that found the task, and the walk that agreed with it.
      expect(await searched(w)).toEqual({ named: [30], reads: 6 });
    });

    it('stops at the second walk when the marked rows agree, whatever other writers add', async () => {
      let added = 0;
      const busy = (w: ReturnType<typeof world>) => {
        w.tasks.push({ id: 5_000 + added, title: `a task added by the user ${added++}`, board: 7 });
      };
      expect(await searched(world({ afterTaskPage1: busy, tasks: [...others(), mine] }))).toEqual({
        named: [30],
        reads: 4,
      });
    });
  });

  it("asks a board's scenario list for the run's marker: found past the pages an unfiltered walk reads", async () => {
    const others = Array.from({ length: 5_100 }, (_, n) => ({
      id: 1_000 + n,
      title: `a scenario of the user ${n}`,
      board: 7,
    }));
    const w = world({ scenarios: [...others, { id: 10, title: MARKER, board: 7 }] });
    expect((await run(w, { places: [{ kind: 'scenario', actor: 'member', board }] })).leftBehind).toEqual([]);
    expect(deletes(w)).toEqual(['DELETE /features/qa/scenarios/ board_id=7 scenario_id=10 as member']);
  });

  it('ends on scenarios that name each other as parent, deleting one and the other with it', async () => {
    const w = world({
      scenarios: [
        { id: 10, title: MARKER, board: 7, parent: 11 },
        { id: 11, title: MARKER, board: 7, parent: 10 },
      ],
    });
    expect((await run(w, { places: [{ kind: 'scenario', actor: 'member', board }] })).leftBehind).toEqual([]);
    expect(deletes(w)).toEqual(['DELETE /features/qa/scenarios/ board_id=7 scenario_id=11 as member']);
  });

  it('stops at its budget with deletes unanswered, and names each with why', async () => {
    const w = world({ silent: 'after-login' });
    const ledger = [
      created({ kind: 'token', key: 't1', actor: 'member' }),
      created({ kind: 'token', key: 't2', actor: 'member' }),
    ];
    const { leftBehind, problems } = await run(w, { ledger, places: [], budgetMs: 50 });
    const why = 'DELETE /member/bearer-tokens/detail/ got no answer: the clean-up ran out of its 50 ms';
    expect(leftBehind).toEqual([
      { kind: 'token', key: 't1', actor: 'member', why },
      { kind: 'token', key: 't2', actor: 'member', why },
    ]);
    expect(problems).toHaveLength(1);
  });

  it('stops at its budget, says so, and names what it did not remove with why', async () => {
    const w = world({ silent: true });
    const ledger = [created({ kind: 'token', key: 't1', actor: 'member' })];
    const { leftBehind, problems } = await run(w, { ledger, places: [], budgetMs: 50 });
    expect(problems).toEqual(['the clean-up ran out of its 50 ms: what it did not remove is listed as left behind']);
    expect(leftBehind).toEqual([
      {
        kind: 'token',
        key: 't1',
        actor: 'member',
        why: 'could not log in as the member: the clean-up ran out of its 50 ms',
      },
    ]);
  });
});

describe('rows a server keeps listed as revoked', () => {
  it('a token listed as revoked after its delete is cleaned; a scenario listed inactive after its delete is left behind', async () => {
    const w = world({
      keepsRevoked: true,
      tokens: [{ key: 't1', title: MARKER, owner: 'member' }],
      scenarios: [{ id: 10, title: MARKER, board: 7 }],
    });
    const { leftBehind } = await run(w);
    expect(leftBehind.map((l) => [l.kind, l.why])).toEqual([
      ['scenario', 'still listed after DELETE /features/qa/scenarios/ answered 200'],
    ]);
  });

  it('a token listed as revoked that the run never deleted is deleted all the same', async () => {
    const w = world({ tokens: [{ key: 't9', title: MARKER, owner: 'member', revoked: true }] });
    const { leftBehind } = await run(w);
    expect(deletes(w)).toEqual(['DELETE /member/bearer-tokens/detail/ key=t9 as member']);
    expect(leftBehind).toEqual([]);
  });
});
