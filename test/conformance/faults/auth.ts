// Faults that loosen authentication (source §5, §7): credential kinds mixed up, schemes ignored, failures hidden.
import {
  apiRequest,
  authorizationOf,
  dataOf,
  type FaultVariant,
  looksLikeJwt,
  parse,
  reply,
  withAuthorization,
} from './wrap.js';

/** A JWT access token is accepted under Bearer, as if it were a named API token. */
export const jwtAcceptedUnderBearer: FaultVariant = {
  breaks: ['AUTH-03'],
  wrap: (inner) => async (req) => {
    const auth = authorizationOf(req);
    if (auth?.scheme === 'Bearer' && looksLikeJwt(auth.token))
      return inner(withAuthorization(req, `JWT ${auth.token}`));
    return inner(req);
  },
};

/** A named API token is accepted under the JWT scheme. */
export const apiTokenAcceptedUnderJwt: FaultVariant = {
  breaks: ['AUTH-04'],
  wrap: (inner) => async (req) => {
    const auth = authorizationOf(req);
    if (auth?.scheme === 'JWT' && !looksLikeJwt(auth.token))
      return inner(withAuthorization(req, `Bearer ${auth.token}`));
    return inner(req);
  },
};

/** Any scheme name goes: `Token <credential>` is read as whichever kind the credential looks like. */
export const unknownSchemeAccepted: FaultVariant = {
  breaks: ['AUTH-02'],
  wrap: (inner) => async (req) => {
    const auth = authorizationOf(req);
    if (auth && auth.scheme !== 'Bearer' && auth.scheme !== 'JWT') {
      return inner(withAuthorization(req, `${looksLikeJwt(auth.token) ? 'JWT' : 'Bearer'} ${auth.token}`));
    }
    return inner(req);
  },
};

/** A refresh token in Authorization is quietly exchanged for an access token and the request let through. */
export const refreshTokenAccepted: FaultVariant = {
  breaks: ['AUTH-05'],
  wrap: (inner) => async (req) => {
    // A clone goes in first: the original, body intact, may be sent again.
    const res = await inner(req.clone());
    const auth = authorizationOf(req);
    if (res.status !== 401 || !auth) return res;
    const refreshed = await inner(apiRequest(req, 'POST', '/member/refresh-token/', { refresh_token: auth.token }));
    const access = (await dataOf(refreshed))?.access_token;
    return typeof access === 'string' ? inner(withAuthorization(req, `JWT ${access}`)) : res;
  },
};

const COLLECTIONS: Record<string, string> = {
  listApiTokens: 'tokens',
  listScenarios: 'scenarios',
  listCases: 'cases',
  listSessions: 'sessions',
  listCompanies: 'companies',
  listTasks: 'tasks',
};

/** A list answers 200 with an empty list instead of 401. */
export const emptyListInsteadOf401: FaultVariant = {
  breaks: ['AUTH-01', 'AUTH-06', 'TOKEN-01'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    const collection = COLLECTIONS[(await parse(req)).operationId ?? ''];
    if (res.status !== 401 || !collection) return res;
    return reply(200, { status: 'success', data: { [collection]: [] } });
  },
};
