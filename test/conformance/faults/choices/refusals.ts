// Choice servers that refuse what the sandbox takes, or refuse it with another status, where the source is silent
// (docs/conformance.md, "What the suite does not assume"): titles unique, empty strings refused, validation as 422 or 415.
import { isObject } from '../../../../contract/json.js';
import { parse, validationFailed } from '../wrap.js';
import { boardQuery, conflict, listedRows, restatus } from './answers.js';
import type { Choice } from './choice.js';

const WRITES = new Set(['POST', 'PATCH', 'PUT']);

/** Every member of a JSON value whose value is the empty string, as a dotted path. */
function emptyStrings(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyStrings(v, `${at}[${i}]`));
  if (!isObject(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => (v === '' ? [k] : emptyStrings(v, at ? `${at}.${k}` : k)));
}

/** A second live token with the same title is refused with 409 ("tokens are named per integration"), as GitHub does. */
export const tokenTitlesUnique: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId === 'createApiToken' && isObject(body) && typeof body.title === 'string') {
      const rows = await listedRows(inner, req, '/member/bearer-tokens/', 'tokens');
      if (rows.some((t) => t.title === body.title)) return conflict('title', 'A token with this title exists.');
    }
    return inner(req);
  },
};

/** A second scenario with the same title on a board is refused with 409. */
export const scenarioTitlesUnique: Choice = {
  departs: [],
  wrap: (inner) => async (req) => {
    const { operationId, query, body } = await parse(req);
    if (operationId === 'createScenario' && isObject(body) && typeof body.title === 'string') {
      const q = encodeURIComponent(body.title);
      const rows = await listedRows(
        inner,
        req,
        `/features/qa/scenarios/list/?${boardQuery(query)}&q=${q}`,
        'scenarios',
      );
      if (rows.some((s) => s.title === body.title)) return conflict('title', 'A scenario with this title exists.');
    }
    return inner(req);
  },
};

/**
 * An empty string is refused wherever the request carries one (400 naming it), as many validators do: after the
 * credential is checked, as servers authenticate before they validate.
 */
export const emptyStringsRefused: Choice = {
  departs: ['GEN-03'],
  wrap: (inner) => async (req) => {
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
};

/** Validation failures answer 422 (the source: "status code not shown"). */
export const validation422: Choice = {
  departs: ['ENV-05', 'GEN-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status === 400 ? restatus(res, 422) : res;
  },
};

/** Validation failures answer 415, as a server that blames the body as a whole may (the source: "status code not shown"). */
export const validation415: Choice = {
  departs: ['ENV-05', 'GEN-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return res.status === 400 ? restatus(res, 415) : res;
  },
};
