import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { disputesApi, filesOf } from './client.ts';
import { OUTCOMES } from './outcomes.ts';

export interface DisputesDecideOptions {
  readonly id: string;
  readonly outcome?: string;
  readonly message?: string;
  readonly correction?: string;
  readonly file?: readonly string[];
}

/**
 * `extranet disputes decide <id> --outcome accept --correction 52.23 --message …`: the back
 * office asks for more, accepts with the correction owed, or rejects with a reason. The server
 * refuses what the dispute's machine does not take (a decision on a decided dispute).
 */
export const run = async (opts: DisputesDecideOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  if (!/^[1-9]\d{0,15}$/.test(opts.id)) throw usageError(t('cli.disputes.badId', { value: opts.id }));
  const outcome = OUTCOMES[opts.outcome as keyof typeof OUTCOMES];
  if (outcome === undefined) throw usageError(t('cli.disputes.badOutcome', { value: opts.outcome ?? '' }));
  if (!opts.message?.trim()) throw usageError(t('cli.disputes.needMessage'));
  if (outcome === 'ACCEPTED' && !opts.correction) throw usageError(t('cli.disputes.needCorrection'));
  if (outcome !== 'ACCEPTED' && opts.correction !== undefined)
    throw usageError(t('cli.disputes.correctionOnlyOnAccept'));
  const { client, call, endpoints } = await disputesApi(deps);
  const attachments = await filesOf(opts.file ?? []);
  const decided = await client.call(
    call(endpoints.decision, {
      params: { id: Number(opts.id) },
      body: {
        outcome,
        message: opts.message,
        ...(opts.correction === undefined ? {} : { correction: opts.correction }),
        ...(attachments.length > 0 ? { attachments } : {}),
      },
    }),
    { notFound: t('cli.disputes.notFound', { id: opts.id }) },
  );
  if (deps.out.format === 'json') printJson(deps, decided);
  status(deps, t('disputes.updated', { id: opts.id }));
  return ExitCode.ok;
};
