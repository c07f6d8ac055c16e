// The QA walkthrough on the console page: one block per step of the QA workflow (walkthrough.ts), each run by a
// button once the step before it succeeded, showing the request sent and the answer received.
import type { ConsoleStore } from './console-state.js';
import { newWalkState, runStep, type StepResult, type WalkState, type WalkStep } from './walkthrough.js';

export interface WalkthroughViewOptions {
  store: ConsoleStore;
  /** The steps, read from the workflows file when the console was built. */
  steps: WalkStep[];
  /** The login body the first step sends: the console's login form as it is filled now. */
  login(): WalkState['login'];
  /** Announces a session the first step obtained, as a login from the form would. */
  onLoggedIn(account: string): void;
}

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

/** Renders the steps into `list`; returns a function that starts the walkthrough over (after a target switch). */
export function mountWalkthrough(
  list: HTMLElement,
  { store, steps, login, onLoggedIn }: WalkthroughViewOptions,
): () => void {
  let state: WalkState = newWalkState(login());
  const buttons: HTMLButtonElement[] = [];
  const outputs: { request: HTMLElement; answer: HTMLElement; outcome: HTMLElement }[] = [];

  const enableUpTo = (index: number) => {
    buttons.forEach((button, i) => {
      button.disabled = i > index;
    });
  };

  async function run(index: number): Promise<void> {
    const step = steps[index];
    const out = outputs[index];
    if (!step || !out) return;
    out.request.textContent = '';
    out.answer.textContent = '';
    out.outcome.dataset.result = 'running';
    out.outcome.textContent = 'Sending…';
    const target = store.state.target;
    if (index === 0) state.login = login();
    const result: StepResult = target
      ? await runStep(step, state, {
          fetch: globalThis.fetch.bind(globalThis),
          baseUrl: target.baseUrl,
          credential: store.state.credential,
        })
      : { ok: false, message: 'Choose where requests go at the top of the page first.' };
    const { sent, answer } = result;
    out.request.textContent = sent ?? '';
    out.answer.textContent = answer
      ? `${answer.status}\n\n${typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)}`
      : '';
    out.outcome.textContent = result.message;
    out.outcome.dataset.result = result.ok ? 'ok' : 'failed';
    if (result.session) {
      store.setCredential(result.session, state.login.username);
      onLoggedIn(state.login.username);
    }
    if (result.ok) enableUpTo(index + 1);
  }

  steps.forEach((step, index) => {
    const item = element('li', 'walk-step');
    item.append(element('h3', '', `${index + 1}. ${step.title}`), element('p', 'walk-explain', step.explain));
    const button = element('button', 'walk-run', `Run step ${index + 1}`);
    button.type = 'button';
    button.addEventListener('click', () => void run(index));
    const request = element('pre', 'walk-request');
    const answer = element('pre', 'walk-answer');
    const outcome = element('p', 'walk-outcome');
    outcome.setAttribute('role', 'status');
    item.append(button, outcome, request, answer);
    list.append(item);
    buttons.push(button);
    outputs.push({ request, answer, outcome });
  });
  enableUpTo(0);

  // A reader who logged in from the bar need not run the login step: the steps after it send the bar's credential.
  let ran = false;
  const followBar = () => {
    const first = outputs[0];
    if (ran || !first) return;
    const credential = store.state.credential;
    enableUpTo(credential ? 1 : 0);
    first.outcome.textContent = credential
      ? 'Logged in from the bar above: step 2 sends that credential. Run this step to log in here instead.'
      : '';
    if (credential) first.outcome.dataset.result = 'ok';
    else delete first.outcome.dataset.result;
  };
  store.onChange(followBar);
  followBar();
  for (const button of buttons) button.addEventListener('click', () => (ran = true), { capture: true });

  return () => {
    state = newWalkState(login());
    for (const out of outputs) {
      out.request.textContent = '';
      out.answer.textContent = '';
      out.outcome.textContent = '';
      delete out.outcome.dataset.result;
    }
    ran = false;
    followBar();
  };
}
