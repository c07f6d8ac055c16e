// The sandbox's in-memory world (docs/sandbox.md "Limits and throttles"): its record maps with stable ids, the
// registrations and their budgets, and reading and writing records; the byte accounting is accounting.ts's.
import { ByteAccounting, type Payer, RecordMap, recordBytes } from './accounting.js';
import { accountFull, DEFAULT_LIMITS, type Limits, limitReached, registrationsFull, sessionsFull } from './limits.js';
import type {
  Account,
  ApiTokenRecord,
  Board,
  Case,
  CaseReport,
  Column,
  Company,
  Kind,
  RefreshGrant,
  Role,
  Scenario,
  Session,
  Task,
} from './records.js';

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

/**
 * All state of one sandbox. Maps keep insertion order and ids only grow, so iterating a map lists rows in creation
 * order: that is the stable ordering every list endpoint uses.
 *
 * Every record counts against the account that last wrote it, from the moment it is written to the moment it is
 * deleted (an update that shrinks it is credited at once): one account's writes never change another's standing.
 * Nothing is ever removed to make room: a write that does not fit is refused (429) for the account that wrote it.
 */
export class Store extends ByteAccounting {
  readonly accounts = new RecordMap<number, Account>(this.ledger);
  /** Account by lower-cased username and by lower-cased email: O(1) lookups, so login time does not grow with accounts. */
  private readonly accountsByUsername = new Map<string, Account>();
  private readonly accountsByEmail = new Map<string, Account>();
  /** Named API token keys per account, and unused refresh token ids per account in issue order (oldest first). */
  private readonly tokenKeysByAccount = new Map<number, Set<string>>();
  private readonly refreshJtisByAccount = new Map<number, Set<string>>();
  /** The same ids per account and client, in issue order: a client's own oldest is the one its next login ends. */
  private readonly refreshJtisByClient = new Map<number, Map<string, Set<string>>>();
  readonly companies = new RecordMap<number, Company>(this.ledger);
  readonly boards = new RecordMap<number, Board>(this.ledger);
  /** Named API tokens by `key`. */
  readonly tokens = new RecordMap<string, ApiTokenRecord>(this.ledger);
  /** Token `key` by secret hash: the lookup a `Bearer` request makes. */
  readonly tokenKeysByHash = new Map<string, string>();
  /**
   * Credentials, not stored data: bounded by count per account and per client, never by the account's share, so a
   * share filled with data (by a teammate on a shared account, say) refuses writes and never a login.
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

  /** Registered accounts by id; every other account is the world's own. */
  private readonly registrations = new Map<number, AccountRegistration>();
  /** Registered accounts nobody has logged in to yet, by id, with when they were registered (registration order). */
  private readonly unused = new Map<number, number>();
  /** How many registered accounts each client has now. */
  private readonly registeredByClient = new Map<string, number>();

  /** Bytes an account holds in the sandbox's other tables (core/controls.ts), as the sandbox tells: in its share. */
  heldElsewhere: ((accountId: number) => number) | undefined;

  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    readonly now: () => number = Date.now,
  ) {
    super();
  }

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

  protected isRegistered(owner: number): boolean {
    return this.registrations.has(owner);
  }

  protected heldBy(owner: number): number {
    return this.heldElsewhere?.(owner) ?? 0;
  }

  protected recordMaps(): Array<RecordMap<unknown, object>> {
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
    this.leaveWorldPool(id);
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
    this.refreshJtisByClient.delete(id);
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

  /**
   * Adds a record of `kind` to `map` for `payer` (none: the world's own, a loader's), checked before its id is taken so
   * that a refusal leaves no trace.
   */
  private addRecord<T extends { id: number }>(
    kind: Kind,
    map: RecordMap<number, T>,
    fields: Omit<T, 'id'>,
    payer: Payer,
  ): T {
    this.room([{ next: { id: 0, ...fields } }], payer);
    const record = { id: this.nextId(kind), ...fields } as T;
    map.setBy(record.id, record, payer);
    return record;
  }

  addScenario(fields: Omit<Scenario, 'id'>, payer?: Payer): Scenario {
    return this.addRecord('scenario', this.scenarios, fields, payer);
  }

  addCase(fields: Omit<Case, 'id'>, payer?: Payer): Case {
    return this.addRecord('case', this.cases, fields, payer);
  }

  addTask(fields: Omit<Task, 'id'>, payer?: Payer): Task {
    return this.addRecord('task', this.tasks, fields, payer);
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
   * Adds a named token; it is its owner's. A request adds it with its payer (the owner, after its secret is hashed),
   * which checks the owner's share and token count; a loader's token (no payer) is never refused.
   */
  addToken(token: ApiTokenRecord, payer?: Payer): void {
    if (payer !== undefined) this.checkTokenRoom(token.accountId);
    this.tokens.setAs(token.key, token, token.accountId, payer);
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
   * Throws the 429 of a login by `client` that would add a session `accountId` has no room for: the account holds
   * refreshTokensPerAccount unexpired sessions (from all its clients). A client at its own bound ends its own oldest
   * instead (addRefreshGrant), so it is never refused; no other client's session ever ends. A full share refuses no
   * login: the owner must be able to log in to delete what fills it.
   */
  checkSessionRoom(accountId: number, client: string): void {
    this.dropExpiredGrants(accountId);
    const own = this.refreshJtisByClient.get(accountId)?.get(client)?.size ?? 0;
    if (own >= this.limits.refreshTokensPerClient) return;
    const jtis = this.refreshJtisByAccount.get(accountId);
    if (jtis && jtis.size >= this.limits.refreshTokensPerAccount) {
      const soonest = this.refreshGrants.get(jtis.values().next().value as string) as RefreshGrant;
      throw sessionsFull(this.limits.refreshTokensPerAccount, soonest.expiresAtMs - this.now());
    }
  }

  /**
   * Remembers an unused refresh token of its client. Past refreshTokensPerClient, that client's own oldest of this
   * account is forgotten, never another client's (a login checks checkSessionRoom first; a refresh replaces one).
   */
  addRefreshGrant(grant: RefreshGrant): void {
    let clients = this.refreshJtisByClient.get(grant.accountId);
    if (!clients) {
      clients = new Map();
      this.refreshJtisByClient.set(grant.accountId, clients);
    }
    const own = setOf(clients, grant.client);
    while (own.size >= this.limits.refreshTokensPerClient) this.takeRefreshGrant(own.values().next().value as string);
    setOf(clients, grant.client).add(grant.jti);
    setOf(this.refreshJtisByAccount, grant.accountId).add(grant.jti);
    this.refreshGrants.set(grant.jti, grant);
  }

  /** Takes an unused refresh token out (rotation); undefined when it was used, forgotten or never issued. */
  takeRefreshGrant(jti: string): RefreshGrant | undefined {
    const grant = this.refreshGrants.get(jti);
    if (!grant) return undefined;
    this.refreshGrants.delete(jti);
    this.refreshJtisByAccount.get(grant.accountId)?.delete(jti);
    const clients = this.refreshJtisByClient.get(grant.accountId);
    const own = clients?.get(grant.client);
    own?.delete(jti);
    if (own?.size === 0) clients?.delete(grant.client);
    return grant;
  }

  /** Forgets `accountId`'s refresh tokens that have run out: issued in order with one lifetime, the oldest first. */
  private dropExpiredGrants(accountId: number): void {
    const now = this.now();
    for (const jti of this.refreshJtisByAccount.get(accountId) ?? []) {
      const grant = this.refreshGrants.get(jti);
      if (grant && grant.expiresAtMs > now) break;
      this.takeRefreshGrant(jti);
    }
  }
}
