// The console's one credential (source §5: a named API token as Bearer, or a login's JWT access token as JWT; never
// both): what a reader pastes, what a login or a new token answers, and how the page names the kind in use.
import { authorizationFor, type Credential, isUnauthenticatedUrl } from '../client/credentials.js';
import { isObject } from '../contract/json.js';

export type { Credential } from '../client/credentials.js';

/** A credential pasted by the reader, or the message that says what to correct. */
export type Pasted = { credential: Credential } | { error: string };

/** Three base64url parts whose first decodes to a JSON object with `alg`: a JWT, whatever issued it. */
export function looksLikeJwt(text: string): boolean {
  const parts = text.split('.');
  if (parts.length !== 3 || !parts.every((part) => /^[A-Za-z0-9_-]+$/.test(part))) return false;
  try {
    const header = JSON.parse(atob((parts[0] as string).replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    return isObject(header) && typeof header.alg === 'string';
  } catch {
    return false;
  }
}

const SCHEME = /^(bearer|jwt)\s+/i;
const VISIBLE = /^[\x21-\x7e]+$/;

/**
 * Reads a token the reader pasted as `kind`. A scheme word in front is dropped when it matches the kind and refused when
 * it names the other; a JWT pasted as a named token (or the reverse) is refused with the way to the right kind. The
 * messages never quote the token.
 */
export function pastedCredential(kind: Credential['kind'], text: string): Pasted {
  let token = text.trim();
  const scheme = SCHEME.exec(token)?.[1]?.toLowerCase();
  if (scheme) {
    const expected = kind === 'apiToken' ? 'bearer' : 'jwt';
    if (scheme !== expected) {
      return {
        error:
          kind === 'apiToken'
            ? 'This starts with "JWT": that is how a login\'s access token is sent. Paste it under "JWT access token", or paste a named API token here.'
            : 'This starts with "Bearer": that is how a named API token is sent. Paste it under "Named API token", or paste a login\'s access_token here.',
      };
    }
    token = token.slice(scheme.length).trim();
  }
  if (token === '') return { error: 'Paste a token first: the field is empty.' };
  if (!VISIBLE.test(token)) {
    return { error: 'A token is one word of visible characters: remove the spaces or line breaks inside it.' };
  }
  const jwt = looksLikeJwt(token);
  if (kind === 'apiToken' && jwt) {
    return {
      error:
        'This is a JWT (a login\'s access token), not a named API token: a JWT is never sent as Bearer. Use "Log in", or paste it under "JWT access token".',
    };
  }
  if (kind === 'session' && !jwt) {
    return {
      error:
        'This is not a JWT (three dot-separated parts, starting "eyJ"): a named API token goes under "Named API token" and is sent as Bearer.',
    };
  }
  return {
    credential: kind === 'apiToken' ? { kind, token } : { kind, accessToken: token, refreshToken: '' },
  };
}

/** What the page shows about the credential in use: its kind and header, never the secret. */
export function describeCredential(credential: Credential | undefined, account?: string): string {
  if (!credential) return 'No credential: requests go without Authorization (only login, register and refresh work).';
  const who = account ? ` of ${account}` : '';
  return credential.kind === 'apiToken'
    ? `Named API token${who}, sent as Authorization: Bearer …`
    : `JWT access token${who} from a login, sent as Authorization: JWT …`;
}

/**
 * The Authorization value a request gets: none for login, registration and refresh (source §5 rule 4) or without a
 * credential, else the one credential's header.
 */
export function authorizationForUrl(url: string, credential: Credential | undefined): string | undefined {
  if (!credential || isUnauthenticatedUrl(url)) return undefined;
  return authorizationFor(credential);
}

/** What an answer the console received gives the reader: a session from a login or refresh, or a new named token. */
export type Adopted =
  | { kind: 'session'; credential: Credential; account?: string }
  | { kind: 'newToken'; token: string; title?: string }
  | undefined;

/** Reads a login's or refresh's token pair, or a created named token, from a 2xx answer; anything else gives nothing. */
export function adoptedFrom(method: string, url: string, status: number, body: unknown, login?: string): Adopted {
  if (status < 200 || status > 299 || !isObject(body) || !isObject(body.data)) return undefined;
  const { pathname } = new URL(url, 'http://origin.invalid');
  const data = body.data;
  const upper = method.toUpperCase();
  if (upper === 'POST' && /\/member\/(login|refresh-token)\/$/.test(pathname)) {
    const { access_token: access, refresh_token: refresh } = data;
    if (typeof access !== 'string' || !VISIBLE.test(access)) return undefined;
    return {
      kind: 'session',
      credential: { kind: 'session', accessToken: access, refreshToken: typeof refresh === 'string' ? refresh : '' },
      ...(login ? { account: login } : {}),
    };
  }
  if (upper === 'POST' && pathname.endsWith('/member/bearer-tokens/')) {
    const token = isObject(data.token) ? data.token : data;
    const secret = token.token;
    if (typeof secret !== 'string' || !VISIBLE.test(secret)) return undefined;
    return { kind: 'newToken', token: secret, ...(typeof token.title === 'string' ? { title: token.title } : {}) };
  }
  return undefined;
}
