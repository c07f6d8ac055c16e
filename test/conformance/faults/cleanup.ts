// Servers the clean-up cannot clean (docs/conformance.md, "What it leaves behind"): the sandbox behind a wrapper that
// takes from the clean-up what it needs (its deletes, or the list it searches). Not in FAULTS: what they break is the
// clean-up, which must name each object it left and each list it could not search, whatever the rules say.

import type { Fault } from './wrap.js';
import { parse, reply } from './wrap.js';

const refused = (status: number, message: string): Response => reply(status, { status: 'error', message });

/** Every delete of a token, a scenario or a case is refused with 403. */
export const deletesRefused: Fault = (inner) => async (req) => {
  const { operationId } = await parse(req);
  return ['deleteApiToken', 'deleteScenario', 'deleteCase'].includes(operationId ?? '')
    ? refused(403, 'Deleting is not allowed on this server.')
    : inner(req);
};

/** The token list answers 500: the clean-up cannot search it. */
export const tokenListUnreadable: Fault = (inner) => async (req) => {
  const { operationId } = await parse(req);
  return operationId === 'listApiTokens' ? refused(500, 'The token list is down.') : inner(req);
};

export const CLEANUP_FAULTS: Readonly<Record<string, Fault>> = { deletesRefused, tokenListUnreadable };
