import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { WebhooksCreateOptions } from './create.ts';

/** `webhooks [list]`, `webhooks create <url> --events …`, `delete`, `deliveries`, `redeliver`. */
export const registerWebhooks = (program: Command, { t, action }: Registrar) => {
  const webhooks = program.command('webhooks').description(t('cli.webhooks.command'));
  examples(
    webhooks
      .command('list', { isDefault: true })
      .description(t('cli.webhooks.list'))
      .action(action(() => import('./list.ts'))),
    t,
    ['extranet webhooks', 'extranet webhooks --json'],
  );
  examples(
    webhooks
      .command('create')
      .description(t('cli.webhooks.create'))
      .argument('<url>', t('cli.webhooks.url'))
      .option('--events <events>', t('cli.webhooks.events'))
      .option('--description <text>', t('cli.webhooks.description'))
      .action(
        action<WebhooksCreateOptions>(
          () => import('./create.ts'),
          ([url], opts) => ({
            url: url!,
            ...(typeof opts.events === 'string' ? { events: opts.events } : {}),
            ...(typeof opts.description === 'string' ? { description: opts.description } : {}),
          }),
        ),
      ),
    t,
    ['extranet webhooks create https://crm.example.com/hooks --events statement.created,policy.event'],
  );
  examples(
    webhooks
      .command('delete')
      .description(t('cli.webhooks.delete'))
      .argument('<id>', t('cli.webhooks.id'))
      .action(
        action<{ id: string }>(
          () => import('./delete.ts'),
          ([id]) => ({ id: id! }),
        ),
      ),
    t,
    ['extranet webhooks delete 3'],
  );
  examples(
    webhooks
      .command('deliveries')
      .description(t('cli.webhooks.deliveries'))
      .argument('<id>', t('cli.webhooks.id'))
      .action(
        action<{ id: string }>(
          () => import('./deliveries.ts'),
          ([id]) => ({ id: id! }),
        ),
      ),
    t,
    ['extranet webhooks deliveries 3', 'extranet webhooks deliveries 3 --json'],
  );
  examples(
    webhooks
      .command('redeliver')
      .description(t('cli.webhooks.redeliver'))
      .argument('<id>', t('cli.webhooks.id'))
      .argument('<delivery>', t('cli.webhooks.delivery'))
      .action(
        action<{ id: string; delivery: string }>(
          () => import('./redeliver.ts'),
          ([id, delivery]) => ({ id: id!, delivery: delivery! }),
        ),
      ),
    t,
    ['extranet webhooks redeliver 3 41'],
  );
};
