// Choice servers that keep and show API tokens their own way where the source is silent (docs/conformance.md, "What
// the suite does not assume"): revoked tokens kept, expires_at in seconds, metadata as text, a numeric id for a key.
import type { FetchHandler } from '../../../../contract/http.js';
import { isObject } from '../../../../contract/json.js';
import { parse, reply, validationFailed, withBody, withQuery } from '../wrap.js';
import { changed, objectsIn } from './answers.js';
import type { Choice } from './choice.js';

/**
 * A deleted token is revoked, not removed (source §3: DELETE "revokes the token"): it stays in the token list, inactive,
 * and, when `shown`, with `revoked: true` and its `revoked_at`, as Laravel Passport's `revoked` and Doorkeeper's
 * `revoked_at` keep it; the detail operations then answer `again` for its key (404 unknown, or 409 already revoked, as
 * some Go servers do) and it never authenticates again.
 */
export function revokedTokensKeptAs(again: 404 | 409, shown: boolean): Choice {
  return {
    departs: again === 404 ? ['TOKEN-11'] : ['TOKEN-07', 'TOKEN-11'],
    wrap: (inner) => keepRevoked(inner, again, shown),
  };
}

export const revokedTokensKept: Choice = revokedTokensKeptAs(404, true);

function keepRevoked(inner: FetchHandler, again: 404 | 409, shown: boolean): FetchHandler {
  const revoked = new Map<string, string>();
  return async (req) => {
    const { operationId } = await parse(req);
    const key = new URL(req.url).searchParams.get('key') ?? '';
    const detail = operationId === 'deleteApiToken' || operationId === 'updateApiToken';
    if (detail && revoked.has(key)) {
      return reply(again, { status: 'error', message: again === 404 ? 'No such token.' : 'Token already revoked.' });
    }
    if (operationId === 'deleteApiToken' && req.headers.has('authorization')) {
      const headers = new Headers(req.headers);
      headers.set('content-type', 'application/json');
      const res = await inner(new Request(req.url, { method: 'PATCH', headers, body: '{"is_active":false}' }));
      if (!res.ok) return res;
      revoked.set(key, new Date().toISOString());
      return reply(200, { status: 'success' });
    }
    const res = await inner(req);
    if (operationId !== 'listApiTokens' || !shown) return res;
    return changed(res, (body) =>
      objectsIn(body.data, (o) => {
        const at = typeof o.key === 'string' ? revoked.get(o.key) : undefined;
        if (at !== undefined) Object.assign(o, { is_active: false, revoked: true, revoked_at: at });
      }),
    );
  };
}

/**
 * A token's expires_at in Unix seconds, in requests and answers; an RFC 3339 string is refused naming it (source §2:
 * "Format of metadata and expires_at: not shown").
 */
export const expiresAtInSeconds: Choice = {
  departs: ['CONTRACT-01', 'GEN-02', 'GEN-03'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    let forwarded = req;
    if ((operationId === 'createApiToken' || operationId === 'updateApiToken') && isObject(body)) {
      const expires = body.expires_at;
      if (typeof expires === 'string') return validationFailed('expires_at', 'Give a Unix timestamp in seconds.');
      if (typeof expires === 'number')
        forwarded = withBody(req, { ...body, expires_at: new Date(expires * 1000).toISOString() });
    }
    return changed(await inner(forwarded), (answer) =>
      objectsIn(answer.data, (o) => {
        if (typeof o.expires_at === 'string') o.expires_at = Math.floor(Date.parse(o.expires_at) / 1000);
      }),
    );
  },
};

/** A token's metadata is text (a JSON object is refused naming it), shown back as the text it was given. */
export const metadataAsText: Choice = {
  departs: ['CONTRACT-01', 'GEN-02', 'GEN-03'],
  wrap: (inner) => async (req) => {
    const { operationId, body } = await parse(req);
    let forwarded = req;
    if ((operationId === 'createApiToken' || operationId === 'updateApiToken') && isObject(body)) {
      if (isObject(body.metadata)) return validationFailed('metadata', 'Give the metadata as text.');
      if (typeof body.metadata === 'string') forwarded = withBody(req, { ...body, metadata: { text: body.metadata } });
    }
    return changed(await inner(forwarded), (answer) =>
      objectsIn(answer.data, (o) => {
        if (isObject(o.metadata) && typeof o.metadata.text === 'string') o.metadata = o.metadata.text;
      }),
    );
  },
};

/** A token is identified by a numeric `id` (no `key` member), which the detail operations take as `key`. */
export const tokenKeyIsNumericId: Choice = {
  departs: ['CONTRACT-01'],
  wrap: (inner) => {
    const ids = new Map<string, number>();
    const keys = new Map<number, string>();
    const idOf = (key: string): number => {
      let id = ids.get(key);
      if (id === undefined) {
        id = ids.size + 501;
        ids.set(key, id);
        keys.set(id, key);
      }
      return id;
    };
    return async (req) => {
      const { operationId } = await parse(req);
      if (!['createApiToken', 'updateApiToken', 'deleteApiToken', 'listApiTokens'].includes(operationId ?? '')) {
        return inner(req);
      }
      const asked = new URL(req.url).searchParams.get('key');
      const key = asked !== null && /^\d+$/.test(asked) ? keys.get(Number(asked)) : undefined;
      const res = await inner(key === undefined ? req : withQuery(req, (q) => q.set('key', key)));
      return changed(res, (body) =>
        objectsIn(body.data, (o) => {
          if (typeof o.key !== 'string') return;
          o.id = idOf(o.key);
          delete o.key;
        }),
      );
    };
  },
};

/**
 * A token's key is its secret, listed in clear, as Django REST framework's authtoken keeps it (`Token.key` is what the
 * client sends): the token list and the detail answers show it, and the detail operations take it as `key`. Only the
 * contract's decision that the list never shows a secret says no.
 */
export const keysListedInClear: Choice = {
  departs: ['TOKEN-09'],
  wrap: (inner) => {
    const secretOf = new Map<string, string>();
    const keyOf = new Map<string, string>();
    return async (req) => {
      const { operationId } = await parse(req);
      if (!['createApiToken', 'updateApiToken', 'deleteApiToken', 'listApiTokens'].includes(operationId ?? '')) {
        return inner(req);
      }
      const asked = new URL(req.url).searchParams.get('key');
      const key = asked === null ? undefined : keyOf.get(asked);
      const res = await inner(key === undefined ? req : withQuery(req, (q) => q.set('key', key)));
      return changed(res, (body) =>
        objectsIn(body.data, (o) => {
          if (typeof o.key !== 'string') return;
          if (typeof o.token === 'string') {
            secretOf.set(o.key, o.token);
            keyOf.set(o.token, o.key);
          }
          o.key = secretOf.get(o.key) ?? o.key;
        }),
      );
    };
  },
};
