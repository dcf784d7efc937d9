import type { Deps } from '../../deps.ts';
import { CliError, ExitCode } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';

export type LogoutOptions = Record<string, never>;

/**
 * `extranet logout`: ends the server session of the kept token (docs/security.md "Identity:
 * sessions"), then forgets the token. Idempotent: no session is not an error, nor is a session
 * the server already ended. A server that cannot be reached does not keep the token: the
 * command says the session lives on until it expires. A token from `EXTRANET_TOKEN` is not ours
 * to forget: the command says so.
 */
export const run = async (_opts: LogoutOptions, deps: Deps): Promise<number> => {
  if (deps.tokens.source === 'env') {
    status(deps, deps.t('cli.logout.fromEnv'));
    return ExitCode.ok;
  }
  const wasSignedIn = deps.tokens.load() !== undefined;
  let notTold: string | undefined;
  if (wasSignedIn) {
    try {
      const token = deps.tokens.load() ?? '';
      const [client, { call }, { sessions }] = await Promise.all([
        deps.api(),
        import('@extranet/core/contract/client.ts'),
        import('@extranet/core/contract/sessions.ts'),
      ]);
      await client.call(call(sessions.endCurrent, {}, { token }));
    } catch (error) {
      // 401: the session had ended already, which is what signing out wants.
      if (!(error instanceof CliError) || error.exitCode !== ExitCode.auth)
        notTold = String((error as Error).message);
    }
  }
  deps.tokens.clear();
  if (deps.out.format === 'json')
    printJson(deps, {
      server: deps.server,
      signedOut: wasSignedIn,
      serverSessionEnded: wasSignedIn && notTold === undefined,
    });
  else if (notTold !== undefined) status(deps, deps.t('cli.logout.serverNotTold', { reason: notTold }));
  else status(deps, deps.t(wasSignedIn ? 'cli.logout.done' : 'cli.logout.none'));
  return ExitCode.ok;
};
