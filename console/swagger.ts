// The console on every operation: Swagger UI's try-it (swagger-ui-dist, inlined by docs-build/build-console.ts) over the
// contract, its requests sent to the console's target with the console's one credential (source §5), and the
// credentials a login or a new named token answers offered back to the console.
import { isObject } from '../contract/json.js';
import { dereference } from '../contract/pointer.js';
import { servedApiBase } from './base-url.js';
import { type Carried, carriedBody, carriedFrom, valueFor } from './carry.js';
import type { ConsoleStore } from './console-state.js';
import { type Adopted, adoptedFrom, authorizationForUrl } from './credentials.js';

/** The server URL Swagger UI builds requests on; the interceptor puts the console's target in its place. */
export const SPEC_SERVER = 'https://base-url.console.invalid/api';

interface SwaggerRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}

interface SwaggerResponse {
  url: string;
  status: number;
  body?: unknown;
  text?: unknown;
}

declare global {
  interface Window {
    SwaggerUIBundle?: (config: Record<string, unknown>) => unknown;
  }
}

/** The contract as the console shows it: one server (replaced per request) and a short introduction. */
export function consoleDocument(contract: Record<string, unknown>): Record<string, unknown> {
  const document = structuredClone(contract);
  document.servers = [{ url: SPEC_SERVER, description: 'The target chosen at the top of the page' }];
  const info = isObject(document.info) ? document.info : {};
  withoutFilterExamples(document);
  info.description =
    "Every operation has **Try it out**: fill the parameters and the body (prefilled from the contract's examples), **Execute**, and read the status, headers and body. Requests go to the target and carry the credential chosen at the top of the page. The full reference (credential kinds, envelope, errors, the QA state machine) is in [the reference](index.html).";
  document.info = info;
  return document;
}

/** Query parameters that page through a list rather than narrow it: they keep their examples. */
const PAGING = new Set(['page', 'limit']);

/**
 * Drops the examples of the optional query parameters (a list's filters: `assignee_ids`, `parent_id`, `q`): Swagger UI
 * would prefill them, and a list filtered by the contract's example hides what the reader just created.
 */
function withoutFilterExamples(document: Record<string, unknown>): void {
  const strip = (node: unknown) => {
    const parameter = dereference(document, node);
    if (!isObject(parameter) || parameter.in !== 'query' || parameter.required === true) return;
    if (typeof parameter.name !== 'string' || PAGING.has(parameter.name)) return;
    delete parameter.example;
    delete parameter.examples;
    if (isObject(parameter.schema)) {
      delete parameter.schema.example;
      delete parameter.schema.examples;
      delete parameter.schema.default;
    }
  };
  const components = isObject(document.components) ? document.components : {};
  for (const parameter of Object.values(isObject(components.parameters) ? components.parameters : {})) strip(parameter);
  for (const item of Object.values(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const parameter of Array.isArray(item.parameters) ? item.parameters : []) strip(parameter);
    for (const operation of Object.values(item)) {
      if (!isObject(operation)) continue;
      for (const parameter of Array.isArray(operation.parameters) ? operation.parameters : []) strip(parameter);
    }
  }
}

/** The console's link to an operation, in Swagger UI's deep-link form: `#/<tag, spaces as _>/<operationId>`. */
export function consoleAnchor(tag: string, operationId: string): string {
  return `#/${tag.replace(/\s/g, '_')}/${operationId}`;
}

/**
 * Opens the operation the page's hash names as a reader's click would, and scrolls to it. Swagger UI's own
 * `deepLinking` opens it too early: its required parameters stay empty instead of taking the contract's examples.
 */
function openLinkedOperation(): void {
  const match = /^#\/([^/]+)\/([^/]+)$/.exec(location.hash);
  if (!match) return;
  const id = `operations-${decodeURIComponent(match[1] ?? '')}-${decodeURIComponent(match[2] ?? '')}`;
  // Swagger UI renders the operations after it reports completion: wait for the block (a few seconds at most).
  const deadline = Date.now() + 5000;
  const attempt = () => {
    const block = document.getElementById(id);
    if (!block) {
      if (Date.now() < deadline) setTimeout(attempt, 50);
      return;
    }
    if (!block.classList.contains('is-open'))
      (
        block.querySelector<HTMLElement>('.opblock-summary-control') ??
        block.querySelector<HTMLElement>('.opblock-summary')
      )?.click();
    block.scrollIntoView();
  };
  attempt();
}

export interface SwaggerOptions {
  store: ConsoleStore;
  contract: Record<string, unknown>;
  /** Called with what an answer offers: a session from a login or refresh, or a new named token. */
  onAdopted(adopted: NonNullable<Adopted>): void;
  /** Called when a request could not be sent as the reader asked; the message is for the reader. */
  onRefused(message: string): void;
  /** Called with the values carried to the next operations whenever an answer adds to them or they are cleared. */
  onCarried?(carried: Carried): void;
}

/** What the console shows of a mounted Swagger UI: clearing the carried ids (a new target, a reset world). */
export interface MountedSwagger {
  clearCarried(): void;
}

/** An operation of the contract as the interceptors need it, found by method and path. */
interface OperationInfo {
  operationId: string;
  tag: string;
  summary: string;
  /** The links of each documented response, by status. */
  links: Record<string, Record<string, unknown>>;
}

function operationIndex(contract: Record<string, unknown>): Map<string, OperationInfo> {
  const index = new Map<string, OperationInfo>();
  for (const [path, item] of Object.entries(isObject(contract.paths) ? contract.paths : {})) {
    if (!isObject(item)) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!isObject(operation) || typeof operation.operationId !== 'string') continue;
      const links: Record<string, Record<string, unknown>> = {};
      for (const [status, raw] of Object.entries(isObject(operation.responses) ? operation.responses : {})) {
        const response = dereference(contract, raw);
        if (isObject(response) && isObject(response.links)) {
          links[status] = Object.fromEntries(
            Object.entries(response.links).map(([name, link]) => [name, dereference(contract, link)]),
          );
        }
      }
      index.set(`${method.toUpperCase()} ${path}`, {
        operationId: operation.operationId,
        tag: Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'default',
        summary: typeof operation.summary === 'string' ? operation.summary : operation.operationId,
        links,
      });
    }
  }
  return index;
}

/** Sets a value Swagger UI's React inputs keep: the native setter, then the input event React listens for. */
function setReactValue(element: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

/** The small note beside a filled field that says where its value came from. */
function markCarried(element: HTMLElement, text: string): void {
  // Each change here is a mutation the observer sees: write only what differs, or the fill would run forever.
  element.classList.add('console-carried');
  const title = `${text}. Type over it to use another value.`;
  if (element.title !== title) element.title = title;
  let note = element.nextElementSibling;
  if (!note?.classList.contains('console-carried-note')) {
    note = document.createElement('span');
    note.className = 'console-carried-note';
    element.after(note);
  }
  if (note.textContent !== text) note.textContent = text;
}

/** A note under an operation's answer (what the answer means for the next step), with an optional link. */
function noteUnder(block: Element, text: string, link?: { href: string; label: string }): void {
  const note = document.createElement('p');
  note.className = 'console-note';
  note.setAttribute('role', 'status');
  note.textContent = text;
  if (link) {
    const anchor = document.createElement('a');
    anchor.href = link.href;
    anchor.textContent = link.label;
    note.append(' ', anchor);
  }
  (block.querySelector('.responses-wrapper') ?? block).before(note);
}

/** What is wrong with a JSON body's text, for the reader, or undefined when it parses. */
function jsonProblem(text: string): string | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    return `The request body is not JSON (${(error as Error).message}): correct it and execute again. Nothing was sent.`;
  }
}

/** A JSON body that does not parse: Swagger UI would send it as it is. */
function checkJsonBody(request: SwaggerRequest): string | undefined {
  const type = Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  return /json/i.test(type) && typeof request.body === 'string' ? jsonProblem(request.body) : undefined;
}

/**
 * Stops Execute on an operation whose JSON body does not parse, before Swagger UI sends it, and says why under the
 * operation's body. (The request hook cannot cancel a request without breaking Swagger UI's response panel.)
 */
function refuseBadBodies(onRefused: (message: string) => void): void {
  document.addEventListener(
    'click',
    (event) => {
      const button = (event.target as Element | null)?.closest?.('button.execute');
      const block = button?.closest('.opblock');
      if (!button || !block) return;
      block.querySelector('.console-refusal')?.remove();
      const body = block.querySelector<HTMLTextAreaElement>('textarea.body-param__text');
      const problem = body ? jsonProblem(body.value) : undefined;
      if (!problem) return;
      // Capture phase on the document: Swagger UI's React handler on its root never sees this click.
      event.preventDefault();
      event.stopImmediatePropagation();
      const note = document.createElement('p');
      note.className = 'console-refusal';
      note.setAttribute('role', 'alert');
      note.textContent = problem;
      body?.after(note);
      onRefused(problem);
    },
    true,
  );
}

/**
 * Fills the rendered operations' id fields with the carried values: a query parameter of that name, a JSON body's id
 * field (`scenario`, `scenario_id`, `sessions_id`). A field the reader typed in is theirs and is left alone.
 */
function fillCarried(root: Element, carried: Carried, typed: WeakSet<Element>): void {
  for (const input of Array.from(root.querySelectorAll<HTMLInputElement>('tr[data-param-in=query] input'))) {
    const name = input.closest('tr')?.dataset.paramName ?? '';
    const found = valueFor(carried, name);
    if (!found || typed.has(input) || input.type === 'file') continue;
    if (input.value !== String(found.value)) setReactValue(input, String(found.value));
    markCarried(input, `${name} ${found.value}: from ${found.from}`);
  }
  for (const area of Array.from(root.querySelectorAll<HTMLTextAreaElement>('textarea.body-param__text'))) {
    if (typed.has(area)) continue;
    const body = carriedBody(area.value, carried);
    if (!body || body.filled.length === 0) continue;
    if (area.value !== body.text) setReactValue(area, body.text);
    const said = body.filled.map((field) => {
      const found = valueFor(carried, field);
      return `${field} ${found?.value}: from ${found?.from}`;
    });
    markCarried(area, said.join('; '));
  }
}

/** Swagger UI's request, as its snippet generators get it (an Immutable.js map). */
interface SnippetRequest {
  get(key: 'url'): string;
  set(key: 'url', value: string): SnippetRequest;
}

/**
 * Makes the curl lines work in a terminal: a request to the sandbox in this page (an address only this page's service
 * worker answers) is shown going to the API of the server that served the page (servedApiBase), and says so.
 */
function outsideCurl(system: { fn: Record<string, unknown> }, store: ConsoleStore): void {
  for (const name of Object.keys(system.fn).filter((key) => key.startsWith('requestSnippetGenerator_'))) {
    const generate = system.fn[name];
    if (typeof generate !== 'function') continue;
    system.fn[name] = (request: SnippetRequest) => {
      const target = store.state.target;
      const url = request.get('url');
      if (target?.kind !== 'in-page' || !url.startsWith(target.baseUrl)) return generate(request);
      const api = servedApiBase(location);
      const line = generate(request.set('url', api + url.slice(target.baseUrl.length))) as string;
      const note = `The sandbox in this page answers this page only: this line goes to ${api}, with a token from a login there.`;
      return name.endsWith('_bash') ? `# ${note}\n${line}` : line;
    };
  }
}

/** Mounts Swagger UI in `#swagger`. */
export function mountSwagger({ store, contract, onAdopted, onRefused, onCarried }: SwaggerOptions): MountedSwagger {
  const SwaggerUIBundle = window.SwaggerUIBundle;
  if (!SwaggerUIBundle) throw new Error('Swagger UI did not load');
  refuseBadBodies(onRefused);
  const operations = operationIndex(contract);
  let carried: Carried = {};
  /** Fields the reader typed in: theirs, never refilled. */
  const typed = new WeakSet<Element>();
  const root = document.getElementById('swagger') as HTMLElement;
  let pending: ReturnType<typeof setTimeout>[] = [];
  // Swagger UI sets a field's example just after rendering it: fill once it has, and again after its debounce.
  const refill = () => {
    for (const timer of pending) clearTimeout(timer);
    pending = [50, 500].map((ms) => setTimeout(() => fillCarried(root, carried, typed), ms));
  };
  new MutationObserver(refill).observe(root, { childList: true, subtree: true });
  root.addEventListener('change', refill);
  root.addEventListener(
    'input',
    (event) => {
      if (event.isTrusted && event.target instanceof Element) typed.add(event.target);
    },
    true,
  );
  root.addEventListener('click', (event) => {
    const block = (event.target as Element | null)?.closest?.('button.execute')?.closest('.opblock');
    for (const note of Array.from(block?.querySelectorAll('.console-note') ?? [])) note.remove();
  });
  window.addEventListener('hashchange', openLinkedOperation);

  /** The contract operation a URL under the target answers, by method. */
  const operationOf = (method: string, url: string): OperationInfo | undefined => {
    const base = store.state.target ? new URL(store.state.target.baseUrl).pathname : '';
    const path = new URL(url).pathname;
    return operations.get(`${method.toUpperCase()} ${path.startsWith(base) ? path.slice(base.length) : path}`);
  };

  /** What an answer means for the next step, said under it: a session without case reports cannot go on. */
  const explain = (operation: OperationInfo, status: number, body: unknown) => {
    const data = isObject(body) && isObject(body.data) ? body.data : {};
    const session = isObject(data.session) ? data.session : undefined;
    let text: string | undefined;
    if (operation.operationId === 'startSession' && status === 201 && session && Array.isArray(session.case_reports)) {
      if (session.case_reports.length === 0) {
        text = `This session has no case reports: scenario ${String(session.scenario_id)} has no cases, so there is no outcome to record. Add a case to it (Create a case, its "scenario" is now filled in), then start a new session.`;
      }
    } else if (
      operation.operationId === 'finishSession' &&
      status === 200 &&
      session &&
      (session.case_reports_total ?? (Array.isArray(session.case_reports) ? session.case_reports.length : 1)) === 0
    ) {
      text =
        'This session had no case reports: its scenario had no cases when it started. Add a case to the scenario, then start a new session.';
    }
    if (!text) return;
    const blockId = `operations-${operation.tag.replace(/\s/g, '_')}-${operation.operationId}`;
    const link = { href: consoleAnchor('QA cases', 'createCase'), label: 'Open Create a case.' };
    // Swagger UI renders the answer after this interceptor returns: wait for it (a few seconds at most).
    const deadline = Date.now() + 5000;
    const attempt = () => {
      const block = document.getElementById(blockId);
      if (block?.querySelector('.live-responses-table')) return noteUnder(block, text as string, link);
      if (Date.now() < deadline) setTimeout(attempt, 50);
    };
    attempt();
  };

  /** The username of the login each URL was last sent, to name the account of the session it answers. */
  const logins = new Map<string, string>();
  /** The method of the last request to each URL: Swagger UI's response carries none. */
  const methods = new Map<string, string>();

  SwaggerUIBundle({
    dom_id: '#swagger',
    plugins: [() => ({ afterLoad: (system: { fn: Record<string, unknown> }) => outsideCurl(system, store) })],
    // The snippets go through the system's generators (outsideCurl wraps them); Swagger UI's plain Curl block does not.
    requestSnippetsEnabled: true,
    requestSnippets: {
      generators: { curl_bash: { title: 'cURL (bash)', syntax: 'bash' } },
      defaultExpanded: true,
    },
    spec: consoleDocument(contract),
    deepLinking: false,
    onComplete: openLinkedOperation,
    tryItOutEnabled: true,
    displayRequestDuration: true,
    showMutatedRequest: true,
    // Never fetch the public validator badge: the page makes no request the reader did not ask for.
    validatorUrl: null,
    defaultModelsExpandDepth: -1,
    docExpansion: 'list',
    requestInterceptor(request: SwaggerRequest): SwaggerRequest {
      const target = store.state.target;
      const invalid = checkJsonBody(request);
      if (!target || invalid) {
        onRefused(invalid ?? 'Choose where requests go at the top of the page first. Nothing was sent.');
        // Throwing here breaks Swagger UI's response panel; an address no browser fetches fails the request instead.
        return { ...request, url: 'about:blank#not-sent' };
      }
      if (request.url.startsWith(SPEC_SERVER)) request.url = target.baseUrl + request.url.slice(SPEC_SERVER.length);
      for (const name of Object.keys(request.headers)) {
        if (name.toLowerCase() === 'authorization') delete request.headers[name];
      }
      const authorization = authorizationForUrl(request.url, store.state.credential);
      if (authorization) request.headers.Authorization = authorization;
      methods.set(request.url, request.method);
      if (typeof request.body === 'string' && request.url.endsWith('/member/login/')) {
        try {
          const body = JSON.parse(request.body) as unknown;
          if (isObject(body) && typeof body.username === 'string') logins.set(request.url, body.username);
        } catch {
          // Checked above: a JSON body parses.
        }
      }
      return request;
    },
    responseInterceptor(response: SwaggerResponse): SwaggerResponse {
      let body = response.body;
      if (typeof body === 'string' || body === undefined) {
        try {
          body = JSON.parse(String(response.text ?? body ?? ''));
        } catch {
          body = undefined;
        }
      }
      const adopted = adoptedFrom(
        methods.get(response.url) ?? 'GET',
        response.url,
        response.status,
        body,
        logins.get(response.url),
      );
      if (adopted) onAdopted(adopted);
      const method = methods.get(response.url) ?? 'GET';
      const operation = operationOf(method, response.url);
      if (operation) {
        const exchange = { method, url: response.url, status: response.status, body };
        const from = `${operation.summary} (${response.status})`;
        const added = carriedFrom(exchange, from, operation.links[String(response.status)]);
        if (Object.keys(added).length > 0) {
          carried = { ...carried, ...added };
          onCarried?.(carried);
          refill();
        }
        explain(operation, response.status, body);
      }
      return response;
    },
  });
  return {
    clearCarried() {
      carried = {};
      onCarried?.(carried);
    },
  };
}
