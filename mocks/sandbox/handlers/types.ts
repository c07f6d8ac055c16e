// Handler types derived from generated/schema.d.ts: each operation's query, JSON body and success replies.
import type { operations } from '../../../generated/schema.js';
import type { Auth, Principal } from '../auth.js';
import type { Store } from '../store.js';

export type OperationId = keyof operations;

/** Operations with `security: []` in the contract; a test keeps this list equal to the contract's. */
export type PublicOperation = 'login' | 'register' | 'refreshToken';
export const PUBLIC_OPERATIONS: readonly PublicOperation[] = ['login', 'register', 'refreshToken'];

type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<K extends OperationId> = Extract<keyof operations[K]['responses'], 200 | 201>;

export type QueryOf<K extends OperationId> = OrEmpty<NonNullable<operations[K]['parameters']['query']>>;
export type BodyOf<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends { content: { 'application/json': infer B } } ? B : undefined;

/** A success reply: one of the operation's declared 2xx statuses with its JSON body. Failures are thrown. */
export type ReplyOf<K extends OperationId> = {
  [S in SuccessOf<K>]: { status: S; body: JsonOf<operations[K]['responses'][S]> };
}[SuccessOf<K>];

export interface Context<K extends OperationId> {
  store: Store;
  auth: Auth;
  /** The sandbox clock, as an RFC 3339 timestamp. */
  nowIso(): string;
  principal: K extends PublicOperation ? undefined : Principal;
  /** Validated by ajv against the contract and coerced (numbers, booleans, arrays) before the handler runs. */
  query: QueryOf<K>;
  /** Validated by ajv against the contract before the handler runs. */
  body: BodyOf<K>;
}

export type Handler<K extends OperationId> = (ctx: Context<K>) => ReplyOf<K> | Promise<ReplyOf<K>>;
export type HandlerTable = { [K in OperationId]: Handler<K> };
