// Readers of an answer's JSON body that the checks, the clean-up and the recorder share: success, data, named fields,
// tokens, the account, what the suite sent; none assumes more of a shape than the source states unless it says so.
import { isObject } from '../../contract/json.js';
import { cutAtCodePoint } from '../report/inert-text.js';
import type { Answer } from './exchange-record.js';

/** What a reader of an answer needs: its parsed body (an `Answer`, or a list page). */
type Bodied = Pick<Answer, 'body'>;

/** Whether a status is a success (any 2xx); no status (no answer) is none. */
export const isSuccess = (status: number | undefined): boolean => status !== undefined && status >= 200 && status < 300;

/** `data` of a success body (`{ "status": "success", "data": { … } }`), or undefined. */
export function dataOf(body: unknown): Record<string, unknown> | undefined {
  return isObject(body) && body.status === 'success' && isObject(body.data) ? body.data : undefined;
}

/** The `errors[].field` names of an error payload. */
export function fieldsOf(answer: Bodied): string[] {
  const body = answer.body;
  if (!isObject(body) || !Array.isArray(body.errors)) return [];
  return body.errors.flatMap((e) => (isObject(e) && typeof e.field === 'string' ? [e.field] : []));
}

/** Whether an error field names `name` (`company_id`, `query.company_id` and `body.severity` all count). */
export function names(fields: readonly string[], name: string): boolean {
  return fields.some((f) => f === name || f.endsWith(`.${name}`) || f.split(/[.[\]]/).includes(name));
}

/** Every member name and every string value of a JSON value, at any depth. */
function walk(value: unknown, keys: Set<string>, texts: string[]): void {
  if (typeof value === 'string') texts.push(value);
  else if (Array.isArray(value)) for (const v of value) walk(v, keys, texts);
  else if (isObject(value)) {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      walk(v, keys, texts);
    }
  }
}

const withoutStatus = ({ status: _envelope, ...rest }: Record<string, unknown>): Record<string, unknown> => rest;

/**
 * Whether an error payload names the field `name`. The source says only that the payload "names fields to correct";
 * `errors[].field` is the contract's shape, so a member named after the field (`{"captcha_token": ["required"]}`) or
 * the name as a word of a message counts too.
 */
export function payloadNames(answer: Bodied, name: string): boolean {
  if (names(fieldsOf(answer), name)) return true;
  const body = answer.body;
  // The envelope's own `status: "error"` does not name a field called status; `{"status": ["not a choice"]}` does.
  const own = isObject(body) && typeof body.status === 'string' ? withoutStatus(body) : body;
  const keys = new Set<string>();
  const texts: string[] = [];
  walk(own, keys, texts);
  const word = new RegExp(`(^|[^\\w])${name}($|[^\\w])`);
  return keys.has(name) || texts.some((t) => word.test(t));
}

/** Whether an answer hands out a session token anywhere in its body, whatever its status says. */
export function carriesTokens(answer: Bodied): boolean {
  const keys = new Set<string>();
  walk(answer.body, keys, []);
  return keys.has('access_token') || keys.has('refresh_token');
}

/** Whether an answer carries a non-empty `data` member, whatever its status says (a refusal must not leak data). */
export function carriesData(answer: Bodied): boolean {
  const body = answer.body;
  if (!isObject(body) || body.data === undefined || body.data === null) return false;
  const data = body.data;
  return !(isObject(data) ? Object.keys(data).length === 0 : Array.isArray(data) && data.length === 0);
}

/** A string member `name` of `data` or of an object directly inside it (where the contract leaves the nesting open). */
export function memberOf(data: unknown, name: string): string | undefined {
  if (!isObject(data)) return undefined;
  if (typeof data[name] === 'string') return data[name];
  for (const inner of Object.values(data)) if (isObject(inner) && typeof inner[name] === 'string') return inner[name];
  return undefined;
}

/** The token pair of a login or refresh answer: in `data` (the contract) or in an object inside it. */
export function tokenPairOf(answer: Bodied): { accessToken?: string; refreshToken?: string } {
  const data = dataOf(answer.body);
  const accessToken = memberOf(data, 'access_token');
  const refreshToken = memberOf(data, 'refresh_token');
  return { ...(accessToken ? { accessToken } : {}), ...(refreshToken ? { refreshToken } : {}) };
}

/**
 * The username an answer of GET /member/me/ (or of registration) names: in `data.member` (the contract's key), in
 * `data` itself or in another object inside it. The source says only that the account is returned "in data".
 */
export const usernameIn = (answer: Bodied): string | undefined => memberOf(dataOf(answer.body), 'username');

/** Every string of a JSON value at any depth, with the member name it sits under (the innermost one). */
export function stringsIn(value: unknown, under = ''): { name: string; value: string }[] {
  if (typeof value === 'string') return [{ name: under, value }];
  if (Array.isArray(value)) return value.flatMap((v) => stringsIn(v, under));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => stringsIn(v, k));
  return [];
}

/** Whether a row holds `value` as one of its members (a token's key, wherever the row keeps it). */
export const rowHolds = (row: unknown, value: unknown): boolean =>
  isObject(row) &&
  Object.values(row).some((v) => (typeof v === 'string' || typeof v === 'number') && String(v) === String(value));

/** Every string of a body the suite sent, at any depth: what the suite chose itself (a title) is no secret. */
export const sentStrings = (body: unknown): Set<string> => new Set(stringsIn(body).map((s) => s.value));

/** A 4xx other than 401 (credentials), 403 and 404 (scope): a refusal of what the request says. */
const refusedForContent = (a: Answer): boolean =>
  a.status !== undefined && a.status >= 400 && a.status < 500 && ![401, 403, 404].includes(a.status);

/** A refusal that names `field`: the server wants that field otherwise (a format or a vocabulary of its own). */
export const refusedNaming = (a: Answer, field: string): boolean => refusedForContent(a) && payloadNames(a, field);

/**
 * The words of a documented limit answer: a 409 or 429 whose error payload names a limit (its message or an
 * errors[].message says "limit"), e.g. "Limit reached: API tokens per account (at most 100)"; undefined otherwise.
 * The source shows no limits (§8): only the server's own words can say the account is full.
 */
export function limitReachedIn(answer: Answer): string | undefined {
  if (answer.status !== 409 && answer.status !== 429) return undefined;
  const body = answer.body;
  if (!isObject(body) || body.status === 'success') return undefined;
  const errors = Array.isArray(body.errors) ? body.errors.filter(isObject) : [];
  const words = [body.message, body.detail, ...errors.map((e) => e.message)].filter(
    (w): w is string => typeof w === 'string' && /\blimit/i.test(w),
  );
  const first = words[0];
  if (first === undefined) return undefined;
  const said = first.length > 200 ? `${cutAtCodePoint(first, 200)}…` : first;
  return `${answer.record.method} ${answer.record.path} answered ${answer.status}: ${JSON.stringify(said)}`;
}
