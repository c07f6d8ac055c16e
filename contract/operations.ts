// Per-operation types derived from generated/schema.d.ts: each operation's query, JSON request body and success replies.
import type { operations } from '../generated/schema.js';

export type OperationId = keyof operations;

type OrEmpty<T> = [T] extends [never] ? Record<string, never> : T;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
type SuccessOf<K extends OperationId> = Extract<keyof operations[K]['responses'], 200 | 201>;

export type QueryOf<K extends OperationId> = OrEmpty<NonNullable<operations[K]['parameters']['query']>>;
export type BodyOf<K extends OperationId> =
  NonNullable<operations[K]['requestBody']> extends { content: { 'application/json': infer B } } ? B : undefined;

/** A success reply: one of the operation's declared 2xx statuses with its JSON body. */
export type ReplyOf<K extends OperationId> = {
  [S in SuccessOf<K>]: { status: S; body: JsonOf<operations[K]['responses'][S]> };
}[SuccessOf<K>];
