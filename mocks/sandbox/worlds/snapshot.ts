// The world as versioned JSON and back (docs/sandbox.md "Persistence"): shared by the --state file and browser storage.
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

/**
 * The largest id a snapshot may hold for any kind: far beyond any world the budget allows, and small enough that
 * rebuilding the counters cannot keep a CPU busy (a counter of 1e300 in a hand-edited file once did).
 */
export const MAX_ID = 10_000_000;

/** A snapshot that cannot be loaded; the message names what is wrong, never a value. */
export class SnapshotError extends Error {
  override name = 'SnapshotError';
}

/** The world of `store` as plain JSON-ready data (awaits the password hashes still being computed). */
export async function snapshotOf(store: Store): Promise<Snapshot> {
  const counters = Object.fromEntries(KINDS.map((kind) => [kind, store.lastId(kind)])) as Record<Kind, number>;
  const accounts = await Promise.all(
    [...store.accounts.values()].map(async ({ passwordHash, ...rest }) => ({
      ...rest,
      passwordHash: await passwordHash,
    })),
  );
  const copy = <T>(rows: Iterable<T>): T[] => structuredClone([...rows]);
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    counters,
    accounts,
    companies: [...store.companies.values()].map((c: Company) => ({ id: c.id, name: c.name, members: [...c.members] })),
    boards: copy(store.boards.values()),
    tokens: copy(store.tokens.values()),
    scenarios: copy(store.scenarios.values()),
    cases: copy(store.cases.values()),
    sessions: copy(store.sessions.values()),
    caseReports: copy(store.caseReports.values()),
    tasks: copy(store.tasks.values()),
  };
}

const isId = (value: unknown): boolean =>
  Number.isSafeInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID;

/** The rows of one kind, each an object whose `id` (when the kind has one) is an integer within bounds. */
function rows<T>(snapshot: Record<string, unknown>, name: string, idField: string | false = 'id'): T[] {
  const value = snapshot[name];
  if (!Array.isArray(value)) throw new SnapshotError(`snapshot: "${name}" must be an array`);
  for (const [i, row] of value.entries()) {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new SnapshotError(`snapshot: "${name}/${i}" must be an object`);
    }
    if (idField && !isId((row as Record<string, unknown>)[idField])) {
      throw new SnapshotError(`snapshot: "${name}/${i}/${idField}" must be an integer from 1 to ${MAX_ID}`);
    }
  }
  return value as T[];
}

/**
 * Rebuilds a Store from a snapshot (parsed JSON). Rows go in through the Store's own add methods, so every index the
 * Store keeps is rebuilt; ids are reproduced by advancing the Store's counters, and checked.
 */
export function storeFromSnapshot(value: unknown): Store {
  if (typeof value !== 'object' || value === null) throw new SnapshotError('snapshot: not a JSON object');
  const snapshot = value as Record<string, unknown>;
  if (snapshot.format !== SNAPSHOT_FORMAT) throw new SnapshotError(`snapshot: "format" must be ${SNAPSHOT_FORMAT}`);
  if (snapshot.version !== SNAPSHOT_VERSION) {
    throw new SnapshotError(`snapshot: "version" must be ${SNAPSHOT_VERSION} (this sandbox reads no other)`);
  }
  const counters = snapshot.counters as Record<string, unknown> | undefined;
  for (const kind of KINDS) {
    const counter = counters?.[kind];
    if (!Number.isSafeInteger(counter) || (counter as number) < 0 || (counter as number) > MAX_ID) {
      throw new SnapshotError(`snapshot: "counters/${kind}" must be an integer from 0 to ${MAX_ID}`);
    }
  }
  const store = new StoreClass();
  const advanceTo = (kind: Kind, last: number) => {
    if (store.lastId(kind) > last) throw new SnapshotError(`snapshot: ${kind} ids must be unique and ascending`);
    while (store.lastId(kind) < last) store.nextId(kind);
  };
  const expectId = (kind: Kind, got: number, wanted: unknown) => {
    if (got !== wanted) throw new SnapshotError(`snapshot: ${kind} ids must be unique and ascending integers`);
  };

  for (const { id, passwordHash, ...fields } of rows<Snapshot['accounts'][number]>(snapshot, 'accounts')) {
    if (typeof passwordHash !== 'string') throw new SnapshotError('snapshot: every account needs a "passwordHash"');
    advanceTo('account', id - 1);
    expectId('account', store.addAccount({ ...fields, passwordHash: Promise.resolve(passwordHash) }).id, id);
  }
  for (const { id, name, members } of rows<Snapshot['companies'][number]>(snapshot, 'companies')) {
    advanceTo('company', id - 1);
    expectId('company', store.addCompany(name, members).id, id);
  }
  for (const { id, companyId, name, columns } of rows<Board>(snapshot, 'boards')) {
    advanceTo('board', id - 1);
    if (columns.length > 0) advanceTo('column', (columns[0] as { id: number }).id - 1);
    const board = store.addBoard(
      companyId,
      name,
      columns.map(({ name, kind }) => ({ name, kind })),
    );
    expectId('board', board.id, id);
    for (const [i, column] of board.columns.entries()) expectId('column', column.id, columns[i]?.id);
  }
  for (const token of rows<ApiTokenRecord>(snapshot, 'tokens', false)) store.addToken({ ...token });
  for (const { id, ...fields } of rows<Scenario>(snapshot, 'scenarios')) {
    advanceTo('scenario', id - 1);
    expectId('scenario', store.addScenario(fields).id, id);
  }
  for (const { id, ...fields } of rows<Case>(snapshot, 'cases')) {
    advanceTo('case', id - 1);
    expectId('case', store.addCase(fields).id, id);
  }
  // Sessions and reports have no add method: QA code (qa.ts) creates them the same way, by id into their maps.
  for (const session of rows<Session>(snapshot, 'sessions')) {
    advanceTo('session', session.id - 1);
    expectId('session', store.nextId('session'), session.id);
    store.sessions.set(session.id, { ...session, reportIds: [...session.reportIds] });
  }
  for (const report of rows<CaseReport>(snapshot, 'caseReports')) {
    advanceTo('caseReport', report.id - 1);
    expectId('caseReport', store.nextId('caseReport'), report.id);
    store.caseReports.set(report.id, { ...report });
  }
  for (const { id, ...fields } of rows<Task>(snapshot, 'tasks')) {
    advanceTo('task', id - 1);
    expectId('task', store.addTask(fields).id, id);
  }
  for (const kind of KINDS) advanceTo(kind, counters?.[kind] as number);
  return store;
}
