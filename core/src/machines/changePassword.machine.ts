import { message } from '../i18n/message.ts';
import { checkChosenPassword } from '../rules/accountRules.ts';
import { createFormFlow } from './formFlow.ts';

/**
 * Password change (docs/product.md §4): success, error, mismatch. `submit` gets `{newPassword,
 * confirmPassword}` and sends the new password only (text/plain).
 */
export const changePasswordMachine = createFormFlow({
  id: 'changePassword',
  keepsForm: true,
  fields: { newPassword: '', confirmPassword: '' },
  validate: (v) => ({
    newPassword: checkChosenPassword('newpassword')(v.newPassword ?? ''),
    confirmPassword: checkChosenPassword('confirmpassword')(v.confirmPassword ?? ''),
  }),
  confirm: ['newPassword', 'confirmPassword'],
  failure: () => message('password.messages.error'),
});
