import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';

export interface LogsListOptions {
  /** Keeps loggers whose name contains this text (case-insensitive), as the web's filter box. */
  readonly filter?: string;
}

/** `extranet logs list` (admin): runtime log levels per logger. */
export const run = async (opts: LogsListOptions, deps: Deps): Promise<number> => {
  const { t, out } = deps;
  requireSession(deps);
  const needle = (opts.filter ?? '').toLowerCase();
  const [client, { managementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/managementApi.ts'),
  ]);
  const loggers = (await client.call(managementApi.loggers())).filter((l) =>
    l.name.toLowerCase().includes(needle),
  );
  if (out.format === 'json') printJson(deps, loggers);
  else if (loggers.length === 0 && out.format === 'table') status(deps, t('cli.list.empty'));
  else
    printTable(
      deps,
      [
        { key: 'name', header: t('cli.columns.logger') },
        { key: 'level', header: t('cli.columns.level') },
      ],
      loggers.map((l) => ({ display: [l.name, l.level], raw: [l.name, l.level] })),
    );
  return ExitCode.ok;
};
