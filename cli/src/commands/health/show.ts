import { managementApi } from '@extranet/core';
import { call } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, printText } from '../../output/print.ts';

export interface HealthOptions {
  readonly json?: boolean;
}

/**
 * `extranet health`: exit 0 when UP, 1 otherwise (scripts and probes). Anyone may ask; the
 * indicators' details come only with an admin's token.
 */
export const run = async (opts: HealthOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  const health = await call(deps, managementApi.health());
  const code = health.status === 'UP' ? ExitCode.ok : ExitCode.failure;
  if (opts.json) {
    printJson(io, health);
    return code;
  }
  printText(io, t('cli.health.status', { status: health.status }));
  if (health.items.length > 0) {
    await printTable(
      io,
      [
        { header: t('cli.columns.indicator') },
        { header: t('cli.columns.status') },
        { header: t('cli.columns.details') },
      ],
      health.items.map((item) => [
        item.name,
        item.status,
        item.error ??
          Object.entries(item.details)
            .map(
              ([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`,
            )
            .join(' '),
      ]),
    );
  }
  return code;
};
