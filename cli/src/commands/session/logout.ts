import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';

export type LogoutOptions = Record<string, never>;

/**
 * `extranet logout`: tokens are stateless JWTs (no server session to end), so signing out is
 * forgetting the kept token. Idempotent: no session is not an error. A token from
 * `EXTRANET_TOKEN` is not ours to forget: the command says so.
 */
export const run = async (_opts: LogoutOptions, deps: Deps): Promise<number> => {
  if (deps.tokens.source === 'env') {
    status(deps, deps.t('cli.logout.fromEnv'));
    return ExitCode.ok;
  }
  const wasSignedIn = deps.tokens.load() !== undefined;
  deps.tokens.clear();
  if (deps.out.format === 'json') printJson(deps, { server: deps.server, signedOut: wasSignedIn });
  else status(deps, deps.t(wasSignedIn ? 'cli.logout.done' : 'cli.logout.none'));
  return ExitCode.ok;
};
