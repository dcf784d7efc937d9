import { message } from '../i18n/message.ts';
import { checkEmail, checkName } from '../rules/accountRules.ts';
import { createFormFlow } from './formFlow.ts';

/**
 * Account settings (docs/product.md §4): save, then the runtime's `submitted` action reloads the identity
 * and, when `langKey` changed, switches the interface to it. Start with the account's values:
 * `input: { values: { firstName, lastName, email, langKey } }`. Tag `done` shows 'Settings saved!'
 * (the form stays: a field change goes back to editing).
 */
export const settingsMachine = createFormFlow({
  id: 'settings',
  keepsForm: true,
  fields: { firstName: '', lastName: '', email: '', langKey: 'fr' },
  validate: (v) => ({
    firstName: checkName('firstname')(v.firstName ?? ''),
    lastName: checkName('lastname')(v.lastName ?? ''),
    email: checkEmail(v.email ?? ''),
  }),
  failure: () => message('settings.messages.error'),
});
