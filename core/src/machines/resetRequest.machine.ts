import { isApiError } from '../api/errors.ts';
import { problemKind } from '../api/problem.ts';
import { message } from '../i18n/message.ts';
import { checkEmail } from '../rules/accountRules.ts';
import { createFormFlow } from './formFlow.ts';

/**
 * Password reset request (docs/product.md §4): success hides the form; a 400 `email-not-found` shows
 * 'Email address isn't registered!', anything else the generic error. `submit` gets `{email}`.
 */
export const resetRequestMachine = createFormFlow({
  id: 'resetRequest',
  fields: { email: '' },
  validate: (v) => ({ email: checkEmail(v.email ?? '') }),
  failure: (error) =>
    isApiError(error) && error._tag === 'HttpError' && problemKind(error.problem) === 'email-not-found'
      ? message('reset.request.messages.notfound')
      : message('reset.request.messages.error'),
});
