import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@extranet/core/domain/webhook.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode, usageError } from '../../errors.ts';
import { printJson, status } from '../../output/print.ts';
import { webhooksClient } from './client.ts';

export interface WebhooksCreateOptions {
  readonly url: string;
  readonly events?: string;
  readonly description?: string;
}

const isEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/**
 * `extranet webhooks create <url> --events a,b`: the signing secret alone on stdout (so `$(…)`
 * captures it), the "shown once" notice on stderr; `--json` gives the whole answer.
 */
export const run = async (opts: WebhooksCreateOptions, deps: Deps): Promise<number> => {
  const { t } = deps;
  const events = (opts.events ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  if (events.length === 0)
    throw usageError(t('cli.webhooks.needEvents', { events: WEBHOOK_EVENT_TYPES.join(', ') }));
  const unknown = events.find((e) => !isEvent(e));
  if (unknown !== undefined)
    throw usageError(t('cli.webhooks.badEvent', { value: unknown, events: WEBHOOK_EVENT_TYPES.join(', ') }));
  const { client, call, webhooks } = await webhooksClient(deps);
  const created = await client.call(
    call(webhooks.create, {
      body: {
        url: opts.url,
        events: events.filter(isEvent),
        ...(opts.description ? { description: opts.description } : {}),
      },
    }),
  );
  if (deps.out.format === 'json') printJson(deps, created);
  else deps.io.stdout.write(`${created.secret}\n`);
  status(deps, t('cli.webhooks.created', { id: created.id, url: created.url }));
  return ExitCode.ok;
};
