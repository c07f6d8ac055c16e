// The sandbox's in-memory world: accounts, companies, boards and columns, tokens, QA data and tasks, with stable ids,
// and the exact accounting of what each account stores (docs/sandbox.md "Limits and throttles").
import {
  accountFull,
  approxBytes,
  DEFAULT_LIMITS,
  type Limits,
  limitReached,
  registrationsFull,
  worldFull,
} from './limits.js';

/** A member's role in a company. `viewer` may read QA data and tasks but not change them. */
export type Role = 'owner' | 'qa' | 'viewer';

/** Workflow kind of a board column; a QA session needs a `todo` column (source §3, §8). */
export type ColumnKind = 'backlog' | 'todo' | 'in_progress' | 'done';

export interface Account {
  id: number;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  description: string;
  /** Resolves to the PBKDF2 hash; a promise so the account exists (and its name is taken) before hashing ends. */
  passwordHash: Promise<string>;
  /** Base32 TOTP secret when two-factor authentication is on. */
  totpSecret?: string;
}

export interface Company {
  id: number;
  name: string;
  members: Map<number, Role>;
}

export interface Column {
  id: number;
  name: string;
  kind: ColumnKind;
}

export interface Board {
  id: number;
  companyId: number;
  name: string;
  columns: Column[];
}

export interface ApiTokenRecord {
  key: string;
  accountId: number;
  title: string;
  is_active: boolean;
  metadata: Record<string, unknown>;
  expires_at: string | null;
  created_at: string;
  /** SHA-256 of the secret (hex); the secret itself is never stored. */
  secretHash: string;
}

/**
 * A refresh token that has not been used yet; using it removes it (rotation). Its expiry is the JWT's own `exp`,
 * checked when it is verified, so the grant keeps none.
 */
export interface RefreshGrant {
  jti: string;
  accountId: number;
}

export interface Scenario {
  id: number;
  boardId: number;
  title: string;
  parent_id: number | null;
  position: number | null;
}

export interface Case {
  id: number;
  boardId: number;
  scenarioId: number;
  title: string;
  description: string;
  steps_to_reproduce: string;
  expected_result: string;
}

export type CaseReportStatus = 'pending' | 'done' | 'bug';

export interface CaseReport {
  id: number;
  sessionId: number;
  caseId: number;
  status: CaseReportStatus;
  actual_result: string | null;
  severity: string | null;
  priority: string | null;
  task_id: number | null;
}

export interface Session {
  id: number;
  boardId: number;
  scenarioId: number;
  /** The scenario's title when the session started; `q` searches it. */
  title: string;
  is_active: boolean;
  reportIds: number[];
  started_at: string;
  finished_at: string | null;
}

export interface Task {
  id: number;
  boardId: number;
  columnId: number;
  title: string;
  description: string;
  assignee_ids: number[];
  case_report_id: number | null;
  severity: string | null;
  priority: string | null;
}

export type Kind = 'account' | 'company' | 'board' | 'column' | 'scenario' | 'case' | 'session' | 'caseReport' | 'task';

/** The set stored under `key`, created on first use. */
function setOf<K, V>(map: Map<K, Set<V>>, key: K): Set<V> {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  return set;
}

/**
 * How a registered account stands. An account without one is the world's own (seeded, or loaded from a file that
 * records no registration for it): it is never removed. A saved world keeps every field of it as it is (worlds/snapshot.ts), so a
 * restart changes no standing and a field added here is saved with no other code; plain JSON values only.
 */
export interface Registration {
  /** When it was registered (ms since the epoch). */
  atMs: number;
  /** Who registered it (core/app.ts requestClients): the per-client registration budget counts it there. */
  client: string;
  /** Logged in at least once. Until then it holds nothing and is removed `unusedRegistrationMs` after `atMs`. */
  used: boolean;
}

/** A registration as the Store keeps it: with its account's id, so that a saved row names its account. */
export interface AccountRegistration extends Registration {
  accountId: number;
}

/** What the byte accounting holds against a record: its size when last written, and who wrote it (none: the world's). */
interface Charge {
  bytes: number;
  owner: number | undefined;
}

/** Bytes of stored data, in all, of the world's pool (the seed and the world's own accounts), and per account. */
export interface Usage {
  total: number;
  world: number;
  byAccount: Map<number, number>;
}

/** A write about to happen: `next` replaces `record` (an update), or is new (no `record`). */
export interface PlannedWrite {
  record?: object;
  next: object;
}

/** What one record takes: limits.ts approxBytes plus its map entry. */
export const recordBytes = (record: object): number => 32 + approxBytes(record);

interface Ledger {
  put(old: object | undefined, next: object, owner: number | undefined): void;
  release(record: object): void;
  writer(): number | undefined;
}

/**
 * A map of stored records whose every set and delete is accounted at once: a set that does not fit throws the 429
 * before anything changes, a delete credits its owner. Code that writes a map directly (QA rules, a snapshot loader)
 * is accounted like the Store's own methods.
 */
export class RecordMap<K, V extends object> extends Map<K, V> {
  constructor(private readonly ledger: Ledger) {
    super();
  }

  /** Stores `value`, written by the account being charged (Store.charging). */
  override set(key: K, value: V): this {
    return this.setAs(key, value, this.ledger.writer());
  }

  /** Stores `value` as written by `owner` (undefined: the world's own data). */
  setAs(key: K, value: V, owner: number | undefined): this {
    this.ledger.put(super.get(key), value, owner);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    const old = super.get(key);
    if (old === undefined) return false;
    this.ledger.release(old);
    return super.delete(key);
  }

  override clear(): void {
    for (const value of super.values()) this.ledger.release(value);
    super.clear();
  }
}

/**
 * All state of one sandbox. Maps keep insertion order and ids only grow, so iterating a map lists rows in creation
 * order: that is the stable ordering every list endpoint uses.
 *
 * Every record counts against the account that last wrote it, from the moment it is written to the moment it is
 * deleted (an update that shrinks it is credited at once): one account's writes never change another's standing.
 * Nothing is ever removed to make room: a write that does not fit is refused (429) for the account that wrote it.
 */
export class Store {
  private readonly ledger: Ledger = {
    put: (old, next, owner) => this.put(old, next, owner),
    release: (record) => this.release(record),
    writer: () => this.charging,
  };
  readonly accounts = new RecordMap<number, Account>(this.ledger);
  /** Account by lower-cased username and by lower-cased email: O(1) lookups, so login time does not grow with accounts. */
  private readonly accountsByUsername = new Map<string, Account>();
  private readonly accountsByEmail = new Map<string, Account>();
  /** Named API token keys per account, and unused refresh token ids per account in issue order (oldest first). */
  private readonly tokenKeysByAccount = new Map<number, Set<string>>();
  private readonly refreshJtisByAccount = new Map<number, Set<string>>();
  readonly companies = new RecordMap<number, Company>(this.ledger);
  readonly boards = new RecordMap<number, Board>(this.ledger);
  /** Named API tokens by `key`. */
  readonly tokens = new RecordMap<string, ApiTokenRecord>(this.ledger);
  /** Token `key` by secret hash: the lookup a `Bearer` request makes. */
  readonly tokenKeysByHash = new Map<string, string>();
  /**
   * Credentials, not stored data: bounded by count (refreshTokensPerAccount per account), so they are not in the
   * byte accounting, and a login never answers 429 for lack of room.
   */
  readonly refreshGrants = new Map<string, RefreshGrant>();
  readonly scenarios = new RecordMap<number, Scenario>(this.ledger);
  readonly cases = new RecordMap<number, Case>(this.ledger);
  readonly sessions = new RecordMap<number, Session>(this.ledger);
  readonly caseReports = new RecordMap<number, CaseReport>(this.ledger);
  readonly tasks = new RecordMap<number, Task>(this.ledger);
  private readonly counters: Record<Kind, number> = {
    account: 0,
    company: 0,
    board: 0,
    column: 0,
    scenario: 0,
    case: 0,
    session: 0,
    caseReport: 0,
    task: 0,
  };

  /**
   * The account whose request is being answered (set by the core around each handler's synchronous part, and by
   * writeAs): who is writing. Only such writes are checked against shares and budgets; the seed and a loaded world are
   * the operator's, and never refused.
   */
  charging: number | undefined;

  // The byte accounting: a charge per stored record, and its sums.
  private readonly charges = new WeakMap<object, Charge>();
  private usedTotal = 0;
  private usedWorld = 0;
  private readonly usedBy = new Map<number, number>();
  /** Times a stored record changed writer (ownerChanges): a saved copy of the world looks owners up only after one. */
  private ownerChangeCount = 0;

  /** Registered accounts by id; every other account is the world's own. */
  private readonly registrations = new Map<number, AccountRegistration>();
  /** Registered accounts nobody has logged in to yet, by id, with when they were registered (registration order). */
  private readonly unused = new Map<number, number>();
  /** How many registered accounts each client has now. */
  private readonly registeredByClient = new Map<string, number>();

  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    readonly now: () => number = Date.now,
  ) {}

  nextId(kind: Kind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  /**
   * Sets the last id handed out for `kind` when loading a snapshot (worlds/snapshot.ts): in one step, since a saved
   * counter may be any safe integer and counting up to it would take as long as its size.
   */
  restoreCounter(kind: Kind, last: number): void {
    if (!Number.isSafeInteger(last) || last < this.counters[kind]) {
      throw new RangeError(`Store.restoreCounter: ${kind} counter must be a safe integer ≥ ${this.counters[kind]}`);
    }
    this.counters[kind] = last;
  }

  /** The last id handed out for `kind` (0 when none): a snapshot keeps it so deleted ids are never reused. */
  lastId(kind: Kind): number {
    return this.counters[kind];
  }

  // ---- The byte accounting ----

  /** Whether what `owner` writes draws on the world's budget: the world's own data and accounts do, registered ones not. */
  private inWorldPool(owner: number | undefined): boolean {
    return owner === undefined || !this.registrations.has(owner);
  }

  /** The bytes `owner` may hold: a registered account's reserved share, or a world account's share. */
  shareOf(owner: number): number {
    return this.registrations.has(owner) ? this.limits.registeredAccountBytes : this.limits.accountBytes;
  }

  /**
   * Throws the 429 when `owner` writing `writes` for a request would pass its share or its pool's budget; changes
   * nothing.
   */
  private checkRoom(owner: number | undefined, writes: Array<{ bytes: number; prev: Charge | undefined }>): void {
    if (this.charging === undefined) return;
    let own = 0;
    let pool = 0;
    const world = this.inWorldPool(owner);
    for (const { bytes, prev } of writes) {
      // What the writer already holds of a record it rewrites is its own to reuse; another's is credited to them.
      own += bytes - (prev && prev.owner === owner ? prev.bytes : 0);
      pool += bytes - (prev && this.inWorldPool(prev.owner) === world ? prev.bytes : 0);
    }
    if (owner !== undefined && own > 0) {
      const share = this.shareOf(owner);
      if (this.bytesOf(owner) + own > share) throw accountFull(share);
    }
    // Registered accounts reserved their share when they registered: only the world's pool can be full.
    if (world && pool > 0 && this.usedWorld + pool > this.limits.worldBytes) throw worldFull(this.limits.worldBytes);
  }

  private charge(record: object, bytes: number, owner: number | undefined): void {
    this.charges.set(record, { bytes, owner });
    this.usedTotal += bytes;
    if (this.inWorldPool(owner)) this.usedWorld += bytes;
    if (owner !== undefined) this.usedBy.set(owner, (this.usedBy.get(owner) ?? 0) + bytes);
  }

  private uncharge(record: object, charge: Charge): void {
    this.charges.delete(record);
    this.usedTotal -= charge.bytes;
    if (this.inWorldPool(charge.owner)) this.usedWorld -= charge.bytes;
    if (charge.owner !== undefined) {
      const left = (this.usedBy.get(charge.owner) ?? 0) - charge.bytes;
      if (left === 0) this.usedBy.delete(charge.owner);
      else this.usedBy.set(charge.owner, left);
    }
  }

  private put(old: object | undefined, next: object, owner: number | undefined): void {
    const bytes = recordBytes(next);
    const prev = old === undefined ? undefined : this.charges.get(old);
    this.checkRoom(owner, [{ bytes, prev }]);
    if (old !== undefined && prev) {
      if (prev.owner !== owner) this.ownerChangeCount += 1;
      this.uncharge(old, prev);
    }
    this.charge(next, bytes, owner);
  }

  private release(record: object): void {
    const charge = this.charges.get(record);
    if (charge) this.uncharge(record, charge);
  }

  /**
   * Throws the 429 when the writes planned together do not fit the writer's share (and its pool), before any of them
   * is made: a request that makes several records is refused whole or done whole.
   */
  room(writes: PlannedWrite[]): void {
    this.checkRoom(
      this.charging,
      writes.map(({ record, next }) => ({
        bytes: recordBytes(next),
        prev: record === undefined ? undefined : this.charges.get(record),
      })),
    );
  }

  /**
   * Changes fields of a stored record (fields given as undefined are left alone). The record then counts against the
   * writer (Store.charging; its owner so far when nobody is charged), at its new size, and its previous owner is
   * credited; throws the 429 before changing anything when that does not fit.
   */
  update<T extends object>(record: T, changes: Partial<T>): T {
    const prev = this.charges.get(record);
    if (!prev) throw new Error('Store.update: the record is not stored');
    // Copied only when a field is left alone (undefined): the common write changes every field it names.
    const defined = Object.values(changes).includes(undefined)
      ? (Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>)
      : changes;
    const owner = this.charging ?? prev.owner;
    const bytes = recordBytes({ ...record, ...defined });
    this.checkRoom(owner, [{ bytes, prev }]);
    Object.assign(record, defined);
    if (prev.owner !== owner) this.ownerChangeCount += 1;
    this.uncharge(record, prev);
    this.charge(record, bytes, owner);
    return record;
  }

  /**
   * A change that follows from a deletion (a session losing a deleted case's report, a task unlinked): never refused,
   * the record keeps its owner, and what it frees is credited at once.
   */
  settle<T extends object>(record: T, changes: Partial<T>): void {
    const prev = this.charges.get(record);
    Object.assign(record, changes);
    if (!prev) return;
    this.uncharge(record, prev);
    this.charge(record, recordBytes(record), prev.owner);
  }

  /** Runs `write` as a write of `accountId`'s request (checked against its share): for a write after an await. */
  writeAs<T>(accountId: number, write: () => T): T {
    const before = this.charging;
    this.charging = accountId;
    try {
      return write();
    } finally {
      this.charging = before;
    }
  }

  /** Bytes `accountId` holds now (the records it last wrote). */
  bytesOf(accountId: number): number {
    return this.usedBy.get(accountId) ?? 0;
  }

  /** The account a stored record counts against (undefined: the world's own data, or not stored). */
  ownerOf(record: object): number | undefined {
    return this.charges.get(record)?.owner;
  }

  /**
   * How many times a stored record has changed writer so far (an update or a replacement by another account, a
   * loader's restoreOwner): while it stays the same, no stored record's owner has changed.
   */
  ownerChanges(): number {
    return this.ownerChangeCount;
  }

  /** The running accounting, as kept write by write. */
  usage(): Usage {
    return { total: this.usedTotal, world: this.usedWorld, byAccount: new Map(this.usedBy) };
  }

  /** The same sums measured afresh by walking every record; equal to usage() after any sequence of writes. */
  measure(): Usage {
    const usage: Usage = { total: 0, world: 0, byAccount: new Map() };
    for (const map of this.recordMaps()) {
      for (const record of map.values()) {
        const bytes = recordBytes(record);
        const owner = this.charges.get(record)?.owner;
        usage.total += bytes;
        if (this.inWorldPool(owner)) usage.world += bytes;
        if (owner !== undefined) usage.byAccount.set(owner, (usage.byAccount.get(owner) ?? 0) + bytes);
      }
    }
    return usage;
  }

  /** Approximate bytes of all stored data, measured afresh (walks the whole world). */
  measureBytes(): number {
    return this.measure().total;
  }

  private recordMaps(): Array<RecordMap<unknown, object>> {
    return [
      this.accounts,
      this.companies,
      this.boards,
      this.tokens,
      this.scenarios,
      this.cases,
      this.sessions,
      this.caseReports,
      this.tasks,
    ] as Array<RecordMap<unknown, object>>;
  }

  /** For a loader: `record`, already stored, counts against `owner` (as saved), without a share check. */
  restoreOwner(record: object, owner: number | undefined): void {
    const charge = this.charges.get(record);
    if (!charge) throw new Error('Store.restoreOwner: the record is not stored');
    if (charge.owner !== owner) this.ownerChangeCount += 1;
    this.uncharge(record, charge);
    this.charge(record, charge.bytes, owner);
  }

  // ---- Accounts and registration ----

  /** How a registered account stands; undefined for the world's own accounts. */
  registrationOf(accountId: number): Readonly<AccountRegistration> | undefined {
    return this.registrations.get(accountId);
  }

  /** Every registration, by account id in the order they were made: what a saved world keeps (worlds/snapshot.ts). */
  registered(): ReadonlyMap<number, Readonly<AccountRegistration>> {
    return this.registrations;
  }

  /**
   * For a loader: `accountId`, already in the world as one of its own, is a registered account as saved (every field
   * kept). Never refused by the registration budget or a share: a saved world is the operator's, and loads whole.
   */
  restoreRegistration(accountId: number, registration: Registration): void {
    if (!this.accounts.has(accountId))
      throw new Error(`Store.restoreRegistration: account ${accountId} does not exist`);
    if (this.registrations.has(accountId)) {
      throw new Error(`Store.restoreRegistration: account ${accountId} is registered already`);
    }
    this.enroll(accountId, registration);
  }

  private enroll(id: number, registration: Registration): void {
    const kept: AccountRegistration = { ...registration, accountId: id };
    this.registrations.set(id, kept);
    if (!kept.used) this.unused.set(id, kept.atMs);
    this.registeredByClient.set(kept.client, (this.registeredByClient.get(kept.client) ?? 0) + 1);
    // The world's pool no longer holds what this account wrote: recount its charges in the registration budget.
    const held = this.usedBy.get(id);
    if (held !== undefined) this.usedWorld -= held;
  }

  /** Case-insensitive: `Ada` and `ada` are the same username. */
  findAccountByUsername(username: string): Account | undefined {
    return this.accountsByUsername.get(username.toLowerCase());
  }

  /** Case-insensitive, on the whole address. */
  findAccountByEmail(email: string): Account | undefined {
    return this.accountsByEmail.get(email.toLowerCase());
  }

  /**
   * Throws the 429 of the registration budget when `client` may not register one more account now: registered
   * accounts in all, or this client's. Unused accounts past their time are removed first; nothing else ever is.
   */
  checkRegistrationRoom(client: string): void {
    this.pruneUnused();
    const { registeredAccounts, registeredAccountsPerClient, unusedRegistrationMs } = this.limits;
    const now = this.now();
    const soonest = (of?: string) => {
      for (const [id, atMs] of this.unused) {
        if (of === undefined || this.registrations.get(id)?.client === of) return atMs + unusedRegistrationMs - now;
      }
      return unusedRegistrationMs;
    };
    if (this.registrations.size >= registeredAccounts) {
      throw registrationsFull('in this sandbox', registeredAccounts, soonest(), unusedRegistrationMs);
    }
    if ((this.registeredByClient.get(client) ?? 0) >= registeredAccountsPerClient) {
      throw registrationsFull('from one client', registeredAccountsPerClient, soonest(client), unusedRegistrationMs);
    }
  }

  /**
   * Adds an account: the world's own (seed, loader), or a registered one when `registration` is given, whose own
   * record then counts against its reserved share. A username or email already taken (case-insensitively) is the
   * caller's check, repeated here; the registration budget is the caller's too (checkRegistrationRoom).
   */
  addAccount(fields: Omit<Account, 'id'>, registration?: Registration): Account {
    if (this.findAccountByUsername(fields.username) || this.findAccountByEmail(fields.email)) {
      throw new Error('Store.addAccount: the username or email is already taken');
    }
    // Checked before the id is taken (an id's size does not depend on its value): a refusal leaves no trace.
    const account: Account = { id: this.counters.account + 1, ...fields };
    if (registration) {
      const share = this.limits.registeredAccountBytes;
      if (recordBytes(account) > share) throw accountFull(share);
    }
    this.nextId('account');
    if (registration) this.enroll(account.id, registration);
    this.accounts.setAs(account.id, account, registration ? account.id : undefined);
    this.accountsByUsername.set(account.username.toLowerCase(), account);
    this.accountsByEmail.set(account.email.toLowerCase(), account);
    return account;
  }

  /** Notes a login: a registered account that has been logged in to is kept like every account that holds data. */
  markUsed(accountId: number): void {
    const registration = this.registrations.get(accountId);
    if (!registration || registration.used) return;
    registration.used = true;
    this.unused.delete(accountId);
  }

  /**
   * Removes the registered accounts nobody has logged in to whose time is up. Only time removes them, never another
   * account's write or registration: they hold nothing but their own record.
   */
  pruneUnused(): void {
    const deadline = this.now() - this.limits.unusedRegistrationMs;
    for (const [id, atMs] of this.unused) {
      if (atMs > deadline) break;
      this.removeAccount(id);
    }
  }

  /** Removes a registered account that was never logged in to, and the little it holds (memberships a loader gave it). */
  private removeAccount(id: number): void {
    const account = this.accounts.get(id);
    const registration = this.registrations.get(id);
    this.unused.delete(id);
    if (!account || !registration || registration.used) return;
    for (const key of [...(this.tokenKeysByAccount.get(id) ?? [])]) this.removeToken(key);
    this.tokenKeysByAccount.delete(id);
    for (const jti of this.refreshJtisByAccount.get(id) ?? []) this.refreshGrants.delete(jti);
    this.refreshJtisByAccount.delete(id);
    for (const company of this.companies.values()) {
      if (!company.members.has(id)) continue;
      company.members.delete(id);
      this.settle(company, {});
    }
    this.accounts.delete(id);
    this.accountsByUsername.delete(account.username.toLowerCase());
    this.accountsByEmail.delete(account.email.toLowerCase());
    this.registrations.delete(id);
    const left = (this.registeredByClient.get(registration.client) ?? 1) - 1;
    if (left === 0) this.registeredByClient.delete(registration.client);
    else this.registeredByClient.set(registration.client, left);
  }

  // ---- Companies, boards, QA data and tasks ----

  addCompany(name: string, members: Array<[number, Role]>): Company {
    const company = { id: this.nextId('company'), name, members: new Map(members) };
    this.companies.set(company.id, company);
    return company;
  }

  addBoard(companyId: number, name: string, columns: Array<Omit<Column, 'id'>>): Board {
    const board = {
      id: this.nextId('board'),
      companyId,
      name,
      columns: columns.map((c) => ({ id: this.nextId('column'), ...c })),
    };
    this.boards.set(board.id, board);
    return board;
  }

  /** Adds a record of `kind` to `map`, checked before its id is taken so that a refusal leaves no trace. */
  private addRecord<T extends { id: number }>(kind: Kind, map: RecordMap<number, T>, fields: Omit<T, 'id'>): T {
    this.room([{ next: { id: 0, ...fields } }]);
    const record = { id: this.nextId(kind), ...fields } as T;
    map.set(record.id, record);
    return record;
  }

  addScenario(fields: Omit<Scenario, 'id'>): Scenario {
    return this.addRecord('scenario', this.scenarios, fields);
  }

  addCase(fields: Omit<Case, 'id'>): Case {
    return this.addRecord('case', this.cases, fields);
  }

  addTask(fields: Omit<Task, 'id'>): Task {
    return this.addRecord('task', this.tasks, fields);
  }

  // ---- Credentials ----

  /** How many named API tokens the account holds. */
  tokenCountOf(accountId: number): number {
    return this.tokenKeysByAccount.get(accountId)?.size ?? 0;
  }

  /** Throws the 409 of the per-account token limit; called before the (async) secret is made, and again on add. */
  checkTokenRoom(accountId: number): void {
    if (this.tokenCountOf(accountId) >= this.limits.tokensPerAccount) {
      throw limitReached('title', 'API tokens per account', this.limits.tokensPerAccount, 'delete a token first');
    }
  }

  /**
   * Adds a named token; it is its owner's. A request adds it through writeAs (its hashing awaited, so the core's
   * `charging` is no longer set), which checks the owner's share and token count; a loader's token is never refused.
   */
  addToken(token: ApiTokenRecord): void {
    if (this.charging !== undefined) this.checkTokenRoom(token.accountId);
    this.tokens.setAs(token.key, token, token.accountId);
    this.tokenKeysByHash.set(token.secretHash, token.key);
    setOf(this.tokenKeysByAccount, token.accountId).add(token.key);
  }

  removeToken(key: string): void {
    const token = this.tokens.get(key);
    if (!token) return;
    this.tokens.delete(key);
    this.tokenKeysByHash.delete(token.secretHash);
    this.tokenKeysByAccount.get(token.accountId)?.delete(key);
  }

  /**
   * Remembers an unused refresh token. Each account keeps at most `refreshTokensPerAccount`: past it, that account's
   * own oldest is forgotten, never another account's. So all grants together stay under accounts ×
   * refreshTokensPerAccount without any global eviction.
   */
  addRefreshGrant(grant: RefreshGrant): void {
    const jtis = setOf(this.refreshJtisByAccount, grant.accountId);
    while (jtis.size >= this.limits.refreshTokensPerAccount) {
      const oldest = jtis.values().next().value as string;
      jtis.delete(oldest);
      this.refreshGrants.delete(oldest);
    }
    jtis.add(grant.jti);
    this.refreshGrants.set(grant.jti, grant);
  }

  /** Takes an unused refresh token out (rotation); undefined when it was used, forgotten or never issued. */
  takeRefreshGrant(jti: string): RefreshGrant | undefined {
    const grant = this.refreshGrants.get(jti);
    if (!grant) return undefined;
    this.refreshGrants.delete(jti);
    this.refreshJtisByAccount.get(grant.accountId)?.delete(jti);
    return grant;
  }
}
