import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printSessions } from './print.ts';

export type SessionsListOptions = Record<string, never>;

/** `extranet sessions`: the signed-in user's sessions (docs/security.md "Identity: sessions"). */
export const run = async (_opts: SessionsListOptions, deps: Deps): Promise<number> => {
  requireSession(deps);
  const [client, { sessionApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/sessionApi.ts'),
  ]);
  printSessions(deps, await client.call(sessionApi.list()));
  return ExitCode.ok;
};
