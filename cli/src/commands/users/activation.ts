import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { CliError, ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';

export interface UserActivationOptions {
  readonly login: string;
}

export const LOGIN = /^[_'.@A-Za-z0-9-]{1,50}$/;

/** Reads the user, then writes it back with `activated` changed (the API has no partial update). */
export const setActivated = async (opts: UserActivationOptions, deps: Deps, activated: boolean) => {
  const { t } = deps;
  if (!LOGIN.test(opts.login)) throw usageError(t('cli.users.badLogin', { value: opts.login }));
  requireSession(deps);
  const [client, { userApi }] = await Promise.all([deps.api(), import('@extranet/core/api/userApi.ts')]);
  const user = await client.call(userApi.get(opts.login), {
    notFound: t('cli.users.notFound', { login: opts.login }),
  });
  const changed = user.activated !== activated;
  // The API's update needs an e-mail address: say so rather than send a body it refuses.
  if (changed && (user.email ?? '') === '')
    throw new CliError(t('cli.users.noEmail', { login: user.login }), ExitCode.failure);
  if (changed) {
    await client.call(
      userApi.update({
        id: user.id,
        login: user.login,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email ?? '',
        activated,
        langKey: user.langKey,
        marque: user.marque,
        codeCourtier: user.codeCourtier,
        authorities: user.authorities,
      }),
    );
  }
  if (deps.out.format === 'json') printJson(deps, { login: user.login, activated, changed });
  else {
    const key = activated ? 'activated' : 'deactivated';
    status(deps, t(changed ? `cli.users.${key}` : `cli.users.already.${key}`, { login: user.login }));
  }
  return ExitCode.ok;
};
