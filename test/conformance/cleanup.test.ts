// The clean-up (docs/conformance.md, "What it leaves behind"): after a run, the server holds nothing the run created
// but the linked tasks of its bug outcomes (the API has no task delete), each named in leftBehind, whatever the server
// calls its lists and ids; where the clean-up is prevented, leftBehind names each object it left and each list it could
// not search, and the verdict says so. What the server holds is read through the sandbox's own API.
import { describe, expect, it } from 'vitest';
import { cleanupShortfall, type LeftBehind } from '../../conformance/engine/result.js';
import { loadProfile } from '../../conformance/profile.js';
import { verdictOf } from '../../conformance/report/verdict.js';
import { type ConformanceResult, runConformance } from '../../conformance/run-conformance.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { HANG_MS, RUN_BOUNDS } from '../support/waiting.js';
import { ANOTHER_CLIENT, allChoices, CHOICES, type Choice, ID_OFFSET } from './faults/choices.js';
import { deletesRefused, tokenListUnreadable } from './faults/cleanup.js';
import type { Fault } from './faults/wrap.js';
import { added, carrying, type Held, inventory, names } from './fixtures/inventory.js';

const IN_PROCESS_BASE_URL = 'http://sandbox.invalid/api';

interface Looked {
  result: ConformanceResult;
  before: Held[];
  after: Held[];
}

/** Runs the suite in process against the sandbox behind `wrap`, and lists what the sandbox holds before and after. */
async function runAndLook(options: { wrap?: Fault; choice?: Choice; only?: string[] } = {}): Promise<Looked> {
  const sandbox = createSandbox();
  const profile = loadProfile('conformance/targets/sandbox.json', {}, IN_PROCESS_BASE_URL);
  const wrap = options.wrap ?? options.choice?.wrap;
  const before = await inventory(sandbox.fetch, profile);
  const result = await runConformance({
    target: wrap ? wrap(sandbox.fetch) : sandbox.fetch,
    profile: options.choice?.profile ? options.choice.profile(structuredClone(profile)) : profile,
    ...(options.only ? { only: options.only } : {}),
    ...RUN_BOUNDS,
  });
  return { result, before, after: await inventory(sandbox.fetch, profile) };
}

const ofKinds = (entries: readonly LeftBehind[], kinds: readonly string[]) =>
  entries.filter((e) => kinds.includes(e.kind) && !('notSearched' in e));

/**
 * Nothing the run created is left but its linked tasks, and leftBehind names each of them (`toSandbox` maps a task id
 * the server answered back to the sandbox's own), with no other object and no list it could not search.
 */
function expectCleaned({ result, before, after }: Looked, toSandbox = (id: number) => id): void {
  // A server that keeps a deleted token (revokedTokensKept) holds it revoked, inactive: cleaned as far as the API goes.
  // What another client created on a server that reuses ids (idsReused) is not the run's.
  const live = (h: Held) =>
    h.kind !== 'task' &&
    !(h.kind === 'token' && h.row.includes('"is_active":false')) &&
    !h.row.includes(ANOTHER_CLIENT);
  const left = added(before, after);
  expect(names(left.filter(live))).toEqual([]);
  expect(names(carrying(after, result.marker).filter(live))).toEqual([]);
  const tasks = ofKinds(result.leftBehind, ['task']).map((e) => ({
    kind: e.kind,
    id: toSandbox(Number('id' in e ? e.id : undefined)),
  }));
  expect(names(left.filter((h) => h.kind === 'task'))).toEqual(names(tasks));
  expect(result.leftBehind.filter((e) => e.kind !== 'task' && e.kind !== 'account')).toEqual([]);
  expect(result.leftBehind.every((e) => e.why.length > 0)).toBe(true);
  expect(cleanupShortfall(result.leftBehind)).toBeUndefined();
}

// Each is a whole run, bounded by RUN_BOUNDS (test/conformance shares the machine): past that and its clean-up, a hang.
const TIMEOUT = { timeout: RUN_BOUNDS.totalTimeoutMs + HANG_MS };

describe.concurrent('after a run, the server holds nothing the run created but its linked tasks', TIMEOUT, () => {
  it('the sandbox', async () => {
    const looked = await runAndLook();
    expectCleaned(looked);
    expect(ofKinds(looked.result.leftBehind, ['task']).length).toBeGreaterThan(0);
  });

  for (const name of ['ownShapes', 'pagingOwnWay', 'idsNamedByKind'] as const) {
    it(`${name}: its token and scenario lists under other names, found as the checks find them`, async () => {
      expectCleaned(await runAndLook({ choice: CHOICES[name] as Choice }));
    });
  }

  it('revokedTokensKept: a deleted token listed as revoked is cleaned, not left behind', async () => {
    const looked = await runAndLook({ choice: CHOICES.revokedTokensKept as Choice });
    expect(looked.result.leftBehind.filter((e) => e.kind === 'token')).toEqual([]);
    expect(cleanupShortfall(looked.result.leftBehind)).toBeUndefined();
    // The server kept them, each inactive: what the run made is revoked, not live.
    const tokens = added(looked.before, looked.after).filter((h) => h.kind === 'token');
    expect(tokens.length).toBeGreaterThan(0);
    expect(tokens.filter((h) => !h.row.includes('"is_active":false'))).toEqual([]);
  });

  it('a server making every choice at once (ids past 32 bits, as strings, under other names…)', async () => {
    expectCleaned(await runAndLook({ choice: allChoices() }), (id) => id - ID_OFFSET);
  });
});

describe.concurrent(
  'where the clean-up is prevented, leftBehind names what it left and the verdict says so',
  TIMEOUT,
  () => {
    it('every delete refused: each token, scenario and case the run made is named, with the answer that refused it', async () => {
      const looked = await runAndLook({ wrap: deletesRefused, only: ['QA-02', 'QA-04', 'ACCESS-02'] });
      const { result } = looked;
      const left = added(looked.before, looked.after);
      expect(new Set(left.map((h) => h.kind))).toEqual(new Set(['token', 'scenario', 'case']));
      expect(names(ofKinds(result.leftBehind, ['token', 'scenario', 'case']))).toEqual(names(left));
      for (const e of ofKinds(result.leftBehind, ['token', 'scenario'])) expect(e.why).toMatch(/answered 403/);
      for (const e of ofKinds(result.leftBehind, ['case'])) expect(e.why).toMatch(/its scenario \d+ was left behind/);
      // The outsider's token too: the clean-up searched both accounts.
      expect(ofKinds(result.leftBehind, ['token']).map((e) => e.actor)).toEqual(
        expect.arrayContaining(['member', 'outsider']),
      );
      // QA-04 deletes a case of its own: the one rule the refusal fails.
      expect(result.rules.filter((r) => r.outcome !== 'PASS').map((r) => r.id)).toEqual(['QA-04']);
      const shortfall = cleanupShortfall(result.leftBehind);
      expect(shortfall).toMatch(/^\d+ tokens?, \d+ scenarios? and \d+ cases? left behind$/);
      expect(verdictOf(result).warnings).toEqual([`clean-up incomplete: ${shortfall}`]);
      expect(verdictOf(result, { strict: true })).toMatchObject({
        warnings: [],
        reasons: ['MUST or SHOULD rules failed: QA-04', `clean-up incomplete: ${shortfall}`],
      });
    });

    it('a full run whose every delete is refused: each object it made carries the marker, and leftBehind names each', async () => {
      const looked = await runAndLook({ wrap: deletesRefused });
      const left = added(looked.before, looked.after);
      expect(new Set(left.map((h) => h.kind))).toEqual(new Set(['token', 'scenario', 'case', 'session', 'task']));
      // What the run made without the marker would stay unseen by any search: there is none.
      expect(names(left.filter((h) => !h.row.includes(looked.result.marker)))).toEqual([]);
      expect(names(looked.result.leftBehind.filter((e) => e.kind !== 'account'))).toEqual(names(left));
    });

    it('a token list it cannot read: each account whose tokens it could not search is named, with why', async () => {
      // ACCESS-02 makes a token of each account (and cannot read their lists: not verified).
      const looked = await runAndLook({ wrap: tokenListUnreadable, only: ['TOKEN-02', 'ACCESS-02'] });
      const { result } = looked;
      const unsearched = result.leftBehind.filter((e) => 'notSearched' in e);
      expect(unsearched.map((e) => `${e.kind} ${e.actor}`).sort()).toEqual(['token member', 'token outsider']);
      for (const e of unsearched) expect(e.why).toMatch(/GET \/member\/bearer-tokens\/ .*answered 500/);
      // The tokens the answers named were still deleted, by their keys.
      expect(added(looked.before, looked.after).filter((h) => h.kind === 'token')).toEqual([]);
      expect(cleanupShortfall(result.leftBehind)).toBe('the tokens of the member and the outsider not searched');
      expect(verdictOf(result).warnings).toEqual([
        'clean-up incomplete: the tokens of the member and the outsider not searched',
      ]);
    });
  },
);

describe('cleanupShortfall: what keeps a clean-up from being complete', () => {
  const board = { companyId: 1, boardId: 2, actor: 'member', why: 'why' };
  const unsearched = (kind: 'token' | 'scenario' | 'task', actor = 'member'): LeftBehind =>
    kind === 'token' ? { kind, notSearched: true, actor, why: 'why' } : { kind, notSearched: true, ...board, actor };
  it.each([
    ['nothing', [], undefined],
    [
      'what the API cannot delete',
      [
        { kind: 'task', id: 1, ...board },
        { kind: 'session', id: 2, ...board },
      ],
      undefined,
    ],
    ['a task list not searched (tasks cannot be deleted anyway)', [unsearched('task')], undefined],
    [
      'two tokens',
      [
        { kind: 'token', key: 'a', ...board },
        { kind: 'token', key: 'b', ...board },
      ],
      '2 tokens left behind',
    ],
    ['one scenario', [{ kind: 'scenario', id: 1, ...board }], '1 scenario left behind'],
    ['a scenario list', [unsearched('scenario')], 'the scenarios of board 2 not searched'],
    [
      'both token lists and a case',
      [unsearched('token'), unsearched('token', 'outsider'), { kind: 'case', id: 3, ...board }],
      '1 case left behind; the tokens of the member and the outsider not searched',
    ],
  ] as const)('%s: %s', (_what, left, expected) => {
    expect(cleanupShortfall(left as readonly LeftBehind[])).toBe(expected);
  });
});

describe('leftBehind holds no secret', () => {
  it('names a token it left by its key (the sandbox keys no secret), with no credential of the run', async () => {
    const { result } = await runAndLook({ wrap: deletesRefused, only: ['TOKEN-02'] });
    const [token] = ofKinds(result.leftBehind, ['token']);
    expect(token).toMatchObject({ kind: 'token', key: expect.stringMatching(/^tok_/), actor: 'member' });
    expect(JSON.stringify(result.leftBehind)).not.toContain('demo-password');
  }, 60_000);
});
