// The two credential kinds of source §5 and the layer that sets, or on login/register/refresh strips, Authorization.

import type { FetchHandler } from '../contract/http.js';

export type Credential =
  /** A named API token, sent as `Authorization: Bearer <token>`. */
  | { kind: 'apiToken'; token: string }
  /** A web session from login, sent as `Authorization: JWT <accessToken>`; `refreshToken` only goes in a refresh body. */
  | { kind: 'session'; accessToken: string; refreshToken: string };

export type SessionCredential = Extract<Credential, { kind: 'session' }>;

/** A rotated session pair, as `SessionStore.save` receives it. */
export interface SessionPair {
  accessToken: string;
  refreshToken: string;
}

/**
 * Caller-supplied storage for rotated session pairs; `save` settles before the client sends any later request, within
 * `sessionStoreTimeoutMs` (default 5 s), else the request fails with SessionStoreError.
 */
export interface SessionStore {
  save(pair: SessionPair): void | Promise<void>;
}

/**
 * The refresh of a session (refresh.ts implements it): what the Authorization layer asks when a session gets a 401.
 */
export interface Rotation {
  /** Settles once no refresh is running, so that a request sent afterwards carries the stored pair. */
  settled(): Promise<void>;
  /**
   * The credential to resend a request with after `used` got a 401, or `undefined` when the session cannot be renewed
   * (the refresh was rejected). Concurrent callers share one refresh: rotation makes a second use of a refresh token
   * fail. Rejects with OutcomeUnknownError when the refresh itself failed ambiguously.
   */
  renew(used: SessionCredential): Promise<Credential | undefined>;
}

/** The client's current credential, shared by the Authorization layer, the rotation and `client.credential`. */
export interface CredentialState {
  credential: Credential | undefined;
}

/**
 * The operations that declare `security: []` in openapi.yaml. Kept as a constant because the client runs in browsers
 * and cannot read the contract; test/client/credentials.test.ts fails when this list drifts from the contract.
 */
export const UNAUTHENTICATED_OPERATIONS = [
  'POST /member/login/',
  'POST /member/register/',
  'POST /member/refresh-token/',
] as const;

const UNAUTHENTICATED_PATHS = UNAUTHENTICATED_OPERATIONS.map((op) => op.slice(op.indexOf(' ') + 1));

/** Whether a request URL addresses login, register or refresh, whatever the base URL in front of the path. */
export function isUnauthenticatedUrl(url: string): boolean {
  const { pathname } = new URL(url, 'http://origin.invalid');
  return UNAUTHENTICATED_PATHS.some((path) => pathname.endsWith(path));
}

// Visible ASCII only: a space or control character would corrupt the header, and the platform's own error about an
// invalid header value quotes the value, which is a secret.
const TOKEN_CHARS = /^[\x21-\x7e]+$/;

/** Rejects a malformed credential with a message that names the field, never its value. */
export function checkCredential(credential: Credential | undefined): void {
  if (credential === undefined) return;
  const fields: [string, unknown][] =
    credential.kind === 'apiToken'
      ? [['token', credential.token]]
      : credential.kind === 'session'
        ? [
            ['accessToken', credential.accessToken],
            ['refreshToken', credential.refreshToken],
          ]
        : [];
  if (fields.length === 0) throw new TypeError("credential.kind must be 'apiToken' or 'session'");
  for (const [name, value] of fields) {
    if (typeof value !== 'string' || !TOKEN_CHARS.test(value)) {
      throw new TypeError(`credential.${name} must be a non-empty string of visible ASCII characters`);
    }
  }
}

export function authorizationFor(credential: Credential): string {
  return credential.kind === 'apiToken' ? `Bearer ${credential.token}` : `JWT ${credential.accessToken}`;
}

function withCredential(request: Request, credential: Credential | undefined): Request {
  if (credential) request.headers.set('Authorization', authorizationFor(credential));
  return request;
}

export interface AuthorizationLayerOptions {
  transport: FetchHandler;
  rotation: Rotation;
  state: CredentialState;
}

/** The fetch that openapi-fetch calls: sets or strips `Authorization`, and renews a session once on a 401. */
export function createAuthorizationLayer({ transport, rotation, state }: AuthorizationLayerOptions): FetchHandler {
  return async (request) => {
    if (isUnauthenticatedUrl(request.url)) {
      request.headers.delete('Authorization');
      return transport(request);
    }
    // An explicit per-request header is sent as given: the conformance suite sends wrong credentials on purpose.
    if (request.headers.has('Authorization')) return transport(request);
    await rotation.settled();
    const credential = state.credential;
    if (credential?.kind !== 'session') return transport(withCredential(request, credential));
    // Cloned before sending, so that the body can be sent again after a refresh.
    const replay = request.clone();
    const response = await transport(withCredential(request, credential));
    if (response.status !== 401) return response;
    const renewed = await rotation.renew(credential);
    return renewed ? transport(withCredential(replay, renewed)) : response;
  };
}
