// The QA walkthrough on the console page: one block per step of walkthrough.ts, each run by a button once the step
// before it succeeded, showing the request sent and the answer received.
import type { ConsoleStore } from './console-state.js';
import { adoptedFrom } from './credentials.js';
import { send, urlOf } from './send.js';
import { failureOf, successData, WALKTHROUGH, WalkError, type WalkState } from './walkthrough.js';

export interface WalkthroughViewOptions {
  store: ConsoleStore;
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
export function mountWalkthrough(list: HTMLElement, { store, login, onLoggedIn }: WalkthroughViewOptions): () => void {
  let state: WalkState = { login: login() };
  const buttons: HTMLButtonElement[] = [];
  const outputs: { request: HTMLElement; answer: HTMLElement; outcome: HTMLElement }[] = [];

  const enableUpTo = (index: number) => {
    buttons.forEach((button, i) => {
      button.disabled = i > index;
    });
  };

  async function run(index: number): Promise<void> {
    const step = WALKTHROUGH[index];
    const out = outputs[index];
    const target = store.state.target;
    if (!step || !out) return;
    out.answer.textContent = '';
    out.outcome.dataset.result = 'running';
    out.outcome.textContent = 'Sending…';
    try {
      if (!target) throw new WalkError('Choose where requests go at the top of the page first.');
      if (index === 0) state.login = login();
      const request = step.request(state);
      out.request.textContent = `${request.method} ${urlOf(target.baseUrl, request)}${
        request.body === undefined ? '' : `\n\n${JSON.stringify(request.body, null, 2)}`
      }`;
      const answer = await send(globalThis.fetch.bind(globalThis), target.baseUrl, store.state.credential, request);
      out.answer.textContent = `${answer.status}\n\n${
        typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body, null, 2)
      }`;
      const data = successData(answer);
      if (!data) throw new WalkError(`The step was refused: ${failureOf(answer)}`);
      const url = urlOf(target.baseUrl, request);
      const adopted = adoptedFrom(request.method, url, answer.status, answer.body, state.login.username);
      if (adopted?.kind === 'session') {
        store.setCredential(adopted.credential, adopted.account);
        onLoggedIn(state.login.username);
      }
      out.outcome.textContent = step.learn(state, data);
      out.outcome.dataset.result = 'ok';
      enableUpTo(index + 1);
    } catch (error) {
      out.outcome.dataset.result = 'failed';
      out.outcome.textContent =
        error instanceof WalkError || error instanceof Error ? error.message : 'The step failed.';
    }
  }

  WALKTHROUGH.forEach((step, index) => {
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

  return () => {
    state = { login: login() };
    for (const out of outputs) {
      out.request.textContent = '';
      out.answer.textContent = '';
      out.outcome.textContent = '';
      delete out.outcome.dataset.result;
    }
    enableUpTo(0);
  };
}
