import { getAccount } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord } from '../../output/print.ts';

export interface WhoamiOptions {
  readonly json?: boolean;
}

/** `extranet whoami`: the account behind the kept token, fetched fresh from the server. */
export const run = async (opts: WhoamiOptions, deps: Deps): Promise<number> => {
  const { t, server } = deps;
  requireSession(deps);
  const account = await call(deps, getAccount());
  if (opts.json) {
    printJson(deps.io, { server, account });
    return ExitCode.ok;
  }
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
  await printRecord(deps.io, [
    [t('cli.whoami.login'), account.login],
    [t('cli.whoami.name'), name],
    [t('cli.whoami.email'), account.email ?? ''],
    [t('cli.whoami.authorities'), account.authorities.join(', ')],
    [t('cli.whoami.marque'), account.marque ?? ''],
    [t('cli.whoami.codeCourtier'), account.codeCourtier ?? ''],
    [t('cli.whoami.langKey'), account.langKey],
    [t('cli.whoami.server'), server],
  ]);
  return ExitCode.ok;
};
