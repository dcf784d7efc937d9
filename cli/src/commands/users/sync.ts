import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord, status } from '../../output/print.ts';

export type UsersSyncOptions = Record<string, never>;

/** `extranet users sync`: reconciles users with the portal directory and prints what changed. */
export const run = async (_opts: UsersSyncOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  requireSession(deps);
  const [client, { userApi }] = await Promise.all([deps.api(), import('@extranet/core/api/userApi.ts')]);
  const report = await client.call(userApi.sync());
  if (deps.out.format === 'json') {
    printJson(deps, report);
    return ExitCode.ok;
  }
  printRecord(deps, [
    ['created', t('cli.users.created'), String(report.created)],
    ['updated', t('cli.users.updated'), String(report.updated)],
    ['unchanged', t('cli.users.unchanged'), String(report.unchanged)],
    ['rejected', t('cli.users.rejected'), String(report.rejected.length)],
  ]);
  for (const { login, reason } of report.rejected) status(deps, `  ${login}: ${reason}`);
  return ExitCode.ok;
};
