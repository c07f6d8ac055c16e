// The QA walkthrough of the console (source §3 QA state machine, §4 QA endpoints): the steps of the qaReview workflow
// of workflows.arazzo.yaml, run as they are written there (operation, query parameters, body, outputs), so the
// walkthrough and the workflows `redocly respect` runs cannot drift. Each step carries the ids the next one needs.

import type { OperationSpec } from '../contract/document.js';
import { isObject } from '../contract/json.js';
import type { components } from '../generated/schema.js';
import { type ArazzoStep, type ExpressionScope, fill, workflowOf } from './arazzo.js';
import { adoptedFrom, type Credential } from './credentials.js';
import { refusal } from './messages.js';
import { type ConsoleAnswer, type ConsoleRequest, send, urlOf } from './send.js';

/** The workflow the walkthrough runs. */
export const QA_WORKFLOW_ID = 'qaReview';

/** What the walk has learnt: the console's login form, the inputs it chose, and each step's outputs by stepId. */
export interface WalkState {
  login: components['schemas']['LoginRequest'];
  inputs: Record<string, unknown>;
  steps: Record<string, Record<string, unknown>>;
}

export const newWalkState = (login: WalkState['login']): WalkState => ({ login, inputs: {}, steps: {} });

export interface WalkStep {
  stepId: string;
  title: string;
  /** What the step does and why, for the reader. */
  explain: string;
  request(state: WalkState): ConsoleRequest;
  /** Keeps the step's outputs from a 2xx answer's body and says what it found; throws a WalkError when one is missing. */
  learn(state: WalkState, body: unknown): string;
}

/** A step that cannot run or whose answer lacks what the next step needs; its message is for the reader. */
export class WalkError extends Error {
  override name = 'WalkError';
}

/** The workflow's inputs the console's login form fills, by input name. */
const LOGIN_INPUTS = { username: 'username', password: 'password', captchaToken: 'captcha_token' } as const;

/**
 * What the console chooses itself where the workflow takes an input: the board. A reader's server has its own ids, so
 * the console takes the first company with a board from the list the step reads, as a reader would.
 */
const CHOICES: Record<string, (state: WalkState, data: Record<string, unknown>) => string> = {
  listCompanies: (state, data) => {
    const companies = Array.isArray(data.companies) ? data.companies.filter(isObject) : [];
    for (const company of companies) {
      const boards = Array.isArray(company.boards) ? company.boards.filter(isObject) : [];
      const first = boards.find((b) => typeof b.id === 'number');
      if (typeof company.id === 'number' && first) {
        state.inputs.companyId = company.id;
        state.inputs.boardId = first.id;
        return `Using company_id ${company.id} and board_id ${first.id}.`;
      }
    }
    throw new WalkError('This account sees no company with a board: the QA operations need a company_id and board_id.');
  },
  // The bug's task, pointed at in the list the step read: the id an earlier step learnt, with its title and link.
  listTasks: (state, data) => {
    const tasks = Array.isArray(data.tasks) ? data.tasks.filter(isObject) : [];
    const taskId = Object.values(state.steps)
      .map((outputs) => outputs.taskId)
      .find((id) => typeof id === 'number');
    if (taskId === undefined) return `Got ${tasks.length} tasks.`;
    const task = tasks.find((t) => t.id === taskId);
    if (!task) throw new WalkError(`Task ${taskId}, the bug's task, is not in the list the server answered.`);
    return `Task ${taskId} is the bug's task: "${String(task.title)}", linked to case report ${String(task.case_report_id)} (severity ${String(task.severity)}, priority ${String(task.priority)}).`;
  },
};

/** `/data/scenario/id` → `data.scenario.id`, as the reader sees the answer. */
const dotted = (expression: string) =>
  expression
    .replace(/^\$response\.body#\//, '')
    .split('/')
    .join('.');

/** A step's numeric outputs with their values, the others by name (tokens are not repeated on screen). */
function found(outputs: Record<string, unknown>): string {
  const parts = Object.entries(outputs).map(([name, value]) => (typeof value === 'number' ? `${name} ${value}` : name));
  return parts.length > 0 ? `Got ${parts.join(', ')}.` : 'Done.';
}

/** One walkthrough step of an Arazzo step; `all` names the steps that `$steps.…` expressions point to. */
function walkStep(
  step: ArazzoStep,
  all: ArazzoStep[],
  operation: OperationSpec,
  defaults: Record<string, unknown>,
): WalkStep {
  const [title = step.stepId, ...rest] = step.description.split('\n');
  const titleOf = (stepId: string) => all.find((s) => s.stepId === stepId)?.description.split('\n')[0] ?? stepId;
  const scopeOf = (state: WalkState): ExpressionScope => ({
    inputs: {
      ...defaults,
      ...state.inputs,
      ...Object.fromEntries(Object.entries(LOGIN_INPUTS).map(([input, field]) => [input, state.login[field]])),
    },
    steps: state.steps,
  });
  const missing = (expression: string) => {
    const output = /^\$steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) throw new WalkError(`Run "${titleOf(output[1] as string)}" first: this step needs its ${output[2]}.`);
    throw new WalkError(`This step needs ${expression}, which has no value.`);
  };
  return {
    stepId: step.stepId,
    title,
    explain: rest.join(' ').trim(),
    request: (state) => {
      const scope = scopeOf(state);
      const query: Record<string, string | number | boolean> = {};
      for (const parameter of step.parameters) {
        // The console sends its one credential (the session the login step adopted), as the workflow's header does.
        if (parameter.in === 'header' && parameter.name.toLowerCase() === 'authorization') continue;
        if (parameter.in !== 'query')
          throw new WalkError(`The console cannot send the ${parameter.in} parameter ${parameter.name}.`);
        query[parameter.name] = fill(parameter.value, scope, missing) as string | number | boolean;
      }
      const body = step.payload === undefined ? undefined : fill(step.payload, scope, missing);
      // The workflow's login has no authenticator code (the demo world has no two-factor accounts); a reader whose
      // account has one typed it in the console's login form, and the login step must send it (source §2, Login body).
      if (step.operationId === 'login' && state.login.code && isObject(body)) body.code = state.login.code;
      return {
        method: operation.method.toUpperCase() as ConsoleRequest['method'],
        path: operation.path,
        ...(Object.keys(query).length > 0 ? { query } : {}),
        ...(body === undefined ? {} : { body }),
      };
    },
    learn: (state, body) => {
      const outputs: Record<string, unknown> = {};
      for (const [name, expression] of Object.entries(step.outputs)) {
        outputs[name] = fill(expression, { ...scopeOf(state), responseBody: body }, () => {
          throw new WalkError(`The answer has no ${dotted(expression)}, so the next steps cannot go on.`);
        });
      }
      state.steps[step.stepId] = outputs;
      const data = isObject(body) && isObject(body.data) ? body.data : {};
      const choice = CHOICES[step.operationId];
      return choice ? choice(state, data) : found(outputs);
    },
  };
}

/** The walkthrough of the QA workflow of a parsed workflows file, its operations found in `operations` (the contract's). */
export function walkthroughOf(workflows: unknown, operations: readonly OperationSpec[]): WalkStep[] {
  const { defaults, steps } = workflowOf(workflows, QA_WORKFLOW_ID);
  return steps.map((step) => {
    const operation = operations.find((o) => o.operationId === step.operationId);
    if (!operation) throw new Error(`Step ${step.stepId} names ${step.operationId}, which the contract lacks.`);
    return walkStep(step, steps, operation, defaults);
  });
}

/** The message for a step's answer that is not a success: its status, the error payload's message and fields. */
export function failureOf(answer: ConsoleAnswer): string {
  return refusal('The step was refused', answer);
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
  if (!successData(answer)) return { ok: false, sent, answer, message: failureOf(answer) };
  try {
    const learnt = step.learn(state, answer.body);
    const adopted = adoptedFrom(request.method, url, answer.status, answer.body);
    if (adopted?.kind !== 'session') return { ok: true, sent, answer, message: learnt };
    const message = `${learnt} The console now sends the JWT access token.`;
    return { ok: true, sent, answer, message, session: adopted.credential };
  } catch (error) {
    return { ok: false, sent, answer, message: (error as Error).message };
  }
}
