import type { Command } from 'commander';
import { examples, type Registrar } from '../../registry.ts';
import type { ResetFinishOptions } from './resetFinish.ts';
import type { ResetRequestOptions } from './resetRequest.ts';

/** `password` and `reset request|finish`: the account's password flows (core's form machines). */
export const registerPassword = (program: Command, { t, action }: Registrar) => {
  examples(
    program
      .command('password')
      .description(t('cli.commands.password'))
      .option('--password-stdin', t('cli.options.newPasswordStdin'))
      .action(action(() => import('./change.ts'))),
    t,
    ['printf \'%s\\n%s\\n\' "$NEW" "$NEW" | extranet password --password-stdin'],
  );
  const reset = program.command('reset').description(t('cli.commands.reset'));
  examples(
    reset
      .command('request')
      .description(t('cli.commands.resetRequest'))
      .argument('<email>', t('cli.options.email'))
      .action(
        action<ResetRequestOptions>(
          () => import('./resetRequest.ts'),
          ([email], opts) => ({ ...opts, email: email! }),
        ),
      ),
    t,
    ['extranet reset request claire@example.com'],
  );
  examples(
    reset
      .command('finish')
      .description(t('cli.commands.resetFinish'))
      .option('--key <key>', t('cli.options.resetKey'))
      .option('--password-stdin', t('cli.options.newPasswordStdin'))
      .action(action<ResetFinishOptions>(() => import('./resetFinish.ts'))),
    t,
    ['printf \'%s\\n\' "$NEW" | extranet reset finish --key 5fa8c1 --password-stdin'],
  );
};
