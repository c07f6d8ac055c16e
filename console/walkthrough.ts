// The QA walkthrough of the console (source §3 QA state machine, §4 QA endpoints): log in, find a board, create a
// scenario and a case, start a session, record a bug, see its linked task, finish the session; each step carries
// the ids the next one needs. Bodies are typed by the generated types, so a contract change breaks this at build time.

import { isObject } from '../contract/json.js';
import type { components } from '../generated/schema.js';
import { adoptedFrom, type Credential } from './credentials.js';
import { type ConsoleAnswer, type ConsoleRequest, send, urlOf } from './send.js';

type Schemas = components['schemas'];

/** What the steps learn from the answers, in order. */
export interface WalkState {
  login: Schemas['LoginRequest'];
  companyId?: number;
  boardId?: number;
  scenarioId?: number;
  caseId?: number;
  sessionId?: number;
  caseReportId?: number;
  taskId?: number;
}

export interface WalkStep {
  title: string;
  /** What the step does and why, for the reader. */
  explain: string;
  request(state: WalkState): ConsoleRequest;
  /** Reads what the next steps need from a 2xx answer and says what it found; throws a WalkError when it is missing. */
  learn(state: WalkState, data: Record<string, unknown>): string;
}

/** A step that cannot run or whose answer lacks what the next step needs; its message is for the reader. */
export class WalkError extends Error {
  override name = 'WalkError';
}

function need<K extends keyof WalkState>(state: WalkState, key: K, step: string): NonNullable<WalkState[K]> {
  const value = state[key];
  if (value === undefined || value === null) throw new WalkError(`Run "${step}" first: this step needs its ${key}.`);
  return value as NonNullable<WalkState[K]>;
}

/** `data[name].id` as a number, or a WalkError naming what the answer lacked. */
function idIn(data: Record<string, unknown>, name: string): number {
  const item = data[name];
  if (isObject(item) && typeof item.id === 'number') return item.id;
  throw new WalkError(`The answer has no data.${name}.id, so the next steps cannot go on.`);
}

const board = (state: WalkState) => ({
  company_id: need(state, 'companyId', 'Find a board'),
  board_id: need(state, 'boardId', 'Find a board'),
});

const scenario: Schemas['ScenarioCreate'] = { title: 'Checkout (walkthrough)', parent_id: null };
const testCase = (scenarioId: number): Schemas['CaseCreate'] => ({
  scenario: scenarioId,
  title: 'Pay with a saved card',
  description: 'A returning customer pays with the card saved on their account.',
  steps_to_reproduce: '1. Log in. 2. Add an item to the cart. 3. Pay with the saved card.',
  expected_result: 'The order is confirmed and the card is charged once.',
});
const bug: Schemas['CaseOutcomeBug'] = {
  status: 'bug',
  actual_result: 'The page hangs on submit.',
  severity: 'major',
  priority: 'high',
};

export const WALKTHROUGH: WalkStep[] = [
  {
    title: 'Log in',
    explain:
      'POST /member/login/ with a username, a password and a captcha_token (the sandbox takes its demo captcha). It sends no Authorization header and answers a JWT access token, which the console now uses as "Authorization: JWT …".',
    request: (state) => ({ method: 'POST', path: '/member/login/', body: state.login }),
    learn: (_state, data) => {
      if (typeof data.access_token !== 'string') throw new WalkError('The answer has no data.access_token.');
      return 'Logged in: the console now sends the JWT access token.';
    },
  },
  {
    title: 'Find a board',
    explain:
      'company_id and board_id are internal ids read from a list, never display names. GET /company/list/ returns data.companies; the contract lets each carry its boards.',
    request: () => ({ method: 'GET', path: '/company/list/' }),
    learn: (state, data) => {
      const companies = Array.isArray(data.companies) ? data.companies.filter(isObject) : [];
      for (const company of companies) {
        const boards = Array.isArray(company.boards) ? company.boards.filter(isObject) : [];
        const first = boards.find((b) => typeof b.id === 'number');
        if (typeof company.id === 'number' && first) {
          state.companyId = company.id;
          state.boardId = first.id as number;
          return `Using company_id ${company.id} and board_id ${first.id}.`;
        }
      }
      throw new WalkError(
        'This account sees no company with a board: the QA operations need a company_id and board_id.',
      );
    },
  },
  {
    title: 'Create a scenario',
    explain: 'POST /features/qa/scenarios/list/ creates a root scenario (parent_id null) on the board.',
    request: (state) => ({ method: 'POST', path: '/features/qa/scenarios/list/', query: board(state), body: scenario }),
    learn: (state, data) => {
      state.scenarioId = idIn(data, 'scenario');
      return `Scenario ${state.scenarioId} created.`;
    },
  },
  {
    title: 'Add a test case',
    explain: 'POST /features/qa/cases/list/ adds a case with the instructions a reviewer follows.',
    request: (state) => ({
      method: 'POST',
      path: '/features/qa/cases/list/',
      query: board(state),
      body: testCase(need(state, 'scenarioId', 'Create a scenario')),
    }),
    learn: (state, data) => {
      state.caseId = idIn(data, 'case');
      return `Case ${state.caseId} added.`;
    },
  },
  {
    title: 'Start a session',
    explain:
      'POST /features/qa/sessions/start/ starts a review of the scenario; the session holds a case report per case, each pending. It needs a board column of the todo workflow kind.',
    request: (state) => ({
      method: 'POST',
      path: '/features/qa/sessions/start/',
      query: board(state),
      body: { scenario_id: need(state, 'scenarioId', 'Create a scenario') } satisfies Schemas['SessionStart'],
    }),
    learn: (state, data) => {
      state.sessionId = idIn(data, 'session');
      const reports =
        isObject(data.session) && Array.isArray(data.session.case_reports) ? data.session.case_reports : [];
      const report = reports.filter(isObject).find((r) => r.case_id === state.caseId) ?? reports.find(isObject);
      if (!isObject(report) || typeof report.id !== 'number') {
        throw new WalkError('The session has no case report for the case, so no outcome can be recorded.');
      }
      state.caseReportId = report.id;
      return `Session ${state.sessionId} started; case report ${report.id} is pending.`;
    },
  },
  {
    title: 'Record a bug',
    explain:
      'PATCH /features/qa/sessions/cases/ records the outcome of a case report. A bug needs actual_result, severity and priority, and creates a linked bug task.',
    request: (state) => ({
      method: 'PATCH',
      path: '/features/qa/sessions/cases/',
      query: { ...board(state), case_report_id: need(state, 'caseReportId', 'Start a session') },
      body: bug,
    }),
    learn: (state, data) => {
      const report = isObject(data.case_report) ? data.case_report : {};
      if (typeof report.task_id === 'number') {
        state.taskId = report.task_id;
        return `Bug recorded; it is linked to task ${report.task_id}.`;
      }
      return 'Bug recorded; the answer names no linked task (task_id).';
    },
  },
  {
    title: "See the bug's task",
    explain: "GET /task/list/ lists the board's tasks; the bug's task is among them.",
    request: (state) => ({ method: 'GET', path: '/task/list/', query: { ...board(state), page: 1, limit: 100 } }),
    learn: (state, data) => {
      const tasks = Array.isArray(data.tasks) ? data.tasks.filter(isObject) : [];
      const task = tasks.find((t) => t.id === state.taskId);
      if (state.taskId === undefined) return `The board lists ${tasks.length} tasks.`;
      if (!task) return `Task ${state.taskId} is not on the first page of ${tasks.length} tasks.`;
      return `Task ${state.taskId} is listed${typeof task.title === 'string' ? `: "${task.title}"` : ''}.`;
    },
  },
  {
    title: 'Finish the session',
    explain: 'PATCH /features/qa/sessions/finish/ closes the session (field sessions_id); its outcomes are then final.',
    request: (state) => ({
      method: 'PATCH',
      path: '/features/qa/sessions/finish/',
      query: board(state),
      body: { sessions_id: need(state, 'sessionId', 'Start a session') } satisfies Schemas['SessionFinish'],
    }),
    learn: (state) => `Session ${state.sessionId} finished.`,
  },
];

/** The message for a step's answer that is not a success: its status and the error payload's message and fields. */
export function failureOf(answer: ConsoleAnswer): string {
  const body = isObject(answer.body) ? answer.body : {};
  const fields = Array.isArray(body.errors)
    ? body.errors
        .filter(isObject)
        .map((e) => `${String(e.field)}: ${String(e.message)}`)
        .join('; ')
    : '';
  const message = typeof body.message === 'string' ? body.message : (answer.notJson ?? 'no error message');
  return `${answer.status}: ${message}${fields ? ` (${fields})` : ''}`;
}

/** The `data` of a success answer, or undefined when the answer is not a 2xx with a data object. */
export function successData(answer: ConsoleAnswer): Record<string, unknown> | undefined {
  if (answer.status < 200 || answer.status > 299) return undefined;
  return isObject(answer.body) && isObject(answer.body.data) ? answer.body.data : {};
}

/** Where a step is sent and with what: the console's target and its one credential. */
export interface StepContext {
  fetch: (request: Request) => Promise<Response>;
  baseUrl: string;
  credential: Credential | undefined;
}

/** What running a step gave: what was sent and answered, what the reader is told, and a session a login obtained. */
export interface StepResult {
  ok: boolean;
  /** The request line and body as sent, for display; absent when the step could not be built. */
  sent?: string;
  answer?: ConsoleAnswer;
  message: string;
  session?: Credential;
}

/** Runs one step on `state` (which it updates with what the answer gives); never throws. */
export async function runStep(step: WalkStep, state: WalkState, context: StepContext): Promise<StepResult> {
  let request: ConsoleRequest;
  try {
    request = step.request(state);
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
  const url = urlOf(context.baseUrl, request);
  const sent = `${request.method} ${url}${request.body === undefined ? '' : `\n\n${JSON.stringify(request.body, null, 2)}`}`;
  let answer: ConsoleAnswer;
  try {
    answer = await send(context.fetch, context.baseUrl, context.credential, request);
  } catch (error) {
    return { ok: false, sent, message: (error as Error).message };
  }
  const data = successData(answer);
  if (!data) return { ok: false, sent, answer, message: `The step was refused: ${failureOf(answer)}` };
  try {
    const message = step.learn(state, data);
    const adopted = adoptedFrom(request.method, url, answer.status, answer.body);
    return { ok: true, sent, answer, message, ...(adopted?.kind === 'session' ? { session: adopted.credential } : {}) };
  } catch (error) {
    return { ok: false, sent, answer, message: (error as Error).message };
  }
}
