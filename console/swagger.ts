// The console on every operation: Swagger UI's try-it (swagger-ui-dist, inlined by docs-build/build-console.ts) over the
// contract, its requests sent to the console's target with the console's one credential (source §5), and the
// credentials a login or a new named token answers offered back to the console.
import { isObject } from '../contract/json.js';
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
  info.description =
    "Every operation has **Try it out**: fill the parameters and the body (prefilled from the contract's examples), **Execute**, and read the status, headers and body. Requests go to the target and carry the credential chosen at the top of the page. The full reference (credential kinds, envelope, errors, the QA state machine) is in [the reference](index.html).";
  document.info = info;
  return document;
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

/** Mounts Swagger UI in `#swagger`. */
export function mountSwagger({ store, contract, onAdopted, onRefused }: SwaggerOptions): void {
  const SwaggerUIBundle = window.SwaggerUIBundle;
  if (!SwaggerUIBundle) throw new Error('Swagger UI did not load');
  refuseBadBodies(onRefused);
  /** The username of the login each URL was last sent, to name the account of the session it answers. */
  const logins = new Map<string, string>();
  /** The method of the last request to each URL: Swagger UI's response carries none. */
  const methods = new Map<string, string>();

  SwaggerUIBundle({
    dom_id: '#swagger',
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
      return response;
    },
  });
}
