import { SETTABLE_LOG_LEVELS as LEVELS } from '@extranet/core/domain/health.ts';
import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import { offerValues } from '../completion/tree.ts';
import type { LogsSetOptions } from './set.ts';

/** `logs list|set` (admin). */
export const registerLogs = (program: Command, { t, action }: Registrar) => {
  const logs = program.command('logs').description(t('cli.commands.logs'));
  examples(
    logs
      .command('list')
      .description(t('cli.commands.logsList'))
      .option('-f, --filter <text>', t('cli.options.loggerFilter'))
      .action(action(() => import('./list.ts'))),
    t,
    ['extranet logs list', 'extranet logs list --filter entities --json'],
  );
  examples(
    offerValues(
      logs
        .command('set')
        .description(t('cli.commands.logsSet'))
        .argument('<logger>', t('cli.options.logger'))
        .argument('<level>', LEVELS.join(' | ')),
      1,
      LEVELS,
    )
      .option('--create', t('cli.options.createLogger'))
      .action(
        action<LogsSetOptions>(
          () => import('./set.ts'),
          ([logger, level], opts) => ({ ...opts, logger: logger!, level: level! }),
        ),
      ),
    t,
    [
      'extranet logs set root WARN',
      'extranet logs set extranet.entities DEBUG',
      'extranet logs set extranet.new.area DEBUG --create',
    ],
  );
};
