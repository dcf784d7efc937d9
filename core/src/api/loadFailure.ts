import { Effect } from 'effect';
import { type MessageRef, message } from '../i18n/message.ts';
import { ApiConfig } from './config.ts';
import { failureMessage } from './errorMessage.ts';
import { isApiError } from './errors.ts';
import type { ApiEffect } from './runtime.ts';

/**
 * Why a screen could not load what its address names. `notFound` (404, or a 400 for an id
 * that cannot exist) and `denied` (403) cannot succeed on a retry: the screen offers a way
 * back instead; `unavailable` (server unreachable, 5xx) may, so it offers a retry.
 */
export interface LoadFailure {
  readonly kind: 'notFound' | 'denied' | 'unavailable';
  readonly message: MessageRef;
}

/** What a screen says for an address naming nothing: an unknown key, or one that cannot exist. */
export const notFound: LoadFailure = { kind: 'notFound', message: message('error.notFound') };

export const loadFailure = (error: unknown): LoadFailure => {
  if (isApiError(error) && error._tag === 'HttpError') {
    if (error.status === 404 || error.status === 400) return notFound;
    if (error.status === 403) return { kind: 'denied', message: message('error.accessdenied') };
  }
  return {
    kind: 'unavailable',
    message: failureMessage(error),
  };
};

/** The statuses a screen says itself (one message with a way back), not the global alert area. */
export const SCREEN_STATUSES: readonly number[] = [400, 403, 404];

const quietly =
  (quiet: (status: number) => boolean) =>
  <A, E>(effect: ApiEffect<A, E>): ApiEffect<A, E> =>
    Effect.flatMap(ApiConfig, (config) => Effect.provideService(effect, ApiConfig, { ...config, quiet }));

/**
 * Runs an effect whose 400/403/404 failures the calling screen shows as a `LoadFailure`, so
 * they are not broadcast as well (the same "Introuvable" in the alert area and on the page).
 */
export const shownByScreen = quietly((status) => SCREEN_STATUSES.includes(status));

/**
 * Runs a form's submit: the form says why it failed, so no answer of the server is broadcast as
 * well (a stale "E-mail déjà utilisé" alert above the form's "Compte enregistré").
 */
export const shownByForm = quietly(() => true);
