import { errorMessage } from '@extranet/core/api/errorMessage.ts';
import type { ApiError } from '@extranet/core/api/errors.ts';
import type { Deps } from './deps.ts';
import { CliError, ExitCode } from './errors.ts';
import type { Translator } from './i18n/translate.ts';
import { formatMs } from './output/duration.ts';

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

const isCoreApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' &&
  error !== null &&
  ['ServerUnreachable', 'HttpError', 'DecodeError'].includes((error as { _tag?: string })._tag ?? '');

/** What the transport knows beside the error: the timeout struck; a command's line for a 404. */
export interface FailureContext {
  readonly timedOut?: boolean;
  readonly notFound?: string;
}

/**
 * Any failure as a `CliError`: what the user reads and the exit code scripts test:
 * 401 and 403 → 3, 400 → 2 (the command line was wrong), the rest → 1. Core's client fails
 * with its typed errors, read here by their tag.
 */
export const toCliError = (
  error: unknown,
  deps: Pick<Deps, 't' | 'server'> & { readonly timeoutMs?: number },
  context: FailureContext = {},
): CliError => {
  const { t, server } = deps;
  if (error instanceof CliError) return error;
  if (!isCoreApiError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new CliError(t('cli.errors.unexpected', { text }), ExitCode.failure);
  }
  switch (error._tag) {
    case 'ServerUnreachable':
      return new CliError(
        context.timedOut === true && deps.timeoutMs !== undefined
          ? t('cli.errors.timeout', { server, duration: formatMs(deps.timeoutMs) })
          : t('cli.errors.unreachable', { server }),
        ExitCode.failure,
      );
    case 'DecodeError':
      return new CliError(httpFailureMessage(error, t), ExitCode.failure);
    case 'HttpError': {
      if (error.status === 401)
        return new CliError(t('cli.errors.sessionExpired', { server }), ExitCode.auth);
      if (error.status === 403) return new CliError(t('cli.errors.forbidden'), ExitCode.auth);
      if (error.status === 404 && context.notFound !== undefined)
        return new CliError(context.notFound, ExitCode.failure);
      return new CliError(
        httpFailureMessage(error, t),
        error.status === 400 ? ExitCode.usage : ExitCode.failure,
      );
    }
  }
};

/** Fails with "not signed in" before any request when no token is kept for this server. */
export const requireSession = (deps: Pick<Deps, 't' | 'server' | 'tokens'>): void => {
  if (deps.tokens.load() === undefined) {
    throw new CliError(deps.t('cli.errors.notSignedIn', { server: deps.server }), ExitCode.auth);
  }
};
