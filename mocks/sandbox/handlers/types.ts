// Handler types: the context a handler gets, typed per operation from contract/operations.ts.
import type { BodyOf, OperationId, QueryOf, ReplyOf } from '../../../contract/operations.js';
import type { BoardScope, Need } from '../domain/access.js';
import type { Payer } from '../domain/accounting.js';
import type { Auth, Principal } from '../domain/auth.js';
import type { Store } from '../domain/store.js';

/** Operations with `security: []` in the contract; a test keeps this list equal to the contract's. */
export type PublicOperation = 'login' | 'register' | 'refreshToken';
export const PUBLIC_OPERATIONS: readonly PublicOperation[] = ['login', 'register', 'refreshToken'];

type BoardQuery = { company_id: number; board_id: number };

export interface Context<K extends OperationId> {
  store: Store;
  auth: Auth;
  /** Who sent the request (core/app.ts requestClients): what the registration throttle counts by. */
  client: string;
  /** The web page's origin (the request's Origin), or null: what the login throttle counts a page's guesses by. */
  origin: string | null;
  /** The sandbox clock, as an RFC 3339 timestamp. */
  nowIso(): string;
  principal: K extends PublicOperation ? undefined : Principal;
  /**
   * Who pays for what the handler writes (domain/accounting.ts Payer): the principal's account, none on a public
   * operation. Every write the handler makes names it.
   */
  payer: K extends PublicOperation ? undefined : Payer;
  /** Validated by ajv against the contract and coerced (numbers, booleans, arrays) before the handler runs. */
  query: QueryOf<K>;
  /** Validated by ajv against the contract before the handler runs. */
  body: BodyOf<K>;
  /** The board named by `company_id` + `board_id`, for the caller, or the 403/404 of access.ts (board operations only). */
  scope: QueryOf<K> extends BoardQuery ? (need: Need) => BoardScope : undefined;
}

export type Handler<K extends OperationId> = (ctx: Context<K>) => ReplyOf<K> | Promise<ReplyOf<K>>;
export type HandlerTable = { [K in OperationId]: Handler<K> };

/** 200 with the success envelope; without `data` for answers that carry none (deletions). */
export function ok(): { status: 200; body: { status: 'success' } };
export function ok<D>(data: D): { status: 200; body: { status: 'success'; data: D } };
export function ok(data?: unknown) {
  return { status: 200, body: data === undefined ? { status: 'success' } : { status: 'success', data } };
}

/**
 * ok(data), with its answer's text made from `dataJson`, the text JSON.stringify gives for `data` (view-json.ts): the
 * answer is not serialised again. `body` stays the answer as a value, for whoever reads it so.
 */
export function okWithJson<D>(
  data: D,
  dataJson: string,
): { status: 200; body: { status: 'success'; data: D }; text: string } {
  return { status: 200, body: { status: 'success', data }, text: `{"status":"success","data":${dataJson}}` };
}

/** 201 with the success envelope, for a creation. */
export const created = <D>(data: D): { status: 201; body: { status: 'success'; data: D } } => ({
  status: 201,
  body: { status: 'success', data },
});
