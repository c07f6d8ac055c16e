// The world as versioned JSON and back (docs/sandbox.md "Persistence", "Durability (--state)"): shared by the --state file and browser storage.

import type { Limits } from '../domain/limits.js';
import type {
  Account,
  ApiTokenRecord,
  Board,
  Case,
  CaseReport,
  Company,
  Kind,
  Role,
  Scenario,
  Session,
  Store,
  Task,
} from '../domain/store.js';
import { Store as StoreClass } from '../domain/store.js';
import { checkSnapshotShape, parseSnapshotText, SnapshotError } from './snapshot-schema.js';

export { SnapshotError } from './snapshot-schema.js';

export const SNAPSHOT_FORMAT = 'task-sandbox-world';
export const SNAPSHOT_VERSION = 1;

const KINDS: readonly Kind[] = [
  'account',
  'company',
  'board',
  'column',
  'scenario',
  'case',
  'session',
  'caseReport',
  'task',
];

/**
 * Everything a world holds except what only lives as long as its signing key: issued JWTs and unused refresh tokens
 * are not kept, so after a load every client logs in again. Passwords and API tokens are kept as hashes only.
 */
export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  counters: Record<Kind, number>;
  accounts: Array<Omit<Account, 'passwordHash'> & { passwordHash: string }>;
  companies: Array<{ id: number; name: string; members: Array<[number, Role]> }>;
  boards: Board[];
  tokens: ApiTokenRecord[];
  scenarios: Scenario[];
  cases: Case[];
  sessions: Session[];
  caseReports: CaseReport[];
  tasks: Task[];
}

// Password hashes once computed: a snapshot reads them synchronously, so that it sees one moment of the world.
const settledHashes = new WeakMap<Promise<string>, string>();

/** Resolves once every account of `store` has its password hash, at a moment when no new one is pending. */
export async function hashesSettled(store: Store): Promise<void> {
  for (;;) {
    const pending = [...store.accounts.values()].map((a) => a.passwordHash).filter((p) => !settledHashes.has(p));
    if (pending.length === 0) return;
    await Promise.all(pending.map((p) => p.then((hash) => settledHashes.set(p, hash))));
  }
}

/**
 * The world of `store` as JSON-ready data, read in one synchronous pass (no await between the counters and the rows, so
 * ids and counters always agree). Call it right after `hashesSettled`; an account whose hash is still being computed
 * (registered since) is left out, as a write not finished yet. The rows are the store's own objects, not copies
 * (copying a full world costs more than serializing it): serialize the result before anything else runs.
 */
export function snapshotNow(store: Store): Snapshot {
  const counters = Object.fromEntries(KINDS.map((kind) => [kind, store.lastId(kind)])) as Record<Kind, number>;
  const accounts = [...store.accounts.values()].flatMap(({ passwordHash, ...rest }) => {
    const hash = settledHashes.get(passwordHash);
    return hash === undefined ? [] : [{ ...rest, passwordHash: hash }];
  });
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    counters,
    accounts,
    companies: [...store.companies.values()].map((c: Company) => ({ id: c.id, name: c.name, members: [...c.members] })),
    boards: [...store.boards.values()],
    tokens: [...store.tokens.values()],
    scenarios: [...store.scenarios.values()],
    cases: [...store.cases.values()],
    sessions: [...store.sessions.values()],
    caseReports: [...store.caseReports.values()],
    tasks: [...store.tasks.values()],
  };
}

/** The world of `store` as JSON text, once every password hash is computed: what a save writes. */
export async function snapshotText(store: Store): Promise<string> {
  await hashesSettled(store);
  return JSON.stringify(snapshotNow(store));
}

/** The world of `store` as plain data of its own (a copy), once every password hash is computed. */
export async function snapshotOf(store: Store): Promise<Snapshot> {
  await hashesSettled(store);
  return structuredClone(snapshotNow(store));
}

/** Saved text (a --state file, browser storage) back into a Store; every error names what is wrong and where. */
export function storeFromText(text: string, limits?: Limits): Store {
  return storeFromSnapshot(parseSnapshotText(text), limits);
}

/**
 * The world saved as `text`, to put in place of `current` (a roll-back, another tab's world): unused refresh tokens
 * are never saved, so those of `current` are carried over for the accounts that still exist, and nobody is logged out.
 */
export function restoredFrom(text: string, current: Store): Store {
  const restored = storeFromText(text, current.limits);
  for (const grant of current.refreshGrants.values()) {
    if (restored.accounts.has(grant.accountId)) restored.addRefreshGrant(grant);
  }
  return restored;
}

function rows<T>(snapshot: Record<string, unknown>, name: string): Array<[T, string]> {
  return (snapshot[name] as T[]).map((row, i) => [row, `/${name}/${i}`]);
}

/**
 * Rebuilds a Store from a snapshot (parsed JSON). Rows go in through the Store's own add methods, so every index the
 * Store keeps is rebuilt; ids are reproduced by advancing the Store's counters, and checked.
 */
export function storeFromSnapshot(value: unknown, limits?: Limits): Store {
  checkSnapshotShape(value);
  const snapshot = value as Record<string, unknown>;
  const counters = snapshot.counters as Record<Kind, number>;
  const store = new StoreClass(limits);
  // Counters move in one step (restoreCounter): a saved id may be any safe integer.
  const advanceTo = (kind: Kind, last: number, place: string) => {
    if (store.lastId(kind) > last)
      throw new SnapshotError(`snapshot: ${place}: ${kind} ids must be unique and ascending`);
    store.restoreCounter(kind, last);
  };
  const expectId = (kind: Kind, got: number, wanted: unknown, place: string) => {
    if (got !== wanted) throw new SnapshotError(`snapshot: ${place}: ${kind} ids must be unique and ascending`);
  };
  /** Runs the Store's own checks on one row; what they refuse (a taken name, a limit) is named with the row's place. */
  const at = (place: string, add: () => void) => {
    try {
      add();
    } catch (error) {
      if (error instanceof SnapshotError) throw error;
      throw new SnapshotError(`snapshot: ${place}: ${(error as Error).message}`);
    }
  };

  for (const [{ id, passwordHash, ...fields }, place] of rows<Snapshot['accounts'][number]>(snapshot, 'accounts')) {
    at(place, () => {
      advanceTo('account', id - 1, place);
      expectId('account', store.addAccount({ ...fields, passwordHash: Promise.resolve(passwordHash) }).id, id, place);
    });
  }
  for (const [{ id, name, members }, place] of rows<Snapshot['companies'][number]>(snapshot, 'companies')) {
    at(place, () => {
      advanceTo('company', id - 1, place);
      expectId('company', store.addCompany(name, members).id, id, place);
    });
  }
  for (const [{ id, companyId, name, columns }, place] of rows<Board>(snapshot, 'boards')) {
    at(place, () => {
      advanceTo('board', id - 1, place);
      if (columns.length > 0)
        advanceTo('column', (columns[0] as Board['columns'][number]).id - 1, `${place}/columns/0`);
      const board = store.addBoard(
        companyId,
        name,
        columns.map(({ name, kind }) => ({ name, kind })),
      );
      expectId('board', board.id, id, place);
      for (const [i, column] of board.columns.entries()) {
        expectId('column', column.id, columns[i]?.id, `${place}/columns/${i}`);
      }
    });
  }
  for (const [token, place] of rows<ApiTokenRecord>(snapshot, 'tokens')) at(place, () => store.addToken({ ...token }));
  for (const [{ id, ...fields }, place] of rows<Scenario>(snapshot, 'scenarios')) {
    at(place, () => {
      advanceTo('scenario', id - 1, place);
      expectId('scenario', store.addScenario(fields).id, id, place);
    });
  }
  for (const [{ id, ...fields }, place] of rows<Case>(snapshot, 'cases')) {
    at(place, () => {
      advanceTo('case', id - 1, place);
      expectId('case', store.addCase(fields).id, id, place);
    });
  }
  // Sessions and reports have no add method: QA code (qa.ts) creates them the same way, by id into their maps.
  for (const [session, place] of rows<Session>(snapshot, 'sessions')) {
    advanceTo('session', session.id - 1, place);
    expectId('session', store.nextId('session'), session.id, place);
    store.sessions.set(session.id, { ...session, reportIds: [...session.reportIds] });
  }
  for (const [report, place] of rows<CaseReport>(snapshot, 'caseReports')) {
    advanceTo('caseReport', report.id - 1, place);
    expectId('caseReport', store.nextId('caseReport'), report.id, place);
    store.caseReports.set(report.id, { ...report });
  }
  for (const [{ id, ...fields }, place] of rows<Task>(snapshot, 'tasks')) {
    at(place, () => {
      advanceTo('task', id - 1, place);
      expectId('task', store.addTask(fields).id, id, place);
    });
  }
  for (const kind of KINDS) advanceTo(kind, counters[kind], `/counters/${kind}`);
  return store;
}
