import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';

export type HealthOptions = Record<string, never>;

const detailText = (details: Readonly<Record<string, unknown>>) =>
  Object.entries(details)
    .map(([key, value]) => `${key}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' ');

/**
 * `extranet health`: exit 0 when UP, 1 otherwise (scripts and probes). Anyone may ask; the
 * indicators' details come only with an admin's token.
 */
export const run = async (_opts: HealthOptions, deps: Deps): Promise<number> => {
  const { t, out, io } = deps;
  const [client, { managementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/managementApi.ts'),
  ]);
  const health = await client.call(managementApi.health());
  const code = health.status === 'UP' ? ExitCode.ok : ExitCode.failure;
  if (out.format === 'json') {
    printJson(deps, health);
    return code;
  }
  const line = t('cli.health.status', { status: health.status });
  // On a terminal the status heads the table; for scripts it is a status line (the exit code says it).
  if (out.format === 'table') io.stdout.write(`${line}\n`);
  else status(deps, line);
  if (health.items.length > 0 || out.format !== 'table') {
    printTable(
      deps,
      [
        { key: 'name', header: t('cli.columns.indicator') },
        { key: 'status', header: t('cli.columns.status') },
        { key: 'details', header: t('cli.columns.details') },
      ],
      health.items.map((item) => {
        const cells = [item.name, item.status, item.error ?? detailText(item.details)];
        return { display: cells, raw: cells };
      }),
    );
  }
  return code;
};
