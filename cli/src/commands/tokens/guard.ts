import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode } from '../../errors.ts';

/**
 * Token and webhook commands need a person's session: the server refuses a personal access token
 * on those routes (403), so say why before asking when EXTRANET_TOKEN holds one.
 */
export const requirePersonSession = (deps: Deps, refusal = 'cli.tokens.fromToken'): void => {
  requireSession(deps);
  if (deps.tokens.source === 'env' && deps.tokens.load()?.startsWith('ext_pat_'))
    throw new CliError(deps.t(refusal), ExitCode.auth);
};
