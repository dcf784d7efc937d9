import { type User, userApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, printText } from '../../output/print.ts';

export interface UserActivationOptions {
  readonly login: string;
  readonly json?: boolean;
}

const LOGIN = /^[_'.@A-Za-z0-9-]{1,50}$/;

/** Reads the user, then writes it back with `activated` changed (the API has no partial update). */
export const setActivated = async (opts: UserActivationOptions, deps: Deps, activated: boolean) => {
  const { t, io } = deps;
  if (!LOGIN.test(opts.login)) throw usageError(t('cli.users.badLogin', { value: opts.login }));
  requireSession(deps);
  const user: User = await call(deps, userApi.get(opts.login), {
    notFound: t('cli.users.notFound', { login: opts.login }),
  });
  if (user.activated !== activated) {
    await call(
      deps,
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
  const changed = user.activated !== activated;
  if (opts.json) printJson(io, { login: user.login, activated, changed });
  else {
    const key = activated ? 'activated' : 'deactivated';
    printText(io, t(changed ? `cli.users.${key}` : `cli.users.already.${key}`, { login: user.login }));
  }
  return ExitCode.ok;
};
