import { userApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord, printText } from '../../output/print.ts';

export interface UsersSyncOptions {
  readonly json?: boolean;
}

/** `extranet users sync`: reconciles users with the portal directory and prints what changed. */
export const run = async (opts: UsersSyncOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  requireSession(deps);
  const report = await call(deps, userApi.sync(), {
    untimed: true,
  });
  if (opts.json) {
    printJson(io, report);
    return ExitCode.ok;
  }
  await printRecord(io, [
    [t('cli.users.created'), String(report.created)],
    [t('cli.users.updated'), String(report.updated)],
    [t('cli.users.unchanged'), String(report.unchanged)],
    [t('cli.users.rejected'), String(report.rejected.length)],
  ]);
  for (const { login, reason } of report.rejected) printText(io, `  ${login}: ${reason}`);
  return ExitCode.ok;
};
