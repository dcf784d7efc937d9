import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { printSessions } from '../sessions/print.ts';
import { LOGIN } from './activation.ts';

export interface UserSessionsOptions {
  readonly login: string;
  readonly end?: boolean;
}

/** `extranet users sessions <login> [--end]` (admin): a user's sessions, or ending them all. */
export const run = async (opts: UserSessionsOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (!LOGIN.test(opts.login)) throw usageError(t('cli.users.badLogin', { value: opts.login }));
  requireSession(deps);
  const notFound = t('cli.users.notFound', { login: opts.login });
  const [client, { call }, { sessions }] = await Promise.all([
    deps.api(),
    import('@extranet/core/contract/client.ts'),
    import('@extranet/core/contract/sessions.ts'),
  ]);
  if (opts.end !== true) {
    printSessions(
      deps,
      await client.call(call(sessions.ofUser, { params: { login: opts.login } }), { notFound }),
    );
    return ExitCode.ok;
  }
  await client.call(call(sessions.endOfUser, { params: { login: opts.login } }), { notFound });
  if (deps.out.format === 'json') printJson(deps, { login: opts.login, ended: true });
  else status(deps, t('cli.users.sessionsEnded', { login: opts.login }));
  return ExitCode.ok;
};
