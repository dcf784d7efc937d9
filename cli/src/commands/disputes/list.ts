import { DISPUTE_LIST_COLUMNS, DISPUTE_STATUSES, type DisputeStatus } from '@extranet/core/domain/dispute.ts';
import { formatDate, formatEur } from '@extranet/core/format/display.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, printTable, status as statusLine } from '../../output/print.ts';
import { disputesApi } from './client.ts';

export interface DisputesListOptions {
  readonly status?: string;
  readonly size?: string;
}

/** `extranet disputes list`: the caller's disputes, latest change first. */
export const run = async (opts: DisputesListOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (opts.status !== undefined && !DISPUTE_STATUSES.includes(opts.status as DisputeStatus))
    throw usageError(t('cli.disputes.badStatus', { value: opts.status, known: DISPUTE_STATUSES.join(', ') }));
  const size = opts.size ?? '50';
  if (!/^\d{1,3}$/.test(size) || Number(size) < 1 || Number(size) > 200)
    throw usageError(t('cli.disputes.badSize', { value: size }));
  const { client, call, endpoints } = await disputesApi(deps);
  const rows = await client.call(
    call(endpoints.list, {
      query: { size, ...(opts.status ? { status: opts.status as DisputeStatus } : {}) },
    }),
  );
  if (deps.out.format === 'json') {
    printJson(deps, rows);
    return ExitCode.ok;
  }
  if (rows.length === 0) {
    statusLine(deps, t('disputes.none'));
    return ExitCode.ok;
  }
  printTable(
    deps,
    DISPUTE_LIST_COLUMNS.map((key) => ({ key, header: t(`cli.disputes.columns.${key}`) })),
    rows.map((d) => ({
      display: [
        String(d.id),
        t(`disputes.status.${d.status}`),
        t(`disputes.reason.${d.reason}`),
        formatEur(d.amountClaimed),
        d.police ?? '',
        d.codeCourtierPortail ?? '',
        formatDate(d.deadline),
        formatDate(d.lastModifiedDate.slice(0, 10)),
      ],
      raw: [
        String(d.id),
        d.status,
        d.reason,
        String(d.amountClaimed),
        d.police ?? '',
        d.codeCourtierPortail ?? '',
        d.deadline ?? '',
        d.lastModifiedDate,
      ],
    })),
  );
  return ExitCode.ok;
};
