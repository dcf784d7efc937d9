import { requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { formatDuration, formatMs } from '../../output/duration.ts';
import { printJson, printRecord } from '../../output/print.ts';
import { summarize } from './summary.ts';

export type MetricsOptions = Record<string, never>;

const mb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const fixed = (value: number | null, digits = 1, unit = '') =>
  value === null ? '—' : `${value.toFixed(digits)}${unit}`;

/**
 * `extranet metrics` (admin): a compact summary of the server's metrics, every duration with
 * its unit (`formatDuration`). JSON durations are numbers whose name says the unit (`meanMs`).
 */
export const run = async (_opts: MetricsOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  requireSession(deps);
  const [client, { managementApi }] = await Promise.all([
    deps.api(),
    import('@extranet/core/api/managementApi.ts'),
  ]);
  const s = summarize(await client.call(managementApi.metrics()));
  if (deps.out.format === 'json') {
    printJson(deps, s);
    return ExitCode.ok;
  }
  const responses = Object.entries(s.http.responses)
    .filter(([, count]) => count > 0)
    .map(([code, count]) => `${code}=${count}`)
    .join(' ');
  printRecord(deps, [
    ['uptime', t('cli.metrics.uptime'), formatDuration(s.uptimeSeconds)],
    ['heap', t('cli.metrics.heap'), `${mb(s.memory.heapUsed)} / ${mb(s.memory.heapMax)}`],
    ['rss', t('cli.metrics.rss'), mb(s.memory.rss)],
    [
      'eventLoop',
      t('cli.metrics.eventLoop'),
      `${fixed(s.eventLoop.utilization === null ? null : s.eventLoop.utilization * 100, 1, ' %')}, p99 ${formatMs(s.eventLoop.delayP99Ms)}`,
    ],
    [
      'requests',
      t('cli.metrics.requests'),
      `${s.http.requests ?? '—'} (${formatMs(s.http.meanMs)}, p99 ${formatMs(s.http.p99Ms)}, ${fixed(s.http.perSecond1m, 2, '/s')})`,
    ],
    ['active', t('cli.metrics.active'), String(s.http.active ?? '—')],
    ['responses', t('cli.metrics.responses'), responses || '—'],
    ['db', t('cli.metrics.db'), `${s.db.active ?? '—'} / ${s.db.connections ?? '—'}`],
    ['gc', t('cli.metrics.gc'), `${s.gc.minor ?? '—'} / ${s.gc.major ?? '—'}`],
  ]);
  return ExitCode.ok;
};
