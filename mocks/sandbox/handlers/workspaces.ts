// Handler of the Workspaces tag: the account's companies, with their boards and columns (source §1, §4 other areas).
import { companiesOf } from '../access.js';
import { companyView } from '../views.js';
import { type HandlerTable, ok } from './types.js';

export const workspaceHandlers = {
  listCompanies: ({ store, principal }) => {
    const { account } = principal;
    return ok({
      companies: companiesOf(store, account).map((c) => companyView(store, c, c.members.get(account.id) ?? 'viewer')),
    });
  },
} satisfies Pick<HandlerTable, 'listCompanies'>;
