// Handler of the Workspaces tag: the account's companies, with their boards and columns (source §1, §4 other areas).
import { companiesOf } from '../domain/access.js';
import { type HandlerTable, ok } from './types.js';
import { companyView } from './views.js';

export const workspaceHandlers = {
  listCompanies: ({ store, principal }) => {
    const { account } = principal;
    return ok({
      companies: companiesOf(store, account).map((c) => companyView(store, c, c.members.get(account.id) ?? 'viewer')),
    });
  },
} satisfies Pick<HandlerTable, 'listCompanies'>;
