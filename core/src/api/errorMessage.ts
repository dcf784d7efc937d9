import { type MessageRef, message } from '../i18n/message.ts';
import { type ApiError, isApiError } from './errors.ts';

/**
 * The message a user sees for a failed call (docs/product.md §8): status 0 "Server not reachable",
 * 400 from the alert headers, then field errors, then the body message, then the raw text.
 */
export const errorMessage = (error: ApiError): MessageRef => {
  switch (error._tag) {
    case 'ServerUnreachable':
      return message('error.server.not.reachable');
    case 'DecodeError':
      return message('error.decode', { url: error.url });
    case 'HttpError': {
      const { status, problem } = error;
      if (status === 404) return message('error.url.not.found');
      if (status === 400 && error.errorKey !== undefined) {
        return message(error.errorKey, { entityName: error.errorParam ?? '' });
      }
      const firstField = problem?.fieldErrors?.[0];
      if (status === 400 && firstField !== undefined) {
        return message('error.field', { fieldName: firstField.field, constraint: firstField.message });
      }
      // The body's i18n key first; its human detail rides along for keys a language lacks.
      // (The title when no detail: an empty text gave an empty red banner for an untranslated key.)
      if (problem?.message !== undefined)
        return message(problem.message, { text: problem.detail ?? problem.title ?? String(status) });
      if (problem?.detail !== undefined) return message('error.raw', { text: problem.detail });
      return message('error.raw', { text: error.body === '' ? String(status) : error.body });
    }
  }
};

/** The message for any failure: docs/product.md §8's for an API error, 'unexpected error' for anything else. */
export const failureMessage = (error: unknown): MessageRef =>
  isApiError(error) ? errorMessage(error) : message('error.unexpected');

/**
 * Whether a failure is shown in the global alert area. A 401 never is: it ends the session
 * instead (and the sign-in modal shows its own banner for bad credentials).
 */
export const isBroadcast = (error: ApiError): boolean =>
  !(error._tag === 'HttpError' && error.status === 401);

/**
 * A 401 ends the session (an expired or revoked token: the server answers 401 for nothing else)
 * unless its body is empty, it answers `/api/authenticate` (bad credentials), or it is the
 * identity load `/api/account`, which the auth machine handles itself.
 */
export const endsSession = (error: ApiError, path: string, method = 'GET'): boolean =>
  error._tag === 'HttpError' &&
  error.status === 401 &&
  error.body.trim() !== '' &&
  !/^\/?api\/authenticate/.test(path) &&
  !(method === 'GET' && /^\/?api\/account$/.test(path));
