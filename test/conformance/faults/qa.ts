// Faults in QA scenarios, cases, sessions and outcomes (source §2, §3, §4, §8).
import type { FetchHandler } from '../../../contract/http.js';
import { isObject } from '../../../contract/json.js';
import {
  apiRequest,
  DEMO,
  dataOf,
  type Fault,
  type FaultVariant,
  fieldNotStored,
  type Parsed,
  parse,
  readOf,
  reply,
  rewrite,
  validationFailed,
  withBody,
} from './wrap.js';

type Json = Record<string, unknown>;

/** The answer's `data[key]` object with `change` applied. */
function rewriteData(res: Response, key: string, change: (item: Json) => Json): Promise<Response> {
  return rewrite(res, (body) => {
    const data = isObject(body.data) ? body.data : {};
    const item = data[key];
    return isObject(item) ? { ...body, data: { ...data, [key]: change(item) } } : body;
  });
}

/** The answer's `data[key]` array with `change` applied. */
async function rewriteList(res: Response, key: string, change: (rows: unknown[]) => unknown[]): Promise<Response> {
  if (res.status !== 200) return res;
  return rewrite(res, (body) => {
    const data = isObject(body.data) ? body.data : {};
    const rows = Array.isArray(data[key]) ? (data[key] as unknown[]) : [];
    return { ...body, data: { ...data, [key]: change(rows) } };
  });
}

/** Renaming a scenario answers the new title and keeps the old one. */
export const renameIgnored: FaultVariant = {
  breaks: ['QA-01'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'updateScenario' || !isObject(body)) return inner(req);
    const current = (await dataOf(await inner(readOf(req))))?.scenario;
    if (!isObject(current)) return inner(req);
    const res = await inner(withBody(req, { ...body, title: current.title }));
    return rewriteData(res, 'scenario', (s) => ({ ...s, title: body.title }));
  },
};

/** A child scenario is stored as a root; the answer still shows the parent asked for. */
export const parentDropped: FaultVariant = {
  breaks: ['QA-02', 'QA-03'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (
      operationId !== 'createScenario' ||
      !isObject(body) ||
      body.parent_id === null ||
      body.parent_id === undefined
    ) {
      return inner(req);
    }
    const res = await inner(withBody(req, { ...body, parent_id: null }));
    return rewriteData(res, 'scenario', (s) => ({ ...s, parent_id: body.parent_id }));
  },
};

/** Updating a case answers the changed case and stores nothing. */
export const caseUpdateIgnored: FaultVariant = {
  breaks: ['QA-04'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'updateCase' || !isObject(body)) return inner(req);
    const current = await inner(readOf(req));
    return current.status === 200 ? rewriteData(current, 'case', (c) => ({ ...c, ...body })) : current;
  },
};

/** A case update stores every field but one, while its answer echoes all of them: one fault per field QA-04 changes. */
export const caseTitleNotStored = fieldNotStored('updateCase', 'case', 'title', ['QA-04']);
export const caseDescriptionNotStored = fieldNotStored('updateCase', 'case', 'description', ['QA-04']);
export const caseStepsNotStored = fieldNotStored('updateCase', 'case', 'steps_to_reproduce', ['QA-04']);
export const caseExpectedResultNotStored = fieldNotStored('updateCase', 'case', 'expected_result', ['QA-04']);

/** Remembers the cases created through the handler: id → the case as answered. */
function caseMemory(): { cases: Map<number, Json>; observe(req: Parsed, res: Response): Promise<void> } {
  const cases = new Map<number, Json>();
  return {
    cases,
    async observe(req, res) {
      const created = (await dataOf(res))?.case;
      if (req.operationId === 'createCase' && res.status === 201 && isObject(created)) {
        cases.set(Number(created.id), created);
      }
    },
  };
}

/** Listing a scenario's cases also lists cases of other scenarios created earlier. */
export const caseListMixesScenarios: FaultVariant = {
  breaks: ['QA-05'],
  wrap: (inner) => {
    const memory = caseMemory();
    return async (req) => {
      const parsed = await parse(req);
      const res = await inner(req);
      await memory.observe(parsed, res);
      if (parsed.operationId !== 'listCases') return res;
      return rewriteList(res, 'cases', (rows) => {
        const listed = new Set(rows.map((r) => (isObject(r) ? r.id : undefined)));
        return [...rows, ...[...memory.cases.values()].filter((c) => !listed.has(c.id))];
      });
    };
  },
};

/** A deleted scenario's cases can still be read and listed. */
export const casesOutliveScenario: FaultVariant = {
  breaks: ['QA-06'],
  wrap: (inner) => {
    const memory = caseMemory();
    const deleted = new Set<number>();
    return async (req) => {
      const parsed = await parse(req);
      const { operationId, query } = parsed;
      const res = await inner(req);
      await memory.observe(parsed, res);
      if (operationId === 'deleteScenario' && res.status === 200) deleted.add(Number(query.get('scenario_id')));
      if (res.status !== 404) return res;
      const orphan = (c: Json) => deleted.has(Number(c.scenario_id));
      if (operationId === 'getCase') {
        const kept = memory.cases.get(Number(query.get('case_id')));
        if (kept && orphan(kept)) return reply(200, { status: 'success', data: { case: kept } });
      }
      if (operationId === 'listCases' && deleted.has(Number(query.get('scenario_id')))) {
        const cases = [...memory.cases.values()].filter(
          (c) => Number(c.scenario_id) === Number(query.get('scenario_id')),
        );
        return reply(200, { status: 'success', data: { cases } });
      }
      return res;
    };
  },
};

/** A session shows only the cases of its own scenario, not its descendants'. */
export const descendantCasesSkipped: FaultVariant = {
  breaks: ['QA-08'],
  wrap: (inner) => {
    const memory = caseMemory();
    const ownOnly = (session: Json): Json => {
      const reports = Array.isArray(session.case_reports) ? session.case_reports : [];
      return {
        ...session,
        case_reports: reports.filter((r) => {
          const known = isObject(r) ? memory.cases.get(Number(r.case_id)) : undefined;
          return !known || Number(known.scenario_id) === Number(session.scenario_id);
        }),
      };
    };
    return async (req) => {
      const parsed = await parse(req);
      const res = await inner(req);
      await memory.observe(parsed, res);
      const { operationId } = parsed;
      if (operationId === 'startSession') return rewriteData(res, 'session', ownOnly);
      if (operationId === 'listSessions')
        return rewriteList(res, 'sessions', (rows) => rows.map((s) => (isObject(s) ? ownOnly(s) : s)));
      return res;
    };
  },
};

/** The session list leaves out each session's case_reports. */
export const sessionListWithoutReports: FaultVariant = {
  breaks: ['QA-09'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'listSessions') return res;
    return rewriteList(res, 'sessions', (rows) =>
      rows.map((s) => {
        if (!isObject(s)) return s;
        const { case_reports: _dropped, ...rest } = s;
        return rest;
      }),
    );
  },
};

/** Rewrites the status an outcome request sends, and answers as if the original had been stored. */
function outcomeAs(from: string, to: string): Fault {
  return (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'recordCaseOutcome' || !isObject(body) || body.status !== from) return inner(req);
    const res = await inner(withBody(req, { status: to }));
    return rewriteData(res, 'case_report', (r) => ({ ...r, ...body }));
  };
}

/** A done outcome answers done and stays pending. */
export const doneIgnored: FaultVariant = {
  breaks: ['QA-10'],
  wrap: outcomeAs('done', 'pending'),
};

/** A bug outcome answers bug and is stored as done, without a linked task. */
export const bugRecordedAsDone: FaultVariant = {
  breaks: ['QA-11', 'QA-15'],
  wrap: outcomeAs('bug', 'done'),
};

/** A bug without severity is accepted with a made-up severity. */
export const bugWithoutSeverityAccepted: FaultVariant = {
  breaks: ['QA-12'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId === 'recordCaseOutcome' && isObject(body) && body.status === 'bug' && body.severity === undefined) {
      return inner(withBody(req, { ...body, severity: 'unspecified' }));
    }
    return inner(req);
  },
};

/** A status outside pending, done and bug is stored as done. */
export const invalidStatusAccepted: FaultVariant = {
  breaks: ['QA-13'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (
      operationId === 'recordCaseOutcome' &&
      isObject(body) &&
      !['pending', 'done', 'bug'].includes(String(body.status))
    ) {
      return inner(withBody(req, { status: 'done' }));
    }
    return inner(req);
  },
};

/** pending is refused as a status. */
export const pendingRejected: FaultVariant = {
  breaks: ['QA-14'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    return operationId === 'recordCaseOutcome' && isObject(body) && body.status === 'pending'
      ? validationFailed('status', 'must be done or bug')
      : inner(req);
  },
};

/** The task list hides the tasks that bug outcomes create. */
export const linkedTaskHidden: FaultVariant = {
  breaks: ['QA-15'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'listTasks') return res;
    return rewriteList(res, 'tasks', (rows) =>
      rows.filter((t) => !(isObject(t) && typeof t.case_report_id === 'number')),
    );
  },
};

/** Remembers, per case report, how many bug outcomes it got and its linked task. */
function bugMemory(): Map<number, { bugs: number; taskId: number }> {
  return new Map();
}

async function observeBug(memory: ReturnType<typeof bugMemory>, req: Parsed, res: Response): Promise<void> {
  const { operationId, body } = req;
  const report = (await dataOf(res))?.case_report;
  if (operationId !== 'recordCaseOutcome' || res.status !== 200 || !isObject(body) || body.status !== 'bug') return;
  if (!isObject(report) || typeof report.task_id !== 'number') return;
  const seen = memory.get(Number(report.id));
  memory.set(Number(report.id), { bugs: (seen?.bugs ?? 0) + 1, taskId: report.task_id });
}

/** Every further bug outcome on a report adds another copy of its task to the task list. */
export const secondBugDuplicatesTask: FaultVariant = {
  breaks: ['QA-16'],
  wrap: (inner) => {
    const memory = bugMemory();
    return async (req) => {
      const parsed = await parse(req);
      const res = await inner(req);
      await observeBug(memory, parsed, res);
      if (parsed.operationId !== 'listTasks') return res;
      return rewriteList(res, 'tasks', (rows) => {
        const copies: unknown[] = [];
        for (const row of rows) {
          if (!isObject(row)) continue;
          const linked = [...memory.values()].find((m) => m.taskId === row.id);
          for (let i = 1; i < (linked?.bugs ?? 0); i++)
            copies.push({ ...row, id: 1_000_000 + Number(row.id) * 100 + i });
        }
        return [...rows, ...copies];
      });
    };
  },
};

/** Finishing a session answers success and finishes nothing. */
export const finishIgnored: FaultVariant = {
  breaks: ['QA-20'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'finishSession' || !isObject(body) || !req.headers.has('authorization')) return inner(req);
    return reply(200, {
      status: 'success',
      data: { session: { id: body.sessions_id, is_active: false, case_reports: [] } },
    });
  },
};

/** Finishing a session marks the tasks its bugs created as resolved. */
export const finishResolvesTask: FaultVariant = {
  breaks: ['QA-18'],
  wrap: (inner: FetchHandler) => {
    const bugs = bugMemory();
    const reportsOf = new Map<number, number[]>();
    const resolved = new Set<number>();
    return async (req) => {
      const parsed = await parse(req);
      const { operationId, body } = parsed;
      const res = await inner(req);
      await observeBug(bugs, parsed, res);
      const session = (await dataOf(res))?.session;
      if (operationId === 'startSession' && isObject(session) && Array.isArray(session.case_reports)) {
        reportsOf.set(
          Number(session.id),
          session.case_reports.map((r) => Number(isObject(r) ? r.id : 0)),
        );
      }
      if (operationId === 'finishSession' && res.status === 200 && isObject(body)) {
        for (const id of reportsOf.get(Number(body.sessions_id)) ?? []) {
          const task = bugs.get(id)?.taskId;
          if (task !== undefined) resolved.add(task);
        }
      }
      if (operationId !== 'listTasks') return res;
      return rewriteList(res, 'tasks', (rows) =>
        rows.map((t) => (isObject(t) && resolved.has(Number(t.id)) ? { ...t, resolved: true } : t)),
      );
    };
  },
};

/** Starting a session on a board without a todo-kind column answers success (and creates nothing). */
export const startWithoutTodoAccepted: FaultVariant = {
  breaks: ['QA-19'],
  wrap: (inner) => {
    let next = 900_000;
    return async (req) => {
      const { operationId, query, body } = await parse(req);
      const res = await inner(req);
      if (operationId !== 'startSession' || res.status < 400 || res.status >= 500) return res;
      if (Number(query.get('board_id')) !== DEMO.boardWithoutTodoColumnId || !isObject(body)) return res;
      return reply(201, {
        status: 'success',
        data: { session: { id: next++, scenario_id: body.scenario_id, is_active: true, case_reports: [] } },
      });
    };
  },
};

/**
 * A bug outcome does not count as reviewed (source §3 rule 1 says it does): finishing a session that holds a bug report
 * is refused.
 */
export const bugNotCountedAsReviewed: FaultVariant = {
  breaks: ['QA-17'],
  wrap: (inner) => async (req) => {
    const { operationId, query, body } = await parse(req);
    if (operationId !== 'finishSession' || !isObject(body)) return inner(req);
    const board = `company_id=${query.get('company_id')}&board_id=${query.get('board_id')}`;
    const listed = (
      await dataOf(
        await inner(
          apiRequest(req, 'GET', `/features/qa/sessions/?${board}&is_active=true&limit=100`, undefined, req.headers),
        ),
      )
    )?.sessions;
    const session = Array.isArray(listed) ? listed.find((s) => isObject(s) && s.id === body.sessions_id) : undefined;
    const reports = isObject(session) && Array.isArray(session.case_reports) ? session.case_reports : [];
    return reports.some((r) => isObject(r) && r.status === 'bug')
      ? validationFailed('sessions_id', 'has cases that are not reviewed')
      : inner(req);
  },
};

/** A deleted scenario reads 404 but stays in the scenario list. */
export const deletedScenarioListed: FaultVariant = {
  breaks: ['QA-21'],
  wrap: (inner) => {
    const created = new Map<number, Record<string, unknown>>();
    const deleted = new Set<number>();
    return async (req) => {
      const { operationId, query } = await parse(req);
      const res = await inner(req);
      const scenario = (await dataOf(res))?.scenario;
      if (operationId === 'createScenario' && isObject(scenario)) created.set(Number(scenario.id), scenario);
      if (operationId === 'deleteScenario' && res.ok) deleted.add(Number(query.get('scenario_id')));
      if (operationId !== 'listScenarios' || res.status !== 200) return res;
      const parent = query.get('parent_id');
      const ghosts = [...deleted].flatMap((id) => {
        const row = created.get(id);
        return row && (parent === null || String(row.parent_id) === parent) ? [row] : [];
      });
      return rewriteList(res, 'scenarios', (rows) => [...rows, ...ghosts]);
    };
  },
};

/** Deleting a scenario leaves its child scenarios readable. */
export const descendantsSurvive: FaultVariant = {
  breaks: ['QA-07'],
  wrap: (inner) => {
    const children = new Map<number, Record<string, unknown>>();
    const orphans = new Set<number>();
    return async (req) => {
      const { operationId, query } = await parse(req);
      const res = await inner(req);
      const scenario = (await dataOf(res))?.scenario;
      if (operationId === 'createScenario' && isObject(scenario) && scenario.parent_id !== null) {
        children.set(Number(scenario.id), scenario);
      }
      if (operationId === 'deleteScenario' && res.ok) {
        const parent = Number(query.get('scenario_id'));
        for (const [id, child] of children) if (Number(child.parent_id) === parent) orphans.add(id);
      }
      const id = Number(query.get('scenario_id'));
      if (operationId === 'getScenario' && res.status === 404 && orphans.has(id)) {
        return reply(200, { status: 'success', data: { scenario: children.get(id) } });
      }
      return res;
    };
  },
};

/** The case list shows every case with an empty expected_result. */
export const caseListDropsField: FaultVariant = {
  breaks: ['QA-22'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'listCases') return res;
    return rewriteList(res, 'cases', (rows) => rows.map((c) => (isObject(c) ? { ...c, expected_result: '' } : c)));
  },
};
