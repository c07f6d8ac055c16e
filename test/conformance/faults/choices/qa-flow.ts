// Choice servers that guard the QA flow their own way where the source is silent (docs/conformance.md, "What the
// suite does not assume"): locked outcomes, one running session, review before finishing, conflicts as 400, one task
// per case, vocabularies of their own.
import { isObject } from '../../../../contract/json.js';
import { parse, reply } from '../wrap.js';
import { boardQuery, changed, conflict, dataIn, type Json, listedRows, objectsIn, restatus } from './answers.js';
import type { Choice } from './choice.js';

/** Vocabularies of a server of its own (source §2: severity and priority "allowed values: not shown"). */
const SEVERITIES = ['blocker', 'critical', 'minor', 'trivial'];
const PRIORITIES = ['p1', 'p2', 'p3', 'p4'];

/**
 * An outcome once recorded is locked: a second done or bug outcome for the same case report is refused with 409;
 * `pending` reopens it.
 */
export const outcomesLocked: Choice = {
  departs: ['GEN-02'],
  unjudged: ['QA-16'],
  wrap: (inner) => {
    const recorded = new Set<string>();
    return async (req) => {
      const { operationId, query, body } = await parse(req);
      if (operationId !== 'recordCaseOutcome') return inner(req);
      const key = [...query.entries()]
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      const reopening = isObject(body) && body.status === 'pending';
      if (recorded.has(key) && !reopening) return conflict('case_report_id', 'This outcome is already recorded.');
      const res = await inner(req);
      if (res.ok && reopening) recorded.delete(key);
      else if (res.ok) recorded.add(key);
      return res;
    };
  },
};

/** A second session for a scenario that has one running is refused with 409 (the source: "A session is started for a scenario"). */
export const oneRunningSessionPerScenario: Choice = {
  departs: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const { operationId, query, body } = await parse(req);
    if (operationId !== 'startSession' || !isObject(body) || !req.headers.has('authorization')) return inner(req);
    const running = await listedRows(
      inner,
      req,
      `/features/qa/sessions/?${boardQuery(query)}&is_active=true`,
      'sessions',
    );
    return running.some((s) => Number(s.scenario_id) === Number(body.scenario_id))
      ? conflict('scenario_id', 'This scenario has a running session: finish it first.')
      : inner(req);
  },
};

/**
 * `pending` only reopens a report: the no-op pending → pending is refused with 409, pending after done or bug is taken
 * (source §3 rule 3: "Case-report status pending is a valid value"; rule 4: transitions out of done or bug not shown).
 */
export const pendingOnlyToReopen: Choice = {
  departs: ['GEN-02', 'GEN-03'],
  wrap: (inner) => {
    const reviewed = new Set<string>();
    return async (req) => {
      const { operationId, query, body } = await parse(req);
      if (operationId !== 'recordCaseOutcome' || !isObject(body)) return inner(req);
      const report = query.get('case_report_id') ?? '';
      const res = await inner(req);
      // The sandbox took the no-op (so the credential, scope and report are good): this server refuses it.
      if (res.ok && body.status === 'pending' && !reviewed.has(report)) {
        return conflict('status', 'This case report is pending already.');
      }
      if (res.ok && body.status === 'pending') reviewed.delete(report);
      else if (res.ok) reviewed.add(report);
      return res;
    };
  },
};

/** Finishing a session whose cases are not all reviewed is refused with 409 (the source: "all cases reviewed (guidance)"). */
export const finishNeedsReview: Choice = {
  departs: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const { operationId, query, body } = await parse(req);
    if (operationId !== 'finishSession' || !isObject(body) || !req.headers.has('authorization')) return inner(req);
    const running = await listedRows(
      inner,
      req,
      `/features/qa/sessions/?${boardQuery(query)}&is_active=true`,
      'sessions',
    );
    const session = running.find((s) => Number(s.id) === Number(body.sessions_id));
    const reports = Array.isArray(session?.case_reports) ? session.case_reports : [];
    return reports.some((r) => isObject(r) && r.status === 'pending')
      ? conflict('sessions_id', 'Review every case before finishing the session.')
      : inner(req);
  },
};

/** State conflicts (a locked outcome, a running session, unreviewed cases) answer 400 instead of 409. */
export const conflictsAs400: Choice = {
  departs: ['ENV-09', 'GEN-02', 'GEN-03'],
  unjudged: ['QA-16'],
  wrap: (inner) => {
    const guarded = outcomesLocked.wrap(oneRunningSessionPerScenario.wrap(finishNeedsReview.wrap(inner)));
    // Every 409 answered as 400, its payload kept (the source gives no status for a conflict).
    return async (req) => {
      const res = await guarded(req);
      return res.status === 409 ? restatus(res, 400) : res;
    };
  },
};

/**
 * One bug task per test case, linked by `case_id` (not by report): a bug outcome on any report of a case that has a
 * task updates that task (source §2: a bug "creates or updates a linked task").
 */
export const oneTaskPerCase: Choice = {
  departs: [],
  wrap: (inner) => {
    const taskOfCase = new Map<number, number>();
    const caseOfTask = new Map<number, number>();
    /** Tasks the sandbox made for a case that already had one → that one. */
    const merged = new Map<number, number>();
    const updates = new Map<number, Json>();
    const view = (task: Json): Json => {
      const id = Number(task.id);
      const { case_report_id: _report, ...rest } = task;
      return { ...rest, ...updates.get(id), case_id: caseOfTask.get(id) ?? null };
    };
    return async (req) => {
      const { operationId, body } = await parse(req);
      const res = await inner(req);
      if (operationId === 'recordCaseOutcome' && res.ok && isObject(body) && body.status === 'bug') {
        return changed(res, (answer) => {
          const report = dataIn(answer)?.case_report;
          if (!isObject(report) || typeof report.task_id !== 'number') return;
          const caseId = Number(report.case_id);
          const existing = taskOfCase.get(caseId);
          if (existing === undefined) {
            taskOfCase.set(caseId, report.task_id);
            caseOfTask.set(report.task_id, caseId);
          } else if (existing !== report.task_id) {
            merged.set(report.task_id, existing);
            report.task_id = existing;
          }
          updates.set(Number(report.task_id), {
            description: body.actual_result,
            severity: body.severity,
            priority: body.priority,
          });
        });
      }
      if (operationId === 'listTasks') {
        return changed(res, (answer) => {
          const data = dataIn(answer);
          if (!data || !Array.isArray(data.tasks)) return;
          data.tasks = data.tasks.filter((t) => isObject(t) && !merged.has(Number(t.id))).map((t) => view(t as Json));
        });
      }
      if (operationId === 'listSessions' || operationId === 'startSession') {
        return changed(res, (answer) =>
          objectsIn(answer.data, (o) => {
            if (typeof o.task_id === 'number' && merged.has(o.task_id)) o.task_id = merged.get(o.task_id);
          }),
        );
      }
      return res;
    };
  },
};

/**
 * Its own vocabularies: severity blocker, critical, minor or trivial, priority p1 to p4; any other value is refused
 * naming the field. The profile names the values to send.
 */
export const ownVocabulary: Choice = {
  departs: [],
  profile: (p) => ({ ...p, severity: 'blocker', priority: 'p2' }),
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'recordCaseOutcome' || !isObject(body) || body.status !== 'bug') return inner(req);
    const wrong = [
      ...(body.severity !== undefined && !SEVERITIES.includes(String(body.severity)) ? ['severity'] : []),
      ...(body.priority !== undefined && !PRIORITIES.includes(String(body.priority)) ? ['priority'] : []),
    ];
    if (wrong.length === 0) return inner(req);
    const missing = ['actual_result', 'severity', 'priority'].filter((f) => body[f] === undefined || body[f] === '');
    const errors = [
      ...wrong.map((field) => ({
        field,
        message: `must be one of ${(field === 'severity' ? SEVERITIES : PRIORITIES).join(', ')}`,
      })),
      ...missing.map((field) => ({ field, message: 'is required' })),
    ];
    return reply(400, { status: 'error', message: 'Validation failed.', errors });
  },
};
