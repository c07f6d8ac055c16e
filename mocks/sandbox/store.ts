// The sandbox's in-memory world: accounts, companies, boards and columns, tokens, QA data and tasks, with stable ids.

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

type Kind = 'account' | 'company' | 'board' | 'column' | 'scenario' | 'case' | 'session' | 'caseReport' | 'task';

/**
 * All state of one sandbox. Maps keep insertion order and ids only grow, so iterating a map lists rows in creation
 * order: that is the stable ordering every list endpoint uses.
 */
export class Store {
  readonly accounts = new Map<number, Account>();
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

  nextId(kind: Kind): number {
    this.counters[kind] += 1;
    return this.counters[kind];
  }

  findAccountByUsername(username: string): Account | undefined {
    const wanted = username.toLowerCase();
    for (const account of this.accounts.values()) if (account.username.toLowerCase() === wanted) return account;
    return undefined;
  }

  findAccountByEmail(email: string): Account | undefined {
    const wanted = email.toLowerCase();
    for (const account of this.accounts.values()) if (account.email.toLowerCase() === wanted) return account;
    return undefined;
  }

  addAccount(fields: Omit<Account, 'id'>): Account {
    const account = { id: this.nextId('account'), ...fields };
    this.accounts.set(account.id, account);
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
    const scenario = { id: this.nextId('scenario'), ...fields };
    this.scenarios.set(scenario.id, scenario);
    return scenario;
  }

  addCase(fields: Omit<Case, 'id'>): Case {
    const testCase = { id: this.nextId('case'), ...fields };
    this.cases.set(testCase.id, testCase);
    return testCase;
  }

  addTask(fields: Omit<Task, 'id'>): Task {
    const task = { id: this.nextId('task'), ...fields };
    this.tasks.set(task.id, task);
    return task;
  }

  addToken(token: ApiTokenRecord): void {
    this.tokens.set(token.key, token);
    this.tokenKeysByHash.set(token.secretHash, token.key);
  }

  removeToken(key: string): void {
    const token = this.tokens.get(key);
    if (!token) return;
    this.tokens.delete(key);
    this.tokenKeysByHash.delete(token.secretHash);
  }
}
