import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';

/** `health` and `metrics`: checks for support staff and probes. */
export const registerSystem = (program: Command, { t, action }: Registrar) => {
  examples(
    program
      .command('health')
      .description(t('cli.commands.health'))
      .action(action(() => import('./show.ts'))),
    t,
    ['extranet health', 'extranet health --json', 'extranet health >/dev/null && echo "server up"'],
  );
  examples(
    program
      .command('metrics')
      .description(t('cli.commands.metrics'))
      .action(action(() => import('../metrics/show.ts'))),
    t,
    ['extranet metrics', 'extranet metrics --json'],
  );
};
