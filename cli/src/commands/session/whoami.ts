import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord } from '../../output/print.ts';

export type WhoamiOptions = Record<string, never>;

/** `extranet whoami`: the account behind the token (file or `EXTRANET_TOKEN`), fetched fresh. */
export const run = async (_opts: WhoamiOptions, deps: Deps): Promise<number> => {
  const { t, server } = deps;
  requireSession(deps);
  const [client, { getAccount }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/accountApi.ts'),
  ]);
  const account = await client.call(getAccount());
  if (deps.out.format === 'json') {
    printJson(deps, { server, ...(deps.context ? { context: deps.context } : {}), account });
    return ExitCode.ok;
  }
  const name = [account.firstName, account.lastName].filter(Boolean).join(' ');
  printRecord(deps, [
    ['login', t('cli.whoami.login'), account.login],
    ['name', t('cli.whoami.name'), name],
    ['email', t('cli.whoami.email'), account.email ?? ''],
    ['authorities', t('cli.whoami.authorities'), account.authorities.join(', ')],
    ['marque', t('cli.whoami.marque'), account.marque ?? ''],
    ['codeCourtier', t('cli.whoami.codeCourtier'), account.codeCourtier ?? ''],
    ['langKey', t('cli.whoami.langKey'), account.langKey],
    ['server', t('cli.whoami.server'), server],
    ...(deps.context ? [['context', t('cli.whoami.context'), deps.context] as const] : []),
  ]);
  return ExitCode.ok;
};
