// Handlers of the Account tag: getMe, login, register, refreshToken (source §2 Account, §4, §5).

import type { components } from '../../../generated/schema.js';
import type { Account } from '../domain/records.js';
import { created, type HandlerTable, ok, okWithJson } from './types.js';
import { memberView, memberViewShows } from './views.js';

type Member = components['schemas']['Member'];
type MemberAnswer = { status: 200; body: { status: 'success'; data: { member: Member } }; text: string };

/**
 * Each account's last `GET /member/me/` answer, its text made once: asked for again and again, it rarely changes. One
 * entry an account of the current world, gone with the account (a reset's world has new ones).
 */
const memberAnswers = new WeakMap<Account, MemberAnswer>();

/**
 * The answer of `GET /member/me/` for `account`: the one kept for it while its view still shows the account as it is
 * (compared on every request), else a new one, its text made once.
 */
function memberAnswer(account: Account): MemberAnswer {
  const kept = memberAnswers.get(account);
  if (kept !== undefined && memberViewShows(kept.body.data.member, account)) return kept;
  const member = Object.freeze(memberView(account));
  const answer = okWithJson({ member }, JSON.stringify({ member }));
  Object.freeze(answer.body.data);
  Object.freeze(answer.body);
  memberAnswers.set(account, answer);
  return answer;
}

export const accountHandlers = {
  getMe: ({ principal }) => memberAnswer(principal.account),

  login: async ({ auth, body, client, origin }) => ok(await auth.login(body, client, origin)),

  register: ({ auth, body, client }) => created({ member: memberView(auth.register(body, client)) }),

  refreshToken: async ({ auth, body }) => ok(await auth.refresh(body.refresh_token)),
} satisfies Pick<HandlerTable, 'getMe' | 'login' | 'register' | 'refreshToken'>;
