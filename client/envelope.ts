// The success envelope of source §1 (`{status: "success", data}`), read only after the HTTP status (§7 rule 1).
import { isObject } from '../contract/json.js';
import { ApiError } from './errors.js';
import { methodOf, operationOf } from './operation.js';

/** What openapi-fetch's GET/POST/PATCH/DELETE resolve to. */
export interface FetchResult {
  data?: unknown;
  error?: unknown;
  response: Response;
}

// Both conditionals distribute over unions, so the error member of a result (`data?: never`) adds nothing.
type EnvelopeData<Body> = Body extends { data?: infer D } ? D : never;
/** The envelope's `data` for a result type: e.g. `{ tasks: Task[]; pagination?: Pagination }` for GET /task/list/. */
export type DataOf<R> = R extends { data?: infer Body } ? EnvelopeData<NonNullable<Body>> : never;

export function isSuccessEnvelope(body: unknown): body is { status: 'success'; data?: Record<string, unknown> } {
  return isObject(body) && body.status === 'success' && (body.data === undefined || isObject(body.data));
}

function jsonPayload(response: Response, error: unknown): unknown {
  return /[/+]json\b/i.test(response.headers.get('Content-Type') ?? '') ? error : undefined;
}

/**
 * Returns `data` of a success envelope. Throws ApiError on a non-2xx status (checked before anything is read) and on a
 * 2xx without `{status: "success"}`, so a rejected or garbled response never reads as a success. A DELETE answered 2xx
 * with an empty body returns `undefined`: the transport let it through as a deletion without data (source §1).
 */
export async function unwrap<R extends FetchResult>(result: R | Promise<R>): Promise<DataOf<R>> {
  const { data, error, response } = await result;
  const operation = operationOf(response);
  if (!response.ok) {
    const reason = response.status >= 500 ? 'server error' : 'rejected';
    throw new ApiError(operation, response.status, jsonPayload(response, error), reason, response.headers);
  }
  if (data === undefined && methodOf(response) === 'DELETE') return undefined as DataOf<R>;
  if (!isSuccessEnvelope(data)) {
    throw new ApiError(operation, response.status, data, 'no success envelope', response.headers);
  }
  return data.data as DataOf<R>;
}
