// Keeps credentials out of the suite's output (docs/conformance.md, "What the suite guarantees"): what the suite sent or
// received as a credential (the profile's passwords and captcha, the access and refresh tokens and token secrets it
// obtained, and those the target revealed), and anything shaped like a JWT, become ***, in every encoding the target
// may echo them in (engine/encodings.ts).
import { decodings, spansInOriginal } from './encodings.js';
import { applySpans, jwtSpans, mergeSpans, SecretMatcher } from './matcher.js';

export const MASK = '***';

/**
 * Headers whose whole value is a credential, shown as *** (Authorization keeps its scheme): cookies, and any name
 * with token, secret, password or api-key in it (`X-Api-Key`, `X-Refresh-Token`). Masked in place, never learned.
 */
const SECRET_HEADER = /^(cookie|set-cookie|set-cookie2)$|token|secret|password|api[-_]?key/i;

/** Query parameters whose value is a credential by name (`?access_token=`), masked in place in URLs. */
const SECRET_PARAMETER = /token|secret|password|api[-_]?key/i;

/** The members of a login, refresh or registration answer that hold the session's credentials (source §2). */
const SESSION_MEMBERS = new Set(['access_token', 'refresh_token']);

/** An Authorization value keeps its scheme when it has one, so a reader still sees which scheme was sent. */
export function redactAuthorization(value: string): string {
  const scheme = /^([A-Za-z][\w-]{0,19})\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${MASK}` : MASK;
}

export interface Redactor {
  /** Remembers a credential so that it is masked wherever it shows up later (and in the final pass, earlier too). */
  add(secret: unknown): void;
  /** Whether the value is a known credential. */
  knows(value: string): boolean;
  /** Masks every known credential and anything JWT-shaped in a text, in one pass. */
  text(text: string): string;
  /** A deep copy of a JSON value with every string (values and member names) masked as `text` masks it. */
  json(value: unknown): unknown;
  /** Masks the Authorization header (keeping its scheme), credential headers, and known secrets in other headers. */
  headers(headers: Record<string, string>): Record<string, string>;
  /** Learns the session's credentials a login, refresh or registration answer hands out: its access and refresh tokens. */
  learnSession(body: unknown): void;
  /**
   * Keeps the strings of a token-creation answer (but those in `spared`, what the suite sent) by their place in it:
   * once one of them is known as a token's secret (the checks find it by sending it), the strings at the same place
   * in every creation answer are secrets too, those of tokens the suite never used included. Until then, every one
   * of them that could be a credential is masked, since the answer hands one out somewhere.
   */
  learnTokenAnswer(body: unknown, spared?: ReadonlySet<string>): void;
  /**
   * Learns the credentials any answer reveals: the strings of its `access_token` and `refresh_token` members, and of
   * members named as a token's secret is named (where a creation answer held it). In an answer about tokens (`tokens`:
   * the list, an update), a member whose name says token, secret, password or api-key holds one too, and so does
   * every member under a name where one known credential was listed (a key that authenticates: every listed key).
   */
  learnAnswer(body: unknown, tokens: boolean): void;
  /**
   * Whether what `text` masks can only grow from now on: false while the strings of a token-creation answer are masked
   * as candidates, which stop being masked once a secret's place is known. Until then a text is masked at once;
   * afterwards it may be masked when it is read, with what the run knows by then.
   */
  onlyGrows(): boolean;
}

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

/** Every string of a JSON value with its place (member names joined by dots, array positions as `[]`). */
function placed(value: unknown, visit: (place: string, text: string) => void, place = ''): void {
  if (typeof value === 'string') visit(place, value);
  else if (Array.isArray(value)) for (const v of value) placed(v, visit, `${place}[]`);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, member] of Object.entries(value)) placed(member, visit, place ? `${place}.${key}` : key);
  }
}

/** An RFC 3339 date or date-time (a token's expires_at or created_at). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A string of a token-creation answer that could be its secret until the secret's place is known: a credential goes
 * in a header, so it has no whitespace; shorter than six characters or a timestamp, it is something else.
 */
const couldBeCredential = (value: string): boolean => /^\S{6,}$/.test(value) && !TIMESTAMP.test(value);

/** Texts up to this length are remembered, up to this many: names, statuses, titles, not bodies. */
const MEMO_LENGTH = 256;
const MEMO_ENTRIES = 10_000;

export function createRedactor(initial: readonly string[] = []): Redactor {
  const known = new Set<string>();
  const matcher = new SecretMatcher();
  /** Token-creation answers: the strings at each place, the places of each string, and the places that hold secrets. */
  const atPlace = new Map<string, Set<string>>();
  const placesOf = new Map<string, Set<string>>();
  const secretPlaces = new Set<string>();
  /** The strings of token-creation answers that could be their secret, masked while no secret's place is known. */
  const candidates = new SecretMatcher();
  /** Member names whose strings are credentials in any answer; the strings of token answers by name, and back. */
  const secretNames = new Set<string>(SESSION_MEMBERS);
  const byName = new Map<string, Set<string>>();
  const namesOf = new Map<string, Set<string>>();

  const markName = (name: string): void => {
    if (secretNames.has(name)) return;
    secretNames.add(name);
    for (const value of byName.get(name) ?? []) add(value);
  };

  const markPlace = (place: string): void => {
    if (secretPlaces.has(place)) return;
    secretPlaces.add(place);
    masked.clear();
    for (const value of atPlace.get(place) ?? []) add(value);
    // A token's secret is listed under the member name it was handed out under (`token` of `data.token.token`).
    const name = /(?:^|\.)([^.[\]]+)(?:\[\])*$/.exec(place)?.[1];
    if (name) markName(name);
  };

  /**
   * Masked texts by their input, until what is masked changes: the same member names, statuses and titles come back in
   * every answer, and each look costs a scan per decoding. Cleared whenever a secret or a candidate is learned.
   */
  const masked = new Map<string, string>();

  const add = (secret: unknown): void => {
    if (typeof secret !== 'string' || secret.trim() === '' || known.has(secret)) return;
    known.add(secret);
    masked.clear();
    for (const form of forms(secret)) matcher.add(form);
    for (const place of placesOf.get(secret) ?? []) markPlace(place);
    for (const name of namesOf.get(secret) ?? []) markName(name);
  };
  for (const s of initial) add(s);

  /** The spans of every known secret (and, while no secret's place is known, every candidate) in a text. */
  const found = (input: string): number[] => {
    const spans = mergeSpans(matcher.spans(input), jwtSpans(input));
    return secretPlaces.size > 0 ? spans : mergeSpans(spans, candidates.spans(input));
  };

  const text = (input: string): string => {
    const seen = masked.get(input);
    if (seen !== undefined) return seen;
    let spans = found(input);
    // A secret echoed JSON-escaped, as HTML entities, percent- or form-encoded, or two of them in turn.
    for (const decoded of decodings(input)) {
      const inView = found(decoded.text);
      if (inView.length > 0) spans = mergeSpans(spans, spansInOriginal(decoded.view(), inView));
    }
    const out = applySpans(input, spans, MASK);
    if (input.length <= MEMO_LENGTH && masked.size < MEMO_ENTRIES) masked.set(input, out);
    return out;
  };

  const json = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(json);
    if (typeof value === 'string') return text(value);
    if (typeof value !== 'object' || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [key, member] of Object.entries(value)) out[text(key)] = json(member);
    return out;
  };

  const learnSession = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const v of value) learnSession(v);
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    for (const [key, member] of Object.entries(value)) {
      if (SESSION_MEMBERS.has(key) && typeof member === 'string') add(member);
      else learnSession(member);
    }
  };

  const learnTokenAnswer = (body: unknown, spared: ReadonlySet<string> = new Set()): void => {
    placed(body, (place, value) => {
      if (spared.has(value)) return;
      const values = atPlace.get(place) ?? new Set<string>();
      values.add(value);
      atPlace.set(place, values);
      const places = placesOf.get(value) ?? new Set<string>();
      places.add(place);
      placesOf.set(value, places);
      if (secretPlaces.has(place)) add(value);
      else if (known.has(value)) markPlace(place);
      else if (couldBeCredential(value)) {
        for (const form of forms(value)) candidates.add(form);
        masked.clear();
      }
    });
  };

  const learnAnswer = (body: unknown, tokens: boolean): void => {
    const walk = (value: unknown, name: string | undefined): void => {
      if (Array.isArray(value)) for (const v of value) walk(v, name);
      else if (typeof value === 'object' && value !== null) {
        for (const [key, member] of Object.entries(value)) walk(member, key);
      } else if (typeof value === 'string' && name !== undefined) keep(name, value);
    };
    const keep = (name: string, value: string): void => {
      if (secretNames.has(name) || (tokens && couldBeCredential(value) && SECRET_PARAMETER.test(name))) {
        add(value);
        return;
      }
      if (!tokens || !couldBeCredential(value)) return;
      const values = byName.get(name) ?? new Set<string>();
      values.add(value);
      byName.set(name, values);
      const names = namesOf.get(value) ?? new Set<string>();
      names.add(name);
      namesOf.set(value, names);
      if (known.has(value)) markName(name);
    };
    walk(body, undefined);
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

  return {
    add,
    knows: (value) => known.has(value),
    text,
    json,
    headers,
    learnSession,
    learnTokenAnswer,
    learnAnswer,
    onlyGrows: () => secretPlaces.size > 0 || candidates.size === 0,
  };
}

/** Masks the credentials in a JSON text (re-serialized); a text that is not JSON gets the plain-text treatment. */
export function redactBody(redactor: Redactor, body: string): string {
  try {
    return JSON.stringify(redactor.json(JSON.parse(body)));
  } catch {
    return redactor.text(body);
  }
}

/**
 * A URL with the values of credential query parameters (`?access_token=`, `?api_key=`) and any user:password masked,
 * and every known secret masked as in `text`.
 */
export function redactUrl(redactor: Redactor, href: string): string {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return redactor.text(href);
  }
  const secretNames = [...new Set(url.searchParams.keys())].filter((name) => SECRET_PARAMETER.test(name));
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
