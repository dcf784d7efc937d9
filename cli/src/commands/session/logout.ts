import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printText } from '../../output/print.ts';

export interface LogoutOptions {
  readonly json?: boolean;
}

/**
 * `extranet logout`: tokens are stateless JWTs (no server session to end), so signing out is
 * forgetting the kept token. Idempotent: no session is not an error.
 */
export const run = async (opts: LogoutOptions, deps: Deps): Promise<number> => {
  const wasSignedIn = deps.tokens.load() !== undefined;
  deps.tokens.clear();
  if (opts.json) printJson(deps.io, { server: deps.server, signedOut: wasSignedIn });
  else printText(deps.io, deps.t(wasSignedIn ? 'cli.logout.done' : 'cli.logout.none'));
  return ExitCode.ok;
};
