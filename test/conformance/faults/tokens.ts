// Faults in the named API token lifecycle (source §3, §5 rules 1, 6 and 8).
import { isObject } from '../../../contract/json.js';
import {
  asMember,
  authorizationOf,
  dataOf,
  type Fault,
  type FaultVariant,
  fieldNotStored,
  memberAuthorization,
  parse,
  reply,
  rewrite,
  withBody,
} from './wrap.js';

/** A token can be created without authentication (on the demo member's account). */
export const tokenCreatedAnonymously: FaultVariant = {
  breaks: ['TOKEN-01', 'AUTH-01'],
  wrap: (inner) => {
    const auth = memberAuthorization(inner);
    return async (req) =>
      (await parse(req)).operationId === 'createApiToken' && !req.headers.has('authorization')
        ? asMember(inner, auth, req)
        : inner(req);
  },
};

/** GET /member/me/ with a named API token names an integration account, not the token's owner. */
export const bearerMeNamesSomeoneElse: FaultVariant = {
  breaks: ['TOKEN-02'],
  wrap: (inner) => async (req) => {
    const res = await inner(req);
    if ((await parse(req)).operationId !== 'getMe' || authorizationOf(req)?.scheme !== 'Bearer' || res.status !== 200) {
      return res;
    }
    return rewrite(res, (body) => ({ ...body, data: { member: { id: 999, username: 'integration-bot' } } }));
  },
};

/** The token list leaves out every token created since the server started. */
export const tokenListOmitsNewTokens: FaultVariant = {
  breaks: ['TOKEN-03'],
  wrap: (inner) => {
    const created = new Set<string>();
    return async (req) => {
      const { operationId } = await parse(req);
      const res = await inner(req);
      const token = (await dataOf(res))?.token;
      if (operationId === 'createApiToken' && isObject(token) && typeof token.key === 'string') created.add(token.key);
      if (operationId !== 'listApiTokens' || res.status !== 200) return res;
      return rewrite(res, (body) => {
        const data = isObject(body.data) ? body.data : {};
        const tokens = Array.isArray(data.tokens) ? data.tokens : [];
        return {
          ...body,
          data: { ...data, tokens: tokens.filter((t) => !(isObject(t) && created.has(String(t.key)))) },
        };
      });
    };
  },
};

/** Sends `is_active` flipped and shows the value the client asked for. */
function flipActive(from: boolean): Fault {
  return (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'updateApiToken' || !isObject(body) || body.is_active !== from) return inner(req);
    const res = await inner(withBody(req, { ...body, is_active: !from }));
    return rewrite(res, (answer) => {
      const data = isObject(answer.data) ? answer.data : {};
      return isObject(data.token)
        ? { ...answer, data: { ...data, token: { ...data.token, is_active: from } } }
        : answer;
    });
  };
}

/** Deactivation answers as if it worked; the token stays active. */
export const deactivationIgnored: FaultVariant = {
  breaks: ['TOKEN-04'],
  wrap: flipActive(false),
};

/** Reactivation answers as if it worked; the token stays inactive. */
export const reactivationIgnored: FaultVariant = {
  breaks: ['TOKEN-05'],
  wrap: flipActive(true),
};

/** Deleting a token answers success and deletes nothing. */
export const deletionIgnored: FaultVariant = {
  breaks: ['TOKEN-06', 'TOKEN-07'],
  wrap: (inner) => async (req) =>
    (await parse(req)).operationId === 'deleteApiToken' && req.headers.has('authorization')
      ? reply(200, { status: 'success' })
      : inner(req),
};

/** expires_at on creation is shown back but never stored, so the token never expires. */
export const expiryIgnored: FaultVariant = {
  breaks: ['TOKEN-08'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'createApiToken' || !isObject(body) || !('expires_at' in body)) return inner(req);
    const { expires_at: expiresAt, ...rest } = body;
    const res = await inner(withBody(req, rest));
    return rewrite(res, (answer) => {
      const data = isObject(answer.data) ? answer.data : {};
      return isObject(data.token)
        ? { ...answer, data: { ...data, token: { ...data.token, expires_at: expiresAt } } }
        : answer;
    });
  },
};

/** The token list shows each token's secret, remembered from its creation answer. */
export const secretInTokenList: FaultVariant = {
  breaks: ['TOKEN-09'],
  wrap: (inner) => {
    const secrets = new Map<string, string>();
    return async (req) => {
      const { operationId } = await parse(req);
      const res = await inner(req);
      const token = (await dataOf(res))?.token;
      if (operationId === 'createApiToken' && isObject(token) && typeof token.token === 'string') {
        secrets.set(String(token.key), token.token);
      }
      if (operationId !== 'listApiTokens' || res.status !== 200) return res;
      return rewrite(res, (body) => {
        const data = isObject(body.data) ? body.data : {};
        const tokens = Array.isArray(data.tokens) ? data.tokens : [];
        const shown = tokens.map((t) =>
          isObject(t) && secrets.has(String(t.key)) ? { ...t, token: secrets.get(String(t.key)) } : t,
        );
        return { ...body, data: { ...data, tokens: shown } };
      });
    };
  },
};

/** Deleting a token only deactivates it: it stays listed, and a PATCH with is_active true brings it back. */
export const deletionDeactivates: FaultVariant = {
  breaks: ['TOKEN-10', 'TOKEN-11'],
  wrap: (inner) => async (req) => {
    if ((await parse(req)).operationId !== 'deleteApiToken' || !req.headers.has('authorization')) return inner(req);
    const headers = new Headers(req.headers);
    headers.set('content-type', 'application/json');
    const res = await inner(
      new Request(req.url, { method: 'PATCH', headers, body: JSON.stringify({ is_active: false }) }),
    );
    return res.ok ? reply(200, { status: 'success' }) : res;
  },
};

/** A token PATCH answers the new title, metadata and expires_at, but stores only is_active. */
export const tokenUpdateEchoed: FaultVariant = {
  breaks: ['TOKEN-12'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    if (operationId !== 'updateApiToken' || !isObject(body)) return inner(req);
    const kept = 'is_active' in body ? { is_active: body.is_active } : {};
    const res = await inner(withBody(req, kept));
    if (res.status !== 200) return res;
    return rewrite(res, (answer) => {
      const data = isObject(answer.data) ? answer.data : {};
      const token = isObject(data.token) ? data.token : {};
      return { ...answer, data: { ...data, token: { ...token, ...body } } };
    });
  },
};

/** A token PATCH stores all but one of the effects TOKEN-12 judges, while its answer echoes every one. */
export const tokenTitleNotStored = fieldNotStored('updateApiToken', 'token', 'title', ['TOKEN-12']);
export const tokenMetadataNotStored = fieldNotStored('updateApiToken', 'token', 'metadata', ['TOKEN-12']);
/** An expires_at sent in a token PATCH is never stored: the token keeps none and never expires. */
export const tokenExpiryNotMoved = fieldNotStored('updateApiToken', 'token', 'expires_at', ['TOKEN-12'], null);
