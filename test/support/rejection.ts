// Test helper: awaits a client call that must be rejected and returns its ApiError (client/errors.ts).
import { expect } from 'vitest';
import { ApiError } from '../../client/index.js';

export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
