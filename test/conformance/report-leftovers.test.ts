// What the clean-up left behind, in the report: its shortfall in a phrase, each object and list named with why, the
// clean-up line, and the warning (or, strict, the failure) it makes in the console, the JSON summary and the verdict.

import { describe, expect, it } from 'vitest';
import { coverageOf } from '../../conformance/engine/coverage.js';
import { cleanupShortfall, judgeRules, type LeftBehind, type RunResult } from '../../conformance/engine/result.js';
import { cleanupLine, describeLeftBehind, formatReport } from '../../conformance/report/console.js';
import { jsonReport } from '../../conformance/report/files.js';
import { RULES } from '../../conformance/rules.js';
import { loadContract } from '../../contract/openapi.js';
import { checkResult as check } from '../support/check-result.js';

describe('cleanupShortfall', () => {
  const board = (boardId: number) => ({ companyId: 1, boardId, actor: 'member', why: 'DELETE answered 403' });
  it.each([
    [
      'every deletable kind, in the order tokens, scenarios, cases',
      [
        { kind: 'case', id: 3, ...board(2) },
        { kind: 'scenario', id: 2, ...board(2) },
        { kind: 'token', key: 'a', actor: 'member', why: 'w' },
        { kind: 'case', id: 4, ...board(2) },
      ],
      '1 token, 1 scenario and 2 cases left behind',
    ],
    [
      'each board whose scenarios it could not search, once',
      [
        { kind: 'scenario', notSearched: true, ...board(2) },
        { kind: 'scenario', notSearched: true, ...board(2), actor: 'outsider' },
        { kind: 'scenario', notSearched: true, ...board(5) },
      ],
      'the scenarios of board 2 and board 5 not searched',
    ],
    [
      'objects left and a list not searched',
      [
        { kind: 'token', notSearched: true, actor: 'outsider', why: 'w' },
        { kind: 'scenario', id: 2, ...board(2) },
        { kind: 'account', username: 'cf-1', actor: 'member', why: 'w' },
      ],
      '1 scenario left behind; the tokens of the outsider not searched',
    ],
    [
      'only what the API could delete, beside accounts, sessions, tasks and task lists',
      [
        { kind: 'account', username: 'cf-1', actor: 'member', why: 'w' },
        { kind: 'session', id: 4, ...board(2) },
        { kind: 'task', notSearched: true, ...board(2) },
        { kind: 'task', id: 5, ...board(2) },
        { kind: 'token', key: 'a', actor: 'member', why: 'w' },
      ],
      '1 token left behind',
    ],
  ] as const)('names %s', (_, left, expected) => {
    expect(cleanupShortfall(left as readonly LeftBehind[])).toBe(expected);
  });
});

describe('what the clean-up left behind', () => {
  const onBoard = (kind: 'task' | 'scenario' | 'case', id: number, why: string): LeftBehind => ({
    kind,
    id,
    companyId: 1,
    boardId: 2,
    actor: 'member',
    why,
  });
  const leftBehind: LeftBehind[] = [
    { kind: 'account', username: 'cf_x_new', actor: 'anonymous', why: 'the API has no account delete' },
    onBoard('task', 7, 'the API has no task delete'),
    onBoard('task', 8, 'the API has no task delete'),
    { kind: 'token', key: 'tok_1', actor: 'outsider', why: 'DELETE /member/bearer-tokens/detail/ answered 403' },
    onBoard('scenario', 3, 'DELETE /features/qa/scenarios/ answered 403'),
    onBoard('case', 4, 'its scenario 3 was left behind'),
    {
      kind: 'token',
      notSearched: true,
      actor: 'member',
      why: 'GET /member/bearer-tokens/ as the member: page 1 answered 500',
    },
  ];

  it('names each object and each list not searched, with why; objects of a board left for one reason share a line', () => {
    expect(describeLeftBehind(leftBehind)).toEqual([
      'account cf_x_new: the API has no account delete (--no-register sends no registration)',
      'named API token tok_1 of the outsider: DELETE /member/bearer-tokens/detail/ answered 403',
      "the token list of the member could NOT be searched for the run's objects: GET /member/bearer-tokens/ as the member: page 1 answered 500",
      'tasks 7, 8 on board 2 of company 1: the API has no task delete',
      'scenario 3 on board 2 of company 1: DELETE /features/qa/scenarios/ answered 403',
      'case 4 on board 2 of company 1: its scenario 3 was left behind',
    ]);
    const twenty = Array.from({ length: 20 }, (_, i) => onBoard('scenario', i, `answered ${400 + i}`));
    expect(describeLeftBehind(twenty)).toHaveLength(20);
    const many = Array.from({ length: 25 }, (_, i) => onBoard('scenario', i, `answered ${400 + i}`));
    const lines = describeLeftBehind(many, 'vitest');
    expect(lines).toHaveLength(21);
    expect(lines.at(-1)).toBe("… and 5 more (all of them are in the report describeConformance's json option writes)");
  });

  it('still names, whose and why, a leftover whose row showed neither key, id nor title: as an empty title', () => {
    const unnamed: LeftBehind[] = [
      { kind: 'token', actor: 'member', why: 'its row shows no key or id to delete it by' },
      { kind: 'case', companyId: 1, boardId: 2, actor: 'member', why: 'its row shows no id' },
    ];
    expect(describeLeftBehind(unnamed)).toEqual([
      'named API token "" of the member: its row shows no key or id to delete it by',
      'case "" on board 2 of company 1: its row shows no id',
    ]);
  });

  it.each([
    [[], false, 'Clean-up: complete'],
    [leftBehind.slice(0, 3), true, 'Clean-up: complete (left only what the API has no delete for: 1 account, 2 tasks)'],
    [
      leftBehind,
      false,
      'Clean-up: INCOMPLETE: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched (see "Left behind"; --strict fails the run for it)',
    ],
    [
      leftBehind,
      true,
      'Clean-up: INCOMPLETE: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched (see "Left behind"; it fails the run (strict))',
    ],
  ] as const)('says in one line whether the clean-up is complete (%#)', (left, strict, line) => {
    expect(cleanupLine(left, strict)).toBe(line);
  });

  it('the console, the JSON summary and the verdict say so; without strict it is a warning, never a silent pass', () => {
    const result = {
      rules: judgeRules(RULES, [check('AUTH-01', 'PASS')], new Set(['AUTH-01'])),
      wallMs: 1500,
      exchanges: 1,
      problems: [],
      leftBehind,
      coverage: coverageOf(loadContract(), []),
    } as unknown as RunResult;
    const text = formatReport(result).join('\n');
    expect(text).toContain('Left behind on the target');
    expect(text).toContain(
      '  - named API token tok_1 of the outsider: DELETE /member/bearer-tokens/detail/ answered 403',
    );
    expect(text).toMatch(/Clean-up: INCOMPLETE: [^\n]+\nVerdict \(not strict[^\n]+: PASS\n/);
    const json = JSON.parse(jsonReport(result));
    expect(json.summary.cleanup).toEqual({
      complete: false,
      shortfall: '1 token, 1 scenario and 1 case left behind; the tokens of the member not searched',
      leftBehind: 7,
    });
    expect(json.verdict).toMatchObject({
      failed: false,
      warnings: [
        'clean-up incomplete: 1 token, 1 scenario and 1 case left behind; the tokens of the member not searched',
      ],
    });
    expect(json.leftBehind).toEqual(leftBehind);
  });
});
