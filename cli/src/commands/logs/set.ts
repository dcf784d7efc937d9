import { SETTABLE_LOG_LEVELS as LEVELS } from '@extranet/core/domain/health.ts';
import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';

export interface LogsSetOptions {
  readonly logger: string;
  readonly level: string;
  /** Set the level of a logger the server does not list yet (it is created). */
  readonly create?: boolean;
}

/**
 * `extranet logs set <logger> <LEVEL>` (admin): changes a level at run time. A name the
 * server does not know is refused unless `--create` (a typo would otherwise add a logger and
 * leave the intended one unchanged).
 */
export const run = async (opts: LogsSetOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const level = opts.level.toUpperCase() as (typeof LEVELS)[number];
  if (!LEVELS.includes(level))
    throw usageError(t('cli.logs.badLevel', { value: opts.level, levels: LEVELS.join(', ') }));
  if (opts.logger.trim() === '') throw usageError(t('cli.logs.badLogger'));
  requireSession(deps);
  const [client, { managementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/managementApi.ts'),
  ]);
  if (!opts.create) {
    const loggers = await client.call(managementApi.loggers());
    if (!loggers.some((l) => l.name === opts.logger)) {
      const near = loggers
        .map((l) => l.name)
        .filter((name) => name.toLowerCase().includes(opts.logger.toLowerCase().split('.').at(-1) ?? ''))
        .slice(0, 3);
      throw usageError(
        t('cli.logs.unknownLogger', { name: opts.logger, near: near.length > 0 ? near.join(', ') : '—' }),
      );
    }
  }
  await client.call(managementApi.setLevel(opts.logger, level));
  if (deps.out.format === 'json') printJson(deps, { name: opts.logger, level });
  else status(deps, t('cli.logs.set', { name: opts.logger, level }));
  return ExitCode.ok;
};
