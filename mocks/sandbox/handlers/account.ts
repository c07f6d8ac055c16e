// Handlers of the Account tag: getMe, login, register, refreshToken (source §2 Account, §4, §5).

import { created, type HandlerTable, ok } from './types.js';
import { memberView } from './views.js';

export const accountHandlers = {
  getMe: ({ principal }) => ok({ member: memberView(principal.account) }),

  login: async ({ auth, body, client, origin }) => ok(await auth.login(body, client, origin)),

  register: ({ auth, body, client }) => created({ member: memberView(auth.register(body, client)) }),

  refreshToken: async ({ auth, body }) => ok(await auth.refresh(body.refresh_token)),
} satisfies Pick<HandlerTable, 'getMe' | 'login' | 'register' | 'refreshToken'>;
