import type { ApiError } from '@extranet/core/api/errors.ts';
import type { Deps } from './deps.ts';
import { CliError, ExitCode } from './errors.ts';
import { httpFailureMessage } from './http/failure.ts';

const isCoreApiError = (error: unknown): error is ApiError =>
  typeof error === 'object' &&
  error !== null &&
  ['ServerUnreachable', 'HttpError', 'DecodeError'].includes((error as { _tag?: string })._tag ?? '');

/**
 * Any failure as a `CliError`: what the user reads and the exit code scripts test:
 * 401 and 403 → 3, 400 → 2 (the command line was wrong), the rest → 1. The CLI's own client
 * throws `CliError`s already; core's (sign-in) throws its typed errors, read here by their tag.
 */
export const toCliError = (error: unknown, deps: Pick<Deps, 't' | 'server'>): CliError => {
  const { t, server } = deps;
  if (error instanceof CliError) return error;
  if (!isCoreApiError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new CliError(t('cli.errors.unexpected', { text }), ExitCode.failure);
  }
  switch (error._tag) {
    case 'ServerUnreachable':
      return new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
    case 'DecodeError':
      return new CliError(httpFailureMessage(error, t), ExitCode.failure);
    case 'HttpError': {
      if (error.status === 401)
        return new CliError(t('cli.errors.sessionExpired', { server }), ExitCode.auth);
      if (error.status === 403) return new CliError(t('cli.errors.forbidden'), ExitCode.auth);
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
