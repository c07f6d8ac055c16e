// Handlers of the Account tag: getMe, login, register, refreshToken (source §2 Account, §4, §5).
import { memberView } from '../views.js';
import type { HandlerTable } from './types.js';

export const accountHandlers = {
  getMe: ({ principal }) => ({
    status: 200,
    body: { status: 'success', data: { member: memberView(principal.account) } },
  }),

  login: async ({ auth, body }) => ({ status: 200, body: { status: 'success', data: await auth.login(body) } }),

  register: ({ auth, body }) => ({
    status: 201,
    body: { status: 'success', data: { member: memberView(auth.register(body)) } },
  }),

  refreshToken: async ({ auth, body }) => ({
    status: 200,
    body: { status: 'success', data: await auth.refresh(body.refresh_token) },
  }),
} satisfies Pick<HandlerTable, 'getMe' | 'login' | 'register' | 'refreshToken'>;
