// Choice servers that name and number ids their own way where the source is silent (docs/conformance.md, "What the
// suite does not assume"): ids named by kind, company and board ids that are no numbers, ids past 32 bits, ids as
// strings.
import type { WorkspaceId } from '../../../../conformance/engine/discovery.js';
import { isObject } from '../../../../contract/json.js';
import { type FetchHandler, parse, withQuery } from '../wrap.js';
import { changed, dataIn, OBJECT_OF, objectsIn } from './answers.js';
import type { Choice } from './choice.js';

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
function nameIdsByKind(value: unknown, kind?: string): void {
  if (Array.isArray(value)) {
    for (const v of value) nameIdsByKind(v, kind);
    return;
  }
  if (!isObject(value)) return;
  if (kind && 'id' in value && !(`${kind}_id` in value)) {
    value[`${kind}_id`] = value.id;
    delete value.id;
  }
  for (const [k, v] of Object.entries(value)) nameIdsByKind(v, KIND_OF[k]);
}

/** A numeric workspace id moved by ID_OFFSET; an identifier string (another choice's) kept. */
const shifted = (id: WorkspaceId): WorkspaceId => (typeof id === 'number' ? id + ID_OFFSET : id);

/**
 * Company and board ids that are no numbers (source §1: "internal identifiers obtained from list endpoints"; only
 * scenario, case and session ids are "numeric"): each sandbox id written as `form` says in every answer (the company
 * list's companies and boards, every `company_id` and `board_id`) and read back from every query. The profile names
 * the same company and boards by those ids.
 */
function workspaceIdsAs(form: Record<'company' | 'board', (n: number) => string>): Choice {
  // Each value searched once: nearly every request names the same company and board.
  const found = { company: new Map<string, string>(), board: new Map<string, string>() };
  const back = (kind: 'company' | 'board', value: string): string => {
    let id = found[kind].get(value);
    if (id === undefined) {
      id = value;
      for (let n = 1; n <= 10_000; n++) {
        if (form[kind](n) === value) {
          id = String(n);
          break;
        }
      }
      found[kind].set(value, id);
    }
    return id;
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

/** A company's id is `company_id` and its boards' ids `board_id` in the company list. */
export const companyIdMember: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    const res = await inner(req);
    if (operationId !== 'listCompanies') return res;
    return changed(res, (body) => {
      const companies = dataIn(body)?.companies;
      if (Array.isArray(companies)) nameIdsByKind(companies, 'company');
    });
  },
};

/** Every object names its own id after its kind (`scenario_id`, `case_report_id`, `company_id`…), never `id`. */
export const idsNamedByKind: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) => {
    const { operationId } = await parse(req);
    return changed(await inner(req), (body) => {
      const data = dataIn(body);
      if (!data) return;
      const own = OBJECT_OF[operationId ?? ''];
      for (const [k, v] of Object.entries(data)) nameIdsByKind(v, KIND_OF[k] ?? (k === own ? own : undefined));
    });
  },
};

/** Companies identified by UUIDs and boards by UUIDs, in the company list, in every answer and every query. */
export const workspaceIdsAsUuids: Choice = workspaceIdsAs({
  company: (n) => `5f0c1d2e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  board: (n) => `b0a2d000-0000-4000-9000-${String(n).padStart(12, '0')}`,
});

/** Companies identified by ULIDs and boards by slugs (`board-1`), as many Rails and Laravel services name them. */
export const workspaceIdsAsSlugs: Choice = workspaceIdsAs({
  company: (n) => `01HZX3K9Q8${String(n).padStart(16, '0')}`,
  board: (n) => `board-${n}`,
});

/**
 * Ids past 32 bits: every id the server answers is ID_OFFSET larger than the sandbox's, and every id it is sent is
 * read back. The profile names the same objects by those ids.
 */
export const largeIds: Choice = {
  departs: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const url = new URL(req.url);
    for (const [k, v] of [...url.searchParams]) {
      // A token's `key` too: where a server's key is a numeric id, it is one of the ids moved.
      if ((ID_MEMBER.test(k) || k === 'key') && /^\d+$/.test(v) && Number(v) > ID_OFFSET)
        url.searchParams.set(k, String(Number(v) - ID_OFFSET));
    }
    const { body } = await parse(req);
    // Passed on as it is where nothing changes: a Request made from another pipes its body through a new stream.
    let forwarded = url.href === req.url ? req : new Request(url, req);
    if (isObject(body) || Array.isArray(body)) {
      const copy = structuredClone(body);
      objectsIn(copy, (o) => {
        for (const [k, v] of Object.entries(o)) {
          if (ID_MEMBER.test(k) && Number.isSafeInteger(v) && (v as number) > ID_OFFSET)
            o[k] = (v as number) - ID_OFFSET;
        }
      });
      forwarded = new Request(url, { method: req.method, headers: req.headers, body: JSON.stringify(copy) });
    }
    return changed(await inner(forwarded), (answer) => shiftIds(answer.data, ID_OFFSET));
  },
  profile: (p) => ({
    ...p,
    companyId: shifted(p.companyId),
    boardId: shifted(p.boardId),
    ...(p.boardWithoutTodoColumnId === undefined
      ? {}
      : { boardWithoutTodoColumnId: shifted(p.boardWithoutTodoColumnId) }),
  }),
};

/** Every id answered as a string of digits (source §2: "Types of the numeric ids beyond "numeric": not shown"). */
export const idsAsStrings: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => async (req) =>
    changed(await inner(req), (body) =>
      objectsIn(body.data, (o) => {
        for (const [k, v] of Object.entries(o)) if (ID_MEMBER.test(k) && Number.isSafeInteger(v)) o[k] = String(v);
      }),
    ),
};

/** The kind of QA object an id member names, by its name; `id` takes the kind of the object it sits in. */
const QA_MEMBER: Record<string, 'scenario' | 'case'> = {
  parent_id: 'scenario',
  scenario_id: 'scenario',
  scenario: 'scenario',
  case_id: 'case',
};
const QA_OBJECT: Record<string, 'scenario' | 'case'> = {
  scenario: 'scenario',
  scenarios: 'scenario',
  case: 'case',
  cases: 'case',
};
/** How the titles of the other client's scenarios and cases begin: not the run's objects, and no clean-up's business. */
export const ANOTHER_CLIENT = "Another client's";
/**
 * The first id each way of reusing hands out to a created scenario or case: far above every preset world's own, and
 * apart from the other's. Layered (as allChoices layers them), the inner one's other client makes objects the outer one
 * never sees, whose ids pass through it unchanged: drawn from one range, they would meet the outer one's under one id.
 */
const REUSED_FROM = { lowest: 900_000, last: 5_900_000 } as const;

/**
 * Ids reused after a delete, as SQLite's rowids are (source §2 says only that ids are "numeric"): a new scenario or case
 * takes the `lowest` freed id of its kind, or the `last` one freed. A delete frees the object's id and, for a scenario,
 * those of its descendants and their cases (source §4); at once, another client of the same account creates a
 * scenario and a case on that board, which take freed ids, so that a read of a deleted id may answer another object.
 */
export function idsReusedAs(reuse: 'lowest' | 'last'): Choice {
  return { departs: [], wrap: (inner) => reusingIds(inner, reuse) };
}

/** A new object takes the lowest free id. */
export const idsReused: Choice = idsReusedAs('lowest');
/** A new object takes the id deleted last. */
export const idsReusedLastDeleted: Choice = idsReusedAs('last');

function reusingIds(inner: FetchHandler, reuse: 'lowest' | 'last'): FetchHandler {
  type Kind = 'scenario' | 'case';
  const outward = { scenario: new Map<number, number>(), case: new Map<number, number>() };
  const inward = { scenario: new Map<number, number>(), case: new Map<number, number>() };
  const freed = { scenario: [] as number[], case: [] as number[] };
  let next = REUSED_FROM[reuse];
  /** The outward parent of each created scenario, and the outward scenario of each created case. */
  const parentOf = new Map<number, number>();
  const scenarioOf = new Map<number, number>();
  const take = (kind: Kind): number => {
    const pool = freed[kind];
    if (pool.length === 0) return next++;
    const at = reuse === 'last' ? pool.length - 1 : pool.indexOf(Math.min(...pool));
    return pool.splice(at, 1)[0] as number;
  };
  const toInner = (kind: Kind, v: unknown) => (Number.isSafeInteger(v) ? (inward[kind].get(v as number) ?? v) : v);
  const toOuter = (kind: Kind, v: unknown) => (Number.isSafeInteger(v) ? (outward[kind].get(v as number) ?? v) : v);
  const translate = (value: unknown, own: Kind | undefined, to: (kind: Kind, v: unknown) => unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) translate(v, own, to);
      return;
    }
    if (!isObject(value)) return;
    for (const [k, v] of Object.entries(value)) {
      const kind = k === 'id' ? own : QA_MEMBER[k];
      if (kind && Number.isSafeInteger(v)) value[k] = to(kind, v);
      else translate(v, QA_OBJECT[k], to);
    }
  };
  /** Frees an outward id, and for a scenario every descendant's and every case's under it. */
  const free = (kind: Kind, id: number): void => {
    if (freed[kind].includes(id)) return;
    freed[kind].push(id);
    if (kind === 'case') return;
    for (const [c, s] of scenarioOf) if (s === id) free('case', c);
    for (const [child, parent] of parentOf) if (parent === id) free('scenario', child);
  };
  /** The answer's new object takes an outward id of its kind. */
  const created = (kind: Kind, body: unknown, sent: Record<string, unknown>): void => {
    const object = dataIn(body)?.[kind];
    if (!isObject(object) || !Number.isSafeInteger(object.id)) return;
    const id = take(kind);
    const old = inward[kind].get(id);
    if (old !== undefined) outward[kind].delete(old);
    inward[kind].set(id, object.id as number);
    outward[kind].set(object.id as number, id);
    const parent = kind === 'scenario' ? sent.parent_id : (sent.scenario ?? sent.scenario_id);
    // A scenario id and a case id may be equal (each kind reuses from its own pool): only this kind's link changes.
    const links = kind === 'scenario' ? parentOf : scenarioOf;
    if (Number.isSafeInteger(parent)) links.set(id, parent as number);
    else links.delete(id);
  };
  const handle = async (req: Request): Promise<Response> => {
    const { operationId, body } = await parse(req);
    const url = new URL(req.url);
    for (const [k, v] of [...url.searchParams]) {
      const kind = QA_MEMBER[k];
      if (kind && /^\d+$/.test(v)) url.searchParams.set(k, String(toInner(kind, Number(v))));
    }
    // Passed on as it is where nothing changes: a Request made from another pipes its body through a new stream.
    let forwarded = url.href === req.url ? req : new Request(url, req);
    if (isObject(body)) {
      const copy = structuredClone(body);
      translate(copy, undefined, toInner);
      forwarded = new Request(url, { method: req.method, headers: req.headers, body: JSON.stringify(copy) });
    }
    const res = await inner(forwarded);
    const kind = operationId === 'createScenario' ? 'scenario' : operationId === 'createCase' ? 'case' : undefined;
    const deleted = operationId === 'deleteScenario' ? 'scenario' : operationId === 'deleteCase' ? 'case' : undefined;
    if (deleted && res.ok) {
      const id = Number(new URL(req.url).searchParams.get(`${deleted}_id`));
      free(deleted, id);
      await anotherClient(req);
    }
    return changed(res, (answer) => {
      if (kind) created(kind, answer, isObject(body) ? body : {});
      translate(answer.data, OBJECT_OF[operationId ?? ''] as Kind | undefined, toOuter);
    });
  };
  /** Another client of the account creates a scenario and a case on the board at once: they take freed ids. */
  const anotherClient = async (req: Request): Promise<void> => {
    const url = new URL(req.url);
    const base = url.pathname.replace(/\/features\/qa\/.*$/, '');
    const board = `company_id=${url.searchParams.get('company_id')}&board_id=${url.searchParams.get('board_id')}`;
    const headers = { authorization: req.headers.get('authorization') ?? '', 'content-type': 'application/json' };
    const post = (path: string, body: unknown) =>
      handle(
        new Request(`${url.origin}${base}${path}?${board}`, { method: 'POST', headers, body: JSON.stringify(body) }),
      );
    const scenario = await post('/features/qa/scenarios/list/', {
      title: `${ANOTHER_CLIENT} scenario`,
      parent_id: null,
    });
    const id = (dataIn(await scenario.json())?.scenario as { id?: unknown } | undefined)?.id;
    if (!Number.isSafeInteger(id)) return;
    await post('/features/qa/cases/list/', {
      scenario: id,
      title: `${ANOTHER_CLIENT} case`,
      description: 'Written by another client.',
      steps_to_reproduce: '1. Another client.',
      expected_result: 'Another client.',
    });
  };
  return handle;
}
