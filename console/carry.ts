// The ids a flow carries from one operation of the console to the next (source §4 QA endpoints: ids travel as query
// parameters and body fields): what an answer creates (a scenario, a case, a session and its case reports, a named
// token's key) and the workspace a request used become the values the next operations are prefilled with.
import { isObject } from '../contract/json.js';
import { nodeAt } from '../contract/pointer.js';

/** One carried value: what it is, and the answer it came from (for the reader). */
export interface CarriedValue {
  value: number | string;
  from: string;
}

/** Carried values by the name a parameter or body field takes them under (`scenario_id`, `company_id`, `key`). */
export type Carried = Record<string, CarriedValue>;

/** What the console knows of an answer: the request's method and URL, the status, the parsed body. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  body: unknown;
}

/** The workspace ids a request names in its query, carried so that every later request goes to the same board. */
const WORKSPACE = ['company_id', 'board_id'];

/** `case_reports` → `case_report`: the name one element of a list of objects takes. */
const singular = (name: string) => name.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * The ids a 2xx answer to a write (POST, PATCH) created or named: each object under `data` with a numeric `id` gives
 * `<key>_id`, and the first object of each list inside it gives `<singular>_id` (a new session's first case report).
 */
export function idsOfAnswer(method: string, status: number, body: unknown): Record<string, number> {
  const ids: Record<string, number> = {};
  if (status < 200 || status > 299 || method.toUpperCase() === 'GET') return ids;
  const data = isObject(body) && isObject(body.data) ? body.data : {};
  for (const [key, value] of Object.entries(data)) {
    if (!isObject(value) || typeof value.id !== 'number') continue;
    ids[`${key}_id`] = value.id;
    for (const [inner, list] of Object.entries(value)) {
      const first = Array.isArray(list) ? list[0] : undefined;
      if (isObject(first) && typeof first.id === 'number') ids[`${singular(inner)}_id`] = first.id;
    }
  }
  return ids;
}

/** A link's value (`$response.body#/…`, `$request.query.…`) in an exchange, or undefined. */
function linkValue(expression: unknown, exchange: Exchange): unknown {
  if (typeof expression !== 'string') return expression;
  if (expression.startsWith('$response.body#')) return nodeAt(exchange.body, expression.slice('$response.body'.length));
  const query = /^\$request\.query\.(.+)$/.exec(expression);
  if (query) return new URL(exchange.url, 'http://origin.invalid').searchParams.get(query[1] as string) ?? undefined;
  return undefined;
}

/**
 * What an exchange gives the next operations: the workspace its query named (on success), the ids its answer created,
 * and the parameters the contract's links of that answer set (openapi.yaml `links`, e.g. a new token's `key`).
 */
export function carriedFrom(exchange: Exchange, from: string, links: Record<string, unknown> = {}): Carried {
  const carried: Carried = {};
  if (exchange.status < 200 || exchange.status > 299) return carried;
  const query = new URL(exchange.url, 'http://origin.invalid').searchParams;
  for (const name of WORKSPACE) {
    const value = Number(query.get(name));
    if (query.has(name) && Number.isInteger(value) && value > 0) carried[name] = { value, from };
  }
  for (const [name, value] of Object.entries(idsOfAnswer(exchange.method, exchange.status, exchange.body))) {
    carried[name] = { value, from };
  }
  for (const link of Object.values(links)) {
    const parameters = isObject(link) && isObject(link.parameters) ? link.parameters : {};
    for (const [name, expression] of Object.entries(parameters)) {
      if (WORKSPACE.includes(name) || name in carried) continue;
      const value = linkValue(expression, exchange);
      if (typeof value === 'number' || (typeof value === 'string' && value !== '')) carried[name] = { value, from };
    }
  }
  return carried;
}

/**
 * The carried value a field of that name takes: its own name, else `<name>_id` (a case's `scenario`), else the
 * singular's id (a finish's `sessions_id` is the session's id).
 */
export function valueFor(carried: Carried, field: string): CarriedValue | undefined {
  return carried[field] ?? carried[`${field}_id`] ?? carried[field.replace(/s_id$/, '_id')];
}

/**
 * A JSON body's text with each top-level id field (one that holds a number) set to its carried value, and the fields
 * that carry one; undefined when the text is not a JSON object (the reader is still writing it).
 */
export function carriedBody(text: string, carried: Carried): { text: string; filled: string[] } | undefined {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const filled: string[] = [];
  for (const [field, value] of Object.entries(body)) {
    const found = typeof value === 'number' ? valueFor(carried, field) : undefined;
    if (!found) continue;
    body[field] = found.value;
    filled.push(field);
  }
  return { text: JSON.stringify(body, null, 2), filled };
}
