// Handlers of the Account tag: getMe, login, register, refreshToken (source §2 Account, §4, §5).

import type { components } from '../../../generated/schema.js';
import { serializedOnce } from '../core/reply.js';
import type { Account } from '../domain/records.js';
import { created, type HandlerTable, ok } from './types.js';
import { memberView } from './views.js';

type MemberAnswer = { status: 200; body: { status: 'success'; data: { member: components['schemas']['Member'] } } };

/** Each account's last `GET /member/me/` answer, serialised once: asked for again and again, it rarely changes. */
const memberAnswers = new WeakMap<Account, MemberAnswer>();

/** Whether two views hold the same values, field by field: what decides that a kept answer still shows the account. */
function sameView(kept: object, now: object): boolean {
  const a = kept as Record<string, unknown>;
  const b = now as Record<string, unknown>;
  const keys = Object.keys(b);
  if (keys.length !== Object.keys(a).length) return false;
  for (const key of keys) if (a[key] !== b[key]) return false;
  return true;
}

/**
 * The answer of `GET /member/me/` for `account`: the one kept for it while its view is the same (every request
 * compares it with the account as it is now), else a new one, serialised once.
 */
function memberAnswer(account: Account): MemberAnswer {
  const view = memberView(account);
  const kept = memberAnswers.get(account);
  if (kept && sameView(kept.body.data.member, view)) return kept;
  const answer = { status: 200, body: serializedOnce(ok({ member: view }).body) } as const;
  memberAnswers.set(account, answer);
  return answer;
}

export const accountHandlers = {
  getMe: ({ principal }) => memberAnswer(principal.account),

  login: async ({ auth, body, client, origin }) => ok(await auth.login(body, client, origin)),

  register: ({ auth, body, client }) => created({ member: memberView(auth.register(body, client)) }),

  refreshToken: async ({ auth, body }) => ok(await auth.refresh(body.refresh_token)),
} satisfies Pick<HandlerTable, 'getMe' | 'login' | 'register' | 'refreshToken'>;
