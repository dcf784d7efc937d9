import { DISPUTE_REASONS, type DisputeReason, type DisputeSource } from '@extranet/core/domain/dispute.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { disputesApi, filesOf } from './client.ts';

export interface DisputesOpenOptions {
  readonly from?: string;
  readonly id?: string;
  readonly reason?: string;
  readonly amount?: string;
  readonly message?: string;
  readonly file?: readonly string[];
}

const SOURCES: Readonly<Record<string, { source: DisputeSource; key: string }>> = {
  anomaly: { source: 'ANOMALY', key: 'anomalyId' },
  line: { source: 'LINE', key: 'idMouvement' },
  statement: { source: 'STATEMENT', key: 'idBordereau' },
  policy: { source: 'POLICY', key: 'idPolice' },
};

/**
 * `extranet disputes open --from anomaly --id 17 --reason MISSING_COMMISSION --amount 52.23
 * --message …`: the server checks the amount, the files and the 90 days, as for the web.
 */
export const run = async (opts: DisputesOpenOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const from = SOURCES[opts.from ?? ''];
  if (from === undefined) throw usageError(t('cli.disputes.badFrom', { value: opts.from ?? '' }));
  if (!/^[1-9]\d{0,15}$/.test(opts.id ?? ''))
    throw usageError(t('cli.disputes.badId', { value: opts.id ?? '' }));
  if (!DISPUTE_REASONS.includes(opts.reason as DisputeReason))
    throw usageError(
      t('cli.disputes.badReason', { value: opts.reason ?? '', known: DISPUTE_REASONS.join(', ') }),
    );
  if (!opts.amount) throw usageError(t('cli.disputes.needAmount'));
  if (!opts.message?.trim()) throw usageError(t('cli.disputes.needMessage'));
  const { client, call, endpoints } = await disputesApi(deps);
  const attachments = await filesOf(opts.file ?? []);
  const opened = await client.call(
    call(endpoints.create, {
      body: {
        source: from.source,
        [from.key]: Number(opts.id),
        reason: opts.reason as DisputeReason,
        amountClaimed: opts.amount,
        message: opts.message,
        ...(attachments.length > 0 ? { attachments } : {}),
      },
    }),
    { notFound: t('cli.disputes.sourceNotFound', { from: opts.from ?? '', id: opts.id ?? '' }) },
  );
  if (deps.out.format === 'json') printJson(deps, opened);
  else deps.io.stdout.write(`${opened.id}\n`);
  status(deps, t('disputes.opened', { id: String(opened.id) }));
  return ExitCode.ok;
};
