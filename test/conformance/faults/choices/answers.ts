// What the choice servers share: reading and rewriting the sandbox's answers as a middleware would, its lists read
// page by page, and where the contract puts objects and rows (docs/conformance.md, "What the suite does not assume").
import type { FetchHandler } from '../../../../contract/http.js';
import { isObject } from '../../../../contract/json.js';
import { apiRequest, jsonOf, parsedJson, reply, textIn, textResponse } from '../wrap.js';

export type Json = Record<string, unknown>;

/** Every JSON object in a value, found before any is changed, to change in place. */
export function objectsIn(value: unknown, visit: (o: Json) => void): void {
  const found: Json[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      found.push(v);
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  found.forEach(visit);
}

/** Rewrites the JSON body of an answer in place with `change`; other answers pass as they are. */
export async function changed(res: Response, change: (body: Json) => void): Promise<Response> {
  const text = await textIn(res);
  const body = parsedJson(text);
  if (!isObject(body)) return res;
  change(body);
  const out = JSON.stringify(body);
  // Most answers pass through most wrappers unchanged: the same text is the same answer, and costs no new one.
  if (out === text) return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return textResponse(out, { status: res.status, headers });
}

/** The same answer with another status, its body kept. */
export async function restatus(res: Response, status: number): Promise<Response> {
  const headers = new Headers(res.headers);
  return textResponse(await res.text(), { status, headers });
}

export const conflict = (field: string, message: string): Response =>
  reply(409, { status: 'error', message, errors: [{ field, message }] });

/** `data` of a parsed answer body, or undefined. */
export const dataIn = (body: unknown): Json | undefined =>
  isObject(body) && isObject(body.data) ? body.data : undefined;

/** Every row of a list of the sandbox, read page by page with the caller's credential. */
export async function listedRows(
  inner: FetchHandler,
  near: Request,
  path: string,
  collection: string,
): Promise<Json[]> {
  const rows: Json[] = [];
  for (let page = 1; page <= 100; page++) {
    const sep = path.includes('?') ? '&' : '?';
    const res = await inner(apiRequest(near, 'GET', `${path}${sep}page=${page}&limit=100`, undefined, near.headers));
    const got = dataIn(await jsonOf(res))?.[collection];
    if (!res.ok || !Array.isArray(got)) break;
    rows.push(...got.filter(isObject));
    if (got.length < 100) break;
  }
  return rows;
}

/** The query naming the board of a request, as the QA lists take it. */
export const boardQuery = (query: URLSearchParams): string =>
  `company_id=${query.get('company_id')}&board_id=${query.get('board_id')}`;

/** The list operations whose collection name the source does not give (it gives `companies`, and `tasks` as an example). */
export const UNNAMED_LISTS: Record<string, string> = {
  listScenarios: 'scenarios',
  listCases: 'cases',
  listSessions: 'sessions',
  listApiTokens: 'tokens',
};

/** The object member the contract puts a created, read or changed object under, by operation. */
export const OBJECT_OF: Record<string, string> = {
  createScenario: 'scenario',
  getScenario: 'scenario',
  updateScenario: 'scenario',
  createCase: 'case',
  getCase: 'case',
  updateCase: 'case',
  startSession: 'session',
  finishSession: 'session',
  recordCaseOutcome: 'case_report',
  createApiToken: 'token',
  updateApiToken: 'token',
  getMe: 'member',
  register: 'member',
};
