import { managementApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, printText } from '../../output/print.ts';

export interface LogsListOptions {
  /** Keeps loggers whose name contains this text (case-insensitive), as the web's filter box. */
  readonly filter?: string;
  readonly json?: boolean;
}

/** `extranet logs list` (ROLE_ADMIN): runtime log levels per logger. */
export const run = async (opts: LogsListOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  requireSession(deps);
  const needle = (opts.filter ?? '').toLowerCase();
  const loggers = (await call(deps, managementApi.loggers())).filter((l) =>
    l.name.toLowerCase().includes(needle),
  );
  if (opts.json) printJson(io, loggers);
  else if (loggers.length === 0) printText(io, t('cli.list.empty'));
  else
    await printTable(
      io,
      [{ header: t('cli.columns.logger') }, { header: t('cli.columns.level') }],
      loggers.map((l) => [l.name, l.level]),
    );
  return ExitCode.ok;
};
