// The sandbox's resource limits (docs/sandbox.md "Limits"): sizes, counts and the world's memory budget, with their errors.
import { SandboxError } from './errors.js';

/** Every limit the sandbox enforces; `createSandbox({ limits })` may lower them (tests do, to run in milliseconds). */
export interface Limits {
  /** Serialized UTF-8 bytes of a token's `metadata`. */
  metadataBytes: number;
  /** Nesting depth of a token's `metadata`: the object itself is depth 1. */
  metadataDepth: number;
  /** Named API tokens one account may hold. */
  tokensPerAccount: number;
  /**
   * Unused, unexpired refresh tokens (sessions) one account holds from all its clients; past it, a login from a client
   * that would add one answers 429 until the soonest runs out. No session is ever ended to make room.
   */
  refreshTokensPerAccount: number;
  /** Of those, how many one client (core/app.ts requestClients) holds; past it, that client's own oldest ends. */
  refreshTokensPerClient: number;
  /** Access tokens one account keeps expired on purpose (`Prefer: expire-token`) at once; past it, 429 for it. */
  expiredTokensPerAccount: number;
  /** Requests of one account waiting for their resend after `Prefer: expire-token`; past it, its own oldest goes. */
  resendsPerAccount: number;
  /** Room above the large world's 3,005 scenarios on its board: every preset world accepts new ones. */
  scenariosPerBoard: number;
  casesPerBoard: number;
  sessionsPerBoard: number;
  /** Cases one session reviews (the cases of a scenario and its descendants), so one start answer stays small. */
  casesPerSession: number;
  /** Case reports a session carries in a list or finish answer; `case_reports_total` tells how many it has. */
  caseReportsPerSessionRow: number;
  /** JSON bytes of the case reports in one list or finish answer, all rows together: no page reaches megabytes. */
  caseReportBytesPerAnswer: number;
  /**
   * Approximate bytes (Store.measure) the seed and the world's own accounts may hold together; past it, their writes
   * answer 429 and reads go on. Registered accounts never draw on it: they have the registration budget.
   */
  worldBytes: number;
  /** Approximate bytes the records one of the world's own accounts last wrote may take; past it, its writes answer 429. */
  accountBytes: number;
  /** Accounts registered through the API that exist at once; past it, registration answers 429. */
  registeredAccounts: number;
  /** Of those, how many one client (remote address; one client in the browser and in process) may have registered. */
  registeredAccountsPerClient: number;
  /**
   * Approximate bytes one registered account may hold (its own record and its tokens): reserved when it registers,
   * so the registration budget never holds more than registeredAccounts × this, and no registered account is refused
   * because of another.
   */
  registeredAccountBytes: number;
  /** A registered account nobody has logged in to (it holds nothing) is removed this long after its registration. */
  unusedRegistrationMs: number;
  /** Wrong passwords or authenticator codes per account name and client a minute; past it, that client's logins for that name answer 429. */
  guessesPerMinute: number;
  /** Accounts one client may register a minute; past it, 429. */
  registrationsPerMinute: number;
  /** Keys (account name and client, or client) each throttle remembers one by one; more share a fixed table. */
  throttleKeys: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  metadataBytes: 4096,
  metadataDepth: 5,
  tokensPerAccount: 100,
  refreshTokensPerAccount: 256,
  refreshTokensPerClient: 64,
  expiredTokensPerAccount: 32,
  resendsPerAccount: 32,
  scenariosPerBoard: 5000,
  casesPerBoard: 2000,
  sessionsPerBoard: 1000,
  casesPerSession: 500,
  caseReportsPerSessionRow: 20,
  caseReportBytesPerAnswer: 256 * 1024,
  worldBytes: 64 * 1024 * 1024,
  accountBytes: 16 * 1024 * 1024,
  registeredAccounts: 1000,
  registeredAccountsPerClient: 100,
  registeredAccountBytes: 64 * 1024,
  unusedRegistrationMs: 60 * 60 * 1000,
  guessesPerMinute: 10,
  registrationsPerMinute: 60,
  throttleKeys: 10_000,
});

/**
 * The largest session list answer the default limits allow, in bytes: the case reports' budget plus, for each of at
 * most 100 rows (the contract's `limit` cap), the session's own fields, whose title (500 characters) may take up to
 * 6 bytes a character once JSON-escaped.
 */
export const MAX_SESSION_LIST_BYTES = DEFAULT_LIMITS.caseReportBytesPerAnswer + 100 * (500 * 6 + 512);

export function limitsWith(overrides: Partial<Limits> = {}): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}

/**
 * Objects and arrays one JSON body may open. The largest body the contract allows holds a few dozen; a 1 MiB body of
 * `[{},{},…]` opens ~350,000, whose parse alone takes ~170 ms: counted (in one pass, strings skipped) before parsing.
 */
export const MAX_JSON_CONTAINERS = 10_000;

/**
 * Where a JSON text goes past `maxDepth` nested objects/arrays or past `maxContainers` of them in all, found in one pass
 * before parsing (strings are skipped), or undefined when it does neither.
 */
export function jsonShapeExceeds(
  text: string,
  maxDepth: number,
  maxContainers: number,
): 'depth' | 'containers' | undefined {
  // Every container opens with a bracket, in a string or not: a text with no more brackets than both bounds allow
  // passes neither, and counting them is a few native searches where the scan below reads every character.
  if (!opensMoreThan(text, Math.min(maxDepth, maxContainers))) return undefined;
  let depth = 0;
  let containers = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      containers += 1;
      if (depth > maxDepth) return 'depth';
      if (containers > maxContainers) return 'containers';
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return undefined;
}

/** Whether `text` holds more than `bound` of the characters `{` and `[`. */
function opensMoreThan(text: string, bound: number): boolean {
  let seen = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1)) {
      seen += 1;
      if (seen > bound) return true;
    }
  }
  return false;
}

const encoder = new TextEncoder();

/** UTF-8 bytes of a JSON value as serialized. */
export const jsonBytes = (value: unknown): number => encoder.encode(JSON.stringify(value)).byteLength;

/** Nesting depth of a JSON value: a scalar is 0, `{}` and `[]` are 1. */
export function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child));
  return deepest + 1;
}

/** 400 naming `metadata` when it is too large or too deep (the contract leaves its size open). */
export function checkMetadata(metadata: Record<string, unknown> | undefined, limits: Limits): void {
  if (metadata === undefined) return;
  const bytes = jsonBytes(metadata);
  if (bytes > limits.metadataBytes) {
    throw new SandboxError(
      400,
      `Validation failed: metadata is ${bytes} bytes as JSON; the sandbox keeps at most ${limits.metadataBytes}.`,
      [{ field: 'metadata', message: `must be at most ${limits.metadataBytes} bytes as JSON` }],
    );
  }
  if (depthOf(metadata) > limits.metadataDepth) {
    throw new SandboxError(400, `Validation failed: metadata nests deeper than ${limits.metadataDepth} levels.`, [
      { field: 'metadata', message: `must nest at most ${limits.metadataDepth} levels` },
    ]);
  }
}

/** 409: a count limit is reached; `field` names what the request must change, the message names the limit. */
export const limitReached = (field: string, what: string, limit: number, hint: string): SandboxError =>
  new SandboxError(409, `Limit reached: ${what} (at most ${limit} in this sandbox); ${hint}.`, [
    { field, message: `${what}: at most ${limit}` },
  ]);

/**
 * Retry-After of a 429 that only deleting frees (a share or the world's budget): time alone frees nothing, so this is
 * only when to look again.
 */
const RETRY_STORAGE_SECONDS = '60';

/**
 * 429: the world's budget (the seed and what its own accounts wrote) is used up; reads keep working, deletions or a
 * reset make room. A quota answer, not 507: the sandbox is working as documented, and every 5xx from it means a bug
 * (test/sandbox/harness.ts).
 */
export const worldFull = (limit: number): SandboxError =>
  new SandboxError(
    429,
    `The sandbox's budget for its own accounts (${limit} bytes of stored data) is used up: delete data or reset the sandbox (POST /_sandbox/reset/); reads keep working.`,
    [{ field: 'body', message: `does not fit: the world's own accounts store at most ${limit} bytes of data` }],
    { 'retry-after': RETRY_STORAGE_SECONDS },
  );

export const accountFull = (limit: number): SandboxError =>
  new SandboxError(
    429,
    `This account's share of the sandbox (${limit} bytes of stored data) is used up: delete some of its data; other accounts are not affected.`,
    [{ field: 'body', message: `does not fit: one account stores at most ${limit} bytes of data` }],
    { 'retry-after': RETRY_STORAGE_SECONDS },
  );

/**
 * What one entry of an account's tables outside its records (a refresh grant, an expired token, a waiting resend)
 * counts against its share: a fixed, generous figure, since every such entry holds a fixed-size id or hash.
 */
export const HELD_ENTRY_BYTES = 256;

/** 429 on login: the account holds its most sessions; the soonest of them runs out `retryAfterMs` from now. */
export const sessionsFull = (limit: number, retryAfterMs: number): SandboxError => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new SandboxError(
    429,
    `Limit reached: unused refresh tokens per account (at most ${limit} in this sandbox, from all its clients); no session is ended to make room. Use a refresh token you hold, or try again in ${seconds} s.`,
    [{ field: 'username', message: `unused refresh tokens per account: at most ${limit}` }],
    { 'retry-after': String(seconds) },
  );
};

/**
 * 429 on registration: the registration budget (in all, or this client's) is used up; the soonest an unused account
 * leaves it is `retryAfterMs` from now.
 */
export const registrationsFull = (
  what: string,
  limit: number,
  retryAfterMs: number,
  unusedMs: number,
): SandboxError => {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new SandboxError(
    429,
    `Registration is full: at most ${limit} registered accounts ${what}. Registered accounts are never removed to make room; one nobody has logged in to is removed ${Math.ceil(unusedMs / 60_000)} min after its registration. Try again in ${seconds} s.`,
    [{ field: 'username', message: `at most ${limit} registered accounts ${what}` }],
    { 'retry-after': String(seconds) },
  );
};

/** Approximate bytes a stored value takes (strings count two bytes per character, as V8 may store them). */
export function approxBytes(value: unknown): number {
  if (typeof value === 'string') return 16 + 2 * value.length;
  if (value === null || typeof value !== 'object') return 8;
  return approxObjectBytes(value);
}

// Apart from approxBytes, which every write calls on each of its fields: the common field, a string or a scalar, is
// measured by a function small enough for V8 to inline.
function approxObjectBytes(value: object): number {
  if (value instanceof Promise) return 128;
  if (value instanceof Map) {
    let sum = 64;
    for (const [k, v] of value) sum += approxBytes(k) + approxBytes(v);
    return sum;
  }
  if (Array.isArray(value)) {
    let sum = 32;
    for (const item of value) sum += 8 + approxBytes(item);
    return sum;
  }
  return approxFieldsBytes(value);
}

/** approxBytes of an object measured by its own enumerable fields (what a plain object is measured by). */
export function approxFieldsBytes(value: object): number {
  // Object.keys, not Object.entries: the same own keys, without an array per pair (every write measures its record).
  const record = value as Record<string, unknown>;
  let sum = 32;
  for (const key of Object.keys(record)) sum += fieldBytes(key, record[key]);
  return sum;
}

/** What one field of a plain object adds to approxFieldsBytes: its slot, its name and its value. */
export function fieldBytes(key: string, value: unknown): number {
  return 8 + approxBytes(key) + approxBytes(value);
}
