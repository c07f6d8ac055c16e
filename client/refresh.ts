// Refresh-token rotation (source §2, §5 rule 2): one shared refresh, refresh token in the body, pair saved first.
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import type {
  Credential,
  CredentialState,
  Rotation,
  SessionCredential,
  SessionPair,
  SessionStore,
} from './credentials.js';
import { unwrap } from './envelope.js';
import { ApiError, SessionStoreError } from './errors.js';

export interface RotationOptions {
  /** A client without the Authorization layer: refresh carries no `Authorization` header. */
  client: Client<paths>;
  store?: SessionStore | undefined;
  /** How long `store.save` may take before the request fails with SessionStoreError. */
  storeTimeoutMs: number;
  state: CredentialState;
}

/** Runs `store.save`, bounded by `timeoutMs`; any failure (a throw, a rejection, no answer in time) is a SessionStoreError. */
async function saveBounded(store: SessionStore, pair: SessionPair, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<'expired'>((resolve) => {
    timer = setTimeout(() => resolve('expired'), timeoutMs);
  });
  try {
    // Called inside an async function, so a synchronous throw becomes a rejection like any other.
    const outcome = await Promise.race([(async () => store.save(pair))(), expired]);
    if (outcome === 'expired') throw new SessionStoreError(undefined, timeoutMs);
  } catch (error) {
    throw error instanceof SessionStoreError ? error : new SessionStoreError(error, undefined);
  } finally {
    clearTimeout(timer);
  }
}

export function createRotation({ client, store, storeTimeoutMs, state }: RotationOptions): Rotation {
  let running: Promise<Credential | undefined> | undefined;

  async function rotate(used: SessionCredential): Promise<Credential | undefined> {
    let pair: { access_token?: unknown; refresh_token?: unknown };
    try {
      pair = await unwrap(client.POST('/member/refresh-token/', { body: { refresh_token: used.refreshToken } }));
    } catch (error) {
      // A definite rejection ends the session: the caller gets the original 401 and logs in again.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
    const { access_token: accessToken, refresh_token: refreshToken } = pair;
    if (typeof accessToken !== 'string' || typeof refreshToken !== 'string') return undefined;
    // The caller logged out or switched credential meanwhile: the old session's pair is dropped, neither stored (it
    // would come back at the next page load) nor used; the request is resent with what the caller chose, if anything.
    if (state.credential !== used) return state.credential;
    const next: SessionCredential = { kind: 'session', accessToken, refreshToken };
    try {
      if (store) await saveBounded(store, { accessToken, refreshToken }, storeTimeoutMs);
    } finally {
      // The old refresh token is spent even when the store failed, so only the new pair can still authenticate.
      // A credential the caller replaced meanwhile is kept.
      if (state.credential === used) state.credential = next;
    }
    return next;
  }

  return {
    async settled() {
      await running?.catch(() => undefined);
    },
    renew(used) {
      if (running) return running;
      // Another request already rotated (or the caller replaced) the credential this one was sent with.
      if (state.credential !== used) return Promise.resolve(state.credential);
      running = rotate(used).finally(() => {
        running = undefined;
      });
      return running;
    },
  };
}
