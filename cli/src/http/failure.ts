import { errorMessage } from '@extranet/core/api/errorMessage.ts';
import type { ApiError } from '@extranet/core/api/errors.ts';
import type { Translator } from '../i18n/translate.ts';

/**
 * The line for a failed call: core's message (docs/product.md §8, translated), then what the server said
 * precisely, which a generic "Validation error" would otherwise hide: each field error and the
 * problem's `detail`.
 */
export const httpFailureMessage = (error: ApiError, t: Translator): string => {
  const text = t.message(errorMessage(error));
  if (error._tag !== 'HttpError') return text;
  // The problem's `detail` is the server's sentence; field errors carry codes, shown without one.
  const detail =
    error.problem?.detail ??
    (error.problem?.fieldErrors ?? []).map((f) => `${f.field}: ${f.message}`).join('; ');
  return detail.trim() === '' || text.includes(detail) ? text : `${text}: ${detail}`;
};
