import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printSessions } from './print.ts';

export type SessionsListOptions = Record<string, never>;

/** `extranet sessions`: the signed-in user's sessions (docs/security.md "Identity: sessions"). */
export const run = async (_opts: SessionsListOptions, deps: Deps): Promise<number> => {
  requireSession(deps);
  const [client, { call }, { sessions }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/sessions.ts'),
  ]);
  printSessions(deps, await client.call(call(sessions.list, {})));
  return ExitCode.ok;
};
