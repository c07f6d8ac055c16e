// The console page (docs/console.html, README "Publishing the docs"): the target and credential bar, the QA
// walkthrough and Swagger UI on every operation, wired to one state for the tab.

import { contractOf } from '../contract/document.js';
import { isObject } from '../contract/json.js';
import { openapiDocument } from '../generated/openapi-document.js';
import { checkBaseUrl, servedApiBase } from './base-url.js';
import type { Carried } from './carry.js';
import { ConsoleStore, type Target } from './console-state.js';
import { adoptedFrom, type Credential, describeCredential, pastedCredential } from './credentials.js';
import { type InPageSandbox, startInPageSandbox } from './in-page-sandbox.js';
import { refusal } from './messages.js';
import { send } from './send.js';
import { mountSwagger } from './swagger.js';
import { successData, walkthroughOf } from './walkthrough.js';
import { mountWalkthrough } from './walkthrough-view.js';

/** workflows.arazzo.yaml, parsed, put in the bundle by the console build (scripts/build-console.ts). */
declare const ARAZZO_WORKFLOWS: unknown;

const $ = <T extends HTMLElement>(id: string): T => {
  const node = document.getElementById(id);
  if (!node) throw new Error(`the page lacks #${id}`);
  return node as T;
};

const store = new ConsoleStore(globalThis.sessionStorage);
let sandbox: InPageSandbox = { ok: false, reason: 'The sandbox in this page is starting…' };
/** A named token an answer just created, offered to the reader until used or replaced. */
let newToken: { token: string; title?: string } | undefined;

/** A message under the bar: `kind` colours it; text only, never HTML, never a secret. */
function say(id: string, text: string, kind: 'ok' | 'error' | 'info' = 'info'): void {
  const node = $(id);
  node.textContent = text;
  node.dataset.kind = kind;
}

/** The login example of the contract: the demo member and the demo captcha the sandbox accepts. */
function loginExample(): Record<string, unknown> {
  // Inline in openapi.yaml, so no $ref to follow: paths → /member/login/ → post → requestBody → content → examples.
  let node: unknown = openapiDocument;
  for (const key of ['paths', '/member/login/', 'post', 'requestBody', 'content', 'application/json', 'examples']) {
    node = isObject(node) ? node[key] : undefined;
  }
  const first = isObject(node) ? Object.values(node)[0] : undefined;
  return isObject(first) && isObject(first.value) ? first.value : {};
}

function loginForm(): { username: string; password: string; captcha_token: string; code?: string } {
  const value = (id: string) => $<HTMLInputElement>(id).value;
  const code = value('login-code').trim();
  return {
    username: value('login-username'),
    password: value('login-password'),
    captcha_token: value('login-captcha'),
    ...(code ? { code } : {}),
  };
}

function render(): void {
  const { target, credential, account } = store.state;
  const status = $('credential-status');
  status.textContent = describeCredential(credential, account);
  status.dataset.credential = credential?.kind ?? 'none';
  $<HTMLButtonElement>('forget').disabled = !credential;
  const useNew = $<HTMLButtonElement>('use-new-token');
  useNew.hidden = !newToken;
  useNew.textContent = newToken
    ? `Use the named token just created${newToken.title ? ` ("${newToken.title}")` : ''}`
    : '';
  $<HTMLInputElement>('target-in-page').checked = target?.kind === 'in-page';
  $<HTMLInputElement>('target-server').checked = target?.kind === 'server';
  $<HTMLButtonElement>('reset-world').disabled = target?.kind !== 'in-page';
  $('target-status').textContent = !target
    ? 'No target: choose one.'
    : target.kind === 'in-page'
      ? `Requests go to the sandbox in this page (${target.baseUrl}): the demo world, kept for this tab.`
      : `Requests go to the server at ${target.baseUrl}.`;
  document.body.dataset.target = target?.kind ?? 'none';
}

function useCredential(credential: Credential | undefined, account?: string, message?: string): void {
  store.setCredential(credential, account);
  if (message) say('credential-message', message, 'ok');
}

let restartWalkthrough = () => {};
let clearCarried = () => {};

/** The bar's line of ids carried from the answers to the next operations (console/carry.ts). */
function showCarried(carried: Carried): void {
  const entries = Object.entries(carried);
  $('carried').textContent =
    entries.length === 0
      ? ''
      : `Filled into the next operations (type over any to change it): ${entries
          .map(([name, { value, from }]) => `${name} ${value} (from ${from})`)
          .join('; ')}.`;
}

function switchTarget(target: Target): void {
  const forgot = store.setTarget(target);
  newToken = undefined;
  restartWalkthrough();
  clearCarried();
  if (forgot)
    say(
      'credential-message',
      'The credential belonged to the previous target, so it was forgotten: log in again or paste a token.',
      'info',
    );
}

async function useServer(): Promise<void> {
  const typed = $<HTMLInputElement>('base-url').value;
  say('target-message', `Checking ${typed.trim()}…`);
  const check = await checkBaseUrl(typed, location.origin);
  if (!check.ok) {
    say('target-message', check.error, 'error');
    render();
    return;
  }
  switchTarget({ kind: 'server', baseUrl: check.baseUrl });
  say('target-message', `${check.baseUrl} answers the API.`, 'ok');
}

function useInPage(): void {
  if (!sandbox.ok) {
    say('target-message', sandbox.reason, 'error');
    render();
    return;
  }
  switchTarget({ kind: 'in-page', baseUrl: sandbox.baseUrl });
  say('target-message', 'Using the sandbox in this page.', 'ok');
}

async function logIn(event: Event): Promise<void> {
  event.preventDefault();
  const target = store.state.target;
  if (!target) {
    say('credential-message', 'Choose where requests go first.', 'error');
    return;
  }
  const body = loginForm();
  try {
    const request = { method: 'POST', path: '/member/login/', body } as const;
    const answer = await send(globalThis.fetch.bind(globalThis), target.baseUrl, undefined, request);
    const adopted = adoptedFrom('POST', `${target.baseUrl}/member/login/`, answer.status, answer.body, body.username);
    if (!successData(answer) || adopted?.kind !== 'session') {
      say('credential-message', refusal('Login refused', answer), 'error');
      return;
    }
    useCredential(
      adopted.credential,
      body.username,
      `Logged in as ${body.username}: requests now carry the JWT access token.`,
    );
  } catch (error) {
    say('credential-message', (error as Error).message, 'error');
  }
}

function pasteToken(event: Event): void {
  event.preventDefault();
  const kind = $<HTMLSelectElement>('paste-kind').value === 'session' ? 'session' : 'apiToken';
  const input = $<HTMLInputElement>('paste-token');
  const pasted = pastedCredential(kind, input.value);
  if ('error' in pasted) {
    say('credential-message', pasted.error, 'error');
    return;
  }
  input.value = '';
  useCredential(
    pasted.credential,
    undefined,
    kind === 'apiToken' ? 'Using the named API token (Bearer).' : 'Using the JWT access token (JWT).',
  );
}

async function main(): Promise<void> {
  $<HTMLInputElement>('base-url').value = servedApiBase(location);
  const example = loginExample();
  for (const [id, field] of [
    ['login-username', 'username'],
    ['login-password', 'password'],
    ['login-captcha', 'captcha_token'],
  ] as const) {
    $<HTMLInputElement>(id).value = typeof example[field] === 'string' ? (example[field] as string) : '';
  }
  $('demo-captcha').textContent = typeof example.captcha_token === 'string' ? example.captcha_token : '(none)';

  store.onChange(render);
  $('login').addEventListener('submit', (event) => void logIn(event));
  $('paste').addEventListener('submit', pasteToken);
  $('forget').addEventListener('click', () =>
    useCredential(undefined, undefined, 'Credential forgotten: requests go without Authorization.'),
  );
  $('use-new-token').addEventListener('click', () => {
    if (!newToken) return;
    useCredential({ kind: 'apiToken', token: newToken.token }, undefined, 'Using the new named API token (Bearer).');
    newToken = undefined;
    render();
  });
  $('target-in-page').addEventListener('change', useInPage);
  $('use-base-url').addEventListener('click', () => void useServer());
  $('target-server').addEventListener('change', () => void useServer());
  $('reset-world').addEventListener('click', async () => {
    if (!sandbox.ok) return;
    try {
      await sandbox.reset();
      useCredential(
        undefined,
        undefined,
        'The world is back to the demo world; its sessions and tokens are gone, so log in again.',
      );
      restartWalkthrough();
      clearCarried();
    } catch (error) {
      say('target-message', `Reset failed: ${(error as Error).message}`, 'error');
    }
  });

  restartWalkthrough = mountWalkthrough($('walk-steps'), {
    store,
    steps: walkthroughOf(ARAZZO_WORKFLOWS, contractOf(openapiDocument).operations),
    login: loginForm,
    onLoggedIn: (account) =>
      say('credential-message', `Logged in as ${account}: requests now carry the JWT access token.`, 'ok'),
  });
  clearCarried = mountSwagger({
    store,
    onCarried: showCarried,
    contract: openapiDocument,
    onAdopted(adopted) {
      if (adopted.kind === 'session') {
        useCredential(
          adopted.credential,
          adopted.account,
          'Logged in from the console: requests now carry the JWT access token.',
        );
      } else {
        newToken = { token: adopted.token, ...(adopted.title ? { title: adopted.title } : {}) };
        say(
          'credential-message',
          'A named API token was created: use it with the button above, or keep the JWT.',
          'info',
        );
        render();
      }
    },
    onRefused: (message) => say('target-message', message, 'error'),
  }).clearCarried;

  render();
  sandbox = await startInPageSandbox();
  const target = store.state.target;
  if (!sandbox.ok) {
    say('target-message', sandbox.reason, 'error');
    $<HTMLInputElement>('target-in-page').disabled = true;
    if (target?.kind === 'in-page') store.setTarget({ kind: 'server', baseUrl: $<HTMLInputElement>('base-url').value });
  } else if (!target || target.kind === 'in-page') {
    // The in-page sandbox's address is this page's: a reload at another address starts from the new one.
    store.setTarget({ kind: 'in-page', baseUrl: sandbox.baseUrl });
  }
  await checkKeptCredential();
  render();
  document.body.dataset.state = 'ready';
}

/**
 * A credential kept from before a reload is tried once (GET /member/me/): the sandbox in the page signs JWTs with a key
 * that a reload renews, and a server's tokens expire. A 401 forgets it and says so; any other answer keeps it.
 */
async function checkKeptCredential(): Promise<void> {
  const { target, credential } = store.state;
  if (!target || !credential) return;
  try {
    const request = { method: 'GET', path: '/member/me/' } as const;
    const answer = await send(globalThis.fetch.bind(globalThis), target.baseUrl, credential, request);
    if (answer.status !== 401) return;
    useCredential(undefined);
    say(
      'credential-message',
      'The credential kept from before the reload is no longer accepted (401): log in again or paste a token.',
      'info',
    );
  } catch {
    // No answer: the credential stays; the reader's next request will say what is wrong.
  }
}

main().catch((error: unknown) => {
  say('target-message', `The console failed to start: ${(error as Error).message}`, 'error');
  document.body.dataset.state = 'failed';
});
