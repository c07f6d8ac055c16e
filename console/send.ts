// How the console's own forms (log in, the walkthrough) send a request: to the base URL in use, with the one
// credential, a JSON body (source §1 conventions), and an answer read as the page shows it.
import { authorizationForUrl, type Credential } from './credentials.js';

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** A path of the contract, e.g. `/features/qa/scenarios/list/`. */
  path: string;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
}

export interface ConsoleAnswer {
  status: number;
  headers: Record<string, string>;
  /** The parsed JSON, or the text when the body is not JSON. */
  body: unknown;
  /** Set when the body was not JSON: what the page says about it. */
  notJson?: string;
}

/** The URL of `request` under `baseUrl`, with its query. */
export function urlOf(baseUrl: string, request: ConsoleRequest): string {
  const search = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]) => [k, String(v)])).toString();
  return `${baseUrl}${request.path}${search ? `?${search}` : ''}`;
}

/** The web Request the console sends: JSON body, Authorization for the credential (never on login/register/refresh). */
export function toRequest(baseUrl: string, credential: Credential | undefined, request: ConsoleRequest): Request {
  const url = urlOf(baseUrl, request);
  const headers = new Headers({ accept: 'application/json' });
  const authorization = authorizationForUrl(url, credential);
  if (authorization) headers.set('authorization', authorization);
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(url, {
    method: request.method,
    headers,
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
}

/** Reads an answer for display: JSON when it parses, else its text with a note on what came instead. */
export async function readAnswer(response: Response): Promise<ConsoleAnswer> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const text = await response.text();
  if (text === '') return { status: response.status, headers, body: null };
  try {
    return { status: response.status, headers, body: JSON.parse(text) };
  } catch {
    const type = response.headers.get('content-type') ?? 'no Content-Type';
    return {
      status: response.status,
      headers,
      body: text.length > 2000 ? `${text.slice(0, 2000)}…` : text,
      notJson: `The answer is not JSON (${type}).`,
    };
  }
}

/** Sends `request` with `fetchFn`; a network failure is an Error whose message says what happened, never a secret. */
export async function send(
  fetchFn: (request: Request) => Promise<Response>,
  baseUrl: string,
  credential: Credential | undefined,
  request: ConsoleRequest,
): Promise<ConsoleAnswer> {
  let response: Response;
  try {
    response = await fetchFn(toRequest(baseUrl, credential, request));
  } catch (error) {
    throw new Error(
      `${request.method} ${request.path} got no answer from ${baseUrl} (${(error as Error).name}): the server is down, or it refuses this page's origin (CORS).`,
    );
  }
  return readAnswer(response);
}
