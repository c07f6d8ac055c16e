// Faults the generated cases must catch (rules GEN-01..04; source §7): each one a server that departs from the request
// schemas of openapi.yaml in a way a hand-written probe seldom meets.
import { isObject } from '../../../contract/json.js';
import { createValidators } from '../../../contract/validators.js';
import {
  type FaultVariant,
  isValidationStatus,
  parse,
  reply,
  validationFailed,
  withBody,
  withQuery,
  withStatus,
} from './wrap.js';

const validators = createValidators();

/** A limit outside 1..100 is quietly moved into that range instead of refused (GEN-02). */
export const limitOutOfRangeClamped: FaultVariant = {
  breaks: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const raw = (await parse(req)).query.get('limit');
    const limit = Number(raw);
    if (raw === null || !Number.isInteger(limit) || (limit >= 1 && limit <= 100)) return inner(req);
    return inner(withQuery(req, (q) => q.set('limit', String(Math.min(100, Math.max(1, limit))))));
  },
};

/** A value of the wrong type crashes the handler: 500 without a field (GEN-01, GEN-04). */
export const wrongTypeAs500: FaultVariant = {
  breaks: ['GEN-01', 'GEN-04'],
  wrap: (inner) => async (req) => {
    const { operationId, query, body } = await parse(req);
    if (!operationId) return inner(req);
    const q = validators.query(operationId, query);
    const b = body === undefined ? undefined : validators.body(operationId, body);
    const errors = [...(q.ok ? [] : q.errors), ...(b && !b.ok ? b.errors : [])];
    // A wrong type, in the field messages' words (contract/field-messages.ts): "must be an integer", "must be true or false"…
    if (
      errors.some((e) => /^must be (an? (integer|number|string|object|array)\b|true or false|integers)/.test(e.message))
    ) {
      return reply(500, { status: 'error', message: 'Internal server error.' });
    }
    return inner(req);
  },
};

/** Unknown body members are dropped silently instead of refused, as many frameworks do by default (GEN-02). */
export const unknownFieldsIgnored: FaultVariant = {
  breaks: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (!operationId || !isObject(body)) return inner(req);
    const checked = validators.body(operationId, body);
    if (checked.ok) return inner(req);
    const unknown = new Set(checked.errors.filter((e) => e.message === 'is not a known field').map((e) => e.field));
    return inner(withBody(req, Object.fromEntries(Object.entries(body).filter(([k]) => !unknown.has(k)))));
  },
};

/** A title longer than 100 characters is refused, though the contract allows 200 or 500 (GEN-03). */
export const titleCappedAt100: FaultVariant = {
  breaks: ['GEN-03'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId && isObject(body) && typeof body.title === 'string' && [...body.title].length > 100) {
      return validationFailed('title', 'must not be longer than 100 characters');
    }
    return inner(req);
  },
};

/** Validation failures answer 422 (naming the field): only the contract's SHOULD on the status fails (GEN-02). */
export const validationAs422: FaultVariant = {
  breaks: ['GEN-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    return isValidationStatus(res.status) ? withStatus(res, 422) : res;
  },
};
