import { managementApi } from '@extranet/core';
import { call, requireSession } from '../../apiErrors.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printRecord } from '../../output/print.ts';
import { summarize } from './summary.ts';

export interface MetricsOptions {
  readonly json?: boolean;
}

const mb = (bytes: number | null) => (bytes === null ? '—' : `${(bytes / 1024 / 1024).toFixed(0)} MB`);
const fixed = (value: number | null, digits = 1, unit = '') =>
  value === null ? '—' : `${value.toFixed(digits)}${unit}`;

/** `extranet metrics` (ROLE_ADMIN): a compact summary of the server's metrics. */
export const run = async (opts: MetricsOptions, deps: Deps): Promise<number> => {
  const { t, io } = deps;
  requireSession(deps);
  const s = summarize(await call(deps, managementApi.metrics()));
  if (opts.json) {
    printJson(io, s);
    return ExitCode.ok;
  }
  const responses = Object.entries(s.http.responses)
    .filter(([, count]) => count > 0)
    .map(([code, count]) => `${code}=${count}`)
    .join(' ');
  await printRecord(io, [
    [t('cli.metrics.uptime'), fixed(s.uptimeSeconds, 0, ' s')],
    [t('cli.metrics.heap'), `${mb(s.memory.heapUsed)} / ${mb(s.memory.heapMax)}`],
    [t('cli.metrics.rss'), mb(s.memory.rss)],
    [
      t('cli.metrics.eventLoop'),
      `${fixed(s.eventLoop.utilization === null ? null : s.eventLoop.utilization * 100, 1, ' %')}, p99 ${fixed(s.eventLoop.delayP99Ms, 1, ' ms')}`,
    ],
    [
      t('cli.metrics.requests'),
      `${s.http.requests ?? '—'} (${fixed(s.http.meanMs, 1, ' ms')}, ${fixed(s.http.perSecond1m, 2, '/s')})`,
    ],
    [t('cli.metrics.active'), String(s.http.active ?? '—')],
    [t('cli.metrics.responses'), responses || '—'],
    [t('cli.metrics.db'), `${s.db.active ?? '—'} / ${s.db.connections ?? '—'}`],
    [t('cli.metrics.gc'), `${s.gc.minor ?? '—'} / ${s.gc.major ?? '—'}`],
  ]);
  return ExitCode.ok;
};
