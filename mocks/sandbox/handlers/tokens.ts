// Handlers of the API tokens tag: list, create, update (deactivate/reactivate), delete (source §2 token, §3, §4).
import { ownToken } from '../domain/access.js';
import { timestampMs } from '../domain/auth.js';
import { checkMetadata } from '../domain/limits.js';
import { paginate } from './lists.js';
import { created, type HandlerTable, ok } from './types.js';
import { tokenView } from './views.js';

export const tokenHandlers = {
  listApiTokens: ({ store, principal, query }) => {
    const mine = [...store.tokens.values()].filter((t) => t.accountId === principal.account.id);
    const { rows, pagination } = paginate(mine, query);
    return ok({ tokens: rows.map(tokenView), pagination });
  },

  createApiToken: async ({ auth, principal, body }) => {
    const { record, secret } = await auth.createApiToken(principal.account.id, body);
    return created({ token: { ...tokenView(record), token: secret } });
  },

  updateApiToken: ({ store, principal, payer, query, body }) => {
    const token = ownToken(store, principal.account, query.key);
    if (body.expires_at !== undefined && body.expires_at !== null) timestampMs(body.expires_at, 'expires_at');
    checkMetadata(body.metadata, store.limits);
    // Accounted at its new size at once: what a smaller value frees is the account's again before the next request.
    store.update(
      token,
      {
        title: body.title,
        is_active: body.is_active,
        metadata: body.metadata,
        expires_at: body.expires_at,
      },
      payer,
    );
    return ok({ token: tokenView(token) });
  },

  deleteApiToken: ({ store, principal, query }) => {
    store.removeToken(ownToken(store, principal.account, query.key).key);
    return ok();
  },
} satisfies Pick<HandlerTable, 'listApiTokens' | 'createApiToken' | 'updateApiToken' | 'deleteApiToken'>;
