import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { disputesApi, filesOf } from './client.ts';

export interface DisputesReplyOptions {
  readonly id: string;
  readonly message?: string;
  readonly file?: readonly string[];
  readonly reopen?: boolean;
}

/** `extranet disputes reply <id> --message … [--file f] [--reopen]`: adds to the thread, or reopens. */
export const run = async (opts: DisputesReplyOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (!/^[1-9]\d{0,15}$/.test(opts.id)) throw usageError(t('cli.disputes.badId', { value: opts.id }));
  if (!opts.message?.trim()) throw usageError(t('cli.disputes.needMessage'));
  const { client, call, endpoints } = await disputesApi(deps);
  const attachments = await filesOf(opts.file ?? []);
  const updated = await client.call(
    call(endpoints.message, {
      params: { id: Number(opts.id) },
      body: {
        message: opts.message,
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(opts.reopen ? { reopen: true } : {}),
      },
    }),
    { notFound: t('cli.disputes.notFound', { id: opts.id }) },
  );
  if (deps.out.format === 'json') printJson(deps, updated);
  status(deps, t('disputes.updated', { id: opts.id }));
  return ExitCode.ok;
};
