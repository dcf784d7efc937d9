import type { Webhook } from '@extranet/core/domain/webhook.ts';
import type { Deps } from '../../deps.ts';
import { ExitCode } from '../../errors.ts';
import { printJson, printTable, status } from '../../output/print.ts';
import { webhooksClient } from './client.ts';

const KEYS = ['id', 'url', 'events', 'state'] as const;

/** `extranet webhooks`: the caller's endpoints, as the settings card lists them, or raw for scripts. */
export const run = async (_opts: Record<string, never>, deps: Deps): Promise<number> => {
  const { t } = deps;
  const { client, call, webhooks } = await webhooksClient(deps);
  const hooks: readonly Webhook[] = await client.call(call(webhooks.list, {}));
  if (deps.out.format === 'json') {
    printJson(deps, hooks);
    return ExitCode.ok;
  }
  if (hooks.length === 0) {
    status(deps, t('cli.webhooks.none'));
    return ExitCode.ok;
  }
  printTable(
    deps,
    KEYS.map((key) => ({ key, header: t(`cli.webhooks.columns.${key}`) })),
    hooks.map((hook) => ({
      display: [
        String(hook.id),
        hook.url,
        hook.events.join(', '),
        hook.enabled
          ? t('cli.webhooks.enabled')
          : `${t('cli.webhooks.disabled')}${hook.disabledReason ? ` (${hook.disabledReason})` : ''}`,
      ],
      raw: [String(hook.id), hook.url, hook.events.join(','), hook.enabled ? 'enabled' : 'disabled'],
    })),
  );
  return ExitCode.ok;
};
