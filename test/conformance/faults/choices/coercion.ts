// A choice server that coerces values of another JSON type, as lax validators do by default (docs/conformance.md,
// "What the suite does not assume"): the source shows no types, so a server may take 1.5 for the text "1.5" and "yes"
// for true, and store them as its own type.
import { isObject } from '../../../../contract/json.js';
import { createValidators } from '../../../../contract/validators.js';
import { parse, withBody } from '../wrap.js';
import type { Choice } from './choice.js';

const validators = createValidators();

/** The truth values a lax validator reads as a boolean (pydantic v1's and DRF's `BooleanField` accept these). */
const TRUE = new Set(['yes', 'true', '1', 'on', 1]);
const FALSE = new Set(['no', 'false', '0', 'off', 0]);

/** A body member's value as a lax server reads it, or undefined when it would not coerce it. */
function coerced(message: string, value: unknown): unknown {
  if (message === 'must be a string' && typeof value === 'number') return String(value);
  if (message === 'must be true or false' && (typeof value === 'string' || typeof value === 'number')) {
    const v = typeof value === 'string' ? value.toLowerCase() : value;
    if (TRUE.has(v)) return true;
    if (FALSE.has(v)) return false;
  }
  return undefined;
}

/**
 * A number where a string goes becomes its text, "yes", "1", "true" and "on" (and their opposites) where a boolean goes
 * become the boolean, in every JSON body; the server stores and answers its own type. Only the contract's strict
 * types (ENV-05's `is_active "yes"` probe, GEN-02's wrong-type breakages) say no.
 */
export const laxCoercion: Choice = {
  departs: ['ENV-05', 'GEN-02'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (!operationId || !isObject(body)) return inner(req);
    const checked = validators.body(operationId, body);
    if (checked.ok) return inner(req);
    const fixed: Record<string, unknown> = { ...body };
    let changed = false;
    for (const e of checked.errors) {
      const field = e.field.replace(/^body\./, '');
      if (!(field in fixed)) continue;
      const value = coerced(e.message, fixed[field]);
      if (value === undefined) continue;
      fixed[field] = value;
      changed = true;
    }
    return inner(changed ? withBody(req, fixed) : req);
  },
};
