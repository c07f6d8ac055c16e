// Operations that look unbuilt, named once (docs/conformance.md, "A server half built"): every request the run sent to
// one got 404, 405 or 501 and nothing else; the notice names each with its requests and statuses, and prints the line
// to add to the profile (the operations it declares already, then these) and its variable form (the CLI's). An
// operation that answered anything else even once is not named. Unit tests of conformance/report/unbuilt.ts.
import { describe, expect, it } from 'vitest';
import type { CoverageRow } from '../../conformance/engine/coverage.js';
import { missingOperationsLine, unbuiltLines, unbuiltOperations } from '../../conformance/report/unbuilt.js';

const row = (operationId: string, method: string, path: string, received?: Record<string, number>): CoverageRow => ({
  operationId,
  method,
  path,
  statuses: {},
  ...(received ? { received } : {}),
});

const runWith = (rows: CoverageRow[], declared: string[] = []) => ({
  coverage: { exercised: 0, declared: 0, rows },
  missingOperations: declared.map((operationId) => ({ operationId, rules: [] })),
});

describe('operations that look unbuilt', () => {
  it('names those that answered only 404, 405 or 501, with their requests and statuses in ascending order', () => {
    const run = runWith([
      row('listTasks', 'GET', '/task/list/', { '404': 21 }),
      row('createScenario', 'POST', '/scenario/', { '501': 2, '405': 1, '404': 3 }),
      row('getBoard', 'GET', '/board/{id}', { '404': 1, '200': 1 }),
      row('updateTask', 'PATCH', '/task/{id}', { '410': 1 }),
      row('login', 'POST', '/login', { '400': 2 }),
      row('neverCalled', 'GET', '/never'),
      row('emptyCounts', 'GET', '/empty', {}),
    ]);
    expect(unbuiltOperations(run)).toEqual([
      { operationId: 'listTasks', method: 'GET', path: '/task/list/', requests: 21, statuses: [404] },
      { operationId: 'createScenario', method: 'POST', path: '/scenario/', requests: 6, statuses: [404, 405, 501] },
    ]);
  });

  it('says so once, before the rules, with the line to declare them and its variable form (the CLI)', () => {
    const run = runWith([
      row('listTasks', 'GET', '/task/list/', { '404': 21 }),
      row('startSession', 'POST', '/session/', { '405': 1 }),
      row('getTask', 'GET', '/task/{id}', { '404': 1, '501': 2 }),
    ]);
    expect(unbuiltLines(run)).toEqual([
      'Operations that look unbuilt: every request to them got 404, 405 or 501, nothing else (this excuses nothing: their rules still fail):',
      '  listTasks     GET /task/list/  21 requests: 404',
      '  startSession  POST /session/  1 request: 405',
      '  getTask       GET /task/{id}  3 requests: 404, 501',
      'If they are not built yet, declare them in the profile (their rules are then not applicable, neither passed nor failed):',
      '  "missingOperations": ["listTasks", "startSession", "getTask"]',
      '  or in the environment: CONFORMANCE_MISSING_OPERATIONS=listTasks,startSession,getTask',
    ]);
    // Vitest has no environment line to offer: only the profile's.
    expect(unbuiltLines(run, 'vitest')).toEqual(unbuiltLines(run).slice(0, -1));
  });

  it('says nothing when no operation looks unbuilt', () => {
    expect(unbuiltLines(runWith([row('listTasks', 'GET', '/task/list/', { '200': 1, '404': 1 })]))).toEqual([]);
    expect(unbuiltLines(runWith([]))).toEqual([]);
  });

  it('puts the operations the profile declares already first, once each', () => {
    const run = runWith([row('listTasks', 'GET', '/t', { '404': 1 })], ['createScenario', 'listTasks']);
    expect(missingOperationsLine(run, unbuiltOperations(run))).toEqual({
      profile: '"missingOperations": ["createScenario", "listTasks"]',
      env: 'CONFORMANCE_MISSING_OPERATIONS=createScenario,listTasks',
    });
  });
});
