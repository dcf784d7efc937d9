import { type ApiEffect, errorMessage, HttpError, isApiError } from '@extranet/core';
import type { Deps } from './deps.ts';
import { CliError, ExitCode } from './errors.ts';

/**
 * Any failure as a `CliError`: what the user reads (core's message, translated) and the exit
 * code scripts test (issue 7): 401 and 403 → 3, 400 → 2 (the command line was wrong), the rest → 1.
 */
export const toCliError = (error: unknown, deps: Pick<Deps, 't' | 'server'>): CliError => {
  const { t, server } = deps;
  if (error instanceof CliError) return error;
  if (!isApiError(error)) {
    const text = error instanceof Error ? error.message : String(error);
    return new CliError(t('cli.errors.unexpected', { text }), ExitCode.failure);
  }
  switch (error._tag) {
    case 'ServerUnreachable':
      return new CliError(t('cli.errors.unreachable', { server }), ExitCode.failure);
    case 'DecodeError':
      return new CliError(t.message(errorMessage(error)), ExitCode.failure);
    case 'HttpError': {
      if (error.status === 401)
        return new CliError(t('cli.errors.sessionExpired', { server }), ExitCode.auth);
      if (error.status === 403) return new CliError(t('cli.errors.forbidden'), ExitCode.auth);
      const text = t.message(errorMessage(error));
      return new CliError(text, error.status === 400 ? ExitCode.usage : ExitCode.failure);
    }
  }
};

/** Fails with "not signed in" before any request when no token is kept for this server. */
export const requireSession = (deps: Pick<Deps, 't' | 'server' | 'tokens'>): void => {
  if (deps.tokens.load() === undefined) {
    throw new CliError(deps.t('cli.errors.notSignedIn', { server: deps.server }), ExitCode.auth);
  }
};

export interface CallOptions {
  /** No timeout: long downloads must not be cut once they stream. */
  readonly untimed?: boolean;
  /** The line to show for a 404 (what was not found), instead of the generic "Not found". */
  readonly notFound?: string;
}

/** Runs one API call with the timeout; any failure comes back as a `CliError`. */
export const call = async <A, E>(
  deps: Pick<Deps, 't' | 'server' | 'api' | 'timeoutMs'>,
  effect: ApiEffect<A, E>,
  options: CallOptions = {},
): Promise<A> => {
  const signal = options.untimed ? undefined : AbortSignal.timeout(deps.timeoutMs);
  try {
    return await deps.api.run(effect, signal);
  } catch (error) {
    if (signal?.aborted) {
      throw new CliError(deps.t('cli.errors.unreachable', { server: deps.server }), ExitCode.failure);
    }
    if (options.notFound !== undefined && error instanceof HttpError && error.status === 404) {
      throw new CliError(options.notFound, ExitCode.failure);
    }
    throw toCliError(error, deps);
  }
};
