// Servers that make other choices where the source is silent (docs/conformance.md, "Where the contract decides"):
// not faults. Each wraps the sandbox and decides one thing its own way; the suite must fail none of its MUST rules and
// leave none unverified. test/conformance/faults.test.ts runs each on its own, so a failure names the choice.
import type { FetchHandler } from '../../../contract/http.js';
import { isObject } from '../../../contract/json.js';
import { jsonOf, parse, reply, validationFailed } from './wrap.js';

export type Choice = (inner: FetchHandler) => FetchHandler;

const WRITES = new Set(['POST', 'PATCH', 'PUT']);

/** Every member of a JSON value whose value is the empty string, as a dotted path. */
function emptyStrings(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyStrings(v, `${at}[${i}]`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (v === '' ? [k] : emptyStrings(v, at ? `${at}.${k}` : k)));
}

/** Every JSON object in a value, found before any is changed, to change in place. */
function objectsIn(value: unknown, visit: (o: Record<string, unknown>) => void): void {
  const found: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isObject(v)) {
      found.push(v);
      Object.values(v).forEach(walk);
    }
  };
  walk(value);
  found.forEach(visit);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** The same instant written with a +02:00 offset, as a server in another time zone writes it. */
function inPlusTwo(text: string): string {
  const shifted = new Date(Date.parse(text) + 2 * 3_600_000).toISOString();
  return `${shifted.slice(0, -1)}+02:00`;
}

/** Rewrites the JSON body of an answer in place with `change`; other answers pass as they are. */
async function changed(res: Response, change: (body: Record<string, unknown>) => void): Promise<Response> {
  const body = await jsonOf(res);
  if (!isObject(body)) return res;
  change(body);
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status: res.status, headers });
}

/** Ids this much larger than the sandbox's: a server whose ids start past 32 bits, as the contract allows (int64). */
export const ID_OFFSET = 4_000_000_000;

/** Members that hold an id, by the source's names: `id`, any `…_id`, and `scenario` on case creation. */
const ID_MEMBER = /^(id|scenario|.*_id)$/;

/** Every id member of a JSON value moved by `by`, in place. */
function shiftIds(value: unknown, by: number): void {
  objectsIn(value, (o) => {
    for (const [k, v] of Object.entries(o)) if (ID_MEMBER.test(k) && Number.isSafeInteger(v)) o[k] = (v as number) + by;
  });
}

export const CHOICES: Readonly<Record<string, Choice>> = {
  /**
   * Ids past 32 bits: every id the server answers is ID_OFFSET larger than the sandbox's, and every id it is sent is
   * read back. The profile names the same objects by those ids (faults.test.ts shifts it).
   */
  largeIds: (inner) => async (req) => {
    const url = new URL(req.url);
    for (const [k, v] of [...url.searchParams]) {
      if (ID_MEMBER.test(k) && /^\d+$/.test(v) && Number(v) > ID_OFFSET)
        url.searchParams.set(k, String(Number(v) - ID_OFFSET));
    }
    const { body } = await parse(req);
    let forwarded = new Request(url, req);
    if (isObject(body) || Array.isArray(body)) {
      const copy = structuredClone(body);
      objectsIn(copy, (o) => {
        for (const [k, v] of Object.entries(o)) {
          if (ID_MEMBER.test(k) && Number.isSafeInteger(v) && (v as number) > ID_OFFSET)
            o[k] = (v as number) - ID_OFFSET;
        }
      });
      forwarded = new Request(url, { method: req.method, headers: req.headers, body: JSON.stringify(copy) });
    }
    return changed(await inner(forwarded), (answer) => shiftIds(answer.data, ID_OFFSET));
  },

  /**
   * An empty string is refused wherever the request carries one (400 naming it), as many validators do: after the
   * credential is checked, as servers authenticate before they validate.
   */
  emptyStringsRefused: (inner) => async (req) => {
    if (WRITES.has(req.method)) {
      const { body } = await parse(req);
      const [field] = emptyStrings(body);
      const authorization = req.headers.get('authorization');
      if (field && authorization) {
        const me = await inner(new Request(new URL('/api/member/me/', req.url), { headers: { authorization } }));
        if (me.ok) return validationFailed(field, 'This field may not be blank.');
      }
    }
    return inner(req);
  },

  /** A second live token with the same title is refused with 409 ("tokens are named per integration"), as GitHub does. */
  tokenTitlesUnique: (inner) => {
    return async (req) => {
      const { operationId, body } = await parse(req);
      if (operationId === 'createApiToken' && isObject(body) && typeof body.title === 'string') {
        const list = await inner(
          new Request(new URL('/api/member/bearer-tokens/?limit=100', req.url), { headers: req.headers }),
        );
        const listed = await jsonOf(list);
        const rows = isObject(listed) && isObject(listed.data) ? listed.data.tokens : undefined;
        if (Array.isArray(rows) && rows.some((t) => isObject(t) && t.title === body.title)) {
          return reply(409, { status: 'error', message: 'A token with this title exists.' });
        }
      }
      return inner(req);
    };
  },

  /** Lists newest first: every page's rows in the other order. */
  listsReversed: (inner) => async (req) =>
    req.method !== 'GET'
      ? inner(req)
      : changed(await inner(req), (body) => {
          if (!isObject(body.data)) return;
          for (const [k, v] of Object.entries(body.data)) if (Array.isArray(v)) body.data[k] = [...v].reverse();
        }),

  /** Every date-time written with a +02:00 offset instead of Z: the same instant. */
  timestampsWithOffset: (inner) => async (req) =>
    changed(await inner(req), (body) =>
      objectsIn(body, (o) => {
        for (const [k, v] of Object.entries(o)) if (typeof v === 'string' && DATE_TIME.test(v)) o[k] = inPlusTwo(v);
      }),
    ),

  /** Every object of every answer carries members the contract does not know. */
  extraMembers: (inner) => async (req) =>
    changed(await inner(req), (body) =>
      objectsIn(body.data, (o) => {
        o.server_version = '9.9';
        o.links = { self: '/x/' };
      }),
    ),

  /** Every answer asks to close the connection. */
  connectionClose: (inner) => async (req) => {
    const res = await inner(req);
    const headers = new Headers(res.headers);
    headers.set('connection', 'close');
    return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
  },

  /** An outcome once recorded is locked: a second outcome for the same case report is refused with 409. */
  outcomesLocked: (inner) => {
    const recorded = new Set<string>();
    return async (req) => {
      const { operationId, query, body } = await parse(req);
      if (operationId !== 'recordCaseOutcome') return inner(req);
      const key = [...query.entries()]
        .sort()
        .map(([k, v]) => `${k}=${v}`)
        .join('&');
      if (recorded.has(key)) return reply(409, { status: 'error', message: 'This outcome is already recorded.' });
      const res = await inner(req);
      if (res.ok && isObject(body) && body.status !== 'pending') recorded.add(key);
      return res;
    };
  },
};
