import type { Session } from '@extranet/core/domain/session.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printSessions } from './print.ts';

export type SessionsListOptions = Record<string, never>;

/** `extranet sessions`: the signed-in user's sessions (docs/security.md "Identity: sessions"). */
export const run = async (_opts: SessionsListOptions, deps: Deps): Promise<number> => {
  requireSession(deps);
  printSessions(deps, await deps.http.json<Session[]>({ path: 'api/account/sessions' }));
  return ExitCode.ok;
};
