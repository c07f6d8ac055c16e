// Boards from a board list of the server's own (docs/conformance.md, "The target profile"): the profile's boardList
// names it, ACCESS-06 finds the outsider's board there when the company list carries none, and a bad value is refused
// naming the field.
import { describe, expect, it } from 'vitest';
import type { RunResult } from '../../conformance/engine/result.js';
import { loadProfile, ProfileError, profileFrom } from '../../conformance/profile.js';
import { runConformance } from '../../conformance/run-conformance.js';
import type { FetchHandler } from '../../contract/http.js';
import { createSandbox } from '../../mocks/sandbox/core/app.js';
import { objectFoundByIdAlone } from './faults/access.js';
import { CHOICES } from './faults/choices.js';
import { DEMO_PROFILE } from './fixtures/profile.js';

const choice = CHOICES.boardsFromOwnList;
const BASE = 'http://sandbox.invalid/api';
const sandboxProfile = () => loadProfile('conformance/targets/sandbox.json', {}, BASE);

const run = (target: FetchHandler, named: boolean): Promise<RunResult> => {
  const profile = named && choice?.profile ? choice.profile(sandboxProfile()) : sandboxProfile();
  return runConformance({ target, profile, only: ['ACCESS-06'] });
};

const outsiderChecks = (r: RunResult) =>
  (r.rules.find((x) => x.id === 'ACCESS-06')?.checks ?? []).filter((c) => c.name.includes("the outsider's own board"));

describe('a server whose boards come from a board list of its own', () => {
  it('passes ACCESS-06 with every check judged when the profile names the list', async () => {
    const r = await run((choice?.wrap ?? ((f) => f))(createSandbox().fetch), true);
    const checks = outsiderChecks(r);
    expect(checks.length).toBeGreaterThan(0);
    expect(checks.filter((c) => c.outcome !== 'PASS').map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(r.rules.find((x) => x.id === 'ACCESS-06')?.outcome).toBe('PASS');
  });

  it('skips the outsider-board checks, naming boardList, when the profile does not', async () => {
    const r = await run((choice?.wrap ?? ((f) => f))(createSandbox().fetch), false);
    const checks = outsiderChecks(r);
    expect(new Set(checks.map((c) => c.outcome))).toEqual(new Set(['SKIP']));
    expect(checks[0]?.reason).toContain('boardList');
  });

  it('fails the outsider-board checks of a server that finds an object by its id alone', async () => {
    const r = await run(objectFoundByIdAlone.wrap((choice?.wrap ?? ((f) => f))(createSandbox().fetch)), true);
    expect(outsiderChecks(r).some((c) => c.outcome === 'FAIL')).toBe(true);
  });
});

describe('the profile field boardList', () => {
  it('is read from the file or CONFORMANCE_BOARD_LIST_PATH', () => {
    const env = { CONFORMANCE_BOARD_LIST_PATH: '/board/list/?archived=false' };
    expect(loadProfile('conformance/targets/sandbox.json', env, BASE).boardList).toEqual({
      path: '/board/list/?archived=false',
    });
    expect(sandboxProfile().boardList).toBeUndefined();
  });

  it('is refused naming the field when it is no path, no object, or a collection alone', () => {
    expect(() =>
      loadProfile('conformance/targets/sandbox.json', { CONFORMANCE_BOARD_LIST_PATH: 'https://x.test/boards' }, BASE),
    ).toThrow(/boardList\.path \(or CONFORMANCE_BOARD_LIST_PATH\).* must be a path starting with \//);
    const bad = (boardList: unknown) => () => profileFrom({ ...DEMO_PROFILE, boardList }, BASE);
    expect(bad('/board/list/')).toThrow(ProfileError);
    expect(bad('/board/list/')).toThrow(/boardList must be an object/);
    expect(bad({ collection: 'boards' })).toThrow(/boardList\.collection is given without boardList\.path/);
    expect(bad({ path: '/b/', query: {} })).toThrow(/boardList takes only path and collection/);
  });
});
