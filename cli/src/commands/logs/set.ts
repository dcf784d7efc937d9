import { LOG_LEVELS, managementApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, printText } from '../../output/print.ts';

export interface LogsSetOptions {
  readonly logger: string;
  readonly level: string;
  readonly json?: boolean;
}

const LEVELS = [...LOG_LEVELS, 'OFF'] as const;

/** `extranet logs set <logger> <LEVEL>` (ROLE_ADMIN): changes a level at run time. */
export const run = async (opts: LogsSetOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  const level = opts.level.toUpperCase() as (typeof LEVELS)[number];
  if (!LEVELS.includes(level))
    throw usageError(t('cli.logs.badLevel', { value: opts.level, levels: LEVELS.join(', ') }));
  if (opts.logger.trim() === '') throw usageError(t('cli.logs.badLogger'));
  requireSession(deps);
  await call(deps, managementApi.setLevel(opts.logger, level));
  if (opts.json) printJson(io, { name: opts.logger, level });
  else printText(io, t('cli.logs.set', { name: opts.logger, level }));
  return ExitCode.ok;
};
