// The world as versioned JSON and back (docs/sandbox.md "Persistence", "Durability (--state)"): shared by the --state file and browser storage.

import type { Limits } from '../domain/limits.js';
import type {
  Account,
  ApiTokenRecord,
  Board,
  Case,
  CaseReport,
  Kind,
  Role,
  Scenario,
  Session,
  Task,
} from '../domain/records.js';
import type { Registration } from '../domain/store.js';
import { Store } from '../domain/store.js';
import {
  checkSnapshotShape,
  parseSnapshotText,
  SnapshotError,
  TABLE_NAMES,
  type TableName,
} from './snapshot-schema.js';

export { SnapshotError } from './snapshot-schema.js';

export const SNAPSHOT_FORMAT = 'task-sandbox-world';
export const SNAPSHOT_VERSION = 2;

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

/** Where each kind of row lives in a Store: every table a saved world holds (snapshot-schema.ts TABLES). */
const ROWS_OF: Record<TableName, (store: Store) => ReadonlyMap<unknown, object>> = {
  accounts: (store) => store.accounts,
  registrations: (store) => store.registered(),
  companies: (store) => store.companies,
  boards: (store) => store.boards,
  tokens: (store) => store.tokens,
  scenarios: (store) => store.scenarios,
  cases: (store) => store.cases,
  sessions: (store) => store.sessions,
  caseReports: (store) => store.caseReports,
  tasks: (store) => store.tasks,
};

type Key = string | number;
/** A row as saved: plain JSON data (a Map becomes its entries, a password hash promise its settled hash). */
export type SavedRow = Record<string, unknown>;

/**
 * Everything a world holds except what only lives as long as its signing key: issued JWTs and unused refresh tokens
 * are not kept, so after a load every client logs in again. Passwords and API tokens are kept as hashes only. Each
 * registered account's registration is kept (every field), and who last wrote each row (what it counts against), so
 * a restart changes no account's share, standing, or the registration budget.
 */
export interface Snapshot extends Record<TableName, SavedRow[]> {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** The last journal record this snapshot holds (journal.ts): the file's next record is seq + 1. */
  seq: number;
  counters: Record<Kind, number>;
  owners: Partial<Record<TableName, Array<[Key, number]>>>;
}

/**
 * One save's changes, as a journal record holds them (journal.ts): rows put (new or changed), keys deleted, and the
 * rows whose writer changed (null: back to the world's own); a row put without an owner pair keeps its writer.
 */
export interface Changes {
  seq: number;
  counters?: Partial<Record<Kind, number>>;
  put?: Partial<Record<TableName, SavedRow[]>>;
  del?: Partial<Record<TableName, Key[]>>;
  owners?: Partial<Record<TableName, Array<[Key, number | null]>>>;
}

// Password hashes once computed: a snapshot reads them synchronously, so that it sees one moment of the world.
const settledHashes = new WeakMap<Promise<unknown>, unknown>();

/** Resolves once every account of `store` has its password hash, at a moment when no new one is pending. */
export async function hashesSettled(store: Store): Promise<void> {
  for (;;) {
    const pending = [...store.accounts.values()].map((a) => a.passwordHash).filter((p) => !settledHashes.has(p));
    if (pending.length === 0) return;
    await Promise.all(pending.map((p) => p.then((hash) => settledHashes.set(p, hash))));
  }
}

/** A value not ready to be saved: a password hash still being computed (the write is not finished). */
const NOT_READY = Symbol('not ready');

/**
 * `value` as plain JSON data, every field of it: a Map becomes its entries, a Set its values, a settled promise its
 * value; NOT_READY when a promise inside has not settled. Generic, so a field added to a row is saved without code.
 */
function savedForm(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Promise) return settledHashes.has(value) ? settledHashes.get(value) : NOT_READY;
  const items =
    value instanceof Map ? [...value] : value instanceof Set || Array.isArray(value) ? [...value] : undefined;
  if (items !== undefined) {
    const out: unknown[] = [];
    for (const item of items) {
      const form = savedForm(item);
      if (form === NOT_READY) return NOT_READY;
      out.push(form);
    }
    return out;
  }
  // A field set to undefined is no field, as in JSON.
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    const form = savedForm(field);
    if (form === NOT_READY) return NOT_READY;
    out[key] = form;
  }
  return out;
}

/** Whether `raw` (a Store's value) is what `saved` (its savedForm at some moment) says, without building a copy. */
function sameAsSaved(raw: unknown, saved: unknown): boolean {
  if (raw === saved) return true;
  if (raw === null || typeof raw !== 'object') return false;
  if (raw instanceof Promise) return settledHashes.has(raw) && settledHashes.get(raw) === saved;
  if (saved === null || typeof saved !== 'object') return false;
  if (raw instanceof Map || raw instanceof Set || Array.isArray(raw)) {
    const size = raw instanceof Map || raw instanceof Set ? raw.size : raw.length;
    if (!Array.isArray(saved) || saved.length !== size) return false;
    let i = 0;
    for (const item of raw) if (!sameAsSaved(item, saved[i++])) return false;
    return true;
  }
  let fields = 0;
  for (const key in raw) {
    const field = (raw as Record<string, unknown>)[key];
    if (field === undefined) continue;
    fields += 1;
    if (!sameAsSaved(field, (saved as Record<string, unknown>)[key])) return false;
  }
  for (const _ in saved) fields -= 1;
  return fields === 0;
}

/** A table as last saved, in the Store's order: keys, saved rows (never changed once made) and owners side by side. */
interface SavedTable {
  keys: Key[];
  rows: SavedRow[];
  owners: Array<number | undefined>;
}

/**
 * What changed in one table: rows changed in place and rows whose writer changed (by position in the SavedTable), rows
 * added, rows deleted.
 */
interface TableDiff {
  updates: Array<[number, SavedRow]>;
  reowned: Array<{ at: number; key: Key; owner: number | undefined }>;
  adds: Array<{ key: Key; row: SavedRow; owner: number | undefined }>;
  deleted: number[];
  deletedKeys: Key[];
}

/** The changes `SavedWorld.diff` found: apply them once their record is on disk; `record` is what the journal holds. */
export interface Diff {
  readonly tables: Partial<Record<TableName, TableDiff>>;
  readonly counters: Record<Kind, number>;
  readonly ownerChanges: number;
  record(seq: number): Changes;
}

function diffTable(
  rows: ReadonlyMap<unknown, object>,
  saved: SavedTable,
  ownerOf: (row: object) => number | undefined,
  ownersMoved: boolean,
  notReady: Set<Key>,
  skip: Set<Key>,
): TableDiff | undefined {
  const { keys } = saved;
  const diff: TableDiff = { updates: [], reowned: [], adds: [], deleted: [], deletedKeys: [] };
  // Rows are met in the Store's order, which is the saved order until a row is deleted: walk both side by side, and
  // look keys up only once they part.
  let next = 0;
  let positions: Map<Key, number> | undefined;
  let seen: Uint8Array | undefined;
  // New rows are saved in the Store's order (ascending ids): one not ready yet holds back those after it.
  let holding = false;
  for (const [key, row] of rows as ReadonlyMap<Key, object>) {
    let at = -1;
    if (positions === undefined && next < keys.length && keys[next] === key) {
      at = next++;
    } else {
      if (positions === undefined) {
        positions = new Map(keys.map((k, i) => [k, i]));
        seen = new Uint8Array(keys.length).fill(1, 0, next);
      }
      at = positions.get(key) ?? -1;
      if (at >= 0) (seen as Uint8Array)[at] = 1;
    }
    // A row rewritten as it was by another account changes only whom it counts against: looked up only when some
    // row changed writer since the last save (a lookup a row costs about a fifth of a save's comparison).
    if (at >= 0 && ownersMoved) {
      const owner = ownerOf(row);
      if (owner !== saved.owners[at]) diff.reowned.push({ at, key, owner });
    }
    if (at >= 0 && sameAsSaved(row, saved.rows[at])) continue;
    const form = skip.has(key) || (at < 0 && holding) ? NOT_READY : savedForm(row);
    if (form === NOT_READY) {
      notReady.add(key);
      if (at < 0) holding = true;
      continue;
    }
    if (at >= 0) diff.updates.push([at, form as SavedRow]);
    else diff.adds.push({ key, row: form as SavedRow, owner: ownerOf(row) });
  }
  if (seen === undefined) {
    for (let i = next; i < keys.length; i++) diff.deleted.push(i);
  } else {
    for (let i = 0; i < keys.length; i++) if (seen[i] === 0) diff.deleted.push(i);
  }
  diff.deletedKeys = diff.deleted.map((at) => keys[at] as Key);
  const empty =
    diff.updates.length === 0 && diff.reowned.length === 0 && diff.adds.length === 0 && diff.deleted.length === 0;
  return empty ? undefined : diff;
}

/** Whether a row waits for an account whose password hash is pending (its registration does). */
const pendingOf = (name: TableName, key: Key, pendingAccounts: Set<Key>) =>
  name === 'registrations' && pendingAccounts.has(key);

const countersOf = (store: Store) =>
  Object.fromEntries(KINDS.map((kind) => [kind, store.lastId(kind)])) as Record<Kind, number>;

/**
 * A copy of a world as last saved, made of saved rows that are never changed once made (a change replaces the row),
 * so that it costs little memory (texts are shared with the Store) and a frozen copy of it stays one moment. Comparing
 * the Store with it finds every change of every kind, however a handler made it: no write site needs to say what it
 * changed.
 */
export class SavedWorld {
  private constructor(
    private readonly tables: Record<TableName, SavedTable>,
    private counters: Record<Kind, number>,
    /** The Store's ownerChanges() when this copy was last made equal to it. */
    private ownerChanges: number,
  ) {}

  /** The world of `store` now; call after `hashesSettled`. An account whose hash is still pending is left out. */
  static of(store: Store): SavedWorld {
    const tables = {} as Record<TableName, SavedTable>;
    const pendingAccounts = new Set<Key>();
    for (const name of TABLE_NAMES) {
      const table: SavedTable = { keys: [], rows: [], owners: [] };
      let holding = false;
      for (const [key, row] of ROWS_OF[name](store) as ReadonlyMap<Key, object>) {
        // As in a diff: a row not ready yet holds back those after it, so that rows are saved in ascending order.
        const form = holding || pendingOf(name, key, pendingAccounts) ? NOT_READY : savedForm(row);
        if (form === NOT_READY) {
          holding = true;
          if (name === 'accounts') pendingAccounts.add(key);
          continue;
        }
        table.keys.push(key);
        table.rows.push(form as SavedRow);
        table.owners.push(store.ownerOf(row));
      }
      tables[name] = table;
    }
    return new SavedWorld(tables, countersOf(store), store.ownerChanges());
  }

  /** What `store` holds that this copy does not, in one synchronous pass (one moment); undefined when nothing. */
  diff(store: Store): Diff | undefined {
    const tables: Partial<Record<TableName, TableDiff>> = {};
    let changed = false;
    const ownerOf = (row: object) => store.ownerOf(row);
    const ownerChanges = store.ownerChanges();
    const ownersMoved = ownerChanges !== this.ownerChanges;
    // An account whose password hash is pending is not saved yet, and neither is its registration.
    const pendingAccounts = new Set<Key>();
    const none = new Set<Key>();
    for (const name of TABLE_NAMES) {
      const notReady = name === 'accounts' ? pendingAccounts : new Set<Key>();
      const skip = name === 'registrations' ? pendingAccounts : none;
      const diff = diffTable(ROWS_OF[name](store), this.tables[name], ownerOf, ownersMoved, notReady, skip);
      if (diff) {
        tables[name] = diff;
        changed = true;
      }
    }
    const counters = countersOf(store);
    if (!changed && KINDS.every((kind) => counters[kind] === this.counters[kind])) {
      this.ownerChanges = ownerChanges;
      return undefined;
    }
    const changedCounters = KINDS.filter((kind) => counters[kind] !== this.counters[kind]);
    return {
      tables,
      counters,
      ownerChanges,
      record(seq) {
        const record: Changes = { seq };
        if (changedCounters.length > 0) {
          record.counters = Object.fromEntries(changedCounters.map((kind) => [kind, counters[kind]]));
        }
        const put: Changes['put'] = {};
        const del: Changes['del'] = {};
        const owners: Changes['owners'] = {};
        for (const [name, diff] of Object.entries(tables) as Array<[TableName, TableDiff]>) {
          const rows = [...diff.updates.map(([, row]) => row), ...diff.adds.map((add) => add.row)];
          if (rows.length > 0) put[name] = rows;
          if (diff.deletedKeys.length > 0) del[name] = diff.deletedKeys;
          const pairs: Array<[Key, number | null]> = diff.reowned.map(({ key, owner }) => [key, owner ?? null]);
          for (const add of diff.adds) if (add.owner !== undefined) pairs.push([add.key, add.owner]);
          if (pairs.length > 0) owners[name] = pairs;
        }
        if (Object.keys(put).length > 0) record.put = put;
        if (Object.keys(del).length > 0) record.del = del;
        if (Object.keys(owners).length > 0) record.owners = owners;
        return record;
      },
    };
  }

  /** Makes this copy hold what `diff` found (once its record is on disk). */
  apply(diff: Diff): void {
    for (const [name, change] of Object.entries(diff.tables) as Array<[TableName, TableDiff]>) {
      const table = this.tables[name];
      for (const [at, row] of change.updates) table.rows[at] = row;
      for (const { at, owner } of change.reowned) table.owners[at] = owner;
      if (change.deleted.length > 0) {
        const gone = new Set(change.deleted);
        const keep = (_: unknown, i: number) => !gone.has(i);
        table.keys = table.keys.filter(keep);
        table.rows = table.rows.filter(keep);
        table.owners = table.owners.filter(keep);
      }
      for (const add of change.adds) {
        table.keys.push(add.key);
        table.rows.push(add.row);
        table.owners.push(add.owner);
      }
    }
    this.counters = diff.counters;
    this.ownerChanges = diff.ownerChanges;
  }

  /** A copy that later `apply` calls leave as it is (the rows are shared: they never change). */
  frozen(): SavedWorld {
    const tables = {} as Record<TableName, SavedTable>;
    for (const name of TABLE_NAMES) {
      const { keys, rows, owners } = this.tables[name];
      tables[name] = { keys: [...keys], rows: [...rows], owners: [...owners] };
    }
    return new SavedWorld(tables, { ...this.counters }, this.ownerChanges);
  }

  private ownersOf(name: TableName): Array<[Key, number]> {
    const { keys, owners } = this.tables[name];
    const out: Array<[Key, number]> = [];
    for (let i = 0; i < keys.length; i++) {
      const owner = owners[i];
      if (owner !== undefined) out.push([keys[i] as Key, owner]);
    }
    return out;
  }

  /** This world as a Snapshot; its rows are this copy's own (never changed, but not to be changed by the caller). */
  snapshot(seq: number): Snapshot {
    const tables = Object.fromEntries(TABLE_NAMES.map((name) => [name, this.tables[name].rows]));
    const owners = Object.fromEntries(
      TABLE_NAMES.map((name) => [name, this.ownersOf(name)] as const).filter(([, pairs]) => pairs.length > 0),
    );
    return {
      format: SNAPSHOT_FORMAT,
      version: SNAPSHOT_VERSION,
      seq,
      counters: { ...this.counters },
      ...(tables as Record<TableName, SavedRow[]>),
      owners,
    };
  }

  /**
   * The text of `snapshot(seq)`, in pieces of about `pieceChars` characters: a caller that awaits between pieces
   * lets other work run while a large world is serialized (a frozen copy does not change meanwhile).
   */
  *text(seq: number, pieceChars = 1 << 18): Generator<string> {
    const head = { format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, seq, counters: this.counters };
    // The head without its closing brace; each table follows as `,"name":[...]`.
    let piece = JSON.stringify(head).slice(0, -1);
    const array = function* (items: unknown[]): Generator<string> {
      piece += '[';
      for (let i = 0; i < items.length; i++) {
        piece += (i === 0 ? '' : ',') + JSON.stringify(items[i]);
        if (piece.length >= pieceChars) {
          yield piece;
          piece = '';
        }
      }
      piece += ']';
    };
    for (const name of TABLE_NAMES) {
      piece += `,${JSON.stringify(name)}:`;
      yield* array(this.tables[name].rows);
    }
    piece += ',"owners":{';
    let first = true;
    for (const name of TABLE_NAMES) {
      const pairs = this.ownersOf(name);
      if (pairs.length === 0) continue;
      piece += `${first ? '' : ','}${JSON.stringify(name)}:`;
      first = false;
      yield* array(pairs);
    }
    yield `${piece}}}`;
  }

  /** A Store holding this world (a roll-back): built from a copy, so the Store never shares a row with this copy. */
  toStore(limits?: Limits, now?: () => number): Store {
    return storeFromSnapshot(structuredClone(this.snapshot(0)), limits, now);
  }
}

/**
 * The world of `store` as JSON-ready data of its own (copies), read in one synchronous pass (no await between the
 * counters and the rows, so ids and counters always agree). Call it right after `hashesSettled`; an account whose hash
 * is still being computed (registered since) is left out, as a write not finished yet.
 */
export function snapshotNow(store: Store): Snapshot {
  return SavedWorld.of(store).snapshot(0);
}

/** The world of `store` as JSON text, once every password hash is computed. */
export async function snapshotText(store: Store): Promise<string> {
  await hashesSettled(store);
  return JSON.stringify(snapshotNow(store));
}

/** The world of `store` as plain data of its own (a copy), once every password hash is computed. */
export async function snapshotOf(store: Store): Promise<Snapshot> {
  await hashesSettled(store);
  return snapshotNow(store);
}

/** Saved text (browser storage, a --state file without journal) back into a Store; every error names what and where. */
export function storeFromText(text: string, limits?: Limits, now?: () => number): Store {
  return storeFromSnapshot(parseSnapshotText(text), limits, now);
}

/**
 * The world saved as `text`, to put in place of `current` (a roll-back, another tab's world): unused refresh tokens
 * are never saved, so those of `current` are carried over for the accounts that still exist, and nobody is logged out.
 */
export function restoredFrom(text: string, current: Store): Store {
  return withRefreshGrantsOf(storeFromText(text, current.limits, current.now), current);
}

/** `restored` with the unused refresh tokens of `current` for the accounts it holds: nobody is logged out. */
export function withRefreshGrantsOf(restored: Store, current: Store): Store {
  for (const grant of current.refreshGrants.values()) {
    if (restored.accounts.has(grant.accountId)) restored.addRefreshGrant(grant);
  }
  return restored;
}

/** Where each row of a snapshot came from, for messages: `/scenarios/3` by default, a journal line when replayed. */
export type Places = Partial<Record<TableName, string[]>> & { owners?: Partial<Record<TableName, string[]>> };

/**
 * Rebuilds a Store from a snapshot (parsed JSON). Rows go in through the Store's own add methods, so every index the
 * Store keeps is rebuilt; ids are reproduced by advancing the Store's counters, and checked. Then each registration
 * and each row's writer are put back as saved (Store.restoreRegistration, restoreOwner), with the sums they make: a
 * saved world is the operator's, so loading it never refuses a row for a share or the registration budget, and never
 * removes anything. A version 1 snapshot recorded neither: its accounts all count as the world's own, as they did
 * when it was saved.
 */
export function storeFromSnapshot(value: unknown, limits?: Limits, now?: () => number): Store {
  checkSnapshotShape(value);
  return storeFromCheckedSnapshot(value, limits, {}, now);
}

/** storeFromSnapshot for a value whose shape is already checked (a replayed journal), naming rows by `places`. */
export function storeFromCheckedSnapshot(
  value: unknown,
  limits?: Limits,
  places: Places = {},
  now?: () => number,
): Store {
  const snapshot = value as Record<string, unknown>;
  const counters = snapshot.counters as Record<Kind, number>;
  const store = new Store(limits, now);
  const rows = <T>(name: TableName): Array<[T, string]> =>
    ((snapshot[name] ?? []) as T[]).map((row, i) => [row, places[name]?.[i] ?? `/${name}/${i}`]);

  // Counters move in one step (restoreCounter): a saved id may be any safe integer.
  const advanceTo = (kind: Kind, last: number, place: string) => {
    if (store.lastId(kind) > last)
      throw new SnapshotError(`snapshot: ${place}: ${kind} ids must be unique and ascending`);
    store.restoreCounter(kind, last);
  };
  const expectId = (kind: Kind, got: number, wanted: unknown, place: string) => {
    if (got !== wanted) throw new SnapshotError(`snapshot: ${place}: ${kind} ids must be unique and ascending`);
  };
  /** Runs the Store's own checks on one row; what they refuse (a taken name) is named with the row's place. */
  const at = (place: string, add: () => void) => {
    try {
      add();
    } catch (error) {
      if (error instanceof SnapshotError) throw error;
      throw new SnapshotError(`snapshot: ${place}: ${(error as Error).message}`);
    }
  };

  for (const [{ id, passwordHash, ...fields }, place] of rows<SavedRow & { id: number; passwordHash: string }>(
    'accounts',
  )) {
    at(place, () => {
      advanceTo('account', id - 1, place);
      const account = { ...fields, passwordHash: Promise.resolve(passwordHash) } as Omit<Account, 'id'>;
      expectId('account', store.addAccount(account).id, id, place);
    });
  }
  for (const [{ accountId, ...registration }, place] of rows<Registration & { accountId: number }>('registrations')) {
    if (!store.accounts.has(accountId)) {
      throw new SnapshotError(`snapshot: ${place}/accountId: account ${accountId} is not in the world`);
    }
    store.restoreRegistration(accountId, registration);
  }
  for (const [{ id, name, members }, place] of rows<{ id: number; name: string; members: Array<[number, Role]> }>(
    'companies',
  )) {
    at(place, () => {
      advanceTo('company', id - 1, place);
      expectId('company', store.addCompany(name, members).id, id, place);
    });
  }
  for (const [{ id, companyId, name, columns }, place] of rows<Board>('boards')) {
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
  for (const [token, place] of rows<ApiTokenRecord>('tokens')) {
    at(place, () => store.addToken({ ...token }));
  }
  for (const [{ id, ...fields }, place] of rows<Scenario>('scenarios')) {
    at(place, () => {
      advanceTo('scenario', id - 1, place);
      expectId('scenario', store.addScenario(fields).id, id, place);
    });
  }
  checkScenarioTree(store, new Map(rows<Scenario>('scenarios').map(([row, place]) => [row.id, place])));
  for (const [{ id, ...fields }, place] of rows<Case>('cases')) {
    at(place, () => {
      advanceTo('case', id - 1, place);
      expectId('case', store.addCase(fields).id, id, place);
    });
  }
  // Sessions and reports have no add method: QA code (qa.ts) creates them the same way, by id into their maps.
  for (const [session, place] of rows<Session>('sessions')) {
    advanceTo('session', session.id - 1, place);
    expectId('session', store.nextId('session'), session.id, place);
    store.sessions.set(session.id, { ...session, reportIds: [...session.reportIds] });
  }
  for (const [report, place] of rows<CaseReport>('caseReports')) {
    advanceTo('caseReport', report.id - 1, place);
    expectId('caseReport', store.nextId('caseReport'), report.id, place);
    store.caseReports.set(report.id, { ...report });
  }
  for (const [{ id, ...fields }, place] of rows<Task>('tasks')) {
    at(place, () => {
      advanceTo('task', id - 1, place);
      expectId('task', store.addTask(fields).id, id, place);
    });
  }
  // QA code keeps both sides (qa.ts): a session names only reports of the world, a report only a session and a case of
  // it. A world that does not would hide a report, or hold QA data a delete should have taken with it.
  const holder = new Map<number, number>();
  for (const [session, place] of rows<Session>('sessions')) {
    for (const [i, id] of session.reportIds.entries()) {
      if (!store.caseReports.has(id))
        throw new SnapshotError(`snapshot: ${place}/reportIds/${i}: names no case report of the world`);
      holder.set(id, session.id);
    }
  }
  for (const [report, place] of rows<CaseReport>('caseReports')) {
    if (holder.get(report.id) !== report.sessionId) {
      throw new SnapshotError(`snapshot: ${place}/sessionId: names no session that holds this report`);
    }
    if (!store.cases.has(report.caseId))
      throw new SnapshotError(`snapshot: ${place}/caseId: names no case of the world`);
  }
  for (const kind of KINDS) advanceTo(kind, counters[kind], `/counters/${kind}`);
  // Each row counts against the account that last wrote it, as when it was saved.
  for (const [name, pairs] of Object.entries((snapshot.owners ?? {}) as Snapshot['owners'])) {
    const table = ROWS_OF[name as TableName](store) as ReadonlyMap<Key, object>;
    for (const [i, [key, owner]] of (pairs ?? []).entries()) {
      const place = places.owners?.[name as TableName]?.[i] ?? `/owners/${name}/${i}`;
      const row = table.get(key);
      if (row === undefined)
        throw new SnapshotError(`snapshot: ${place}: no ${name} row with key ${JSON.stringify(key)}`);
      if (!store.accounts.has(owner))
        throw new SnapshotError(`snapshot: ${place}: account ${owner} is not in the world`);
      at(place, () => store.restoreOwner(row, owner));
    }
  }
  return store;
}

/**
 * A scenario's parent is a scenario of the same board, and following parents always ends at a root: a self-parent or
 * any cycle is refused, naming the scenarios on it (a cycle would make every walk of the tree endless).
 */
function checkScenarioTree(store: Store, places: Map<number, string>): void {
  const done = new Set<number>();
  for (const start of store.scenarios.values()) {
    const path: number[] = [];
    const onPath = new Set<number>();
    for (let scenario: Scenario | undefined = start; scenario && !done.has(scenario.id); ) {
      const place = places.get(scenario.id) ?? `/scenarios (id ${scenario.id})`;
      path.push(scenario.id);
      onPath.add(scenario.id);
      const parentId = scenario.parent_id;
      if (parentId === null) break;
      if (onPath.has(parentId)) {
        const cycle = [...path.slice(path.indexOf(parentId)), parentId].join(' → ');
        throw new SnapshotError(`snapshot: ${place}/parent_id: the scenario tree has a cycle: scenario ${cycle}`);
      }
      const parent = store.scenarios.get(parentId);
      if (!parent || parent.boardId !== scenario.boardId) {
        throw new SnapshotError(
          `snapshot: ${place}/parent_id: scenario ${parentId} is not a scenario of board ${scenario.boardId}`,
        );
      }
      scenario = parent;
    }
    for (const id of path) done.add(id);
  }
}
