import { formatInstantIn } from '@extranet/core/format/sessions.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';
import { keyArgument, webhooksClient } from './client.ts';

const KEYS = ['id', 'created', 'event', 'status', 'attempts', 'answer', 'messageId'] as const;

/** `extranet webhooks deliveries <id>`: the endpoint's last deliveries, newest first. */
export const run = async (opts: { readonly id: string }, deps: Deps): Promise<number> => {
  const { t } = deps;
  const id = keyArgument(deps, opts.id);
  const { client, call, webhooks } = await webhooksClient(deps);
  const deliveries = await client.call(call(webhooks.deliveries, { params: { id } }), {
    notFound: t('cli.webhooks.notFound', { id }),
  });
  if (deps.out.format === 'json') {
    printJson(deps, deliveries);
    return ExitCode.ok;
  }
  if (deliveries.length === 0) {
    status(deps, t('cli.webhooks.noDeliveries'));
    return ExitCode.ok;
  }
  printTable(
    deps,
    KEYS.map((key) => ({ key, header: t(`cli.webhooks.columns.${key}`) })),
    deliveries.map((d) => {
      const answer = d.lastError ?? (d.lastStatus === null ? '' : String(d.lastStatus));
      return {
        display: [
          String(d.id),
          formatInstantIn(t.language, d.createdAt),
          d.eventType,
          t(`cli.webhooks.statuses.${d.status}`),
          String(d.attempts),
          answer,
          d.messageId,
        ],
        raw: [String(d.id), d.createdAt, d.eventType, d.status, String(d.attempts), answer, d.messageId],
      };
    }),
  );
  return ExitCode.ok;
};
