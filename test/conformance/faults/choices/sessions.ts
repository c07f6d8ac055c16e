// A choice server that rotates refresh tokens its own way where the source is silent (docs/conformance.md, "What the
// suite does not assume"): source §2 shows rotation, and not what a spent refresh token then does.
import { isObject } from '../../../../contract/json.js';
import { jsonOf, parse, withBody } from '../wrap.js';
import type { Choice } from './choice.js';

/**
 * A refresh token stays valid after rotation, as simplejwt does without its blacklist app: a spent one refreshes
 * the newest pair of its chain. Only the contract's LOGIN-07 (the old one is rejected) says no.
 */
export const oldRefreshTokensValid: Choice = {
  departs: ['LOGIN-07'],
  wrap: (inner) => {
    /** Every refresh token of a chain → the newest of it. */
    const newest = new Map<string, string>();
    return async (req) => {
      const { operationId, body } = await parse(req);
      if (operationId !== 'refreshToken' || !isObject(body) || typeof body.refresh_token !== 'string')
        return inner(req);
      const sent = body.refresh_token;
      const current = newest.get(sent) ?? sent;
      const res = await inner(current === sent ? req : withBody(req, { ...body, refresh_token: current }));
      const answer = await jsonOf(res);
      const data = isObject(answer) && isObject(answer.data) ? answer.data : undefined;
      const next = typeof data?.refresh_token === 'string' ? data.refresh_token : undefined;
      if (res.ok && next) {
        for (const [spent, to] of newest) if (to === current) newest.set(spent, next);
        newest.set(sent, next);
        newest.set(current, next);
      }
      return res;
    };
  },
};
