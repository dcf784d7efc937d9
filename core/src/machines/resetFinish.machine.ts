import { message } from '../i18n/message.ts';
import { checkChosenPassword } from '../rules/accountRules.ts';
import { createFormFlow } from './formFlow.ts';

/**
 * Password reset finish (docs/product.md §4): key missing (tag `keyMissing`), awaiting input, success
 * (form hidden), error, mismatch. Start with `input: { key }` from the link's query;
 * `submit` gets `{newPassword, confirmPassword, key}`.
 */
export const resetFinishMachine = createFormFlow({
  id: 'resetFinish',
  fields: { newPassword: '', confirmPassword: '' },
  validate: (v) => ({
    newPassword: checkChosenPassword('newpassword')(v.newPassword ?? ''),
    confirmPassword: checkChosenPassword('passwordconfirmation')(v.confirmPassword ?? ''),
  }),
  confirm: ['newPassword', 'confirmPassword'],
  needsKey: true,
  failure: () => message('reset.finish.messages.error'),
});
