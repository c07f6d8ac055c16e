// A reference model of the service, written from the source (§2 resources, §3 states and transitions, §5 auth) and
// the sandbox's documented decisions where the source is silent (docs/sandbox.md "Decisions the source leaves open",
// "The 403/404 line", "Credentials"); never from the sandbox's code. The model-based test drives the sandbox and this
// model side by side and compares what a client can see.

/** An account the model knows: one of the demo world's (with its company role) or one registered during the run. */
export interface Account {
  username: string;
  password: string;
  /** Role per company id; a registered account has none. */
  roles: Map<number, 'owner' | 'qa' | 'viewer'>;
  /** The access token of its latest login or refresh, if any. */
  access?: string;
  /** The refresh token it holds now (unused). */
  refresh?: string;
  /** Refresh tokens it has used once: each works once (docs/sandbox.md "Credentials"). */
  usedRefresh: string[];
}

export interface ApiToken {
  owner: string;
  key: string;
  secret: string;
  active: boolean;
  deleted: boolean;
}

export interface Scenario {
  id: number;
  boardId: number;
  parentId: number | null;
  title: string;
}

export interface Case {
  id: number;
  scenarioId: number;
  title: string;
}

export interface Session {
  id: number;
  scenarioId: number;
  active: boolean;
}

export type Outcome = 'pending' | 'done' | 'bug';

export interface Report {
  id: number;
  sessionId: number;
  caseId: number;
  status: Outcome;
  /** The linked task a bug created; a later bug updates the same task (§2: "creates or updates a linked task"). */
  taskId: number | null;
}

/** A board as the model knows it: its company, and whether it has a column of the todo workflow kind (§3, §8). */
export interface Board {
  id: number;
  companyId: number;
  hasTodoColumn: boolean;
}

export type Need = 'read' | 'write';

/** The status an operation on `board` gets from `account`, before any object id is looked at ("The 403/404 line"). */
export function boardAccess(account: Account, board: Board, need: Need): 200 | 403 {
  const role = account.roles.get(board.companyId);
  if (role === undefined) return 403;
  if (need === 'write' && role === 'viewer') return 403;
  return 200;
}

export class Model {
  readonly accounts = new Map<string, Account>();
  readonly tokens: ApiToken[] = [];
  readonly boards = new Map<number, Board>();
  readonly scenarios = new Map<number, Scenario>();
  readonly cases = new Map<number, Case>();
  readonly sessions = new Map<number, Session>();
  readonly reports = new Map<number, Report>();
  /** Ids the sandbox handed out and later deleted: the model's source of ids that name nothing. */
  readonly gone = { scenario: [] as number[], case: [] as number[], session: [] as number[], report: [] as number[] };
  /** `kind id` of everything the sandbox ever handed out (ids only grow: docs/sandbox.md). */
  readonly issued = new Set<string>();
  registered = 0;
  /** Commands run so far (the test reports how many steps it took). */
  steps = 0;

  /** A scenario and every descendant (§2: parent_id builds the hierarchy). */
  subtree(id: number): number[] {
    const out = [id];
    for (let i = 0; i < out.length; i++) {
      for (const s of this.scenarios.values()) if (s.parentId === out[i]) out.push(s.id);
    }
    return out;
  }

  /** The cases a session for `scenarioId` includes: the scenario's own and its descendants' (§2 "QA session"). */
  casesUnder(scenarioId: number): Case[] {
    const tree = new Set(this.subtree(scenarioId));
    return [...this.cases.values()].filter((c) => tree.has(c.scenarioId));
  }

  boardOfScenario(id: number): Board {
    const scenario = this.scenarios.get(id);
    if (!scenario) throw new Error(`model: no scenario ${id}`);
    return this.board(scenario.boardId);
  }

  board(id: number): Board {
    const board = this.boards.get(id);
    if (!board) throw new Error(`model: no board ${id}`);
    return board;
  }

  /**
   * Deleting a scenario deletes its descendants, their cases, the sessions started for any of them, and every case
   * report of those cases, also in sessions of ancestors (§4 "delete the scenario and dependent QA data";
   * docs/sandbox.md).
   */
  deleteScenario(id: number): void {
    const tree = this.subtree(id);
    const sessionsGone = [...this.sessions.values()].filter((s) => tree.includes(s.scenarioId)).map((s) => s.id);
    for (const c of [...this.cases.values()]) if (tree.includes(c.scenarioId)) this.deleteCase(c.id);
    for (const sessionId of sessionsGone) {
      for (const r of [...this.reports.values()]) if (r.sessionId === sessionId) this.dropReport(r.id);
      this.sessions.delete(sessionId);
      this.gone.session.push(sessionId);
    }
    for (const s of tree) {
      this.scenarios.delete(s);
      this.gone.scenario.push(s);
    }
  }

  /** Deleting a case deletes its reports (docs/sandbox.md). */
  deleteCase(id: number): void {
    for (const r of [...this.reports.values()]) if (r.caseId === id) this.dropReport(r.id);
    this.cases.delete(id);
    this.gone.case.push(id);
  }

  private dropReport(id: number): void {
    this.reports.delete(id);
    this.gone.report.push(id);
  }

  reportsOf(sessionId: number): Report[] {
    return [...this.reports.values()].filter((r) => r.sessionId === sessionId).sort((a, b) => a.id - b.id);
  }

  liveTokensOf(owner: string): ApiToken[] {
    return this.tokens.filter((t) => t.owner === owner && !t.deleted);
  }
}
