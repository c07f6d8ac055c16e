// The records the sandbox stores (docs/sandbox.md "The demo world"): accounts, companies, boards and columns, tokens, QA data and tasks, as the Store keeps them.

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
 * A refresh token that has not been used yet; using it removes it (rotation). The JWT's own `exp` is what a refresh
 * checks; `expiresAtMs` (the same instant) lets the store forget it once it has run out.
 */
export interface RefreshGrant {
  jti: string;
  accountId: number;
  /** The client that logged in (core/app.ts requestClients); its refreshes keep it, wherever they come from. */
  client: string;
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
