// Finding a new token's secret and key (source §2: "Fields returned for a token: not shown"): every string of the
// creation answer is tried as a Bearer credential until one authenticates, and its members as `key` until one renames
// the token.
import type { ApiClient } from '../../client/index.js';
import { isObject } from '../../contract/json.js';
import { objectIn } from '../engine/discovery.js';
import type { Answer } from '../engine/exchange-record.js';
import { isSuccess, rowHolds, stringsIn } from '../engine/payload.js';
import { NotVerified } from './assertions.js';
import type { Harness } from './harness.js';
import { listTokens } from './list-readers.js';

/** Where the secret of a created token sat, per check file: later tokens are looked for there first. */
const secretPlaces = new WeakMap<Harness, string>();

/** Strings that cannot be a Bearer credential, or are known to be something else. */
function couldBeSecret(value: string, sent: ReadonlySet<string>): boolean {
  return /^[\x21-\x7e]{6,}$/.test(value) && !sent.has(value) && value !== 'success';
}

/**
 * A timestamp of the answer (created_at, expires_at: ISO 8601, the contract's decision, or any other date text): tried
 * last, never left out. Date.parse is no test of it: V8 reads `secret-2` as a date, and a secret may end so.
 */
const looksLikeTime = (value: string): boolean => /^\d{4}-\d{2}-\d{2}/.test(value) || /^\d{9,}$/.test(value);

/** Member names a secret is likely to sit under come first: fewer requests to find it. */
function likeliness(name: string): number {
  if (name === 'token' || name === 'secret') return 0;
  if (/token|secret/i.test(name)) return 1;
  if (/key/i.test(name)) return 3;
  return 2;
}

/** At most this many strings of a token's creation answer are tried as its secret. */
const MAX_SECRET_TRIES = 12;

/**
 * The secret of a newly created, active token: the source does not show where the creation answer holds it, so every
 * string of the answer (any depth, any member) but those the suite sent is sent as `Authorization: Bearer <string>` to
 * GET /member/me/, the place that worked before first; the one that authenticates is the secret.
 */
export async function discoverSecret(h: Harness, answer: Answer, sent: ReadonlySet<string>): Promise<string> {
  const known = secretPlaces.get(h);
  const candidates = stringsIn(answer.body)
    .filter((s) => s.name !== 'status' && couldBeSecret(s.value, sent))
    .sort(
      (a, b) =>
        Number(b.name === known) - Number(a.name === known) ||
        Number(looksLikeTime(a.value)) - Number(looksLikeTime(b.value)) ||
        likeliness(a.name) - likeliness(b.name) ||
        b.value.length - a.value.length,
    )
    .slice(0, MAX_SECRET_TRIES);
  for (const candidate of candidates) {
    const me = await h.call(h.anonymous(), 'getMe', { headers: { Authorization: `Bearer ${candidate.value}` } });
    if (isSuccess(me.status)) {
      // Masked from here on wherever it shows up, whatever member the server put it under.
      h.redactor.add(candidate.value);
      secretPlaces.set(h, candidate.name);
      return candidate.value;
    }
  }
  h.blame(answer);
  throw new NotVerified(
    'TOKEN-02',
    `no string of the token creation answer (${candidates.length} tried, any member at any depth) authenticates under Bearer on GET /member/me/`,
  );
}

/**
 * What the detail operations take as `key` (source §2: "key | query (detail operations) | identifies the token"):
 * the created object's `key`; else each of its other strings and numbers, tried as `key` by renaming the token (a
 * harmless write) and reading the token list back for the new title.
 */
export async function discoverKey(
  h: Harness,
  client: ApiClient,
  answer: Answer,
  secret: string,
  title: string,
): Promise<{ key: string | number; title: string }> {
  const object = objectIn(answer.body, 'token') ?? {};
  const key = object.key;
  if (typeof key === 'string' || typeof key === 'number') return { key, title };
  const candidates = Object.entries(object)
    .filter(([, v]) => (typeof v === 'string' || typeof v === 'number') && v !== secret && v !== title)
    .sort(([a], [b]) => Number(/id$|key/i.test(b)) - Number(/id$|key/i.test(a)));
  const renamed = `${title} (renamed)`;
  for (const [, value] of candidates) {
    const patch = await h.callLoose(client, 'updateApiToken', {
      query: { key: value },
      body: { title: renamed },
    });
    if (!isSuccess(patch.status)) continue;
    const renamedRow = (r: Record<string, unknown>) => rowHolds(r, value) && isObject(r) && r.title === renamed;
    const rows = await listTokens(h, client, (r) => r.some(renamedRow));
    if (rows.some(renamedRow)) {
      return { key: value as string | number, title: renamed };
    }
  }
  h.blame(answer);
  throw new NotVerified(
    'CONTRACT-01',
    'the token creation answer has no key member, and none of its other members renamed the token when sent as key',
  );
}
