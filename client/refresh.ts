// Refresh-token rotation (source §2, §5 rule 2): one shared refresh, refresh token in the body, pair saved first.
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import type { Credential, CredentialState, SessionCredential, SessionStore } from './credentials.js';
import { unwrap } from './envelope.js';
import { ApiError, SessionStoreError } from './errors.js';

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

export interface RotationOptions {
  /** A client without the Authorization layer: refresh carries no `Authorization` header. */
  client: Client<paths>;
  store?: SessionStore | undefined;
  /** How long `store.save` may take. */
  storeTimeoutMs: number;
  state: CredentialState;
}

/** A store that needs longer than this to save two strings has failed, as far as the waiting request is concerned. */
export const DEFAULT_STORE_TIMEOUT_MS = 5_000;

/** `store.save(pair)`, bounded: a rejection or a store that never settles becomes a SessionStoreError. */
async function saveWithin(store: SessionStore, pair: { accessToken: string; refreshToken: string }, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new SessionStoreError(`sessionStore.save did not settle within ${ms} ms after a refresh`)),
      ms,
    );
  });
  try {
    await Promise.race([Promise.resolve().then(() => store.save(pair)), late]);
  } catch (error) {
    if (error instanceof SessionStoreError) throw error;
    throw new SessionStoreError(
      `sessionStore.save failed after a refresh: ${(error as Error)?.message ?? String(error)}`,
      {
        cause: error,
      },
    );
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
    const next: SessionCredential = { kind: 'session', accessToken, refreshToken };
    try {
      if (store) await saveWithin(store, { accessToken, refreshToken }, storeTimeoutMs);
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
