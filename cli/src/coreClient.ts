import type { ApiEffect, ApiRuntime } from '@extranet/core/api/runtime.ts';
import { type FailureContext, toCliError } from './apiErrors.ts';
import type { Deps } from './deps.ts';
import type { CliError } from './errors.ts';
import type { TimedFetch } from './http/nodeFetch.ts';

/** Core's API client as a command uses it: calls whose failures are already `CliError`s. */
export interface CoreClient {
  /** The runtime core's machines are provided with (`provideList`, `provideStatementDetail`…). */
  readonly runtime: ApiRuntime;
  /**
   * Runs one call of core's client (`policeApi.list(query)`, `getAccount()`…): the decoded
   * answer, or a `CliError` with the line to print and the exit code. `notFound` replaces the
   * generic "Not found" of a 404.
   */
  call<A, E>(effect: ApiEffect<A, E>, options?: { readonly notFound?: string }): Promise<A>;
  /**
   * What a machine's failed call ended in, as a `CliError`: machines keep only the message, and a
   * script needs the exit code of the status too (401/403 → 3, 400 → 2).
   */
  failure(options?: { readonly notFound?: string }): CliError;
  /** Whether the last failure was the server out of reach (no answer at all). */
  unreachable(): boolean;
}

/**
 * Core's Effect client over the CLI's transport (`node:http`, `--debug`, `EXTRANET_TIMEOUT`) and
 * its token store. A refused token (a 401 that ends the session, core's rule) is forgotten.
 * Loaded only by the commands that call the API: Effect costs CPU to load.
 */
export const makeCoreClient = async (
  deps: Pick<Deps, 't' | 'server' | 'tokens' | 'timeoutMs'>,
  transport: TimedFetch,
): Promise<CoreClient> => {
  const { makeApiRuntime } = await import('@extranet/core/api/runtime.ts');
  const { tokens } = deps;
  const core = makeApiRuntime(
    {
      baseUrl: deps.server,
      tokens,
      events: {
        next: (event) => {
          if (event.type === 'session.expired') tokens.clear();
        },
      },
    },
    { fetch: transport.fetch },
  );
  let last: unknown;
  const context = (notFound?: string): FailureContext => ({
    timedOut: transport.timedOut(),
    ...(notFound === undefined ? {} : { notFound }),
  });
  // Every run records its failure: a machine's actor keeps only a message.
  const runtime: ApiRuntime = {
    config: core.config,
    run: (effect, signal) =>
      core.run(effect, signal).catch((error: unknown) => {
        last = error;
        throw error;
      }),
  };
  return {
    runtime,
    call: (effect, options) =>
      core.run(effect).catch((error: unknown) => {
        throw toCliError(error, deps, context(options?.notFound));
      }),
    failure: (options) => toCliError(last, deps, context(options?.notFound)),
    unreachable: () => (last as { _tag?: string } | undefined)?._tag === 'ServerUnreachable',
  };
};
