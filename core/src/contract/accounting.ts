/** The accounting accounts group (docs/integrations.md "Entries for the books"): each user's own. */
import { AccountingSettings } from '../domain/accounting.ts';
import { endpoint } from './endpoint.ts';

const common = { group: 'Account', access: 'signed-in', objectName: 'accounting' } as const;
const PATH = '/api/account/accounting';

export const accounting = {
  get: endpoint({
    ...common,
    id: 'getAccountingSettings',
    method: 'GET',
    path: PATH,
    summary: "The account numbers of the caller's accounting entries (the defaults until chosen)",
    success: { status: 200, description: 'the account numbers', schema: AccountingSettings },
  }),
  save: endpoint({
    ...common,
    id: 'saveAccountingSettings',
    method: 'PUT',
    path: PATH,
    summary: 'Chooses the account numbers of the FEC and CSV entries',
    body: AccountingSettings,
    success: { status: 200, description: 'saved', schema: AccountingSettings },
    errors: ['BadRequest'],
  }),
};
