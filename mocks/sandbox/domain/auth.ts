// Credentials (source §5): captcha, login with 2FA, registration, JWT access tokens, rotating refresh tokens, named API tokens.
// The subpaths, not 'jose' itself: the whole library (JWE, JWKS, key generation) costs start-up time for nothing.
import { JWTExpired } from 'jose/errors';
import { SignJWT } from 'jose/jwt/sign';
import { jwtVerify } from 'jose/jwt/verify';
import type { components } from '../../../generated/schema.js';
import { randomBytes, sameText, sha256Hex, toBase64Url, toHex } from './bytes.js';
import { conflicts, invalidField, SandboxError, unauthorized } from './errors.js';
import { checkMetadata } from './limits.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Account, ApiTokenRecord } from './records.js';
import type { Store } from './store.js';
import { Throttle } from './throttle.js';

/** The request bodies as the contract declares them (generated/, never retyped here). */
type RegisterRequest = components['schemas']['RegisterRequest'];
type LoginRequest = components['schemas']['LoginRequest'];

import { verifyTotp } from './totp.js';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 900;
export const REFRESH_TOKEN_TTL_SECONDS = 7 * 24 * 3600;
/** Verified access tokens kept in memory; the oldest is dropped first (it is verified again by its signature when used). */
export const JWT_CACHE_SIZE = 10_000;

/** Who is calling: what a handler may act for. */
export interface Principal {
  account: Account;
}

// A type alias, not an interface, so that it fits the contract's open (index-signature) TokenPair type.
export type TokenPair = {
  access_token: string;
  refresh_token: string;
};

interface VerifiedAccess {
  /** The whole token: the cache's key is only its signature. */
  token: string;
  accountId: number;
  expiresAtMs: number;
}

/**
 * The verified-token cache's key: a token's last 32 characters, which for a JWT are the end of its signature. Looking a
 * token up hashes its key, a sixth of a token's length; the entry's whole token is then compared.
 */
const cacheKey = (token: string): string => token.slice(-32);

type TokenType = 'access' | 'refresh';

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const API_TOKEN_PREFIX = 'tmk_';

/** Parses an RFC 3339 timestamp (ajv has checked the format) into ms since the epoch. */
export function timestampMs(value: string, field: string): number {
  const ms = Date.parse(value.toUpperCase());
  if (Number.isNaN(ms)) throw invalidField(field, 'is not a date-time this sandbox can read');
  return ms;
}

/** How many pages' worth of guesses all web pages of one client get together, whatever origins they name. */
export const PAGE_ORIGINS_GUESSING = 4;

export class Auth {
  // A Uint8Array secret is what jose takes for HS256 with Web Crypto, in Node and in browsers alike.
  private key = randomBytes(32);
  private readonly verified = new Map<string, VerifiedAccess>();
  /**
   * The last `Authorization` value answered from the cache, and its entry: a client sends the same value on request
   * after request, and comparing it spares parsing the header and looking the token up. Only the lookup is spared: the
   * expiry and the account are checked on every request. Forgotten whenever an entry leaves the cache.
   */
  private lastHeader: string | undefined;
  private lastEntry: VerifiedAccess | undefined;
  private readonly dummyHash = hashPassword(toHex(randomBytes(8)));
  private readonly guesses: Throttle;
  /** Guesses of all pages of one client together, whatever Origin they name (see `login`). */
  private readonly pageGuesses: Throttle;
  private readonly registrations: Throttle;

  constructor(
    private readonly store: () => Store,
    private readonly now: () => number,
    private readonly accessTtlSeconds: number,
    private readonly captchaToken: string,
  ) {
    const limits = () => this.store().limits;
    this.guesses = new Throttle(
      {
        get allowed() {
          return limits().guessesPerMinute;
        },
        get keys() {
          return limits().throttleKeys;
        },
        field: 'username',
        message: 'Too many wrong passwords or authenticator codes for this account from this client',
      },
      now,
    );
    this.pageGuesses = new Throttle(
      {
        get allowed() {
          return PAGE_ORIGINS_GUESSING * limits().guessesPerMinute;
        },
        get keys() {
          return limits().throttleKeys;
        },
        field: 'username',
        message: 'Too many wrong passwords or authenticator codes for this account from web pages of this client',
      },
      now,
    );
    this.registrations = new Throttle(
      {
        get allowed() {
          return limits().registrationsPerMinute;
        },
        get keys() {
          return limits().throttleKeys;
        },
        field: 'username',
        message: 'Too many accounts registered from this client',
      },
      now,
    );
  }

  /** Forgets every issued JWT: after a reset, tokens of the old world no longer verify. */
  reset(): void {
    this.key = randomBytes(32);
    this.verified.clear();
    this.forgetLast();
    this.guesses.clear();
    this.pageGuesses.clear();
    this.registrations.clear();
  }

  checkCaptcha(token: string): void {
    if (!sameText(token, this.captchaToken)) throw invalidField('captcha_token', 'is not a valid captcha token');
  }

  /**
   * Logs in. Wrong passwords and codes are counted per account name (known or not: the 429 tells nothing about which
   * names exist) and client, so a guesser is slowed and the owner, logging in from anywhere else, is not; an attempt
   * refused by the throttle counts against the one who made it. A web page's guesses (`origin`, the request's Origin)
   * count against that page's origin, so a page cannot lock out the owner's own tools or pages; all pages of a client
   * together get PAGE_ORIGINS_GUESSING times one page's guesses, so naming many origins buys few.
   */
  async login(body: LoginRequest, client: string, origin: string | null = null): Promise<TokenPair> {
    this.checkCaptcha(body.captcha_token);
    const name = body.username.toLowerCase();
    const guessKey = origin === null ? `${name}\u0000${client}` : `${name}\u0000${client}\u0000${origin}`;
    const pagesKey = `${name}\u0000${client}`;
    this.guesses.check(guessKey, true);
    if (origin !== null) this.pageGuesses.check(pagesKey, true);
    const wrong = () => {
      this.guesses.record(guessKey);
      if (origin !== null) this.pageGuesses.record(pagesKey);
    };
    const store = this.store();
    store.pruneUnused();
    const account = store.findAccountByUsername(body.username);
    // Hash even for an unknown name, so the answer time does not tell which usernames exist.
    const passwordOk = await verifyPassword(body.password, await (account?.passwordHash ?? this.dummyHash));
    if (!account || !passwordOk) {
      wrong();
      const message = 'The username or password is wrong.';
      throw new SandboxError(401, message, [
        { field: 'username', message: 'or password is wrong' },
        { field: 'password', message: 'or username is wrong' },
      ]);
    }
    if (account.totpSecret) {
      if (body.code === undefined) {
        throw invalidField('code', 'is required: two-factor authentication is on for this account');
      }
      if (!(await verifyTotp(account.totpSecret, body.code, this.now()))) {
        wrong();
        throw new SandboxError(401, 'The authenticator code is wrong or expired.', [
          { field: 'code', message: 'is wrong or expired' },
        ]);
      }
    }
    // The store as it is now, after the awaits (a reset may have replaced it).
    this.store().checkSessionRoom(account.id, client);
    this.store().markUsed(account.id);
    return this.issuePair(account.id, client);
  }

  /**
   * Registers an account on the registration budget (Store.checkRegistrationRoom), never on the room of accounts that
   * exist: past it, 429 for the one registering.
   */
  register(body: RegisterRequest, client: string): Account {
    this.checkCaptcha(body.captcha_token);
    this.registrations.check(client);
    const store = this.store();
    store.pruneUnused();
    const taken = [];
    if (store.findAccountByUsername(body.username)) taken.push({ field: 'username', message: 'is already taken' });
    if (store.findAccountByEmail(body.email)) taken.push({ field: 'email', message: 'is already registered' });
    if (taken.length > 0) throw conflicts(taken, 'An account with this username or email already exists.');
    store.checkRegistrationRoom(client);
    // Only accounts made count: a refused registration takes no room.
    const account = store.addAccount(
      {
        username: body.username,
        email: body.email,
        first_name: body.first_name,
        last_name: body.last_name ?? '',
        description: body.description ?? '',
        passwordHash: hashPassword(body.password),
      },
      { atMs: this.now(), client, used: false },
    );
    this.registrations.record(client);
    return account;
  }

  /** Rotation: a refresh token works once; the old one is rejected afterwards. */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const payload = await this.verify(refreshToken, 'refresh', 'refresh_token');
    const jti = typeof payload.jti === 'string' ? payload.jti : '';
    const store = this.store();
    const grant = store.takeRefreshGrant(jti);
    if (!grant) {
      throw unauthorized('The refresh token was already used or revoked: log in again.', 'refresh_token');
    }
    if (!store.accounts.has(grant.accountId)) throw unauthorized('The account no longer exists.', 'refresh_token');
    return this.issuePair(grant.accountId, grant.client);
  }

  /**
   * A new pair for `accountId`; its refresh token is a session of `client` (Store.addRefreshGrant), by default the one
   * client of a sandbox called in process (core/app.ts requestClients).
   */
  async issuePair(accountId: number, client = 'local'): Promise<TokenPair> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const sign = (typ: TokenType, jti: string, ttl: number) =>
      new SignJWT({ typ })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(accountId))
        .setIssuedAt(nowSeconds)
        .setExpirationTime(nowSeconds + ttl)
        .setJti(jti)
        .sign(this.key);
    const refreshJti = toBase64Url(randomBytes(16));
    const [access_token, refresh_token] = await Promise.all([
      sign('access', toBase64Url(randomBytes(16)), this.accessTtlSeconds),
      sign('refresh', refreshJti, REFRESH_TOKEN_TTL_SECONDS),
    ]);
    this.store().addRefreshGrant({
      jti: refreshJti,
      accountId,
      client,
      expiresAtMs: (nowSeconds + REFRESH_TOKEN_TTL_SECONDS) * 1000,
    });
    return { access_token, refresh_token };
  }

  /**
   * Reads `Authorization`: `JWT <access token>` or `Bearer <named API token>`, nothing else (source §5 rules 1–3).
   * A named token's state is read from the store on every call, so deactivation bites on the next request.
   */
  authenticate(header: string | undefined): Principal | Promise<Principal> {
    const last = this.lastEntry;
    if (last !== undefined && header === this.lastHeader && last.expiresAtMs > this.now()) {
      return this.jwtPrincipal(last.accountId);
    }
    if (!header) {
      throw unauthorized(
        'Authentication credentials were not provided: send Authorization: Bearer <API token> or Authorization: JWT <access token>.',
      );
    }
    const space = header.indexOf(' ');
    const sent = space < 0 ? header : header.slice(0, space);
    // Schemes are case-insensitive (RFC 9110 §11.1); as clients spell them, they need no lower-casing.
    const scheme = sent === 'JWT' ? 'jwt' : sent === 'Bearer' ? 'bearer' : sent.toLowerCase();
    const value = space < 0 ? '' : header.slice(space + 1).trim();
    if (!value) throw unauthorized('The Authorization header carries no credential after its scheme.');
    if (scheme === 'jwt') return this.authenticateJwt(value, header);
    if (scheme === 'bearer') return this.authenticateApiToken(value);
    throw unauthorized('Unsupported authorization scheme: use Bearer (named API token) or JWT (access token).');
  }

  private authenticateJwt(token: string, header: string): Principal | Promise<Principal> {
    const cached = this.cached(token);
    if (cached && cached.expiresAtMs > this.now()) {
      const principal = this.jwtPrincipal(cached.accountId);
      this.lastHeader = header;
      this.lastEntry = cached;
      return principal;
    }
    if (cached) this.forget(cacheKey(token));
    if (token.startsWith(API_TOKEN_PREFIX)) {
      throw unauthorized('A named API token is not a JWT: send it as Authorization: Bearer <API token>.');
    }
    return this.verify(token, 'access', 'Authorization').then((payload) => {
      const accountId = Number(payload.sub);
      this.remember({ token, accountId, expiresAtMs: (payload.exp ?? 0) * 1000 });
      return this.jwtPrincipal(accountId);
    });
  }

  /** When a valid access token this sandbox issued runs out (ms); any other token is a 401, as on a request. */
  async accessTokenExpiry(token: string): Promise<number> {
    const cached = this.cached(token);
    if (cached && cached.expiresAtMs > this.now()) return cached.expiresAtMs;
    const payload = await this.verify(token, 'access', 'Authorization');
    return (payload.exp ?? 0) * 1000;
  }

  private jwtPrincipal(accountId: number): Principal {
    const account = this.store().accounts.get(accountId);
    if (!account) throw unauthorized('The account of this access token no longer exists.');
    return { account };
  }

  private async authenticateApiToken(secret: string): Promise<Principal> {
    if (JWT_SHAPE.test(secret)) {
      throw unauthorized(
        'A JWT is never accepted as Bearer: send an access token as Authorization: JWT <token>; a refresh token goes only in the body of POST /member/refresh-token/.',
      );
    }
    const hash = await sha256Hex(secret);
    // From here on synchronous: the token's state is read in one go, after the only await.
    const store = this.store();
    const key = store.tokenKeysByHash.get(hash);
    const token = key === undefined ? undefined : store.tokens.get(key);
    if (!token) throw unauthorized('The API token is not valid: it is unknown or was revoked.');
    if (!token.is_active) throw unauthorized('The API token is inactive.');
    if (token.expires_at !== null && timestampMs(token.expires_at, 'expires_at') <= this.now()) {
      throw unauthorized('The API token has expired.');
    }
    const account = store.accounts.get(token.accountId);
    if (!account) throw unauthorized('The account of this API token no longer exists.');
    return { account };
  }

  /** Access tokens whose verification is remembered now (at most JWT_CACHE_SIZE). */
  get verifiedCount(): number {
    return this.verified.size;
  }

  /** The cache's entry for exactly this token: another token with the same last segment is not it. */
  private cached(token: string): VerifiedAccess | undefined {
    const entry = this.verified.get(cacheKey(token));
    return entry?.token === token ? entry : undefined;
  }

  private remember(entry: VerifiedAccess): void {
    if (this.verified.size >= JWT_CACHE_SIZE) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.forget(oldest);
    }
    // A token with the same last characters replaces its entry: the last header may have been that one.
    if (this.verified.has(cacheKey(entry.token))) this.forgetLast();
    this.verified.set(cacheKey(entry.token), entry);
  }

  /** Drops a cached entry, and the last header with it (it may have been that entry's). */
  private forget(key: string): void {
    this.verified.delete(key);
    this.forgetLast();
  }

  private forgetLast(): void {
    this.lastHeader = undefined;
    this.lastEntry = undefined;
  }

  private async verify(token: string, expected: TokenType, field: string) {
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      if (error instanceof JWTExpired) {
        throw unauthorized(
          expected === 'access'
            ? 'The access token has expired: get a new pair from POST /member/refresh-token/.'
            : 'The refresh token has expired: log in again.',
          field,
        );
      }
      throw unauthorized(`The ${expected} token is not valid.`, field);
    }
    if (payload.typ !== expected) {
      throw unauthorized(
        expected === 'access'
          ? 'A refresh token is never accepted in Authorization: send it only in the body of POST /member/refresh-token/.'
          : 'This is not a refresh token: send the refresh_token from login or from the last refresh.',
        field,
      );
    }
    return payload;
  }

  /** Creates a named API token; the secret is returned once and only its SHA-256 is kept. */
  async createApiToken(
    accountId: number,
    fields: { title: string; is_active: boolean; metadata?: Record<string, unknown>; expires_at?: string | null },
  ): Promise<{ record: ApiTokenRecord; secret: string }> {
    const expires_at = fields.expires_at ?? null;
    if (expires_at !== null) timestampMs(expires_at, 'expires_at');
    checkMetadata(fields.metadata, this.store().limits);
    // Checked before the await too, so a full account is refused without hashing; addToken checks again after it.
    this.store().checkTokenRoom(accountId);
    const secret = `${API_TOKEN_PREFIX}${toBase64Url(randomBytes(32))}`;
    const secretHash = await sha256Hex(secret);
    // After the only await: the key is picked and stored without another request running in between.
    const store = this.store();
    let key: string;
    do key = `tok_${toHex(randomBytes(6))}`;
    while (store.tokens.has(key));
    const record: ApiTokenRecord = {
      key,
      accountId,
      title: fields.title,
      is_active: fields.is_active,
      metadata: fields.metadata ?? {},
      expires_at,
      created_at: new Date(this.now()).toISOString(),
      secretHash,
    };
    store.addToken(record, accountId);
    return { record, secret };
  }
}
