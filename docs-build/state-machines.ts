// The state machines of source §3 (QA session, case report, named API token) as data, for the docs diagrams.

/** A state, placed on the diagram's grid (column and row count from 0). */
export interface State {
  id: string;
  label: string;
  /** A second line under the label, e.g. how the contract shows the state (`is_active: true`). */
  detail?: string;
  column: number;
  row: number;
  /** A note rather than a state (the linked task a bug outcome creates): drawn dashed. */
  note?: boolean;
}

export interface Transition {
  from: string;
  to: string;
  /** The operation that makes the move; the legend shows its method and path from openapi.yaml. */
  operationId?: string;
  /** A short name for the move, shown on the arrow and explained in the legend (e.g. `start`). */
  verb?: string;
  /** What the request carries or needs, one short line each. */
  lines: string[];
  /** Where the label sits beside the arrow (default: right). */
  labelSide?: 'left' | 'right' | 'above' | 'below';
}

export interface StateMachine {
  /** Named in info.description by a fenced block whose info string is `text diagram:<id>`. */
  id: string;
  title: string;
  /** What the picture shows, for the image's alt text. */
  alt: string;
  /** Headings over parts of the picture (e.g. "Session" and "Case report"). */
  headings: { text: string; column: number; row: number }[];
  states: State[];
  transitions: Transition[];
}

export const QA_STATES: StateMachine = {
  id: 'qa-states',
  title: 'QA session and case report (source §3)',
  alt: 'State diagram: a session goes from none to active (is_active true) on start and to finished (is_active false) on finish; a case report goes from pending to done or to bug, and bug creates or updates the linked task.',
  headings: [
    { text: 'Session', column: 0, row: 0 },
    { text: 'Case report', column: 0.75, row: 3.1 },
  ],
  states: [
    { id: 'none', label: '(none)', column: 0, row: 0 },
    { id: 'active', label: 'active', detail: 'is_active: true', column: 0, row: 1 },
    { id: 'finished', label: 'finished', detail: 'is_active: false', column: 0, row: 2 },
    { id: 'pending', label: 'pending', column: 0.75, row: 3.1 },
    { id: 'done', label: 'done', detail: 'a pass', column: 0, row: 4.2 },
    { id: 'bug', label: 'bug', detail: 'counts as reviewed', column: 1.5, row: 4.2 },
    { id: 'task', label: 'linked task', detail: 'on the board', column: 1.5, row: 5.3, note: true },
  ],
  transitions: [
    {
      from: 'none',
      to: 'active',
      operationId: 'startSession',
      verb: 'start',
      lines: ['scenario_id', 'board needs a todo column'],
    },
    {
      from: 'active',
      to: 'finished',
      operationId: 'finishSession',
      verb: 'finish',
      lines: ['sessions_id', 'all cases reviewed (guidance)'],
    },
    {
      from: 'pending',
      to: 'done',
      operationId: 'recordCaseOutcome',
      verb: 'record',
      lines: ['status: done'],
      labelSide: 'left',
    },
    {
      from: 'pending',
      to: 'bug',
      operationId: 'recordCaseOutcome',
      verb: 'record',
      lines: ['status: bug', 'actual_result,', 'severity, priority'],
    },
    { from: 'bug', to: 'task', lines: ['creates or updates'], labelSide: 'left' },
  ],
};

export const TOKEN_STATES: StateMachine = {
  id: 'token-states',
  title: 'Named API token (source §3)',
  alt: 'State diagram: a named API token moves from active to inactive with is_active false and back with is_active true; a DELETE from any state revokes it.',
  headings: [],
  states: [
    { id: 'active', label: 'active', detail: 'is_active: true', column: 0, row: 0 },
    { id: 'inactive', label: 'inactive', detail: 'is_active: false', column: 1.6, row: 0 },
    { id: 'revoked', label: 'revoked', detail: 'later requests fail', column: 0.8, row: 1.2 },
  ],
  transitions: [
    {
      from: 'active',
      to: 'inactive',
      operationId: 'updateApiToken',
      verb: 'update',
      lines: ['is_active: false'],
      labelSide: 'below',
    },
    {
      from: 'inactive',
      to: 'active',
      operationId: 'updateApiToken',
      verb: 'update',
      lines: ['is_active: true'],
      labelSide: 'above',
    },
    { from: 'active', to: 'revoked', operationId: 'deleteApiToken', verb: 'delete', lines: [], labelSide: 'left' },
    { from: 'inactive', to: 'revoked', operationId: 'deleteApiToken', verb: 'delete', lines: [] },
  ],
};

export const STATE_MACHINES: StateMachine[] = [QA_STATES, TOKEN_STATES];
