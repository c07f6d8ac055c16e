// The typed client (openapi-fetch over generated/schema.d.ts): credentials, rotation, envelope errors, pagination.
import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from '../generated/schema.js';
import {
  type Credential,
  type CredentialState,
  checkCredential,
  createAuthorizationLayer,
  type SessionStore,
} from './credentials.js';
import { basePathOf } from './operation.js';
import { createRotation } from './refresh.js';
import { createTransport } from './transport.js';

export type { Credential, SessionCredential, SessionPair, SessionStore } from './credentials.js';
export { UNAUTHENTICATED_OPERATIONS } from './credentials.js';
export { type DataOf, type FetchResult, unwrap } from './envelope.js';
export {
  ApiError,
  type ErrorPayload,
  type FieldError,
  isErrorPayload,
  OutcomeUnknownError,
  PaginationError,
  SessionStoreError,
} from './errors.js';
export { operationOf } from './operation.js';
export { type PaginateOptions, paginate } from './paginate.js';
export type { components, paths };

export interface ClientOptions {
  /** The REST base address, e.g. `http://127.0.0.1:4010/api` (a trailing slash is tolerated). */
  baseUrl: string;
  /** No credential: the client adds no Authorization header. */
  credential?: Credential;
  /** Receives every rotated session pair before any later request is sent. */
  sessionStore?: SessionStore;
  /**
   * How long `sessionStore.save` may take; past it the request fails with SessionStoreError instead of hanging.
   * Default DEFAULT_SESSION_STORE_TIMEOUT_MS (5 s).
   */
  sessionStoreTimeoutMs?: number;
  /** Injected fetch (tests, recording); default `globalThis.fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Per request; on expiry the exchange counts as an ambiguous failure. */
  timeoutMs?: number;
}

/** openapi-fetch's client typed by the contract's `paths`, plus the current credential. */
export type ApiClient = Client<paths> & {
  /** Updated after each rotation; assign to log in, switch credential, or (`undefined`) log out. */
  credential: Credential | undefined;
};

/** A store that has not saved a pair in 5 s is taken as stuck (a hung IndexedDB open, a lost promise). */
export const DEFAULT_SESSION_STORE_TIMEOUT_MS = 5000;

const isDuration = (ms: number | undefined) => ms === undefined || (Number.isFinite(ms) && ms > 0);

export function createApiClient(options: ClientOptions): ApiClient {
  const { baseUrl, credential, sessionStore, timeoutMs, sessionStoreTimeoutMs } = options;
  if (typeof baseUrl !== 'string' || baseUrl === '') throw new TypeError('createApiClient: baseUrl is required');
  if (!isDuration(timeoutMs)) {
    throw new RangeError('createApiClient: timeoutMs must be a positive number of milliseconds');
  }
  // Timers hold at most 2^31 - 1 ms; a longer one would fire at once.
  if (!isDuration(sessionStoreTimeoutMs) || (sessionStoreTimeoutMs ?? 0) > 2_147_483_647) {
    throw new RangeError(
      'createApiClient: sessionStoreTimeoutMs must be a positive number of milliseconds, at most 2147483647',
    );
  }
  checkCredential(credential);
  const transport = createTransport({
    fetch: options.fetch ?? globalThis.fetch,
    basePath: basePathOf(baseUrl),
    timeoutMs,
  });
  const state: CredentialState = { credential };
  const rotation = createRotation({
    client: createClient<paths>({ baseUrl, fetch: transport }),
    store: sessionStore,
    storeTimeoutMs: sessionStoreTimeoutMs ?? DEFAULT_SESSION_STORE_TIMEOUT_MS,
    state,
  });
  const client = createClient<paths>({
    baseUrl,
    fetch: createAuthorizationLayer({ transport, rotation, state }),
    // The source's array filters are repeated keys (assignee_ids=1&assignee_ids=2); pinned, not left to a default.
    querySerializer: { array: { style: 'form', explode: true } },
  });
  return Object.defineProperty(client, 'credential', {
    enumerable: true,
    get: () => state.credential,
    set: (next: Credential | undefined) => {
      checkCredential(next);
      state.credential = next;
    },
  }) as ApiClient;
}
