// Sandbox controls outside the contract (docs/sandbox.md "Controls"): Prefer header, the /_sandbox/ guard the network
// hosts apply, expired tokens.
import type { OperationSpec } from '../../../contract/document.js';
import { dereference } from '../../../contract/pointer.js';
import { sameText } from '../domain/bytes.js';
import { invalidField, SandboxError } from '../domain/errors.js';
import { HELD_ENTRY_BYTES } from '../domain/limits.js';
import { hostNameOf, originAllowed } from './cors.js';
import type { SandboxRequest } from './request.js';

/** Control endpoints live here, beside (never inside) the API prefix; none is part of the contract. */
export const CONTROL_PREFIX = '/_sandbox/';
/** Header carrying the admin secret to /_sandbox/ when one is configured. */
export const ADMIN_SECRET_HEADER = 'x-sandbox-admin-secret';
/** Longest `Prefer: delay=` honoured, so a typo cannot hang a client. */
export const MAX_DELAY_MS = 10_000;
/**
 * How an account's table asks for room: its bound (limits.ts) and its share's check (Store.checkHeldRoom), each entry
 * counting HELD_ENTRY_BYTES.
 */
export interface TableRoom {
  limit: number;
  fits(account: number, bytes: number): void;
}

/** Host names that always reach /_sandbox/ (any port): only this machine can resolve them to the sandbox. */
export const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const;

/** Who may use /_sandbox/ on a sandbox reached over a network: what the hosts (node, MSW behind a server) check. */
export interface ControlGuard {
  /** Host names (without port) accepted besides the loopback names, e.g. the name a shared sandbox is reached by. */
  hosts?: readonly string[];
  /**
   * When set, every /_sandbox/ request must send it in `X-Sandbox-Admin-Secret`. The node host makes one at start when
   * none is given: over HTTP nothing else tells this machine's requests from a LAN client's relayed by a proxy here.
   */
  adminSecret?: string;
  /** Where the user of this door finds the secret, quoted by the refusal: e.g. the file task-sandbox writes. */
  secretHint?: string;
  /**
   * How the user of this door adds a name to `hosts`, quoted by the refusal: e.g. `--allowed-host` for task-sandbox.
   * Each host sets its own option's name by default.
   */
  hostsOption?: string;
}

/** What a refusal of the controls says about reaching them from a page through a dev server's proxy. */
const THROUGH_A_PROXY =
  "from a page, through the dev server's proxy with sandboxControlsProxy() of @task-management/sandbox/node, which " +
  'sends the secret for this machine\'s requests only (docs/sandbox.md "Through the dev server\'s proxy")';

/** The parsed `Prefer` header (RFC 7240 preferences, Prism's names). */
export interface Preferences {
  code?: number;
  example?: string;
  delayMs?: number;
  expireToken: boolean;
}

/** Reads `Prefer: code=404, example=name, delay=500, expire-token`; a bad value is a 400 naming `Prefer`. */
export function parsePrefer(header: string | null): Preferences | undefined {
  if (header === null || header.trim() === '') return undefined;
  const prefs: Preferences = { expireToken: false };
  for (const part of header.split(/[,;]/)) {
    const item = part.trim();
    if (item === '') continue;
    const eq = item.indexOf('=');
    const name = (eq < 0 ? item : item.slice(0, eq)).trim().toLowerCase();
    const value =
      eq < 0
        ? ''
        : item
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value)) throw invalidField('Prefer', 'code must be an HTTP status, e.g. code=404');
      prefs.code = Number(value);
    } else if (name === 'example') {
      if (value === '') throw invalidField('Prefer', 'example must name an example, e.g. example=member');
      prefs.example = value;
    } else if (name === 'delay') {
      if (!/^\d{1,6}$/.test(value) || Number(value) > MAX_DELAY_MS) {
        throw invalidField('Prefer', `delay must be a whole number of milliseconds from 0 to ${MAX_DELAY_MS}`);
      }
      prefs.delayMs = Number(value);
    } else if (name === 'expire-token') {
      prefs.expireToken = true;
    }
    // Other preferences (return=minimal, respond-async, …) are not this sandbox's to act on: ignored, as RFC 7240 says.
  }
  return prefs;
}

type Node = Record<string, unknown>;

const deref = (document: Node, node: unknown): Node | undefined => dereference(document, node) as Node | undefined;

/**
 * The contract's example answer of `op` for `Prefer: code=` / `example=`: the named example (or the first, or the
 * unnamed `example`) of the forced status (or, for `example=` alone, of the first status that has an example by that
 * name).
 */
export function preferredExample(
  document: Node,
  op: OperationSpec,
  prefs: Preferences,
): { status: number; body: unknown; headers: Record<string, string> } {
  const responses = (((document.paths as Node)[op.path] as Node)[op.method] as Node).responses as Node;
  const declared = Object.keys(responses).filter((s) => /^\d{3}$/.test(s));
  if (prefs.code !== undefined && !declared.includes(String(prefs.code))) {
    throw invalidField(
      'Prefer',
      `code=${prefs.code} is not a status ${op.operationId} declares (${declared.join(', ')})`,
    );
  }
  const mediaOf = (status: string) => {
    const content = deref(document, deref(document, responses[status])?.content) as Node | undefined;
    return deref(document, content?.['application/json']);
  };
  const examplesOf = (status: string) => (mediaOf(status)?.examples ?? {}) as Node;
  // The answer's declared headers, each with its example (a forced 429 carries its Retry-After, as a real one does).
  const headersOf = (status: string) => {
    const declared = (deref(document, deref(document, responses[status])?.headers) ?? {}) as Node;
    const headers: Record<string, string> = {};
    for (const [name, header] of Object.entries(declared)) {
      const h = deref(document, header);
      const example = h?.example ?? (deref(document, h?.schema) as Node | undefined)?.example;
      if (example !== undefined) headers[name.toLowerCase()] = String(example);
    }
    return headers;
  };
  const statuses = prefs.code !== undefined ? [String(prefs.code)] : declared;
  for (const status of statuses) {
    const examples = examplesOf(status);
    const names = Object.keys(examples);
    const name = prefs.example ?? names[0];
    // An own member only: `example=constructor` names no example, whatever Object.prototype holds.
    if (name !== undefined && Object.hasOwn(examples, name)) {
      return {
        status: Number(status),
        body: deref(document, examples[name])?.value ?? null,
        headers: headersOf(status),
      };
    }
    // A status with one unnamed `example` answers it to `code=` alone.
    if (prefs.example === undefined) {
      return { status: Number(status), body: mediaOf(status)?.example ?? null, headers: headersOf(status) };
    }
  }
  const known = statuses.flatMap((s) => Object.keys(examplesOf(s)));
  throw invalidField(
    'Prefer',
    `example=${prefs.example} is not an example of ${op.operationId}${prefs.code ? ` ${prefs.code}` : ''} (known: ${known.join(', ') || 'none'})`,
  );
}

/**
 * Whether a request for this absolute URL reaches /_sandbox/ once the URL parser has normalised its path (so
 * `/api/../_sandbox/reset/` does too). Cheap for every other request: one substring search.
 */
export function isControlUrl(url: string): boolean {
  if (!url.includes('_sandbox')) return false;
  try {
    return new URL(url).pathname.startsWith(CONTROL_PREFIX);
  } catch {
    return false;
  }
}

/**
 * Why a request for /_sandbox/ is refused, or `undefined` when it may go on (any other request goes on): a `Host` that
 * is not this machine's or a configured name (DNS rebinding), a page of an origin that is neither this machine's nor
 * the sandbox's own (a cross-site form or fetch), a missing admin secret. For the hosts that face a network; the core
 * itself guards nothing.
 */
export function controlRefusal(
  url: string,
  headers: SandboxRequest['headers'],
  guard: ControlGuard,
): SandboxError | undefined {
  if (!isControlUrl(url)) return undefined;
  const host = headers.get('host') ?? new URL(url).host;
  const name = hostNameOf(host);
  const hosts = (guard.hosts ?? []).map((h) => h.toLowerCase());
  const allowed = [...LOOPBACK_HOSTS, ...hosts];
  if (!allowed.includes(name)) {
    const option = guard.hostsOption ?? 'the `hosts` option of the sandbox control guard';
    return new SandboxError(
      403,
      'Sandbox controls answer only requests addressed to this machine or a configured host.',
      [{ field: 'Host', message: `must be one of ${allowed.join(', ')} (add one with ${option})` }],
    );
  }
  const origin = headers.get('origin');
  if (origin !== null && !originAllowed(origin, host, { hosts })) {
    return new SandboxError(403, 'Sandbox controls do not answer requests sent by a web page of another origin.', [
      {
        field: 'Origin',
        message: `must be a page of this machine or the sandbox's own, or absent; reach the controls ${THROUGH_A_PROXY}`,
      },
    ]);
  }
  if (guard.adminSecret !== undefined) {
    const sent = headers.get(ADMIN_SECRET_HEADER);
    if (sent === null || !sameText(sent, guard.adminSecret)) {
      const where = guard.secretHint ? ` (${guard.secretHint})` : '';
      return new SandboxError(401, 'Sandbox controls over HTTP need the admin secret.', [
        {
          field: 'X-Sandbox-Admin-Secret',
          message: `is missing or wrong: send the sandbox's admin secret${where}, or reach the controls ${THROUGH_A_PROXY}`,
        },
      ]);
    }
  }
  return undefined;
}

/** What the table of expired tokens keeps of one: its signature, the HMAC of the rest (a hash, never the token). */
const signatureOf = (jwt: string): string => jwt.slice(jwt.lastIndexOf('.') + 1);

/**
 * Access tokens a developer expired on purpose (`Prefer: expire-token`, POST /_sandbox/expire-token/), per account:
 * only tokens this sandbox issued and that still verify (the caller checks), each kept until it would have run out
 * anyway. None is ever forgotten early, so a flood of other requests cannot make an expired token work again; an
 * account at its bound, or whose share is full, gets 429 until some of its own run out. Another account's table
 * never refuses it.
 */
export class ExpiredTokens {
  /** Account by token signature: the lookup a request makes. */
  private readonly owners = new Map<string, number>();
  /** Per account, its tokens' signatures with when each would have run out. */
  private readonly byAccount = new Map<number, Map<string, number>>();

  add(token: string, account: number, untilMs: number, nowMs: number, room: TableRoom): void {
    const key = signatureOf(token);
    let own = this.byAccount.get(account);
    if (!own) {
      own = new Map();
      this.byAccount.set(account, own);
    }
    for (const [known, until] of own) {
      if (until > nowMs) continue;
      own.delete(known);
      this.owners.delete(known);
    }
    if (own.has(key)) return;
    if (own.size >= room.limit) {
      throw new SandboxError(
        429,
        'This account has too many access tokens expired on purpose right now; try again once some run out.',
        [{ field: 'Prefer', message: `at most ${room.limit} access tokens of one account are kept expired at once` }],
      );
    }
    room.fits(account, HELD_ENTRY_BYTES);
    own.set(key, untilMs);
    this.owners.set(key, account);
  }

  get size(): number {
    return this.owners.size;
  }

  has(token: string): boolean {
    return this.owners.has(signatureOf(token));
  }

  /** What `account`'s entries count against its share. */
  bytesOf(account: number): number {
    return (this.byAccount.get(account)?.size ?? 0) * HELD_ENTRY_BYTES;
  }

  clear(): void {
    this.owners.clear();
    this.byAccount.clear();
  }
}

/**
 * Requests answered 401 because of `Prefer: expire-token`, per account, until their resend. A client that refreshes on
 * 401 resends the request as it was, preference included, with the new access token: that resend (the same method,
 * path and query, from the same account, with a token that is not expired) is answered as usual, once per refusal. So
 * each request sent with the preference costs exactly one refresh, whatever client sends it. A refusal waits for its
 * resend until the token it expired would have run out anyway. A request is kept as the SHA-256 of its target, so
 * each costs its account the same few bytes whatever its length.
 */
export class PendingResends {
  private readonly byAccount = new Map<number, Map<string, { count: number; untilMs: number }>>();

  /** The request `hash` (of e.g. `GET /api/member/me/?`) of `account` was refused; its token would have lasted `untilMs`. */
  refused(account: number, hash: string, untilMs: number, nowMs: number, room: TableRoom): void {
    let pending = this.byAccount.get(account);
    if (!pending) {
      pending = new Map();
      this.byAccount.set(account, pending);
    }
    for (const [known, entry] of pending) if (entry.untilMs <= nowMs) pending.delete(known);
    const entry = pending.get(hash);
    if (entry) {
      entry.count += 1;
      entry.untilMs = Math.max(entry.untilMs, untilMs);
      return;
    }
    // The account's own oldest refusal makes room: another account's are never touched.
    if (pending.size >= room.limit) pending.delete(pending.keys().next().value as string);
    else room.fits(account, HELD_ENTRY_BYTES);
    pending.set(hash, { count: 1, untilMs });
  }

  /** Whether this is the resend of a refused request (by its `hash`): if so, that refusal is settled. */
  takeResend(account: number, hash: string, nowMs: number): boolean {
    const pending = this.byAccount.get(account);
    const entry = pending?.get(hash);
    if (!pending || !entry || entry.untilMs <= nowMs) return false;
    entry.count -= 1;
    if (entry.count === 0) pending.delete(hash);
    if (pending.size === 0) this.byAccount.delete(account);
    return true;
  }

  /** What `account`'s entries count against its share. */
  bytesOf(account: number): number {
    return (this.byAccount.get(account)?.size ?? 0) * HELD_ENTRY_BYTES;
  }

  clear(): void {
    this.byAccount.clear();
  }
}

/** The JWT of an `Authorization: JWT <token>` header, or undefined. */
export function jwtOf(authorization: string | null): string | undefined {
  if (authorization === null) return undefined;
  const [scheme, token] = authorization.trim().split(/\s+/, 2);
  return scheme?.toLowerCase() === 'jwt' && token ? token : undefined;
}
