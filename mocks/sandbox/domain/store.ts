// The sandbox's in-memory world: accounts, companies, boards and columns, tokens, QA data and tasks, with stable ids.
import { accountFull, approxBytes, DEFAULT_LIMITS, type Limits, limitReached, worldFull } from './limits.js';

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

/**
 * What the Store knows of an account besides its own fields: its standing under the limits. The saved world
 * (worlds/snapshot.ts) keeps every field of it as it is, so a field added here survives a restart with no other code;
 * plain JSON values only (no Map, Set or Date).
 */
export interface AccountStanding {
  accountId: number;
  /** One of the world's own accounts (seeded), never evicted; false for a registered one. */
  world: boolean;
  /** When it last logged in or sent an authenticated request (ms since the epoch); null: never. */
  lastActiveMs: number | null;
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

/** A refresh token that has not been used yet; using it removes it (rotation). */
export interface RefreshGrant {
  jti: string;
  accountId: number;
  expiresAtMs: number;
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

/** How often, at most, a full world refuses a write without measuring again: a measure walks all stored data. */
const REMEASURE_AFTER_MS = 1000;

/**
 * All state of one sandbox. Maps keep insertion order and ids only grow, so iterating a map lists rows in creation
 * order: that is the stable ordering every list endpoint uses.
 */
export class Store {
  readonly accounts = new Map<number, Account>();
  /** Account by lower-cased username and by lower-cased email: O(1) lookups, so login time does not grow with accounts. */
  private readonly accountsByUsername = new Map<string, Account>();
  private readonly accountsByEmail = new Map<string, Account>();
  /** Named API token keys per account, and unused refresh token ids per account in issue order (oldest first). */
  private readonly tokenKeysByAccount = new Map<number, Set<string>>();
  private readonly refreshJtisByAccount = new Map<number, Set<string>>();
  readonly companies = new Map<number, Company>();
  readonly boards = new Map<number, Board>();
  /** Named API tokens by `key`. */
  readonly tokens = new Map<string, ApiTokenRecord>();
  /** Token `key` by secret hash: the lookup a `Bearer` request makes. */
  readonly tokenKeysByHash = new Map<string, string>();
  readonly refreshGrants = new Map<string, RefreshGrant>();
  readonly scenarios = new Map<number, Scenario>();
  readonly cases = new Map<number, Case>();
  readonly sessions = new Map<number, Session>();
  readonly caseReports = new Map<number, CaseReport>();
  readonly tasks = new Map<number, Task>();
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

  /** Each account's standing, by account id: saved with the world. */
  readonly standings = new Map<number, AccountStanding>();
  /** Accounts by when they were last active, least recent first (Map order): an index of standings' lastActiveMs. */
  private readonly lastActive = new Map<number, number>();

  /** The account whose request is being answered (set by the core around each handler): what new data is charged to. */
  charging: number | undefined;
  /** Who wrote each record, for the per-account share (records of the seed or a loaded file belong to nobody). */
  private readonly owners = new WeakMap<object, number>();
  private measuredBy = new Map<number, number>();
  private readonly writtenBy = new Map<number, number>();

  // The memory budget: `measured` bytes at the last measure plus an upper bound of what was written since.
  private measured = 0;
  private written = 0;
  private measuredAtMs = Number.NEGATIVE_INFINITY;

  constructor(
    readonly limits: Limits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
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

  /**
   * Makes room for `bytes` of new data or throws the 429 of limits.ts worldFull. Writes are counted as they come; only when the count says the
   * budget is exceeded is the world measured (deletions are found then), and a full world is measured again at most
   * once every REMEASURE_AFTER_MS, so a client hammering a full sandbox cannot make every write walk all data.
   */
  reserve(bytes: number): void {
    // A change that does not grow the world (an update to a value of the same size or smaller) takes no room.
    if (bytes <= 0) return;
    const account = this.charging;
    if (account !== undefined) this.reserveShare(account, bytes);
    const budget = this.limits.worldBytes;
    if (this.measured + this.written + bytes <= budget) {
      this.written += bytes;
      return;
    }
    const now = this.now();
    if (now - this.measuredAtMs >= REMEASURE_AFTER_MS || now < this.measuredAtMs) {
      this.measured = this.measureBytes();
      this.written = 0;
      this.measuredAtMs = now;
      if (this.measured + bytes <= budget) {
        this.written = bytes;
        return;
      }
    }
    // Full: registered accounts make room, the least recently active first, never the world's own accounts. One
    // client filling the world cannot deny it to the others.
    let total = this.measured + this.written;
    while (total + bytes > budget) {
      const freed = this.evictIdleAccount();
      if (freed === undefined) {
        this.measured = total;
        this.written = 0;
        throw worldFull(budget);
      }
      total = Math.max(0, total - freed);
    }
    this.measured = total;
    this.written = bytes;
  }

  /** One account's share: what it wrote, as last measured plus written since, stays within limits.accountBytes. */
  private reserveShare(account: number, bytes: number): void {
    const share = this.limits.accountBytes;
    const used = () => (this.measuredBy.get(account) ?? 0) + (this.writtenBy.get(account) ?? 0);
    if (used() + bytes > share) {
      // Deletions are found by measuring, at most once every REMEASURE_AFTER_MS, as for the world's budget.
      const now = this.now();
      if (now - this.measuredAtMs >= REMEASURE_AFTER_MS || now < this.measuredAtMs) {
        this.measured = this.measureBytes();
        this.written = 0;
        this.measuredAtMs = now;
      }
      if (used() + bytes > share) throw accountFull(share);
    }
    this.writtenBy.set(account, (this.writtenBy.get(account) ?? 0) + bytes);
  }

  /** Records that the account being charged wrote `record`. */
  private own(record: object): void {
    if (this.charging !== undefined) this.owners.set(record, this.charging);
  }

  /** Marks every account now in the world as one of the world's own (after seeding): never evicted. */
  keepWorldAccounts(from: Iterable<number> = this.accounts.keys()): void {
    for (const id of from) {
      const standing = this.standings.get(id);
      if (standing) standing.world = true;
    }
  }

  /** The account that wrote `record` (undefined: the seed's, a version 1 file's, or nobody's). */
  ownerOf(record: object): number | undefined {
    return this.owners.get(record);
  }

  /** Puts back saved standings (worlds/snapshot.ts): every field as saved, and the order of last activity. */
  restoreStandings(saved: Iterable<AccountStanding>): void {
    for (const standing of saved) {
      if (!this.accounts.has(standing.accountId)) {
        throw new RangeError(`Store.restoreStandings: account ${standing.accountId} does not exist`);
      }
      this.standings.set(standing.accountId, { ...standing });
    }
    const active = [...this.standings.values()].filter((s) => s.lastActiveMs !== null);
    active.sort((a, b) => (a.lastActiveMs as number) - (b.lastActiveMs as number));
    this.lastActive.clear();
    for (const s of active) this.lastActive.set(s.accountId, s.lastActiveMs as number);
  }

  /** Notes that the account is active now (a login, an authenticated request). */
  touch(accountId: number): void {
    const now = this.now();
    this.lastActive.delete(accountId);
    this.lastActive.set(accountId, now);
    const standing = this.standings.get(accountId);
    if (standing) standing.lastActiveMs = now;
  }

  /**
   * Removes the registered account idle longest (never active first), with its tokens and refresh grants; returns
   * the bytes it held, or undefined when no account may go.
   */
  evictIdleAccount(): number | undefined {
    // The account writing now was touched by its request: it is the most recent, so it goes last.
    const evictable = (id: number) => this.standings.get(id)?.world !== true;
    let victim: number | undefined;
    for (const id of this.accounts.keys()) {
      if (!this.lastActive.has(id) && evictable(id)) {
        victim = id;
        break;
      }
    }
    if (victim === undefined) {
      for (const id of this.lastActive.keys()) {
        if (this.accounts.has(id) && evictable(id)) {
          victim = id;
          break;
        }
      }
    }
    if (victim === undefined) return undefined;
    return this.removeAccount(victim);
  }

  /** Removes an account and everything only it holds (tokens, refresh grants, memberships); returns the bytes freed. */
  removeAccount(id: number): number {
    const account = this.accounts.get(id);
    if (!account) return 0;
    let freed = 32 + approxBytes(account);
    for (const key of [...(this.tokenKeysByAccount.get(id) ?? [])]) {
      const token = this.tokens.get(key);
      if (token) freed += 32 + approxBytes(token);
      this.removeToken(key);
    }
    this.tokenKeysByAccount.delete(id);
    for (const jti of this.refreshJtisByAccount.get(id) ?? []) {
      const grant = this.refreshGrants.get(jti);
      if (grant) freed += 32 + approxBytes(grant);
      this.refreshGrants.delete(jti);
    }
    this.refreshJtisByAccount.delete(id);
    for (const company of this.companies.values()) company.members.delete(id);
    this.accounts.delete(id);
    this.accountsByUsername.delete(account.username.toLowerCase());
    this.accountsByEmail.delete(account.email.toLowerCase());
    this.lastActive.delete(id);
    this.standings.delete(id);
    return freed;
  }

  /** Approximate bytes of all stored data (limits.ts approxBytes over every record); walks the whole world. */
  measureBytes(): number {
    let sum = 0;
    const maps: Map<unknown, object>[] = [
      this.accounts,
      this.companies,
      this.boards,
      this.tokens,
      this.refreshGrants,
      this.scenarios,
      this.cases,
      this.sessions,
      this.caseReports,
      this.tasks,
    ];
    const by = new Map<number, number>();
    for (const map of maps) {
      for (const record of map.values()) {
        const bytes = 32 + approxBytes(record);
        sum += bytes;
        const owner = this.owners.get(record);
        if (owner !== undefined) by.set(owner, (by.get(owner) ?? 0) + bytes);
      }
    }
    this.measuredBy = by;
    this.writtenBy.clear();
    return sum;
  }

  /** Case-insensitive: `Ada` and `ada` are the same username. */
  findAccountByUsername(username: string): Account | undefined {
    return this.accountsByUsername.get(username.toLowerCase());
  }

  /** Case-insensitive, on the whole address. */
  findAccountByEmail(email: string): Account | undefined {
    return this.accountsByEmail.get(email.toLowerCase());
  }

  /** Adds an account; a username or email already taken (case-insensitively) is the caller's check, repeated here. */
  addAccount(fields: Omit<Account, 'id'>): Account {
    if (this.findAccountByUsername(fields.username) || this.findAccountByEmail(fields.email)) {
      throw new Error('Store.addAccount: the username or email is already taken');
    }
    // At the account cap, the registered account idle longest makes room; only when none may go is it a 409.
    if (this.accounts.size >= this.limits.accounts) this.evictIdleAccount();
    if (this.accounts.size >= this.limits.accounts) {
      throw limitReached(
        'username',
        'accounts in the sandbox',
        this.limits.accounts,
        'reset the sandbox to register more',
      );
    }
    this.reserve(32 + approxBytes(fields));
    const account = { id: this.nextId('account'), ...fields };
    this.accounts.set(account.id, account);
    this.accountsByUsername.set(account.username.toLowerCase(), account);
    this.accountsByEmail.set(account.email.toLowerCase(), account);
    this.standings.set(account.id, { accountId: account.id, world: false, lastActiveMs: null });
    return account;
  }

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

  addScenario(fields: Omit<Scenario, 'id'>): Scenario {
    this.reserve(32 + approxBytes(fields));
    const scenario = { id: this.nextId('scenario'), ...fields };
    this.own(scenario);
    this.scenarios.set(scenario.id, scenario);
    return scenario;
  }

  addCase(fields: Omit<Case, 'id'>): Case {
    this.reserve(32 + approxBytes(fields));
    const testCase = { id: this.nextId('case'), ...fields };
    this.own(testCase);
    this.cases.set(testCase.id, testCase);
    return testCase;
  }

  addTask(fields: Omit<Task, 'id'>): Task {
    this.reserve(32 + approxBytes(fields));
    const task = { id: this.nextId('task'), ...fields };
    this.own(task);
    this.tasks.set(task.id, task);
    return task;
  }

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

  addToken(token: ApiTokenRecord): void {
    this.checkTokenRoom(token.accountId);
    // A token is its owner's, whatever request made it (its hashing awaited: another request may be answered now).
    const charging = this.charging;
    this.charging = token.accountId;
    try {
      this.reserve(32 + approxBytes(token));
    } finally {
      this.charging = charging;
    }
    this.owners.set(token, token.accountId);
    this.tokens.set(token.key, token);
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
   * own oldest is forgotten, never another account's. Accounts are capped too, so all grants together stay under
   * accounts × refreshTokensPerAccount without any global eviction.
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
