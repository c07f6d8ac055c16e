// The actors of a check file (docs/conformance.md, "The target profile"): the profile's accounts logged in once per
// file, clients over the recording fetch for each credential kind, and the session pairs for checks that send them
// wrongly.
import { checkCredential } from '../../client/credentials.js';
import {
  type ApiClient,
  ApiError,
  type Credential,
  createApiClient,
  type SessionPair,
  unwrap,
} from '../../client/index.js';
import { NotVerified } from './explain.js';
import { memberOf } from './payload.js';
import type { Recorder } from './recorder.js';
import type { Redactor } from './redact.js';
import type { RunSettings } from './settings.js';

export type Actor = 'member' | 'outsider';

export interface Actors {
  /** A client without credential (no Authorization header unless given per request). */
  anonymous(): ApiClient;
  /** A client logged in as the account (one login per file). */
  as(actor: Actor): Promise<ApiClient>;
  /** The session pair of the account's login (for sending it wrongly on purpose). */
  session(actor: Actor): Promise<SessionPair>;
  /** A client that sends a named API token. */
  withToken(token: string): ApiClient;
}

/** Whether the suite's client can send a token in a header: the client refuses anything else, naming the field. */
function sendable(token: string): boolean {
  try {
    checkCredential({ kind: 'apiToken', token });
    return true;
  } catch {
    return false;
  }
}

export function createActors(settings: RunSettings, recorder: Recorder, redactor: Redactor): Actors {
  const { profile } = settings;
  const sessions = new Map<Actor, Promise<SessionPair>>();
  const clients = new Map<Actor, Promise<ApiClient>>();

  const makeClient = (actor: string, credential?: Credential): ApiClient =>
    createApiClient({
      baseUrl: profile.baseUrl,
      fetch: recorder.fetch(actor),
      timeoutMs: settings.timeoutMs,
      ...(credential ? { credential } : {}),
      sessionStore: {
        save: (pair) => {
          redactor.add(pair.accessToken);
          redactor.add(pair.refreshToken);
          // Checks that send the refresh token on purpose (AUTH-05) must send the live one, not a spent one.
          if (actor === 'member' || actor === 'outsider') sessions.set(actor, Promise.resolve(pair));
        },
      },
    });

  const login = async (actor: Actor): Promise<SessionPair> => {
    const account = profile.accounts[actor];
    const data = await unwrap(
      makeClient(actor).POST('/member/login/', {
        body: { username: account.username, password: account.password, captcha_token: profile.captchaToken },
      }),
    ).catch((error: unknown) => {
      // A rejected login blocks the rules that need the session; no answer at all fails them.
      if (error instanceof ApiError) {
        throw new NotVerified('LOGIN-02', `login as ${actor} failed: ${error.message}`, { cause: error });
      }
      throw error;
    });
    const accessToken = memberOf(data, 'access_token');
    const refreshToken = memberOf(data, 'refresh_token') ?? '';
    if (!accessToken) throw new NotVerified('LOGIN-02', `login as ${actor} returned no access_token`);
    redactor.add(accessToken);
    redactor.add(refreshToken);
    if (!sendable(accessToken)) {
      throw new NotVerified(
        'LOGIN-02',
        `login as ${actor} returned an access_token that cannot be sent as "Authorization: JWT <token>" (source §5): it holds a space or characters outside visible ASCII`,
      );
    }
    return { accessToken, refreshToken };
  };

  const actors: Actors = {
    anonymous: () => makeClient('anonymous'),
    session(actor) {
      let s = sessions.get(actor);
      if (!s) {
        s = login(actor);
        sessions.set(actor, s);
      }
      return s;
    },
    as(actor) {
      let c = clients.get(actor);
      if (!c) {
        c = actors.session(actor).then((s) =>
          makeClient(actor, {
            kind: 'session',
            accessToken: s.accessToken,
            // A missing refresh token, or one the client cannot hold, still lets the session be used; the client
            // cannot renew it. The checks that send the refresh token in a body send it as it is (`session`).
            refreshToken: sendable(s.refreshToken) ? s.refreshToken : 'none',
          }),
        );
        clients.set(actor, c);
      }
      return c;
    },
    withToken: (token) => makeClient('token', { kind: 'apiToken', token }),
  };
  return actors;
}
