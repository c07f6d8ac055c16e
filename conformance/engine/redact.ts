// Keeps secrets out of the suite's output (docs/conformance.md, "What the suite guarantees"): tokens, passwords, captcha
// and refresh tokens become ***.

export const MASK = '***';

/** JSON members whose string values are secrets wherever they appear, in requests and responses. */
const SECRET_KEYS = new Set(['password', 'captcha_token', 'refresh_token', 'access_token', 'token', 'code', 'secret']);

/**
 * A member name that holds a secret: one of SECRET_KEYS, or any name with token, secret or password in it, since the
 * source does not show where a server returns a new token's secret (`api_token`, `plain_token`, `client_secret`…).
 */
const isSecretKey = (key: string): boolean => SECRET_KEYS.has(key) || /token|secret|password/i.test(key);

/**
 * Headers whose whole value is a credential, shown as *** (Authorization keeps its scheme): cookies, and any name
 * with token, secret, password or api-key in it (`X-Api-Key`, `X-Refresh-Token`).
 */
const SECRET_HEADER = /^(cookie|set-cookie|set-cookie2)$|token|secret|password|api[-_]?key/i;

/** Anything shaped like a JWT (three base64url segments, the first a JSON header), known or not. */
const JWT_LIKE = /eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g;

/** An Authorization value keeps its scheme when it has one, so a reader still sees which scheme was sent. */
export function redactAuthorization(value: string): string {
  const scheme = /^([A-Za-z][\w-]{0,19})\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${MASK}` : MASK;
}

export interface Redactor {
  /** Remembers a secret value so that it is masked wherever it shows up later. */
  add(secret: unknown): void;
  /** Masks every known secret and anything JWT-shaped in a text. */
  text(text: string): string;
  /** A deep copy of a JSON value with secret members and known secrets masked. */
  json(value: unknown): unknown;
  /** Masks the Authorization header (keeping its scheme) and known secrets in other headers. */
  headers(headers: Record<string, string>): Record<string, string>;
  /** Learns the secrets a JSON body hands out (tokens in login, refresh and token-creation answers). */
  learn(value: unknown): void;
  /** Learns every string value of a JSON body (a token-creation answer), except the ones in `except` (what we sent). */
  learnAll(value: unknown, except?: ReadonlySet<string>): void;
}

/** Secrets shorter than this are masked only where they stand as a whole token (see `forms`). */
const SHORT = 4;

/**
 * The forms a secret takes in output: as it is, JSON-escaped (a `"` or `\` in a password), URL-encoded and
 * form-encoded.
 */
function forms(secret: string): string[] {
  return [
    ...new Set([
      secret,
      JSON.stringify(secret).slice(1, -1),
      encodeURIComponent(secret),
      new URLSearchParams({ s: secret }).toString().slice(2),
    ]),
  ];
}

/** A character that continues a word: a short secret next to one is part of a longer word, not a value. */
const WORDISH = /[\w.-]/;

/**
 * Every form of every known secret, indexed so that masking a text costs one pass over it, however many secrets
 * the run has learned (a server may hand out thousands). A form of SHORT characters or more is found by its first
 * SHORT characters, longest first, wherever it appears; a shorter one only as a whole token (no letter, digit, `_`,
 * `-` or `.` right before or after it): `"abc"`, `=abc&` and `Basic abc` are masked, `abcdef` is not, so that ordinary
 * words survive.
 */
class SecretIndex {
  private readonly known = new Set<string>();
  private readonly byPrefix = new Map<string, string[]>();
  private readonly short = new Set<string>();

  has(secret: string): boolean {
    return this.known.has(secret);
  }

  add(secret: string): void {
    this.known.add(secret);
    for (const form of forms(secret)) {
      if (form.length < SHORT) {
        this.short.add(form);
        continue;
      }
      const prefix = form.slice(0, SHORT);
      const list = this.byPrefix.get(prefix) ?? [];
      if (list.includes(form)) continue;
      // Longest first, so that a secret containing another is masked whole.
      const at = list.findIndex((other) => other.length < form.length);
      list.splice(at === -1 ? list.length : at, 0, form);
      this.byPrefix.set(prefix, list);
    }
  }

  mask(text: string): string {
    if (this.known.size === 0) return text;
    let out = '';
    let i = 0;
    scan: while (i < text.length) {
      for (const form of this.byPrefix.get(text.slice(i, i + SHORT)) ?? []) {
        if (text.startsWith(form, i)) {
          out += MASK;
          i += form.length;
          continue scan;
        }
      }
      if (this.short.size > 0 && (i === 0 || !WORDISH.test(text[i - 1] as string))) {
        for (let length = SHORT - 1; length >= 1; length--) {
          const after = text[i + length];
          if (this.short.has(text.slice(i, i + length)) && (after === undefined || !WORDISH.test(after))) {
            out += MASK;
            i += length;
            continue scan;
          }
        }
      }
      out += text[i];
      i++;
    }
    return out;
  }
}

export function createRedactor(initial: readonly string[] = []): Redactor {
  const secrets = new SecretIndex();
  const add = (secret: unknown): void => {
    if (typeof secret !== 'string' || secret.trim() === '' || secrets.has(secret)) return;
    secrets.add(secret);
  };
  for (const s of initial) add(s);

  const text = (input: string): string => secrets.mask(input).replace(JWT_LIKE, MASK);

  const json = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(json);
    if (typeof value === 'string') return text(value);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) {
      out[key] = isSecretKey(key) && typeof member === 'string' ? MASK : json(member);
    }
    return out;
  };

  const learn = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) learn(v);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, member] of Object.entries(value)) {
      if (isSecretKey(key) && typeof member === 'string') add(member);
      else learn(member);
    }
  };

  const headers = (input: Record<string, string>): Record<string, string> => {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(input)) {
      const lower = name.toLowerCase();
      out[name] =
        lower === 'authorization' || lower === 'proxy-authorization'
          ? redactAuthorization(value)
          : SECRET_HEADER.test(lower)
            ? MASK
            : text(value);
    }
    return out;
  };

  const learnAll = (value: unknown, except: ReadonlySet<string> = new Set()): void => {
    if (typeof value === 'string') {
      if (!except.has(value)) add(value);
    } else if (typeof value === 'object' && value !== null) {
      for (const member of Object.values(value)) learnAll(member, except);
    }
  };

  return { add, text, json, headers, learn, learnAll };
}

/** Masks the secret members of a JSON text; a text that is not JSON gets the plain-text treatment. */
export function redactBody(redactor: Redactor, body: string): string {
  try {
    return JSON.stringify(redactor.json(JSON.parse(body)));
  } catch {
    return redactor.text(body);
  }
}

/**
 * A URL with the values of secret-named query parameters (`?token=`, `?password=`) and any user:password masked, and
 * every known secret masked as in `text`.
 */
export function redactUrl(redactor: Redactor, href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return redactor.text(href);
  }
  const secretNames = [...new Set(url.searchParams.keys())].filter(isSecretKey);
  if (secretNames.length === 0 && !url.username && !url.password) return redactor.text(href);
  for (const name of secretNames) url.searchParams.set(name, MASK);
  url.username = '';
  url.password = '';
  return redactor.text(url.href);
}

const shellQuote = (s: string): string => `'${s.replace(/'/g, `'\\''`)}'`;

/** A curl command that repeats a request; give it redacted parts only. */
export function curlLine(method: string, url: string, headers: Record<string, string>, body?: string): string {
  const parts = ['curl', '-sS', '-i', '-X', method, shellQuote(url)];
  for (const [name, value] of Object.entries(headers)) parts.push('-H', shellQuote(`${name}: ${value}`));
  if (body !== undefined && body !== '') parts.push('--data-raw', shellQuote(body));
  return parts.join(' ');
}
