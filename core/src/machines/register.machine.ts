import { isApiError } from '../api/errors.ts';
import { problemKind } from '../api/problem.ts';
import { message } from '../i18n/message.ts';
import { checkChosenPassword, checkEmail, checkLogin } from '../rules/accountRules.ts';
import { createFormFlow } from './formFlow.ts';

/**
 * Registration (docs/product.md §4 "Registration"): initial, success (form replaced), generic failure,
 * login used, email used, password mismatch. Start it with `input: { values: { langKey } }`:
 * the current language is sent. The runtime's `submit` gets `{login, email, password, langKey,
 * confirmPassword}` and must send all but the confirmation.
 */
export const registerMachine = createFormFlow({
  id: 'register',
  fields: { login: '', email: '', password: '', confirmPassword: '', langKey: 'fr' },
  validate: (v) => ({
    login: checkLogin(v.login ?? ''),
    email: checkEmail(v.email ?? ''),
    password: checkChosenPassword('newpassword')(v.password ?? ''),
    confirmPassword: checkChosenPassword('confirmpassword')(v.confirmPassword ?? ''),
  }),
  confirm: ['password', 'confirmPassword'],
  failure: (error) => {
    const kind =
      isApiError(error) && error._tag === 'HttpError' && error.status === 400
        ? problemKind(error.problem)
        : undefined;
    if (kind === 'login-already-used') return message('register.messages.error.userexists');
    if (kind === 'email-already-used') return message('register.messages.error.emailexists');
    return message('register.messages.error.fail');
  },
});
