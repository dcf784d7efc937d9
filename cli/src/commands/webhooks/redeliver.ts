import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { keyArgument, webhooksClient } from './client.ts';

/** `extranet webhooks redeliver <id> <delivery>`: the same event queued again, sent at the next run. */
export const run = async (
  opts: { readonly id: string; readonly delivery: string },
  deps: Deps,
): Promise<number> => {
  const { t } = deps;
  const id = keyArgument(deps, opts.id);
  const deliveryId = keyArgument(deps, opts.delivery);
  const { client, call, webhooks } = await webhooksClient(deps);
  const made = await client.call(call(webhooks.redeliver, { params: { id, deliveryId } }), {
    notFound: t('cli.webhooks.deliveryNotFound', { id, delivery: deliveryId }),
  });
  if (deps.out.format === 'json') printJson(deps, made);
  else status(deps, t('cli.webhooks.redelivered', { delivery: deliveryId, id: made.id }));
  return ExitCode.ok;
};
