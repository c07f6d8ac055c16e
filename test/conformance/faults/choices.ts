// Servers that make other choices where the source is silent (docs/conformance.md, "What the suite does not assume"):
// not faults. Each wraps the sandbox and decides one thing its own way, as a server written from the source alone
// may; the suite must fail none of its MUST rules, leave none unverified, and fail only the SHOULD rules that hold the
// contract's own decision on that point (`departs`). test/conformance/faults.test.ts runs each on its own, in process
// and over HTTP, and all of them at once through every door.
import type { WorkspaceId } from '../../../conformance/engine/discovery.js';
import type { Profile } from '../../../conformance/profile.js';
import type { FetchHandler } from '../../../contract/http.js';
import { isObject } from '../../../contract/json.js';
import { apiRequest, jsonOf, parse, reply, validationFailed, withBody, withQuery } from './wrap.js';

type Json = Record<string, unknown>;
type Wrap = (inner: FetchHandler) => FetchHandler;

export interface Choice {
  /** The server: the sandbox behind a wrapper that decides the point its own way. */
  wrap: Wrap;
  /** SHOULD rules (the contract's decisions) it may fail or leave unverified; every other rule must pass. */
  departs?: readonly string[];
  /** Rules whose every check it leaves unjudgeable: SKIP, saying why (never a pass). */
  unjudged?: readonly string[];
  /** What the profile must tell the suite about it (ids, vocabularies): the suite cannot guess those. */
  profile?: (profile: Profile) => Profile;
}

const WRITES = new Set(['POST', 'PATCH', 'PUT']);

/** Every member of a JSON value whose value is the empty string, as a dotted path. */
function emptyStrings(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyStrings(v, `${at}[${i}]`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (v === '' ? [k] : emptyStrings(v, at ? `${at}.${k}` : k)));
}

/** Every JSON object in a value, found before any is changed, to change in place. */
function objectsIn(value: unknown, visit: (o: Json) => void): void {
  const found: Json[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      found.push(v);
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  found.forEach(visit);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The same instant written with a +02:00 offset, as a server in another time zone writes it. */
function inPlusTwo(text: string): string {
  const shifted = new Date(Date.parse(text) + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

/** Rewrites the JSON body of an answer in place with `change`; other answers pass as they are. */
async function changed(res: Response, change: (body: Json) => void): Promise<Response> {
  const body = await jsonOf(res);
  if (!isObject(body)) return res;
  change(body);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** The same answer with another status, its body kept. */
async function restatus(res: Response, status: number): Promise<Response> {
  const headers = new Headers(res.headers);
  return new Response(await res.text(), { status, headers });
}

const conflict = (field: string, message: string): Response =>
  reply(409, { status: 'error', message, errors: [{ field, message }] });

/** `data` of a parsed answer body, or undefined. */
const dataIn = (body: unknown): Json | undefined => (isObject(body) && isObject(body.data) ? body.data : undefined);

/** Every row of a list of the sandbox, read page by page with the caller's credential. */
async function listedRows(inner: FetchHandler, near: Request, path: string, collection: string): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; page <= 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await inner(apiRequest(near, 'GET', `${path}${sep}page=${page}&limit=100`, undefined, near.headers));
    const got = dataIn(await jsonOf(res))?.[collection];
    if (!res.ok || !Array.isArray(got)) break;
    rows.push(...got.filter(isObject));
    if (got.length < 100) break;
  }
  return rows;
}

/** The company list without its companies' boards (the source does not say where a company's boards are). */
const withoutBoards: Wrap = (inner) => async (req) => {
  const { operationId } = await parse(req);
  const res = await inner(req);
  if (operationId !== 'listCompanies') return res;
  return changed(res, (body) => {
    const companies = dataIn(body)?.companies;
    if (Array.isArray(companies)) for (const c of companies) if (isObject(c)) delete c.boards;
  });
};

const boardQuery = (query: URLSearchParams): string =>
  `company_id=${query.get('company_id')}&board_id=${query.get('board_id')}`;

/** Ids this much larger than the sandbox's: a server whose ids start past 32 bits, as the contract allows (int64). */
export const ID_OFFSET = 4_000_000_000;

/** Members that hold an id, by the source's names: `id`, any `…_id`, and `scenario` on case creation. */
const ID_MEMBER = /^(id|scenario|.*_id)$/;

/** Every id member of a JSON value moved by `by`, in place. */
function shiftIds(value: unknown, by: number): void {
  objectsIn(value, (o) => {
    for (const [k, v] of Object.entries(o)) if (ID_MEMBER.test(k) && Number.isSafeInteger(v)) o[k] = (v as number) + by;
  });
}

/** The list operations whose collection name the source does not give (it gives `companies`, and `tasks` as an example). */
const UNNAMED_LISTS: Record<string, string> = {
  listScenarios: 'scenarios',
  listCases: 'cases',
  listSessions: 'sessions',
  listApiTokens: 'tokens',
};

/** The object member the contract puts a created, read or changed object under, by operation. */
const OBJECT_OF: Record<string, string> = {
  createScenario: 'scenario',
  getScenario: 'scenario',
  updateScenario: 'scenario',
  createCase: 'case',
  getCase: 'case',
  updateCase: 'case',
  startSession: 'session',
  finishSession: 'session',
  recordCaseOutcome: 'case_report',
  createApiToken: 'token',
  updateApiToken: 'token',
  getMe: 'member',
  register: 'member',
};

/** The kind of the objects under a member of `data`, by its name (singular or plural). */
const KIND_OF: Record<string, string> = {
  scenario: 'scenario',
  scenarios: 'scenario',
  case: 'case',
  cases: 'case',
  session: 'session',
  sessions: 'session',
  case_report: 'case_report',
  case_reports: 'case_report',
  token: 'token',
  tokens: 'token',
  task: 'task',
  tasks: 'task',
  member: 'member',
  companies: 'company',
  boards: 'board',
  columns: 'column',
};

/** Renames `id` to `<kind>_id` in every object of a value, by the member it sits under. */
function idsNamedByKind(value: unknown, kind?: string): void {
  if (Array.isArray(value)) {
    for (const v of value) idsNamedByKind(v, kind);
    return;
  }
  if (!isObject(value)) return;
  if (kind && 'id' in value && !(`${kind}_id` in value)) {
    value[`${kind}_id`] = value.id;
    delete value.id;
  }
  for (const [k, v] of Object.entries(value)) idsNamedByKind(v, KIND_OF[k]);
}

/** Vocabularies of a server of its own (source §2: severity and priority "allowed values: not shown"). */
const SEVERITIES = ['blocker', 'critical', 'minor', 'trivial'];
const PRIORITIES = ['p1', 'p2', 'p3', 'p4'];

/**
 * Ids past 32 bits: every id the server answers is ID_OFFSET larger than the sandbox's, and every id it is sent is
 * read back. The profile names the same objects by those ids.
 */
const largeIds: Wrap = (inner) => async (req) => {
  const url = new URL(req.url);
  for (const [k, v] of [...url.searchParams]) {
    // A token's `key` too: where a server's key is a numeric id, it is one of the ids moved.
    if ((ID_MEMBER.test(k) || k === 'key') && /^\d+$/.test(v) && Number(v) > ID_OFFSET)
      url.searchParams.set(k, String(Number(v) - ID_OFFSET));
  }
  const { body } = await parse(req);
  let forwarded = new Request(url, req);
  if (isObject(body) || Array.isArray(body)) {
    const copy = structuredClone(body);
    objectsIn(copy, (o) => {
      for (const [k, v] of Object.entries(o)) {
        if (ID_MEMBER.test(k) && Number.isSafeInteger(v) && (v as number) > ID_OFFSET) o[k] = (v as number) - ID_OFFSET;
      }
    });
    forwarded = new Request(url, { method: req.method, headers: req.headers, body: JSON.stringify(copy) });
  }
  return changed(await inner(forwarded), (answer) => shiftIds(answer.data, ID_OFFSET));
};

/** A numeric workspace id moved by ID_OFFSET; an identifier string (another choice's) kept. */
const shifted = (id: WorkspaceId): WorkspaceId => (typeof id === 'number' ? id + ID_OFFSET : id);

/**
 * Company and board ids that are no numbers (source §1: "internal identifiers obtained from list endpoints"; only
 * scenario, case and session ids are "numeric"): each sandbox id written as `form` says in every answer (the company
 * list's companies and boards, every `company_id` and `board_id`) and read back from every query. The profile names
 * the same company and boards by those ids.
 */
function workspaceIdsAs(form: Record<'company' | 'board', (n: number) => string>): Choice {
  const back = (kind: 'company' | 'board', value: string): string => {
    for (let n = 1; n <= 10_000; n++) if (form[kind](n) === value) return String(n);
    return value;
  };
  const MEMBERS = { company_id: 'company', board_id: 'board' } as const;
  const written = (kind: 'company' | 'board', v: unknown) => (Number.isSafeInteger(v) ? form[kind](v as number) : v);
  return {
    departs: ['CONTRACT-01', 'GEN-02', 'GEN-03'],
    // Only numeric ids: another choice of this kind, made first, has written them its own way already.
    profile: (p) => ({
      ...p,
      companyId: written('company', p.companyId) as WorkspaceId,
      boardId: written('board', p.boardId) as WorkspaceId,
      ...(p.boardWithoutTodoColumnId === undefined
        ? {}
        : { boardWithoutTodoColumnId: written('board', p.boardWithoutTodoColumnId) as WorkspaceId }),
    }),
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      const forwarded = withQuery(req, (q) => {
        for (const [name, kind] of Object.entries(MEMBERS)) {
          const v = q.get(name);
          if (v !== null) q.set(name, back(kind, v));
        }
      });
      return changed(await inner(forwarded), (body) => {
        if (operationId === 'listCompanies') {
          for (const c of (dataIn(body)?.companies as unknown[] | undefined) ?? []) {
            if (!isObject(c)) continue;
            c.id = written('company', c.id);
            for (const b of Array.isArray(c.boards) ? c.boards : []) if (isObject(b)) b.id = written('board', b.id);
          }
        }
        objectsIn(body.data, (o) => {
          for (const [name, kind] of Object.entries(MEMBERS)) if (name in o) o[name] = written(kind, o[name]);
        });
      });
    },
  };
}

/**
 * An outcome once recorded is locked: a second done or bug outcome for the same case report is refused with 409;
 * `pending` reopens it.
 */
const outcomesLocked: Wrap = (inner) => {
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
};

/** A second session for a scenario that has one running is refused with 409 (the source: "A session is started for a scenario"). */
const oneRunningSessionPerScenario: Wrap = (inner) => async (req) => {
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
};

/** Finishing a session whose cases are not all reviewed is refused with 409 (the source: "all cases reviewed (guidance)"). */
const finishNeedsReview: Wrap = (inner) => async (req) => {
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
};

/** Every 409 answered as 400, its payload kept (the source gives no status for a conflict). */
const conflictsAs400: Wrap = (inner) => async (req) => {
  const res = await inner(req);
  return res.status === 409 ? restatus(res, 400) : res;
};

/** A list page after the first that holds no rows is answered `refusal()` instead: a page past the last one. */
const pastLastPage =
  (refusal: () => Response): Wrap =>
  (inner) =>
  async (req) => {
    const { operationId, query } = await parse(req);
    const res = await inner(req);
    if (!operationId?.startsWith('list') || Number(query.get('page') ?? 1) <= 1 || !res.ok) return res;
    const data = dataIn(await jsonOf(res));
    const arrays = data ? Object.values(data).filter(Array.isArray) : [];
    return arrays.length > 0 && arrays.every((rows) => rows.length === 0) ? refusal() : res;
  };

/**
 * In the order `allChoices` applies them, innermost first: the choices of behaviour see the sandbox's shapes, and the
 * choices of shape change what the others answered.
 */
export const CHOICES: Readonly<Record<string, Choice>> = {
  outcomesLocked: { departs: ['GEN-02'], unjudged: ['QA-16'], wrap: outcomesLocked },

  oneRunningSessionPerScenario: { departs: ['GEN-02'], wrap: oneRunningSessionPerScenario },

  /**
   * `pending` only reopens a report: the no-op pending → pending is refused with 409, pending after done or bug is taken
   * (source §3 rule 3: "Case-report status pending is a valid value"; rule 4: transitions out of done or bug not shown).
   */
  pendingOnlyToReopen: {
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
  },

  finishNeedsReview: { departs: ['GEN-02'], wrap: finishNeedsReview },

  /** State conflicts (a locked outcome, a running session, unreviewed cases) answer 400 instead of 409. */
  conflictsAs400: {
    departs: ['ENV-09', 'GEN-02', 'GEN-03'],
    unjudged: ['QA-16'],
    wrap: (inner) => conflictsAs400(outcomesLocked(oneRunningSessionPerScenario(finishNeedsReview(inner)))),
  },

  /**
   * One bug task per test case, linked by `case_id` (not by report): a bug outcome on any report of a case that has a
   * task updates that task (source §2: a bug "creates or updates a linked task").
   */
  oneTaskPerCase: {
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
  },

  /**
   * Its own vocabularies: severity blocker, critical, minor or trivial, priority p1 to p4; any other value is refused
   * naming the field. The profile names the values to send.
   */
  ownVocabulary: {
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
  },

  /** A second live token with the same title is refused with 409 ("tokens are named per integration"), as GitHub does. */
  tokenTitlesUnique: {
    departs: [],
    wrap: (inner) => async (req) => {
      const { operationId, body } = await parse(req);
      if (operationId === 'createApiToken' && isObject(body) && typeof body.title === 'string') {
        const rows = await listedRows(inner, req, '/member/bearer-tokens/', 'tokens');
        if (rows.some((t) => t.title === body.title)) return conflict('title', 'A token with this title exists.');
      }
      return inner(req);
    },
  },

  /** A second scenario with the same title on a board is refused with 409. */
  scenarioTitlesUnique: {
    departs: [],
    wrap: (inner) => async (req) => {
      const { operationId, query, body } = await parse(req);
      if (operationId === 'createScenario' && isObject(body) && typeof body.title === 'string') {
        const q = encodeURIComponent(body.title);
        const rows = await listedRows(
          inner,
          req,
          `/features/qa/scenarios/list/?${boardQuery(query)}&q=${q}`,
          'scenarios',
        );
        if (rows.some((s) => s.title === body.title)) return conflict('title', 'A scenario with this title exists.');
      }
      return inner(req);
    },
  },

  /**
   * An empty string is refused wherever the request carries one (400 naming it), as many validators do: after the
   * credential is checked, as servers authenticate before they validate.
   */
  emptyStringsRefused: {
    departs: ['GEN-03'],
    wrap: (inner) => async (req) => {
      if (WRITES.has(req.method)) {
        const { body } = await parse(req);
        const [field] = emptyStrings(body);
        const authorization = req.headers.get('authorization');
        if (field && authorization) {
          const me = await inner(new Request(new URL('/api/member/me/', req.url), { headers: { authorization } }));
          if (me.ok) return validationFailed(field, 'This field may not be blank.');
        }
      }
      return inner(req);
    },
  },

  /** A page holds at most 50 rows, and a larger `limit` is refused naming it (maximum page size: not shown). */
  limitCapped: {
    departs: ['GEN-02', 'GEN-03'],
    wrap: (inner) => async (req) => {
      const limit = new URL(req.url).searchParams.get('limit');
      return limit !== null && /^\d+$/.test(limit) && Number(limit) > 50
        ? validationFailed('limit', 'Ensure this value is less than or equal to 50.')
        : inner(req);
    },
  },

  /**
   * A deleted token is revoked, not removed (source §3: DELETE "revokes the token"): it stays in the token list, inactive,
   * with `revoked: true` and its `revoked_at`, as Laravel Passport's `revoked` and Doorkeeper's `revoked_at` keep it;
   * its key is then unknown to the detail operations (404) and it never authenticates again.
   */
  revokedTokensKept: {
    departs: ['TOKEN-11'],
    wrap: (inner) => {
      const revoked = new Map<string, string>();
      return async (req) => {
        const { operationId } = await parse(req);
        const key = new URL(req.url).searchParams.get('key') ?? '';
        const detail = operationId === 'deleteApiToken' || operationId === 'updateApiToken';
        if (detail && revoked.has(key)) return reply(404, { status: 'error', message: 'No such token.' });
        if (operationId === 'deleteApiToken' && req.headers.has('authorization')) {
          const headers = new Headers(req.headers);
          headers.set('content-type', 'application/json');
          const res = await inner(new Request(req.url, { method: 'PATCH', headers, body: '{"is_active":false}' }));
          if (!res.ok) return res;
          revoked.set(key, new Date().toISOString());
          return reply(200, { status: 'success' });
        }
        const res = await inner(req);
        if (operationId !== 'listApiTokens') return res;
        return changed(res, (body) =>
          objectsIn(body.data, (o) => {
            const at = typeof o.key === 'string' ? revoked.get(o.key) : undefined;
            if (at !== undefined) Object.assign(o, { is_active: false, revoked: true, revoked_at: at });
          }),
        );
      };
    },
  },

  /** A larger `limit` than 50 answers 50 rows, not refused (maximum page size: not shown), as Spring Data clamps. */
  limitClamped: {
    departs: ['GEN-02'],
    wrap: (inner) => async (req) => {
      const limit = new URL(req.url).searchParams.get('limit');
      return limit !== null && /^\d+$/.test(limit) && Number(limit) > 50
        ? inner(withQuery(req, (q) => q.set('limit', '50')))
        : inner(req);
    },
  },

  /** A page past the last one answers 404 `{"detail": "Invalid page."}`, as Django REST framework's paging does. */
  pastLastPage404: {
    departs: ['CONTRACT-01', 'GEN-03'],
    wrap: pastLastPage(() => reply(404, { detail: 'Invalid page.' })),
  },

  /** A page past the last one is refused with 400 naming `page`. */
  pastLastPage400: {
    departs: ['CONTRACT-01', 'GEN-03'],
    wrap: pastLastPage(() => validationFailed('page', 'This page is past the last one.')),
  },

  /** Every 403 answered as 404: what the account may not reach is, to it, not there (source §7: "out of scope"). */
  outOfScopeAs404: {
    departs: [],
    wrap: (inner) => async (req) => {
      const res = await inner(req);
      return res.status === 403 ? reply(404, { status: 'error', message: 'Not found.' }) : res;
    },
  },

  /**
   * An object that exists, addressed by an account or through a board it is not in, gets 403, not 404 (source §7: 403
   * "lacks the workspace/board access"). The server looks the object up as its creator, on its own board.
   */
  othersObjectsAs403: {
    departs: [],
    wrap: (inner) => {
      const homes = new Map<string, { board: string; authorization: string }>();
      const forbidden = () => reply(403, { status: 'error', message: 'You have no access to this object.' });
      return async (req) => {
        const { operationId, query } = await parse(req);
        const res = await inner(req);
        const authorization = req.headers.get('authorization') ?? '';
        const data = dataIn(await jsonOf(res));
        if (res.ok && data) {
          if (operationId === 'createScenario' && isObject(data.scenario)) {
            homes.set(`scenario_id:${data.scenario.id}`, { board: boardQuery(query), authorization });
          }
          if (operationId === 'createCase' && isObject(data.case)) {
            homes.set(`case_id:${data.case.id}`, { board: boardQuery(query), authorization });
          }
        }
        // A list's 404 (a page past the last one, another choice) is no object out of reach.
        if (res.status !== 404 || operationId?.startsWith('list')) return res;
        for (const [name, path] of [
          ['scenario_id', '/features/qa/scenarios/'],
          ['case_id', '/features/qa/cases/'],
        ] as const) {
          const id = query.get(name);
          const home = id === null ? undefined : homes.get(`${name}:${id}`);
          if (!home) continue;
          const seen = await inner(
            apiRequest(req, 'GET', `${path}?${home.board}&${name}=${id}`, undefined, {
              authorization: home.authorization,
            }),
          );
          if (seen.ok) return forbidden();
        }
        return res;
      };
    },
  },

  /** Validation failures answer 422 (the source: "status code not shown"). */
  validation422: {
    departs: ['ENV-05', 'GEN-02'],
    wrap: (inner) => async (req) => {
      const res = await inner(req);
      return res.status === 400 ? restatus(res, 422) : res;
    },
  },

  /**
   * A token's expires_at in Unix seconds, in requests and answers; an RFC 3339 string is refused naming it (source §2:
   * "Format of metadata and expires_at: not shown").
   */
  expiresAtInSeconds: {
    departs: ['CONTRACT-01', 'GEN-02', 'GEN-03'],
    wrap: (inner) => async (req) => {
      const { operationId, body } = await parse(req);
      let forwarded = req;
      if ((operationId === 'createApiToken' || operationId === 'updateApiToken') && isObject(body)) {
        const expires = body.expires_at;
        if (typeof expires === 'string') return validationFailed('expires_at', 'Give a Unix timestamp in seconds.');
        if (typeof expires === 'number')
          forwarded = withBody(req, { ...body, expires_at: new Date(expires * 1000).toISOString() });
      }
      return changed(await inner(forwarded), (answer) =>
        objectsIn(answer.data, (o) => {
          if (typeof o.expires_at === 'string') o.expires_at = Math.floor(Date.parse(o.expires_at) / 1000);
        }),
      );
    },
  },

  /** A token's metadata is text (a JSON object is refused naming it), shown back as the text it was given. */
  metadataAsText: {
    departs: ['CONTRACT-01', 'GEN-02', 'GEN-03'],
    wrap: (inner) => async (req) => {
      const { operationId, body } = await parse(req);
      let forwarded = req;
      if ((operationId === 'createApiToken' || operationId === 'updateApiToken') && isObject(body)) {
        if (isObject(body.metadata)) return validationFailed('metadata', 'Give the metadata as text.');
        if (typeof body.metadata === 'string')
          forwarded = withBody(req, { ...body, metadata: { text: body.metadata } });
      }
      return changed(await inner(forwarded), (answer) =>
        objectsIn(answer.data, (o) => {
          if (isObject(o.metadata) && typeof o.metadata.text === 'string') o.metadata = o.metadata.text;
        }),
      );
    },
  },

  /**
   * Sparse answers where the source shows none: a started session without its case reports (the session list has
   * them), a registration with the new account's id only, an outcome without its linked task.
   */
  sparseAnswers: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      const res = await inner(req);
      if (!res.ok) return res;
      return changed(res, (body) => {
        const data = dataIn(body);
        if (!data) return;
        if (operationId === 'startSession' && isObject(data.session)) {
          const { id, scenario_id, is_active } = data.session;
          body.data = { session: { id, scenario_id, is_active } };
        }
        if (operationId === 'register' && isObject(data.member)) body.data = { member: { id: data.member.id } };
        if (operationId === 'recordCaseOutcome' && isObject(data.case_report)) {
          const { id, status } = data.case_report;
          body.data = { case_report: { id, status } };
        }
      });
    },
  },

  /** A token is identified by a numeric `id` (no `key` member), which the detail operations take as `key`. */
  tokenKeyIsNumericId: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => {
      const ids = new Map<string, number>();
      const keys = new Map<number, string>();
      const idOf = (key: string): number => {
        let id = ids.get(key);
        if (id === undefined) {
          id = ids.size + 501;
          ids.set(key, id);
          keys.set(id, key);
        }
        return id;
      };
      return async (req) => {
        const { operationId } = await parse(req);
        if (!['createApiToken', 'updateApiToken', 'deleteApiToken', 'listApiTokens'].includes(operationId ?? '')) {
          return inner(req);
        }
        const asked = new URL(req.url).searchParams.get('key');
        const key = asked !== null && /^\d+$/.test(asked) ? keys.get(Number(asked)) : undefined;
        const res = await inner(key === undefined ? req : withQuery(req, (q) => q.set('key', key)));
        return changed(res, (body) =>
          objectsIn(body.data, (o) => {
            if (typeof o.key !== 'string') return;
            o.id = idOf(o.key);
            delete o.key;
          }),
        );
      };
    },
  },

  /** A company's id is `company_id` and its boards' ids `board_id` in the company list. */
  companyIdMember: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      const res = await inner(req);
      if (operationId !== 'listCompanies') return res;
      return changed(res, (body) => {
        const companies = dataIn(body)?.companies;
        if (Array.isArray(companies)) idsNamedByKind(companies, 'company');
      });
    },
  },

  /** The company list shows no boards (the source names no list that gives board ids). */
  /**
   * The company list carries no boards; a board list of the server's own gives them, `GET /board/list/?company_id=`
   * (under `data.items`, beside a count), which the profile names (`boardList`): the source names no board list.
   */
  boardsFromOwnList: {
    departs: [],
    profile: (p) => ({ ...p, boardList: { path: '/board/list/', collection: 'items' } }),
    wrap: (inner) => async (req) => {
      const url = new URL(req.url);
      if (req.method === 'GET' && url.pathname.endsWith('/board/list/')) {
        const companies = dataIn(
          await jsonOf(await inner(apiRequest(req, 'GET', '/company/list/', undefined, req.headers))),
        );
        if (!companies) return reply(401, { status: 'error', message: 'Authentication required.' });
        const asked = url.searchParams.get('company_id');
        const company = (Array.isArray(companies.companies) ? companies.companies : []).find(
          (c) => isObject(c) && String(c.id ?? c.company_id) === asked,
        );
        const items = isObject(company) && Array.isArray(company.boards) ? company.boards : [];
        return reply(200, { status: 'success', data: { items, count: items.length } });
      }
      return withoutBoards(inner)(req);
    },
  },

  companiesWithoutBoards: { departs: [], wrap: withoutBoards },

  /**
   * Members the contract does not know, everywhere: in every object of data, an error `code` in every error payload,
   * and the token type and lifetime in login and refresh answers.
   */
  extraMembers: {
    departs: [],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      return changed(await inner(req), (body) => {
        if (body.status !== 'success') body.code = 'invalid';
        objectsIn(body.data, (o) => {
          o.server_version = '9.9';
          o.links = { self: '/x/' };
        });
        const data = dataIn(body);
        if (data && (operationId === 'login' || operationId === 'refreshToken')) {
          data.token_type = 'JWT';
          data.expires_in = 3600;
        }
      });
    },
  },

  /** Every date-time written with a +02:00 offset instead of Z: the same instant. */
  timestampsWithOffset: {
    departs: [],
    wrap: (inner) => async (req) =>
      changed(await inner(req), (body) =>
        objectsIn(body, (o) => {
          for (const [k, v] of Object.entries(o)) if (typeof v === 'string' && DATE_TIME.test(v)) o[k] = inPlusTwo(v);
        }),
      ),
  },

  /** Lists newest first: every page's rows in the other order. */
  listsReversed: {
    departs: [],
    wrap: (inner) => async (req) =>
      req.method !== 'GET'
        ? inner(req)
        : changed(await inner(req), (body) => {
            const data = dataIn(body);
            if (!data) return;
            for (const [k, v] of Object.entries(data)) if (Array.isArray(v)) data[k] = [...v].reverse();
          }),
  },

  /**
   * Many decisions at once, each where the source is silent: validation failures name fields as members (Django REST
   * framework style); creations answer 200; the account sits directly in data; the token pair is nested in data; a new
   * token's secret comes as `data.api_token` beside the token; deletions answer 204 with no body; the unnamed lists use
   * other collection names; a path without its trailing slash redirects to the path with it.
   */
  ownShapes: {
    departs: ['CONTRACT-01', 'CONTRACT-02', 'GEN-02'],
    wrap: (inner) => async (req) => {
      const url = new URL(req.url);
      if (url.pathname.startsWith('/api/') && !url.pathname.endsWith('/')) {
        return new Response(null, { status: 301, headers: { location: `${url.pathname}/${url.search}` } });
      }
      const { operationId } = await parse(req);
      const res = await inner(req);
      if (['deleteApiToken', 'deleteScenario', 'deleteCase'].includes(operationId ?? '') && res.ok) {
        return new Response(null, { status: 204 });
      }
      const body = await jsonOf(res);
      if (!isObject(body)) return res;
      if (res.status === 400 && Array.isArray(body.errors)) {
        // Named by the member itself, as DRF does: `query.assignee_ids.0` becomes `assignee_ids`.
        const member = (field: unknown) =>
          String(field)
            .split(/[.[\]]/)
            .filter((s) => s !== '' && !/^\d+$/.test(s))
            .at(-1);
        return reply(
          400,
          Object.fromEntries(body.errors.filter(isObject).map((e) => [member(e.field), [String(e.message)]])),
        );
      }
      const data = dataIn(body);
      const status = res.status === 201 ? 200 : res.status;
      if (operationId === 'getMe' && isObject(data?.member)) return reply(status, { ...body, data: data.member });
      if ((operationId === 'login' || operationId === 'refreshToken') && data) {
        return reply(status, { ...body, data: { tokens: data } });
      }
      if (operationId === 'createApiToken' && isObject(data?.token)) {
        const { token: secret, ...token } = data.token;
        return reply(status, { ...body, data: { token, api_token: secret } });
      }
      const renamed: Record<string, string> = {
        listScenarios: 'items',
        listCases: 'results',
        listSessions: 'entries',
        listApiTokens: 'api_tokens',
      };
      const to = renamed[operationId ?? ''];
      const from = UNNAMED_LISTS[operationId ?? ''];
      if (to && from && data && Array.isArray(data[from])) {
        const { [from]: rows, ...rest } = data;
        return reply(status, { ...body, data: { ...rest, [to]: rows } });
      }
      return reply(status, body);
    },
  },

  /**
   * Paging the Django REST framework way, for every list the source gives no collection name: the rows in `results`
   * beside `count`, `next` and `previous`, and the page numbers as an array (so `data` holds two arrays).
   */
  pagingOwnWay: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      const from = UNNAMED_LISTS[operationId ?? ''];
      const res = await inner(req);
      if (!from) return res;
      return changed(res, (body) => {
        const data = dataIn(body);
        // The one array of the answer, whatever another choice has named it.
        const rows = data ? Object.values(data).find(Array.isArray) : undefined;
        if (!data || !Array.isArray(rows)) return;
        const pagination = isObject(data.pagination) ? data.pagination : {};
        const [page, limit, total] = [Number(pagination.page), Number(pagination.limit), Number(pagination.total)];
        const pages = Math.max(1, Math.ceil(total / limit));
        const at = (n: number) => (n >= 1 && n <= pages ? `${new URL(req.url).pathname}?page=${n}` : null);
        body.data = {
          count: total,
          next: at(page + 1),
          previous: at(page - 1),
          results: rows,
          page_numbers: Array.from({ length: pages }, (_, i) => i + 1),
        };
      });
    },
  },

  /** Every object names its own id after its kind (`scenario_id`, `case_report_id`, `company_id`…), never `id`. */
  idsNamedByKind: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      return changed(await inner(req), (body) => {
        const data = dataIn(body);
        if (!data) return;
        const own = OBJECT_OF[operationId ?? ''];
        for (const [k, v] of Object.entries(data)) idsNamedByKind(v, KIND_OF[k] ?? (k === own ? own : undefined));
      });
    },
  },

  /** A created, read or changed object sits in `data.result`, beside `data.meta`, not under its kind's name. */
  objectsUnderOtherNames: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) => {
      const { operationId } = await parse(req);
      const name = OBJECT_OF[operationId ?? ''];
      const res = await inner(req);
      if (!name) return res;
      return changed(res, (body) => {
        const data = dataIn(body);
        if (!data || !isObject(data[name])) return;
        const { [name]: object, ...rest } = data;
        body.data = { ...rest, result: object, meta: { request_id: 'req-1', api_version: '3' } };
      });
    },
  },

  /** Companies identified by UUIDs and boards by UUIDs, in the company list, in every answer and every query. */
  workspaceIdsAsUuids: workspaceIdsAs({
    company: (n) => `5f0c1d2e-0000-4000-8000-${String(n).padStart(12, '0')}`,
    board: (n) => `b0a2d000-0000-4000-9000-${String(n).padStart(12, '0')}`,
  }),

  /** Companies identified by ULIDs and boards by slugs (`board-1`), as many Rails and Laravel services name them. */
  workspaceIdsAsSlugs: workspaceIdsAs({
    company: (n) => `01HZX3K9Q8${String(n).padStart(16, '0')}`,
    board: (n) => `board-${n}`,
  }),

  largeIds: {
    departs: ['GEN-02'],
    wrap: largeIds,
    profile: (p) => ({
      ...p,
      companyId: shifted(p.companyId),
      boardId: shifted(p.boardId),
      ...(p.boardWithoutTodoColumnId === undefined
        ? {}
        : { boardWithoutTodoColumnId: shifted(p.boardWithoutTodoColumnId) }),
    }),
  },

  /** Every id answered as a string of digits (source §2: "Types of the numeric ids beyond "numeric": not shown"). */
  idsAsStrings: {
    departs: ['CONTRACT-01'],
    wrap: (inner) => async (req) =>
      changed(await inner(req), (body) =>
        objectsIn(body.data, (o) => {
          for (const [k, v] of Object.entries(o)) if (ID_MEMBER.test(k) && Number.isSafeInteger(v)) o[k] = String(v);
        }),
      ),
  },

  /** A path without its trailing slash is redirected with 308 and an HTML body, as some frameworks do. */
  slashRedirect308: {
    departs: [],
    wrap: (inner) => async (req) => {
      const url = new URL(req.url);
      if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/')) return inner(req);
      return new Response('<html><body>Permanent Redirect</body></html>', {
        status: 308,
        headers: { location: `${url.pathname}/${url.search}`, 'content-type': 'text/html' },
      });
    },
  },

  /** A path without its trailing slash gets the framework's own 404 page (Express: "Cannot GET"), not an error payload. */
  slashlessHtml404: {
    departs: [],
    wrap: (inner) => async (req) => {
      const url = new URL(req.url);
      if (!url.pathname.startsWith('/api/') || url.pathname.endsWith('/')) return inner(req);
      return new Response(`<pre>Cannot ${req.method} ${url.pathname}</pre>`, {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    },
  },

  /** Every answer asks to close the connection. */
  connectionClose: {
    departs: [],
    wrap: (inner) => async (req) => {
      const res = await inner(req);
      const headers = new Headers(res.headers);
      headers.set('connection', 'close');
      return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
    },
  },
};

/** The choices that can be made at once by one server (every one, each applied around the ones before it). */
export function allChoices(): Choice {
  const choices = Object.values(CHOICES);
  return {
    departs: [...new Set(choices.flatMap((c) => c.departs ?? []))],
    unjudged: [...new Set(choices.flatMap((c) => c.unjudged ?? []))],
    profile: (p) => choices.reduce((acc, c) => (c.profile ? c.profile(acc) : acc), p),
    wrap: (inner) => choices.reduce((handler, c) => c.wrap(handler), inner),
  };
}
